// The publish engine: runTarget moves one target (one post on one account) a step
// further and may safely be called any number of times, concurrently or after a crash. A target
// goes scheduled → publishing (claimed, one upload at a time) → the platform holds it (its id is
// recorded at once and it is never uploaded again) → status polls → published or failed. Errors
// follow their class (shared/reference/platforms.md "Classes"): see handleFailure.
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { PLATFORM_LABELS, type PublishErrorClass } from '../../../contract/publishing';
import type { Db } from '../../db/client';
import { posts, postTargets, socialAccounts, type PostRow, type PostTargetRow, type SocialAccountRow } from '../../db/schema-publishing';
import type { MediaStorage } from '../../media/storage/types';
import { SocialError, type PublishContext, type SocialAdapters, type SocialPlatformAdapter } from '../ports/social';
import type { AccountTokenService, PublishScheduler } from '../social/types';
import { storedMedia, type PublicMediaUrl } from './media';
import { postVideoFile } from './post-video';
import { accountLimits, preflightRefusal, videoFactsOf } from './preflight';
import type { PreflightLimits } from '../../../contract/preflight';
import { refreshPostStatus } from './status';
import { blockAccountTargets, reconnectMessage } from './targets';

export interface EngineTimings {
  /** Attempts (uploads tried) before a target fails for good. */
  maxAttempts: number;
  /** First backoff after a transient failure; doubles per attempt, with jitter. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** Between status polls once the platform holds the post. */
  pollIntervalMs: number;
  /** How many polls before "processing took too long" (a failure the creator can reschedule). */
  maxPolls: number;
  /** A claim whose heartbeat is older than this belongs to a crashed run and may be taken over. */
  staleClaimMs: number;
  /** How long to wait on a quota error that does not say when the quota resets. */
  quotaWaitMs: number;
}

export const DEFAULT_TIMINGS: EngineTimings = {
  maxAttempts: 5,
  backoffBaseMs: 30_000,
  backoffMaxMs: 30 * 60_000,
  pollIntervalMs: 15_000,
  maxPolls: 40,
  // Three missed heartbeats (CLAIM_HEARTBEAT_MS): a dead run's upload is taken over within a minute.
  staleClaimMs: 45_000,
  quotaWaitMs: 60 * 60_000,
};

/** How often a run refreshes the heartbeat of the claim it holds. */
const CLAIM_HEARTBEAT_MS = 15_000;

export interface PublishEngineDeps {
  db: Db;
  adapters: SocialAdapters;
  tokens: AccountTokenService;
  storage: MediaStorage;
  /** Signed public addresses of the media, for URL-pull platforms (Instagram); absent: none offered. */
  mediaUrl?: PublicMediaUrl;
  /** Where the engine queues its own next step (a retry, the next poll). */
  scheduler: PublishScheduler;
  timings?: Partial<EngineTimings>;
  now?: () => Date;
  /** 0..1; jitter of the backoff (tests pin it). */
  random?: () => number;
  /** The server's pre-flight limits (config publishChecks.limits), checked again before an upload. */
  preflightLimits?: Partial<PreflightLimits>;
}

/**
 * What a run did. `busy`: another live run holds the upload; `not-due`: woken early (a second
 * schedule) and queued again for its time; `done`: nothing left to do (finished, draft, blocked).
 */
export type RunOutcome = 'missing' | 'done' | 'not-due' | 'busy' | 'blocked' | 'processing' | 'published' | 'retry' | 'failed';

export const INTERRUPTED_MESSAGE = 'The upload was interrupted; it resumes where it stopped.';
export const PROCESSING_TIMEOUT_MESSAGE = 'The platform took too long to process the video. Reschedule to check again; it will not be uploaded twice.';
export const VIDEO_GONE_MESSAGE = 'The video was deleted, so there is nothing to publish.';

interface Loaded {
  target: PostTargetRow;
  post: PostRow;
  account: SocialAccountRow | null;
}

async function load(db: Db, targetId: string): Promise<Loaded | undefined> {
  const [row] = await db
    .select({ target: postTargets, post: posts, account: socialAccounts })
    .from(postTargets)
    .innerJoin(posts, eq(posts.id, postTargets.postId))
    .leftJoin(socialAccounts, eq(socialAccounts.id, postTargets.accountId))
    .where(eq(postTargets.id, targetId));
  return row;
}

