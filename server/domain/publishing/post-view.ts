// How posts are shown (contract Post, CalendarEntry) and the owner-scoped reads: the posts list
// (page, status, search on the caption, the video's title and the YouTube title) and the
// calendar. Every query names the owner, so another user's post is simply "not found".
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Paginated } from '../../../contract/http';
import type { CalendarEntry, Post, PostStatus, PostTarget, SocialPlatform } from '../../../contract/publishing';
import type { SeriesLabel } from '../../../contract/series';
import type { Db } from '../../db/client';
import { posts, postTargets, type PostRow, type PostTargetRow } from '../../db/schema-publishing';
import { aiVideos } from '../../db/schema-videos';
import type { MediaUrlSigner } from '../../media/storage/types';
import { NotFoundError } from '../problems';
import { paginated } from '../media-library/paginate';
import { VIDEO_URL_TTL_SECONDS } from '../videos/videos';
import { seriesLabelsOfPosts } from '../series/labels';

export const POST_NOT_FOUND = 'This post no longer exists.';

/** The few columns of the post's video a post shows. */
export interface PostVideoColumns {
  id: string;
  title: string;
  status: string;
  thumbnailKey: string | null;
  duration: number | null;
}

const videoColumns = { id: aiVideos.id, title: aiVideos.title, status: aiVideos.status, thumbnailKey: aiVideos.thumbnailKey, duration: aiVideos.duration };

