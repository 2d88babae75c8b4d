// GET /api/get/failed-jobs: failed publish targets and failed renders in one list, newest first,
// each with the reason in plain words and the platform's (or pipeline's) own code.
import { sql } from 'drizzle-orm';
import type { Paginated } from '../../../contract/http';
import type { FailedJob, FailedJobKind, PublishErrorClass, SocialPlatform } from '../../../contract/publishing';
import type { Db } from '../../db/client';
import { paginate } from '../videos/videos';
import { likePattern } from './post-view';

export const RENDER_FAILED_REASON = 'The video could not be rendered.';

interface FailedJobRow {
  id: string;
  kind: FailedJobKind;
  platform: SocialPlatform | null;
  account_id: string | null;
  account_name: string | null;
  post_id: string | null;
  video_id: string | null;
  video_title: string | null;
  attempts: number;
  reason: string | null;
  code: string | null;
  error_class: PublishErrorClass | null;
  failed_at: Date | string;
  total: number;
}

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
             t.attempts, t.error as reason, t.error_code as code, t.error_class, coalesce(t.failed_at, t.updated_at) as failed_at
        from post_targets t
        join posts p on p.id = t.post_id and p.user_id = t.user_id
        left join ai_videos v on v.id = p.video_id and v.user_id = t.user_id
       where t.user_id = ${userId} and t.status = 'failed'
      union all
      select v.id, 'render', null, null, null, null, v.id, v.title, v.attempts, v.error,
             (select s->>'name' from jsonb_array_elements(v.stages) s where s->>'status' = 'failed' limit 1), null, v.updated_at
        from ai_videos v
       where v.user_id = ${userId} and v.status = 'failed'
    ) j
    ${search}
    order by j.failed_at desc, j.id desc
    limit ${query.perPage} offset ${(query.page - 1) * query.perPage}`)) as { rows: FailedJobRow[] };
  const rows = result.rows;
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) total = await countFailedJobs(db, userId, search);
  return paginate(rows.map(toFailedJob), total, query.page, query.perPage);
}

/** The total when the page is past the end (the window count has no row to ride on). */
async function countFailedJobs(db: Db, userId: number, search: ReturnType<typeof sql>): Promise<number> {
  const result = (await db.execute(sql`
    select count(*)::int as total from (
      select t.platform, t.account_name, v.title as video_title, t.error as reason
        from post_targets t
        join posts p on p.id = t.post_id and p.user_id = t.user_id
        left join ai_videos v on v.id = p.video_id and v.user_id = t.user_id
       where t.user_id = ${userId} and t.status = 'failed'
      union all
      select null, null, v.title, v.error from ai_videos v where v.user_id = ${userId} and v.status = 'failed'
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
    attempts: Number(row.attempts),
    reason: row.reason ?? (render ? RENDER_FAILED_REASON : 'Publishing failed.'),
    code: row.code,
    error_class: row.error_class,
    failed_at: new Date(row.failed_at).toISOString(),
  };
}