/** Exponential backoff with jitter: base·2^(n−1), between half and all of it, capped. */
export function backoffMs(attempt: number, timings: EngineTimings, random: () => number): number {
  const full = Math.min(timings.backoffMaxMs, timings.backoffBaseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(full * (0.5 + random() * 0.5));
}

/** Anything not a SocialError is an interruption of unknown outcome: resumed, never re-sent blind. */
function classify(error: unknown): SocialError {
  if (error instanceof SocialError) return error;
  return new SocialError(INTERRUPTED_MESSAGE, 'retry', 'interrupted');
}

export async function runTarget(deps: PublishEngineDeps, targetId: string): Promise<RunOutcome> {
  const timings = { ...DEFAULT_TIMINGS, ...deps.timings };
  const now = deps.now ?? (() => new Date());
  const random = deps.random ?? Math.random;
  const { db } = deps;

  const loaded = await load(db, targetId);
  if (!loaded) return 'missing';
  const { target, post, account } = loaded;
  if (target.status === 'published' || target.status === 'failed' || target.status === 'draft' || target.status === 'blocked') return 'done';
  if (target.status === 'scheduled' && target.nextAttemptAt && target.nextAttemptAt.getTime() > now().getTime() + 1_000) {
    await deps.scheduler.schedule(targetId, target.nextAttemptAt);
    return 'not-due';
  }

  /**
   * The attempt number of this run's claim, once it holds one: a fencing token. A run that took a
   * stale claim over has a higher one, so a slow run that lost its claim changes nothing.
   */
  let fence: number | null = null;
  const finish = async (changes: Partial<typeof postTargets.$inferInsert>, outcome: RunOutcome, onlyWhile = target.status): Promise<RunOutcome> => {
    await db
      .update(postTargets)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(and(eq(postTargets.id, targetId), eq(postTargets.status, onlyWhile), fence === null ? undefined : eq(postTargets.attempts, fence)));
    await refreshPostStatus(db, target.postId);
    return outcome;
  };
  const fail = (error: SocialError, onlyWhile = target.status) =>
    finish(
      { status: 'failed', failedAt: now(), startedAt: null, nextAttemptAt: null, error: error.message, errorCode: error.code, errorClass: error.errorClass },
      'failed',
      onlyWhile,
    );
  const block = async (onlyWhile = target.status): Promise<RunOutcome> => {
    const name = account?.name ?? target.accountName;
    await finish({ status: 'blocked', startedAt: null, error: reconnectMessage(name), errorCode: null, errorClass: 'disconnect' }, 'blocked', onlyWhile);
    // One visible "Reconnect" instead of each queued post failing on its own.
    if (account) await blockAccountTargets(db, account.id);
    return 'blocked';
  };

  if (post.userId !== target.userId || (account && account.userId !== target.userId)) {
    return fail(new SocialError('This post and its account belong to different profiles.', 'bad', 'owner_mismatch'));
  }
  if (!account || account.disconnectedAt) {
    return fail(new SocialError(`${target.accountName} was disconnected; connect it again and reschedule.`, 'disconnect', 'account_disconnected'));
  }
  if (account.status === 'reconnect') return block();
  const adapter = deps.adapters[target.platform];
  if (!adapter) return fail(new SocialError(`${PLATFORM_LABELS[target.platform]} publishing is not available on this server.`, 'policy', 'platform_unavailable'));

  const accessToken: PublishContext['accessToken'] = (options) => deps.tokens.accessToken(account.id, options);
  if (target.platformPostId) return poll({ deps, timings, now, target, adapter, accessToken, fail, block, finish });

  // Claim the upload: only one run may hold it. A claim is taken from 'scheduled', or from a
  // 'publishing' whose heartbeat went stale (its run crashed); compare-and-set on the row.
  const staleBefore = new Date(now().getTime() - timings.staleClaimMs);
  const [claimed] = await db
    .update(postTargets)
    .set({ status: 'publishing', attempts: sql`${postTargets.attempts} + 1`, startedAt: now(), nextAttemptAt: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(postTargets.id, targetId),
        isNull(postTargets.platformPostId),
        or(eq(postTargets.status, 'scheduled'), and(eq(postTargets.status, 'publishing'), or(isNull(postTargets.startedAt), sql`${postTargets.startedAt} < ${staleBefore}`))),
      ),
    )
    .returning();
  if (!claimed) {
    // Another run holds the upload. Should that run have died, its claim goes stale: look again then.
    await deps.scheduler.schedule(targetId, new Date(now().getTime() + timings.staleClaimMs));
    return 'busy';
  }
  fence = claimed.attempts;
  const heartbeat = async (changes: Partial<typeof postTargets.$inferInsert>) => {
    const updated = await db
      .update(postTargets)
      .set({ ...changes, startedAt: now(), updatedAt: sql`now()` })
      .where(and(eq(postTargets.id, targetId), eq(postTargets.status, 'publishing'), eq(postTargets.attempts, claimed.attempts), isNull(postTargets.platformPostId)))
      .returning({ id: postTargets.id });
    return updated.length > 0;
  };
  // The claim's heartbeat beats on a timer while this run lives, whatever the upload is doing (a
  // platform slow to answer reports no progress), so only a dead run's claim goes stale.
  const beating = setInterval(() => void heartbeat({}).catch(() => {}), CLAIM_HEARTBEAT_MS);
  try {
    await refreshPostStatus(db, target.postId);

    const video = await postVideoFile(db, post);
    const media = video?.videoKey ? await storedMedia(deps.storage, video.videoKey, deps.mediaUrl) : null;
    if (!media) return await fail(new SocialError(VIDEO_GONE_MESSAGE, 'bad', 'video_missing'), 'publishing');
    // Pre-flight again: the options or limits may have changed since the post was made;
    // what the platform would refuse fails now with the plain reason, and nothing is uploaded.
    // The account's own limits count too (TikTok's creator_info).
    const limits = { ...deps.preflightLimits, ...(await accountLimits(adapter, accessToken)) };
    const refusal = preflightRefusal(videoFactsOf({ ...video!, sizeBytes: media.size }), target.platform, post.options, post.caption, limits);
    if (refusal) return await fail(refusal, 'publishing');

    let lastBeat = now().getTime();
    const context: PublishContext = {
      accessToken,
      checkpoint: { session: claimed.uploadSession },
      async saveCheckpoint(checkpoint, uploadedBytes) {
        // Written before the adapter sends a byte of a new session: a crash after this resumes it.
        if (!(await heartbeat({ uploadSession: checkpoint.session, uploadedBytes }))) throw new Error('the publish claim was lost');
        lastBeat = now().getTime();
      },
      onProgress(uploadedBytes) {
        if (now().getTime() - lastBeat < 15_000) return;
        lastBeat = now().getTime();
        void heartbeat({ uploadedBytes }).catch(() => {});
      },
    };
    const { youtube, tiktok, instagram } = post.options;
    const content = { caption: post.caption, ...(youtube ? { youtube } : {}), ...(tiktok ? { tiktok } : {}), ...(instagram ? { instagram } : {}) };

    let result;
    try {
      result = await adapter.publisher.publish(context, media, content);
    } catch (error) {
      return await handleFailure(classify(error), claimed.attempts);
    }
    // The platform holds the post: recorded before anything else, so it is never uploaded again.
    // started_at now means "accepted at" (polls are bounded from it).
    const pollAt = new Date(now().getTime() + timings.pollIntervalMs);
    await db
      .update(postTargets)
      .set({
        platformPostId: result.platformPostId,
        url: result.url,
        uploadedBytes: media.size,
        startedAt: now(),
        nextAttemptAt: pollAt,
        error: null,
        errorCode: null,
        errorClass: null,
        updatedAt: sql`now()`,
      })
      .where(eq(postTargets.id, targetId));
    await deps.scheduler.schedule(targetId, pollAt);
    return 'processing';
  } finally {
    clearInterval(beating);
  }

  async function handleFailure(error: SocialError, attempts: number): Promise<RunOutcome> {
    const errorClass: PublishErrorClass = error.errorClass;
    if (errorClass === 'bad' || errorClass === 'policy') return fail(error, 'publishing');
    // The token service already marked the account; its other queued targets are blocked too.
    if (errorClass === 'disconnect') return block('publishing');
    if (attempts >= timings.maxAttempts) return fail(error, 'publishing');
    const waitMs =
      errorClass === 'quota'
        ? // A quota resets at a known time: wait for it rather than spend attempts on refusals.
          (error.retryAfterSeconds ?? timings.quotaWaitMs / 1000) * 1000
        : Math.max((error.retryAfterSeconds ?? 0) * 1000, backoffMs(attempts, timings, random));
    const at = new Date(now().getTime() + waitMs);
    await finish({ status: 'scheduled', startedAt: null, nextAttemptAt: at, error: error.message, errorCode: error.code, errorClass }, 'retry', 'publishing');
    await deps.scheduler.schedule(targetId, at);
    return 'retry';
  }
}

interface PollInput {
  deps: PublishEngineDeps;
  timings: EngineTimings;
  now: () => Date;
  target: PostTargetRow;
  adapter: SocialPlatformAdapter;
  accessToken: PublishContext['accessToken'];
  fail: (error: SocialError, onlyWhile?: PostTargetRow['status']) => Promise<RunOutcome>;
  block: (onlyWhile?: PostTargetRow['status']) => Promise<RunOutcome>;
  finish: (changes: Partial<typeof postTargets.$inferInsert>, outcome: RunOutcome, onlyWhile?: PostTargetRow['status']) => Promise<RunOutcome>;
}

/**
 * The platform holds the post: ask how its processing goes. Polls are cheap reads, so two at once
 * are harmless; every write is conditional on the target still publishing.
 */
async function poll({ deps, timings, now, target, adapter, accessToken, fail, block, finish }: PollInput): Promise<RunOutcome> {
  const { db } = deps;
  let acceptedAt = target.startedAt;
  if (target.status === 'scheduled' || !acceptedAt) {
    // Rescheduled after a processing timeout: a fresh window of polls, no new upload.
    acceptedAt = now();
    await db
      .update(postTargets)
      .set({ status: 'publishing', startedAt: acceptedAt, updatedAt: sql`now()` })
      .where(eq(postTargets.id, target.id));
    await refreshPostStatus(db, target.postId);
  }
  let state;
  try {
    state = await adapter.publisher.status({ accessToken }, target.platformPostId!);
  } catch (error) {
    if (error instanceof SocialError && error.errorClass === 'disconnect') return block('publishing');
    if (error instanceof SocialError && (error.errorClass === 'bad' || error.errorClass === 'policy')) return fail(error, 'publishing');
    state = { state: 'processing' as const };
  }
  if (state.state === 'published') {
    return finish({ status: 'published', publishedAt: now(), url: state.url ?? target.url, nextAttemptAt: null, error: null, errorCode: null, errorClass: null }, 'published', 'publishing');
  }
  if (state.state === 'failed') return fail(state.error, 'publishing');
  if (now().getTime() - acceptedAt.getTime() >= timings.pollIntervalMs * timings.maxPolls) {
    return fail(new SocialError(PROCESSING_TIMEOUT_MESSAGE, 'retry', 'processing_timeout'), 'publishing');
  }
  const at = new Date(now().getTime() + timings.pollIntervalMs);
  await db
    .update(postTargets)
    .set({ nextAttemptAt: at, updatedAt: sql`now()` })
    .where(and(eq(postTargets.id, target.id), eq(postTargets.status, 'publishing')));
  await deps.scheduler.schedule(target.id, at);
  return 'processing';
}

/** Targets to queue when a runner starts: everything waiting or left mid-way, with its time. */
export async function pendingTargets(db: Db): Promise<{ targetId: string; at: Date | null }[]> {
  const rows = await db
    .select({ id: postTargets.id, at: postTargets.nextAttemptAt })
    .from(postTargets)
    .where(or(eq(postTargets.status, 'scheduled'), eq(postTargets.status, 'publishing')))
    .orderBy(postTargets.nextAttemptAt);
  return rows.map((row) => ({ targetId: row.id, at: row.at }));
}

/**
 * With the embedded database this process is the only runner, so an upload claim left behind is
 * a crashed run's: release it so the upload resumes now (from its saved session) instead of once
 * the claim goes stale. Targets the platform already holds keep their accepted-at time.
 */
export async function releaseCrashedPublishes(db: Db): Promise<void> {
  await db
    .update(postTargets)
    .set({ startedAt: null })
    .where(and(eq(postTargets.status, 'publishing'), isNull(postTargets.platformPostId)));
}
