// Asset names of a timeline → the files they stand for. `v/<path>` is a file under the video's own
// folder, `m/<uuid>` one of the creator's uploads (the media library, owner-scoped). A saved
// timeline may name only these, so an edit can never reach another video's or another creator's
// files; the GET answer signs every name with an expiring URL.
import { and, eq, inArray } from 'drizzle-orm';
import type { Timeline, TimelineResponse } from '../../../contract/timeline';
import type { Db } from '../../db/client';
import { sceneMedia } from '../../db/schema';
import { contentTypeForKey, isValidStorageKey } from '../../media/storage/keys';
import type { MediaStorage, MediaUrlSigner } from '../../media/storage/types';
import { FieldValidationError } from '../errors';
import { videoPrefix, VIDEO_URL_TTL_SECONDS } from '../videos/videos';

export type AssetKind = 'audio' | 'image' | 'video';
export type SignedAssets = TimelineResponse['assets'];

export const ASSET_NOT_FOUND = 'This file is not one of this video’s files or your uploads.';
export const ASSET_WRONG_KIND: Record<AssetKind, string> = {
  audio: 'A recording must be an audio file of this video.',
  image: 'This file is not an image.',
  video: 'This file is not a clip.',
};

interface ResolvedAsset {
  key: string;
  kind: AssetKind | null;
}

/** Audio, image or video by the file's extension; null for anything else (captions, JSON…). */
export function kindOfKey(key: string): AssetKind | null {
  const type = contentTypeForKey(key);
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  return null;
}

/** The storage key of a `v/` name, or null when the path would not be a valid key. */
function videoFileKey(userId: number, videoId: string, name: string): string | null {
  const key = `${videoPrefix(userId, videoId)}${name.slice(2)}`;
  return isValidStorageKey(key) ? key : null;
}

/** The owner's uploads among `ids`, by id (another creator's or a deleted one is simply absent). */
async function ownUploads(db: Db, userId: number, ids: readonly string[]): Promise<Map<string, ResolvedAsset>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: sceneMedia.id, key: sceneMedia.storageKey, kind: sceneMedia.kind })
    .from(sceneMedia)
    .where(and(eq(sceneMedia.userId, userId), inArray(sceneMedia.id, [...new Set(ids)])));
  return new Map(rows.map((row) => [row.id, { key: row.key, kind: row.kind }]));
}

/** Every asset the timeline names, with the body path of the field that names it. */
export function namedAssets(timeline: Timeline): Array<{ name: string; field: string; wanted: AssetKind }> {
  return timeline.scenes.flatMap((scene, index) => [
    ...(scene.recording ? [{ name: scene.recording.asset, field: `timeline.scenes.${index}.recording.asset`, wanted: 'audio' as const }] : []),
    ...(scene.visual.asset ? [{ name: scene.visual.asset, field: `timeline.scenes.${index}.visual.asset`, wanted: scene.visual.kind }] : []),
  ]);
}

export interface AssetDeps {
  db: Db;
  storage: Pick<MediaStorage, 'stat'>;
}

/**
 * A timeline about to be saved may name only this video's existing files and the owner's own
 * uploads, each of the kind its field expects; the first that is not is a 422 on its field.
 */
export async function checkTimelineAssets(deps: AssetDeps, userId: number, videoId: string, timeline: Timeline): Promise<void> {
  const named = namedAssets(timeline);
  const uploads = await ownUploads(
    deps.db,
    userId,
    named.filter((asset) => asset.name.startsWith('m/')).map((asset) => asset.name.slice(2)),
  );
  const checked = new Map<string, ResolvedAsset | null>();
  for (const asset of named) {
    if (!checked.has(asset.name)) {
      if (asset.name.startsWith('m/')) checked.set(asset.name, uploads.get(asset.name.slice(2)) ?? null);
      else {
        const key = videoFileKey(userId, videoId, asset.name);
        checked.set(asset.name, key && (await deps.storage.stat(key)) ? { key, kind: kindOfKey(key) } : null);
      }
    }
    const resolved = checked.get(asset.name);
    if (!resolved) throw new FieldValidationError(asset.field, ASSET_NOT_FOUND);
    if (resolved.kind !== asset.wanted) throw new FieldValidationError(asset.field, ASSET_WRONG_KIND[asset.wanted]);
  }
}

/**
 * Signed URLs of the named assets (the timeline's and those of earlier versions it may reuse).
 * Uploads deleted since are left out: the editor plays a stand-in for them.
 */
export async function signTimelineAssets(db: Db, signer: MediaUrlSigner, userId: number, videoId: string, timelines: readonly Timeline[]): Promise<SignedAssets> {
  const names = [...new Set(timelines.flatMap((timeline) => namedAssets(timeline).map((asset) => asset.name)))].sort();
  const uploads = await ownUploads(
    db,
    userId,
    names.filter((name) => name.startsWith('m/')).map((name) => name.slice(2)),
  );
  const assets: SignedAssets = {};
  for (const name of names) {
    const resolved = name.startsWith('m/') ? uploads.get(name.slice(2)) : { key: videoFileKey(userId, videoId, name), kind: null };
    if (!resolved?.key) continue;
    const kind = resolved.kind ?? kindOfKey(resolved.key);
    if (kind) assets[name] = { src: signer.sign(resolved.key, { ttlSeconds: VIDEO_URL_TTL_SECONDS }), kind };
  }
  return assets;
}
