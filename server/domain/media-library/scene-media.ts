// The creator's own images and clips for scenes (POST /api/media), checked by content before
// they get here. Owner-scoped everywhere; files under users/{user}/media/{id}/….
import { and, eq, inArray } from 'drizzle-orm';
import type { SceneMedia } from '../../../contract/videos';
import type { Db } from '../../db/client';
import { sceneMedia, type SceneMediaRow } from '../../db/schema';
import type { MediaUrlSigner } from '../../media/storage/types';
import { FieldValidationError } from '../errors';
import { assertLibraryRoom, newestFirstPage } from './library-table';
import { MissingMediaError, type PageQuery } from './paginate';

export const SCENE_MEDIA_NOT_FOUND = 'This image or clip no longer exists.';
export const SCENE_MEDIA_ID_TAKEN = 'The id has already been taken.';
/** Largest clip (and so largest upload) accepted by POST /api/media. */
export const SCENE_CLIP_LIMIT_BYTES = 200 * 1024 * 1024;
/** Largest image accepted by POST /api/media. */
export const SCENE_IMAGE_LIMIT_BYTES = 20 * 1024 * 1024;

/** Per-user bounds (docs/decisions/media-library.md); soft, checked before storing. */
export const MAX_SCENE_MEDIA_PER_USER = 1000;
export const MAX_SCENE_MEDIA_BYTES_PER_USER = 5 * 1024 * 1024 * 1024;
export const SCENE_MEDIA_COUNT_LIMIT_REACHED = `You have the maximum of ${MAX_SCENE_MEDIA_PER_USER} uploaded images and clips. Delete some to upload new ones.`;
export const SCENE_MEDIA_SPACE_LIMIT_REACHED = 'Your uploaded images and clips have no room left for this file (5 GB in all). Delete some to upload new ones.';

export function sceneMediaFolder(userId: number, id: string): string {
  return `users/${userId}/media/${id}/`;
}

export function toSceneMedia(row: SceneMediaRow, signer: MediaUrlSigner): SceneMedia {
  return {
    id: row.id,
    kind: row.kind,
    mime_type: row.mimeType,
    size_bytes: row.sizeBytes,
    width: row.width,
    height: row.height,
    duration: row.duration,
    src: signer.sign(row.storageKey),
    created_at: row.createdAt.toISOString(),
  };
}

export async function findSceneMediaRow(db: Db, userId: number, id: string): Promise<SceneMediaRow | null> {
  const [row] = await db
    .select()
    .from(sceneMedia)
    .where(and(eq(sceneMedia.id, id), eq(sceneMedia.userId, userId)));
  return row ?? null;
}

export function assertSceneMediaRoom(db: Db, userId: number, sizeBytes: number): Promise<void> {
  return assertLibraryRoom(db, sceneMedia, userId, sizeBytes, {
    field: 'file',
    maxItems: MAX_SCENE_MEDIA_PER_USER,
    maxBytes: MAX_SCENE_MEDIA_BYTES_PER_USER,
    countLimitReached: SCENE_MEDIA_COUNT_LIMIT_REACHED,
    spaceLimitReached: SCENE_MEDIA_SPACE_LIMIT_REACHED,
  });
}

export type NewSceneMedia = Omit<SceneMediaRow, 'userId' | 'createdAt'>;

export async function insertSceneMedia(db: Db, userId: number, item: NewSceneMedia): Promise<SceneMediaRow> {
  const [row] = await db
    .insert(sceneMedia)
    .values({ ...item, userId })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new FieldValidationError('id', SCENE_MEDIA_ID_TAKEN);
  return row;
}

export function listSceneMedia(db: Db, userId: number, query: PageQuery & { kind?: 'image' | 'video' | undefined }): Promise<{ rows: SceneMediaRow[]; total: number }> {
  return newestFirstPage(db, sceneMedia, userId, query.kind ? eq(sceneMedia.kind, query.kind) : undefined, query);
}

export async function deleteSceneMediaRow(db: Db, userId: number, id: string): Promise<boolean> {
  const removed = await db
    .delete(sceneMedia)
    .where(and(eq(sceneMedia.id, id), eq(sceneMedia.userId, userId)))
    .returning({ id: sceneMedia.id });
  return removed.length > 0;
}

export interface SceneMediaForRender {
  id: string;
  kind: 'image' | 'video';
  storageKey: string;
  mimeType: string;
  width: number | null;
  height: number | null;
  /** Seconds, clips only. */
  duration: number | null;
}

/**
 * For the render pipeline: the creator's media per scene, in the order given (null stays null =
 * a generated visual). Throws MissingMediaError with a message for the creator when any chosen
 * item is gone (or not theirs).
 */
export async function sceneMediaForRender(db: Db, userId: number, ids: readonly (string | null)[]): Promise<(SceneMediaForRender | null)[]> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const rows = wanted.length === 0 ? [] : await db.select().from(sceneMedia).where(and(eq(sceneMedia.userId, userId), inArray(sceneMedia.id, wanted)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = wanted.filter((id) => !byId.has(id)).length;
  if (missing > 0) {
    throw new MissingMediaError(
      missing === 1
        ? 'One of the images or clips chosen for this video was deleted. Choose another one for that scene and create the video again.'
        : `${missing} of the images or clips chosen for this video were deleted. Choose others for those scenes and create the video again.`,
    );
  }
  return ids.map((id) => {
    const row = id === null ? undefined : byId.get(id);
    if (!row) return null;
    return { id: row.id, kind: row.kind, storageKey: row.storageKey, mimeType: row.mimeType, width: row.width, height: row.height, duration: row.duration };
  });
}
