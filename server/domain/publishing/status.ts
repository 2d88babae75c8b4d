// A post's status is derived from its targets (one per account), never set by hand: the engine
// changes a target, then refreshPostStatus writes the post's status from all of them.
import { eq, sql } from 'drizzle-orm';
import type { PostStatus, TargetStatus } from '../../../contract/publishing';
import type { Db } from '../../db/client';
import { posts, postTargets } from '../../db/schema-publishing';

/**
 * all published → published; published and failed with nothing left to do → partially_published;
 * any publishing, or some published while others still wait → publishing; all failed → failed;
 * otherwise (waiting, retrying, blocked) → scheduled. A post without targets, or whose targets
 * are all drafts, is a draft.
 */
export function derivePostStatus(statuses: readonly TargetStatus[]): PostStatus {
  if (statuses.length === 0 || statuses.every((status) => status === 'draft')) return 'draft';
  const count = (status: TargetStatus) => statuses.filter((s) => s === status).length;
  const published = count('published');
  const failed = count('failed');
  if (published === statuses.length) return 'published';
  if (published > 0 && published + failed === statuses.length) return 'partially_published';
  if (count('publishing') > 0 || published > 0) return 'publishing';
  if (failed === statuses.length) return 'failed';
  return 'scheduled';
}

/** Writes the post's status (and published_at once every target is out) from its targets. */
export async function refreshPostStatus(db: Db, postId: string): Promise<PostStatus | null> {
  const targets = await db.select({ status: postTargets.status, publishedAt: postTargets.publishedAt }).from(postTargets).where(eq(postTargets.postId, postId));
  const status = derivePostStatus(targets.map((target) => target.status));
  const times = targets.map((target) => target.publishedAt?.getTime() ?? 0);
  const publishedAt = status === 'published' || status === 'partially_published' ? new Date(Math.max(...times)) : null;
  const [row] = await db
    .update(posts)
    .set({ status, publishedAt, updatedAt: sql`now()` })
    .where(eq(posts.id, postId))
    .returning({ status: posts.status });
  return row?.status ?? null;
}