export function thumbnailUrl(signer: MediaUrlSigner, video: Pick<PostVideoColumns, 'status' | 'thumbnailKey'> | null): string | null {
  return video && video.status === 'completed' && video.thumbnailKey ? signer.sign(video.thumbnailKey, { ttlSeconds: VIDEO_URL_TTL_SECONDS }) : null;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toPostTarget(row: PostTargetRow): PostTarget {
  return {
    id: row.id,
    account_id: row.accountId,
    platform: row.platform,
    account_name: row.accountName,
    sandbox: row.sandbox,
    status: row.status,
    attempts: row.attempts,
    platform_post_id: row.platformPostId,
    url: row.url,
    error: row.error,
    error_code: row.errorCode,
    error_class: row.errorClass,
    next_attempt_at: iso(row.nextAttemptAt),
    published_at: iso(row.publishedAt),
  };
}

export function toPost(row: PostRow, video: PostVideoColumns | null, targets: PostTargetRow[], signer: MediaUrlSigner, series: SeriesLabel | null = null): Post {
  return {
    id: row.id,
    status: row.status,
    video_id: row.videoId,
    video: video ? { id: video.id, title: video.title, thumbnail_url: thumbnailUrl(signer, video), duration: video.duration } : null,
    caption: row.caption,
    scheduled_at: iso(row.scheduledAt),
    timezone: row.timezone,
    options: row.options,
    targets: targets.map(toPostTarget),
    published_at: iso(row.publishedAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    series,
  };
}

/** The posts' targets, by post id, in a stable order (account name, then id). */
export async function targetsOf(db: Db, postIds: string[]): Promise<Map<string, PostTargetRow[]>> {
  const byPost = new Map<string, PostTargetRow[]>();
  if (postIds.length === 0) return byPost;
  const rows = await db.select().from(postTargets).where(inArray(postTargets.postId, postIds)).orderBy(asc(postTargets.accountName), asc(postTargets.id));
  for (const row of rows) byPost.set(row.postId, [...(byPost.get(row.postId) ?? []), row]);
  return byPost;
}

/** The owner's post as shown, or NotFoundError. */
export async function findPost(db: Db, userId: number, id: string, signer: MediaUrlSigner): Promise<Post> {
  const [found] = await db
    .select({ post: posts, video: videoColumns })
    .from(posts)
    .leftJoin(aiVideos, and(eq(aiVideos.id, posts.videoId), eq(aiVideos.userId, posts.userId)))
    .where(and(eq(posts.id, id), eq(posts.userId, userId)));
  if (!found) throw new NotFoundError(POST_NOT_FOUND);
  const targets = await targetsOf(db, [id]);
  const labels = await seriesLabelsOfPosts(db, [id]);
  return toPost(found.post, found.video, targets.get(id) ?? [], signer, labels.get(id) ?? null);
}

export const likePattern = (term: string | undefined): string | undefined => {
  const trimmed = term?.trim();
  return trimmed ? `%${trimmed.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
};

export interface PostListQuery {
  page: number;
  perPage: number;
  status?: PostStatus | undefined;
  query?: string | undefined;
}

/** One page of the owner's posts, newest first (Laravel paginator). */
export async function listPosts(db: Db, userId: number, query: PostListQuery, signer: MediaUrlSigner): Promise<Paginated<Post>> {
  const pattern = likePattern(query.query);
  const conditions: SQL[] = [eq(posts.userId, userId)];
  if (query.status) conditions.push(eq(posts.status, query.status));
  if (pattern) conditions.push(or(ilike(posts.caption, pattern), ilike(aiVideos.title, pattern), ilike(sql`${posts.options}->'youtube'->>'title'`, pattern))!);
  const where = and(...conditions);
  const joined = and(eq(aiVideos.id, posts.videoId), eq(aiVideos.userId, posts.userId));
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(posts).leftJoin(aiVideos, joined).where(where);
  const rows = await db
    .select({ post: posts, video: videoColumns })
    .from(posts)
    .leftJoin(aiVideos, joined)
    .where(where)
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  const ids = rows.map((row) => row.post.id);
  const targets = await targetsOf(db, ids);
  const labels = await seriesLabelsOfPosts(db, ids);
  return paginated(
    rows.map((row) => toPost(row.post, row.video, targets.get(row.post.id) ?? [], signer, labels.get(row.post.id) ?? null)),
    total,
    query,
  );
}

/** The calendar's default window when the client names none: two months back to a year ahead. */
export function calendarWindow(from: string | undefined, to: string | undefined, now = new Date()): { from: Date; to: Date } {
  const start = from ? new Date(from) : new Date(now.getTime() - 61 * 86_400_000);
  const end = to ? new Date(to) : new Date(now.getTime() + 366 * 86_400_000);
  return { from: start, to: end };
}

/** What a calendar entry is called: the YouTube title, else the video's title, else the caption. */
function entryTitle(post: PostRow, videoTitle: string | null): string {
  const caption = post.caption.trim().split('\n')[0]?.slice(0, 80) ?? '';
  return post.options.youtube?.title || videoTitle || caption || 'Untitled post';
}

/**
 * The owner's posts in [from, to], by the time they go out: scheduled_at, or (sent now)
 * published_at / created_at. Drafts appear only when they carry a time.
 */
export async function calendarEntries(db: Db, userId: number, window: { from: Date; to: Date }, signer: MediaUrlSigner): Promise<CalendarEntry[]> {
  const start = sql<Date>`coalesce(${posts.scheduledAt}, ${posts.publishedAt}, ${posts.createdAt})`;
  const rows = await db
    .select({ post: posts, video: videoColumns })
    .from(posts)
    .leftJoin(aiVideos, and(eq(aiVideos.id, posts.videoId), eq(aiVideos.userId, posts.userId)))
    .where(and(eq(posts.userId, userId), gte(start, window.from), lte(start, window.to), or(sql`${posts.status} <> 'draft'`, isNotNull(posts.scheduledAt))))
    .orderBy(asc(start), asc(posts.id))
    .limit(2000);
  const ids = rows.map((row) => row.post.id);
  const targets = await targetsOf(db, ids);
  const labels = await seriesLabelsOfPosts(db, ids);
  return rows.map(({ post, video }) => {
    const platforms = [...new Set((targets.get(post.id) ?? []).map((target) => target.platform))] as SocialPlatform[];
    return {
      id: post.id,
      title: entryTitle(post, video?.title ?? null),
      status: post.status,
      start: (post.scheduledAt ?? post.publishedAt ?? post.createdAt).toISOString(),
      platforms,
      thumbnail_url: thumbnailUrl(signer, video),
      series: labels.get(post.id) ?? null,
    };
  });
}
