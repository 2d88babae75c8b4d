// How a series and its episodes are shown (contract Series, SeriesEpisode).
import { inArray } from 'drizzle-orm';
import type { EpisodePost, EpisodeStatus, Series, SeriesEpisode, SeriesStats } from '../../../contract/series';
import type { PostStatus } from '../../../contract/publishing';
import type { Db } from '../../db/client';
import { posts } from '../../db/schema-publishing';
import type { SeriesEpisodeRow, SeriesRow } from '../../db/schema-series';
import { targetsOf } from '../publishing/post-view';

export const NO_STATS: SeriesStats = { next_slot_at: null, episodes_this_month: 0, credits_this_week: 0, estimated_credits_per_week: 0 };

export function toSeries(row: SeriesRow, stats: SeriesStats = NO_STATS): Series {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    tags: row.tags,
    hashtags: row.hashtags,
    status: row.status,
    attention: row.attention ?? null,
    wizard_step: row.wizardStep,
    topic: row.topic ?? null,
    style: row.style ?? null,
    cadence: row.cadence ?? null,
    time_zone: row.timeZone,
    destinations: row.destinations,
    review_mode: row.reviewMode,
    lead_hours: row.leadHours,
    weekly_credit_cap: row.weeklyCreditCap,
    never_again: row.neverAgain,
    stats,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * An episode whose post is out is `scheduled` in its row until the autopilot looks again; the
 * post's own status is the truth, so a published or failed post shows the episode published or
 * failed at once. (A partially published post leaves it `scheduled`: its targets say which went
 * out, and the publish engine may still retry the others.)
 */
export function shownStatus(stored: EpisodeStatus, postStatus: PostStatus | undefined): EpisodeStatus {
  if (stored !== 'scheduled' || !postStatus) return stored;
  if (postStatus === 'published') return 'published';
  if (postStatus === 'failed') return 'failed';
  return stored;
}

const FAILED_POST_REASON = 'The post could not be published; see the failed jobs.';

/** The episodes as shown, with where each was posted (one entry per account of its post). */
export async function toSeriesEpisodes(db: Db, rows: SeriesEpisodeRow[]): Promise<SeriesEpisode[]> {
  const postIds = [...new Set(rows.map((row) => row.postId).filter((id): id is string => id !== null))];
  const statuses = new Map<string, PostStatus>();
  if (postIds.length > 0) {
    const found = await db.select({ id: posts.id, status: posts.status }).from(posts).where(inArray(posts.id, postIds));
    for (const post of found) statuses.set(post.id, post.status);
  }
  const targets = await targetsOf(db, postIds);
  return rows.map((row) => {
    const status = shownStatus(row.status, row.postId ? statuses.get(row.postId) : undefined);
    const rowTargets = row.postId ? (targets.get(row.postId) ?? []) : [];
    // A post held for an account to reconnect says so on its episode (the publish engine's words).
    const blocked = status === 'scheduled' ? rowTargets.find((target) => target.status === 'blocked' && target.error) : undefined;
    const episodePosts: EpisodePost[] = rowTargets.map((target) => ({
      post_id: target.postId,
      platform: target.platform,
      account_name: target.accountName,
      status: target.status,
      url: target.url,
    }));
    return {
      id: row.id,
      series_id: row.seriesId,
      slot_at: row.slotAt ? row.slotAt.toISOString() : null,
      status,
      reason: status === 'failed' && row.status !== 'failed' ? FAILED_POST_REASON : (blocked?.error ?? row.reason),
      topic: row.topic,
      title: row.title,
      video_id: row.videoId,
      credits: row.credits,
      review_note: row.reviewNote,
      sample: row.sample,
      posts: episodePosts,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  });
}
