// One episode as the review calls answer it (contract SeriesEpisode), with where it was posted.
import { and, eq } from 'drizzle-orm';
import type { SeriesEpisode } from '../../../../contract/series';
import type { Db } from '../../../db/client';
import { postTargets } from '../../../db/schema-publishing';
import { seriesEpisodes } from '../../../db/schema-series';
import { NotFoundError } from '../../problems';
import { EPISODE_NOT_FOUND } from './review';

export async function findEpisodeView(db: Db, userId: number, episodeId: string): Promise<SeriesEpisode> {
  const [row] = await db
    .select()
    .from(seriesEpisodes)
    .where(and(eq(seriesEpisodes.id, episodeId), eq(seriesEpisodes.userId, userId)));
  if (!row) throw new NotFoundError(EPISODE_NOT_FOUND);
  const targets = row.postId ? await db.select().from(postTargets).where(eq(postTargets.postId, row.postId)) : [];
  return {
    id: row.id,
    series_id: row.seriesId,
    slot_at: row.slotAt?.toISOString() ?? null,
    status: row.status,
    reason: row.reason,
    topic: row.topic,
    title: row.title,
    video_id: row.videoId,
    credits: row.credits,
    review_note: row.reviewNote,
    sample: row.sample,
    posts: targets.map((target) => ({ post_id: target.postId, platform: target.platform, account_name: target.accountName, status: target.status, url: target.url })),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
