// Target rows as the posts half and the engine both need them: what a new target of an account
// looks like, blocking an account's queued targets when it must be reconnected and freeing them
// again once it is. Each returns the targets to hand to the scheduler (after the commit).
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TargetStatus } from '../../../contract/publishing';
import type { Db } from '../../db/client';
import { posts, postTargets, socialAccounts, type SocialAccountRow } from '../../db/schema-publishing';
import { refreshPostStatus } from './status';

/** A target to run at `at` (null: now) once the change is committed. */
export interface QueuedTarget {
  targetId: string;
  at: Date | null;
}

export const reconnectMessage = (accountName: string) => `Reconnect ${accountName} to publish.`;

/** 'blocked' while the account needs reconnecting, else 'scheduled'. */
export function queuedStatusFor(account: Pick<SocialAccountRow, 'status'> | null): TargetStatus {
  return account?.status === 'reconnect' ? 'blocked' : 'scheduled';
}

/** The row of a new target: one post on one account, with the account as the creator saw it. */
export function newTargetRow(userId: number, postId: string, account: SocialAccountRow, status: TargetStatus, at: Date | null) {
  return {
    id: randomUUID(),
    postId,
    userId,
    accountId: account.id,
    platform: account.platform,
    accountName: account.name,
    sandbox: account.sandbox,
    status,
    nextAttemptAt: status === 'draft' ? null : at,
    ...(status === 'blocked' ? { error: reconnectMessage(account.name), errorClass: 'disconnect' as const } : {}),
  };
}

/**
 * Fields that reset a target for a fresh set of attempts (reschedule, failed-jobs reschedule). A
 * dismissal belonged to the failure left behind: should it fail again, the failed-jobs list shows it.
 */
export function requeueFields(status: TargetStatus, at: Date, accountName: string) {
  return {
    status,
    attempts: 0,
    nextAttemptAt: at,
    startedAt: null,
    failedAt: null,
    failureDismissedAt: null,
    error: status === 'blocked' ? reconnectMessage(accountName) : null,
    errorCode: null,
    errorClass: status === 'blocked' ? ('disconnect' as const) : null,
    updatedAt: sql`now()`,
  };
}

/**
 * The account needs reconnecting: every target of it still waiting to go out becomes 'blocked'
 * with one reason ("Reconnect … to publish."), instead of each failing on its own. A target whose
 * post the platform already holds (it is only being polled) is left alone.
 */
export async function blockAccountTargets(db: Db, accountId: string): Promise<number> {
  const [account] = await db.select({ name: socialAccounts.name }).from(socialAccounts).where(eq(socialAccounts.id, accountId));
  const blocked = await db
    .update(postTargets)
    .set({ status: 'blocked', error: reconnectMessage(account?.name ?? 'this account'), errorClass: 'disconnect', errorCode: null, startedAt: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(postTargets.accountId, accountId),
        inArray(postTargets.status, ['scheduled', 'publishing']),
        sql`${postTargets.platformPostId} is null`,
        // A running upload keeps its claim; it is blocked by its own run when it fails.
        sql`(${postTargets.status} = 'scheduled' or ${postTargets.startedAt} is null)`,
      ),
    )
    .returning({ postId: postTargets.postId });
  for (const postId of new Set(blocked.map((row) => row.postId))) await refreshPostStatus(db, postId);
  return blocked.length;
}

/**
 * The account was reconnected: its blocked targets are queued again, each at its post's time (or
 * now if that has passed). The accounts half calls this after a successful reconnect and hands
 * the result to the scheduler.
 */
export async function unblockAccountTargets(db: Db, accountId: string, now = new Date()): Promise<QueuedTarget[]> {
  const rows = await db
    .select({ id: postTargets.id, postId: postTargets.postId, scheduledAt: posts.scheduledAt })
    .from(postTargets)
    .innerJoin(posts, eq(posts.id, postTargets.postId))
    .where(and(eq(postTargets.accountId, accountId), eq(postTargets.status, 'blocked')));
  const queued: QueuedTarget[] = [];
  for (const row of rows) {
    const at = row.scheduledAt && row.scheduledAt > now ? row.scheduledAt : null;
    await db
      .update(postTargets)
      .set({ status: 'scheduled', nextAttemptAt: at ?? now, error: null, errorClass: null, errorCode: null, startedAt: null, updatedAt: sql`now()` })
      .where(and(eq(postTargets.id, row.id), eq(postTargets.status, 'blocked')));
    queued.push({ targetId: row.id, at });
  }
  for (const postId of new Set(rows.map((row) => row.postId))) await refreshPostStatus(db, postId);
  return queued;
}

/**
 * The video is being deleted (inside the delete's transaction): every target of its posts still
 * waiting to go out (scheduled or blocked, not yet accepted by a platform) is cancelled, so none
 * of them fails later with "the video was deleted". A post left with no target is deleted with
 * them; one that also went out somewhere keeps that part (its status is derived again). Drafts
 * are not touched: they only lose their video. Targets are deleted before their posts, the order
 * the engine locks them in. Returns how many posts were cancelled as a whole.
 */
export async function cancelWaitingTargetsOfVideo(db: Db, userId: number, videoId: string): Promise<number> {
  const postsOfVideo = db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.userId, userId), eq(posts.videoId, videoId)));
  const cancelled = await db
    .delete(postTargets)
    .where(
      and(
        eq(postTargets.userId, userId),
        inArray(postTargets.postId, postsOfVideo),
        inArray(postTargets.status, ['scheduled', 'blocked']),
        sql`${postTargets.platformPostId} is null`,
      ),
    )
    .returning({ postId: postTargets.postId });
  let emptied = 0;
  for (const postId of new Set(cancelled.map((row) => row.postId))) {
    const [left] = await db.select({ id: postTargets.id }).from(postTargets).where(eq(postTargets.postId, postId)).limit(1);
    if (left) {
      await refreshPostStatus(db, postId);
    } else {
      await db.delete(posts).where(and(eq(posts.id, postId), eq(posts.userId, userId)));
      emptied += 1;
    }
  }
  return emptied;
}
