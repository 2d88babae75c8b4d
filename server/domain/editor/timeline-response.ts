// The body of GET/PUT /api/ai-videos/{id}/timeline (and of the 412's `current`): the timeline,
// signed URLs of the files it names, the video's rendered versions and the next render's price.
// Everything is read for the owner only; URLs are signed and expiring.
import { and, asc, eq } from 'drizzle-orm';
import type { Timeline, TimelineResponse, VideoVersion } from '../../../contract/timeline';
import { timelineDocument } from '../../../contract/timeline';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { aiVideoVersions, type AiVideoRow, type AiVideoVersionRow } from '../../db/schema-videos';
import type { MediaUrlSigner } from '../../media/storage/types';
import { builtinMusicTrack } from '../../../contract/builtin-music';
import { builtinMusicKey } from '../../media/music/builtin-store';
import { findMusicTrackRow } from '../media-library/music';
import { planFor } from '../plans/plans';
import { paidFor } from '../videos/billing';
import { VIDEO_URL_TTL_SECONDS } from '../videos/videos';
import { deriveTimeline } from './derive-timeline';
import { timelinePrice } from './price';
import { signTimelineAssets } from './timeline-assets';
import type { TimelineState } from './timeline-store';

export interface TimelineResponseDeps {
  db: Db;
  signer: MediaUrlSigner;
  /** The label of the configured picture service. */
  pictureService: string;
}

type RenderedFiles = Pick<AiVideoRow, 'id' | 'videoKey' | 'thumbnailKey'>;

function signedFiles(signer: MediaUrlSigner, files: RenderedFiles, version: number, completed: boolean): Pick<VideoVersion, 'video_src' | 'thumbnail_src'> {
  const ttlSeconds = VIDEO_URL_TTL_SECONDS;
  return {
    video_src: completed && files.videoKey ? signer.sign(files.videoKey, { ttlSeconds, downloadName: `video-${files.id}-v${version}.mp4` }) : null,
    thumbnail_src: completed && files.thumbnailKey ? signer.sign(files.thumbnailKey, { ttlSeconds }) : null,
  };
}

export function toVideoVersion(signer: MediaUrlSigner, row: AiVideoVersionRow): VideoVersion {
  const completed = row.status === 'completed';
  return {
    version: row.version,
    status: row.status,
    progress: row.progress,
    error: row.error,
    revision: row.revision,
    credits_charged: paidFor(row),
    ...signedFiles(signer, { id: row.videoId, videoKey: row.videoKey, thumbnailKey: row.thumbnailKey }, row.version, completed),
    duration: completed ? row.duration : null,
    created_at: row.createdAt.toISOString(),
  };
}

/** v1 as the video row holds it, for a video whose first edit has not been rendered yet. */
function firstVersion(signer: MediaUrlSigner, video: AiVideoRow): VideoVersion {
  return {
    version: 1,
    status: 'completed',
    progress: 100,
    error: null,
    revision: null,
    credits_charged: paidFor(video),
    ...signedFiles(signer, video, 1, true),
    duration: video.duration,
    created_at: video.createdAt.toISOString(),
  };
}

async function versionRows(db: Db, video: AiVideoRow): Promise<AiVideoVersionRow[]> {
  return db
    .select()
    .from(aiVideoVersions)
    .where(and(eq(aiVideoVersions.videoId, video.id), eq(aiVideoVersions.userId, video.userId)))
    .orderBy(asc(aiVideoVersions.version));
}

/** The timeline the newest version was rendered from: its version's, or the first render's. */
function renderedTimeline(video: AiVideoRow, rows: readonly AiVideoVersionRow[]): Timeline | null {
  const newest = rows.find((row) => row.version === video.currentVersion && row.timeline !== null);
  const parsed = timelineDocument.safeParse(newest?.timeline ?? safeDerive(video));
  return parsed.success ? parsed.data : null;
}

function safeDerive(video: AiVideoRow): Timeline | null {
  try {
    return deriveTimeline(video);
  } catch {
    return null;
  }
}

/** Credits a second of the owner's plan now (the rate a new video would be priced at). */
async function creditsPerSecond(db: Db, userId: number): Promise<number> {
  const [owner] = await db.select({ plan: users.plan }).from(users).where(eq(users.id, userId));
  return planFor(owner?.plan ?? '').video.creditsPerSecond;
}

/** The music track's signed URL for the preview: a built-in track's loop or the creator's own file. */
async function musicSrc(db: Db, signer: MediaUrlSigner, userId: number, timeline: Timeline): Promise<string | null> {
  const trackId = timeline.music?.track_id;
  if (!trackId) return null;
  const builtin = builtinMusicTrack(trackId);
  const key = builtin ? builtinMusicKey(builtin, 'loop') : (await findMusicTrackRow(db, userId, trackId))?.storageKey;
  return key ? signer.sign(key, { ttlSeconds: VIDEO_URL_TTL_SECONDS }) : null;
}

export async function timelineResponse(deps: TimelineResponseDeps, state: TimelineState): Promise<TimelineResponse> {
  const { db, signer, pictureService } = deps;
  const { video } = state;
  const rows = await versionRows(db, video);
  const versions = rows.map((row) => toVideoVersion(signer, row));
  // Before any edit is rendered v1 has no row: it is the video itself. Once it has one, a deleted v1 stays deleted.
  if (rows.length === 0) versions.unshift(firstVersion(signer, video));
  const rendered = renderedTimeline(video, rows);
  return {
    video_id: video.id,
    revision: state.revision,
    timeline: state.timeline,
    assets: await signTimelineAssets(db, signer, video.userId, video.id, rendered ? [state.timeline, rendered] : [state.timeline]),
    music_src: await musicSrc(db, signer, video.userId, state.timeline),
    versions,
    price: timelinePrice(state.timeline, await creditsPerSecond(db, video.userId), rendered),
    picture_service: pictureService,
    updated_at: state.updatedAt.toISOString(),
  };
}
