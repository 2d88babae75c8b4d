// GET /api/get/failed-jobs: failed publish targets and failed renders in one list, newest first,
// each with the reason in plain words and the platform's (or pipeline's) own code; and
// DELETE /api/failed-jobs/{id}, which takes one off that list (dismissed until it is queued again);
// rescheduling a failed render restarts it.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Paginated } from '../../../contract/http';
import type { FailedJob } from '../../../contract/publishing';
import type { AiVideo } from '../../../contract/videos';
import type { Db } from '../../db/client';
import { postTargets } from '../../db/schema-publishing';
import { aiVideos } from '../../db/schema-videos';
import type { MediaUrlSigner } from '../../media/storage/types';
import { NotFoundError } from '../problems';
import { restartVideo } from '../videos/lifecycle';
import { paginated } from '../media-library/paginate';
import { findVideoRow, toAiVideo, VIDEO_URL_TTL_SECONDS } from '../videos/videos';
import { FAILED_JOB_NOT_FOUND } from './posts';
import { likePattern } from './post-view';

export const RENDER_FAILED_REASON = 'The video could not be rendered.';

/** A row of the failed-jobs query: the API's FailedJob before the post's title and the reason are worded. */
type FailedJobRow = Omit<FailedJob, 'post_title' | 'reason' | 'failed_at'> & {
  youtube_title: string | null;
  caption: string | null;
  reason: string | null;
  failed_at: Date | string;
  total: number;
};

export interface FailedJobsQuery {
  page: number;
  perPage: number;
  query?: string | undefined;
}

/**
 * One page of the owner's failed jobs. `query` matches the video title, the account name, the
 * platform and the reason. A render's code is the stage that failed (e.g. `voice`).
 */
export async function listFailedJobs(db: Db, userId: number, query: FailedJobsQuery): Promise<Paginated<FailedJob>> {
  const pattern = likePattern(query.query);
  const search = pattern
    ? sql`where coalesce(j.video_title, '') ilike ${pattern} or coalesce(j.account_name, '') ilike ${pattern} or coalesce(j.platform, '') ilike ${pattern} or coalesce(j.reason, '') ilike ${pattern}`
    : sql``;
  // Both drivers (PGlite, node-postgres) answer execute() with `{ rows }`.
  const result = (await db.execute(sql`
    select j.*, count(*) over ()::int as total from (
      select t.id, 'publish' as kind, t.platform, t.account_id, t.account_name, t.post_id, p.video_id, v.title as video_title,
             p.options->'youtube'->>'title' as youtube_title, p.caption,
             t.attempts, t.error as reason, t.error_code as code, t.error_class, coalesce(t.failed_at, t.updated_at) as failed_at,
             (select s.name from series_episodes e join series s on s.id = e.series_id where e.post_id = p.id limit 1) as series_name
        from post_targets t
        join posts p on p.id = t.post_id and p.user_id = t.user_id
        left join ai_videos v on v.id = p.video_id and v.user_id = t.user_id
       where t.user_id = ${userId} and t.status = 'failed' and t.failure_dismissed_at is null
      union all
      select v.id, 'render', null, null, null, null, v.id, v.title, null, null, v.attempts, v.error,
             (select s->>'name' from jsonb_array_elements(v.stages) s where s->>'status' = 'failed' limit 1), null, v.updated_at,
             (select s.name from series_episodes e join series s on s.id = e.series_id where e.video_id = v.id limit 1)
        from ai_videos v
       where v.user_id = ${userId} and v.status = 'failed' and v.failure_dismissed_at is null
    ) j
    ${search}
    order by j.failed_at desc, j.id desc
    limit ${query.perPage} offset ${(query.page - 1) * query.perPage}`)) as { rows: FailedJobRow[] };
  const rows = result.rows;
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) total = await countFailedJobs(db, userId, search);
  return paginated(rows.map(toFailedJob), total, query);
}

