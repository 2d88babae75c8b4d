// The creator's AI videos: how a row is shown (AiVideo), and the owner-scoped reads. Every query
// names the owner, so another user's id is simply "not found".
import { VIDEO_STAGES, type AiVideo, type AiVideoMusic, type VideoStage, type VideoStatus } from '../../../contract/videos';
import type { Db } from '../../db/client';
import { aiVideos, type AiVideoRow } from '../../db/schema-videos';
import { composeVideoDescription } from './description';
import type { MediaUrlSigner } from '../../media/storage/types';
import { findOwnedRow, listOwnedRows } from '../media-library/paginate';
import { jobSummaryFields } from '../shared/job-summary';
import { seriesLabelsOfVideos } from '../series/labels';

export const VIDEO_NOT_FOUND = 'This video no longer exists.';

/** Where every file of a video lives; deleting the video deletes this prefix. */
export function videoPrefix(userId: number, videoId: string): string {
  return `users/${userId}/videos/${videoId}/`;
}

/** Signed media URLs live this long; the list's ETag changes with the signing window (see routes). */
export const VIDEO_URL_TTL_SECONDS = 6 * 3600;

export function pendingStages(): VideoStage[] {
  return VIDEO_STAGES.map((name) => ({ name, status: 'pending', error: null }));
}

export interface SigningOptions {
  signer: MediaUrlSigner;
  /** Seconds the URLs stay valid. */
  ttlSeconds?: number;
}

function musicOf(row: AiVideoRow): AiVideoMusic | null {
  const music = row.checkpoint.music;
  if (!music?.trackId) return null;
  return { track_id: music.trackId, title: music.title ?? '', mood: music.mood ?? null, auto: music.auto ?? false };
}

export function toAiVideo(row: AiVideoRow, { signer, ttlSeconds = VIDEO_URL_TTL_SECONDS }: SigningOptions): AiVideo {
  const completed = row.status === 'completed';
  return {
    ...jobSummaryFields(row),
    stages: row.stages,
    // What the creator paid for this video in the end (charges minus refunds).
    credits_charged: row.creditsCharged - row.creditsRefunded,
    settings: row.settings,
    music: musicOf(row),
    ai_video: {
      video_src: completed && row.videoKey ? signer.sign(row.videoKey, { ttlSeconds, downloadName: `video-${row.id}.mp4` }) : null,
      thumbnail_src: completed && row.thumbnailKey ? signer.sign(row.thumbnailKey, { ttlSeconds }) : null,
      duration: completed ? row.duration : null,
      width: completed ? row.width : null,
      height: completed ? row.height : null,
      size_bytes: completed ? row.sizeBytes : null,
    },
    description: completed ? composeVideoDescription(row) : '',
  };
}

/** The videos as shown, each labelled with the series it is an episode of (My videos). */
export async function toLabelledAiVideos(db: Db, rows: AiVideoRow[], signing: SigningOptions): Promise<AiVideo[]> {
  const labels = await seriesLabelsOfVideos(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...toAiVideo(row, signing), series: labels.get(row.id) ?? null }));
}

export async function findVideoRow(db: Db, userId: number, id: string): Promise<AiVideoRow> {
  return findOwnedRow(db, aiVideos, userId, id, VIDEO_NOT_FOUND);
}

export interface VideoListQuery {
  page: number;
  perPage: number;
  status?: VideoStatus | undefined;
  search?: string | undefined;
}

/** One page of the owner's videos, newest first, as rows (the route signs their URLs). */
export async function listVideoRows(db: Db, userId: number, query: VideoListQuery): Promise<{ rows: AiVideoRow[]; total: number }> {
  return listOwnedRows(db, aiVideos, userId, query);
}
