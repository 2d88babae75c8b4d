// The creator's AI videos: how a row is shown (AiVideo), and the owner-scoped reads. Every query
// names the owner, so another user's id is simply "not found".
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Paginated } from '../../../contract/http';
import { VIDEO_STAGES, type AiVideo, type VideoStage, type VideoStatus } from '../../../contract/videos';
import type { Db } from '../../db/client';
import { aiVideos, type AiVideoRow } from '../../db/schema-videos';
import type { MediaUrlSigner } from '../../media/storage/types';
import { NotFoundError } from '../problems';

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

export function toAiVideo(row: AiVideoRow, { signer, ttlSeconds = VIDEO_URL_TTL_SECONDS }: SigningOptions): AiVideo {
  const completed = row.status === 'completed';
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    progress: row.progress,
    stage: row.stage,
    stages: row.stages,
    error: row.error,
    // What the creator paid for this video in the end (charges minus refunds).
    credits_charged: row.creditsCharged - row.creditsRefunded,
    settings: row.settings,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ai_video: {
      video_src: completed && row.videoKey ? signer.sign(row.videoKey, { ttlSeconds, downloadName: `video-${row.id}.mp4` }) : null,
      thumbnail_src: completed && row.thumbnailKey ? signer.sign(row.thumbnailKey, { ttlSeconds }) : null,
      duration: completed ? row.duration : null,
      width: completed ? row.width : null,
      height: completed ? row.height : null,
      size_bytes: completed ? row.sizeBytes : null,
    },
  };
}

export async function findVideoRow(db: Db, userId: number, id: string): Promise<AiVideoRow> {
  const [row] = await db
    .select()
    .from(aiVideos)
    .where(and(eq(aiVideos.id, id), eq(aiVideos.userId, userId)));
  if (!row) throw new NotFoundError(VIDEO_NOT_FOUND);
  return row;
}

export interface VideoListQuery {
  page: number;
  perPage: number;
  status?: VideoStatus | undefined;
  search?: string | undefined;
}

/** One page of the owner's videos, newest first, as rows (the route signs their URLs). */
export async function listVideoRows(db: Db, userId: number, query: VideoListQuery): Promise<{ rows: AiVideoRow[]; total: number }> {
  const term = query.search?.trim();
  const pattern = term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const conditions: SQL[] = [eq(aiVideos.userId, userId)];
  if (query.status) conditions.push(eq(aiVideos.status, query.status));
  if (pattern) conditions.push(ilike(aiVideos.title, pattern));
  const where = and(...conditions);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(aiVideos).where(where);
  const rows = await db
    .select()
    .from(aiVideos)
    .where(where)
    .orderBy(desc(aiVideos.createdAt), desc(aiVideos.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  return { rows, total };
}

export function paginate<T>(data: T[], total: number, page: number, perPage: number): Paginated<T> {
  const from = data.length > 0 ? (page - 1) * perPage + 1 : null;
  return {
    data,
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
    from,
    to: from === null ? null : from + data.length - 1,
  };
}