/** The total when the page is past the end (the window count has no row to ride on). */
async function countFailedJobs(db: Db, userId: number, search: ReturnType<typeof sql>): Promise<number> {
  const result = (await db.execute(sql`
    select count(*)::int as total from (
      select t.platform, t.account_name, v.title as video_title, t.error as reason
        from post_targets t
        join posts p on p.id = t.post_id and p.user_id = t.user_id
        left join ai_videos v on v.id = p.video_id and v.user_id = t.user_id
       where t.user_id = ${userId} and t.status = 'failed' and t.failure_dismissed_at is null
      union all
      select null, null, v.title, v.error from ai_videos v where v.user_id = ${userId} and v.status = 'failed' and v.failure_dismissed_at is null
    ) j ${search}`)) as { rows: { total: number }[] };
  return result.rows[0]?.total ?? 0;
}

function toFailedJob(row: FailedJobRow): FailedJob {
  const render = row.kind === 'render';
  return {
    id: row.id,
    kind: row.kind,
    platform: row.platform,
    account_id: row.account_id,
    account_name: row.account_name,
    post_id: row.post_id,
    video_id: row.video_id,
    video_title: row.video_title,
    post_title: render ? null : postTitleOf(row.youtube_title, row.caption),
    series_name: row.series_name,
    attempts: Number(row.attempts),
    reason: row.reason ?? (render ? RENDER_FAILED_REASON : 'Publishing failed.'),
    code: row.code,
    error_class: row.error_class,
    failed_at: new Date(row.failed_at).toISOString(),
  };
}

/** What the creator called the post: its YouTube title, else the caption's first line (as the app does). */
function postTitleOf(youtubeTitle: string | null, caption: string | null): string | null {
  const title = youtubeTitle?.trim() || caption?.trim().split(/\n/)[0]?.trim() || '';
  if (!title) return null;
  return title.length > 80 ? `${title.slice(0, 77).trimEnd()}…` : title;
}

/**
 * DELETE /api/failed-jobs/{id}: takes the owner's failed publish target or failed render off the
 * failed-jobs list, inside `tx` (the route's idempotent transaction). Nothing else changes: the post
 * keeps its failed target, the video stays failed in My videos, and queuing the job again clears
 * the dismissal. An id that is not one of the owner's failed jobs (dismissed or rescheduled on
 * another device, deleted, another user's) changes nothing and is not an error: the job is off
 * the owner's list either way.
 */
export async function dismissFailedJob(tx: Db, userId: number, id: string): Promise<{ dismissed: boolean }> {
  const targets = await tx
    .update(postTargets)
    .set({ failureDismissedAt: sql`now()` })
    .where(and(eq(postTargets.id, id), eq(postTargets.userId, userId), eq(postTargets.status, 'failed'), isNull(postTargets.failureDismissedAt)))
    .returning({ id: postTargets.id });
  if (targets.length > 0) return { dismissed: true };
  const videos = await tx
    .update(aiVideos)
    .set({ failureDismissedAt: sql`now()` })
    .where(and(eq(aiVideos.id, id), eq(aiVideos.userId, userId), eq(aiVideos.status, 'failed'), isNull(aiVideos.failureDismissedAt)))
    .returning({ id: aiVideos.id });
  return { dismissed: videos.length > 0 };
}

/**
 * A failed job that is the caller's video (not a failed publish target) restarts, resuming at the
 * stage that failed, inside the caller's transaction; the video as it now stands. 404 for an id
 * that is not one of the caller's videos.
 */
export async function restartFailedRender(tx: Db, userId: number, id: string, signer: MediaUrlSigner): Promise<AiVideo> {
  const [video] = await tx
    .select({ id: aiVideos.id })
    .from(aiVideos)
    .where(and(eq(aiVideos.id, id), eq(aiVideos.userId, userId)));
  if (!video) throw new NotFoundError(FAILED_JOB_NOT_FOUND);
  await restartVideo(tx, userId, id);
  return toAiVideo(await findVideoRow(tx, userId, id), { signer, ttlSeconds: VIDEO_URL_TTL_SECONDS });
}
