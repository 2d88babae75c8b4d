// Creating, drafting, rescheduling and deleting posts (docs/decisions/publishing.md, "Posts and
// the publish engine"). Each function runs inside the route's idempotent transaction, checks that
// the video and accounts are the owner's, and returns the targets to hand to the scheduler once
// the transaction has committed (never before: a fast worker would not see the rows yet).
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  beyondScheduleHorizon,
  POST_STATUS_LABELS,
  SCHEDULE_HORIZON_MESSAGE,
  youtubeOptions,
  type createDraftRequest,
  type createPostRequest,
  type PostOptions,
  type PostStatus,
} from '../../../contract/publishing';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { posts, postTargets, socialAccounts, type PostRow, type SocialAccountRow } from '../../db/schema-publishing';
import { aiVideos, type AiVideoRow } from '../../db/schema-videos';
import { ClientProblem, NotFoundError } from '../problems';
import { POST_NOT_FOUND } from './post-view';
import { DEFAULT_POST_CHECKS, doublesFor, preflightErrors, videoFactsOf, type PostCheckSettings } from './preflight';
import type { PostWarning } from '../../../contract/preflight';
import { refreshPostStatus } from './status';
import { newTargetRow, queuedStatusFor, requeueFields, type QueuedTarget } from './targets';

/** A time this far in the past still means "now": clocks and a slow outbox drift a little. */
export const PAST_TOLERANCE_MS = 2 * 60_000;

export const PAST_TIME_MESSAGE = 'The scheduled time must not be in the past.';
export const VIDEO_MISSING_MESSAGE = 'The selected video does not exist.';
export const VIDEO_NOT_READY_MESSAGE = 'Only a finished video can be published; this one is not finished yet.';
export const ACCOUNT_MISSING_MESSAGE = 'One of the selected accounts is not connected to your profile.';
export const POST_CHANGED_MESSAGE = 'This post was already scheduled with other videos or accounts; reschedule it, or delete it and create a new one.';
export const NOT_A_DRAFT_MESSAGE = 'This post is already scheduled, so it is no longer a draft.';
export const PUBLISHING_NOW_MESSAGE = 'This post is being published right now; try again in a minute.';

/**
 * Several fields wrong at once (Laravel answers them all). The domain knows no HTTP: the route
 * turns this into its 422 (RequestValidationError).
 */
export class PostFieldsError extends Error {
  constructor(readonly errors: Record<string, string[]>) {
    super(Object.values(errors)[0]?.[0] ?? 'The given data was invalid.');
    this.name = 'PostFieldsError';
  }
}

function throwIfAny(errors: Record<string, string[]>): void {
  if (Object.keys(errors).length > 0) throw new PostFieldsError(errors);
}

export type CreatePostInput = z.output<typeof createPostRequest>;
export type DraftInput = z.output<typeof createDraftRequest>;

export interface PostChange {
  postId: string;
  /** 202 queued, 201 new draft, 200 draft updated or a create replayed. */
  status: number;
  queued: QueuedTarget[];
  /** Doubles worth knowing about: the create answer carries them, nothing is refused. */
  warnings?: PostWarning[];
}

/**
 * The time a post goes out: a future one exactly as asked (however near), null for "now" (absent,
 * null, now, or up to PAST_TOLERANCE_MS ago). errors collects a time further past or beyond the
 * scheduling horizon.
 */
function publishTime(value: string | null | undefined, now: Date, errors: Record<string, string[]>): Date | null {
  if (value === null || value === undefined) return null;
  const at = new Date(value);
  if (at.getTime() < now.getTime() - PAST_TOLERANCE_MS) errors.scheduled_at = [PAST_TIME_MESSAGE];
  else if (beyondScheduleHorizon(at.getTime(), now.getTime())) errors.scheduled_at = [SCHEDULE_HORIZON_MESSAGE];
  return at.getTime() > now.getTime() ? at : null;
}

async function lockPost(tx: Db, id: string): Promise<PostRow | undefined> {
  const [row] = await tx.select().from(posts).where(eq(posts.id, id)).for('update');
  return row;
}

/** The owner's post or 404 — another user's id is simply not found. */
function ownPost(row: PostRow | undefined, userId: number): PostRow | undefined {
  if (row && row.userId !== userId) throw new NotFoundError(POST_NOT_FOUND);
  return row;
}

async function ownVideo(tx: Db, userId: number, videoId: string): Promise<AiVideoRow | undefined> {
  const [row] = await tx
    .select()
    .from(aiVideos)
    .where(and(eq(aiVideos.id, videoId), eq(aiVideos.userId, userId)));
  return row;
}

/** The owner's accounts among `ids` (deduplicated, in the order given); errors collects the rest. */
async function ownAccounts(tx: Db, userId: number, ids: string[], errors: Record<string, string[]>, forPublishing: boolean): Promise<SocialAccountRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await tx
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.userId, userId), inArray(socialAccounts.id, unique)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const messages: string[] = [];
  const found: SocialAccountRow[] = [];
  for (const id of unique) {
    const account = byId.get(id);
    if (!account) {
      if (!messages.includes(ACCOUNT_MISSING_MESSAGE)) messages.push(ACCOUNT_MISSING_MESSAGE);
      continue;
    }
    if (forPublishing && account.disconnectedAt) messages.push(`${account.name} is disconnected; connect it again to publish.`);
    else found.push(account);
  }
  if (messages.length > 0) errors.account_ids = messages;
  return found;
}

export const TIKTOK_PRIVACY_MESSAGE = 'Choose who can see the TikTok post.';

/** A YouTube title from the video's title: YouTube refuses < and > and more than 100 characters. */
export function defaultYoutubeTitle(videoTitle: string): string {
  const title = videoTitle.replace(/[<>]/g, '').replace(/\s+/g, ' ').trim().slice(0, 100).trim();
  return title || 'My video';
}

/** Sorted account ids of a post's targets: what a replayed create is compared on. */
async function targetAccountIds(tx: Db, postId: string): Promise<string[]> {
  const rows = await tx.select({ accountId: postTargets.accountId }).from(postTargets).where(eq(postTargets.postId, postId));
  return rows.map((row) => row.accountId ?? '').sort();
}

/**
 * POST /api/create/post. A new id creates the post; the id of the owner's draft turns that draft
 * into a post; the id of a post already scheduled is a replay (the outbox resending a create whose
 * answer was lost): 200 with no change when it names the same video and accounts, else 409.
 */
export async function createPost(tx: Db, userId: number, input: CreatePostInput, now = new Date(), checks: PostCheckSettings = DEFAULT_POST_CHECKS): Promise<PostChange> {
  const existing = input.id ? ownPost(await lockPost(tx, input.id), userId) : undefined;
  if (existing && existing.status !== 'draft') {
    const same = existing.videoId === input.video_id && (await targetAccountIds(tx, existing.id)).join() === [...new Set(input.account_ids)].sort().join();
    if (!same) throw new ClientProblem(409, POST_CHANGED_MESSAGE);
    return { postId: existing.id, status: 200, queued: [] };
  }

  const errors: Record<string, string[]> = {};
  const video = await ownVideo(tx, userId, input.video_id);
  if (!video) errors.video_id = [VIDEO_MISSING_MESSAGE];
  else if (video.status !== 'completed' || !video.videoKey) errors.video_id = [VIDEO_NOT_READY_MESSAGE];
  const accounts = await ownAccounts(tx, userId, input.account_ids, errors, true);
  const at = publishTime(input.scheduled_at, now, errors);
  // TikTok's UX rules: the creator chooses who sees the post; there is no default.
  if (accounts.some((account) => account.platform === 'tiktok') && !input.options.tiktok?.privacy_level) errors['options.tiktok.privacy_level'] = [TIKTOK_PRIVACY_MESSAGE];
  throwIfAny(errors);

  const options: PostOptions = { ...input.options };
  if (accounts.some((account) => account.platform === 'youtube') && !options.youtube) {
    options.youtube = youtubeOptions.parse({ title: defaultYoutubeTitle(video!.title) });
  }
  // Pre-flight: what a platform would refuse is refused now, per field, in plain words.
  throwIfAny(preflightErrors(videoFactsOf(video!), accounts.map((account) => account.platform), options, input.caption, checks.limits));
  const fields = { videoId: input.video_id, videoVersion: video!.currentVersion, caption: input.caption, options, scheduledAt: at, timezone: input.timezone ?? null, status: 'scheduled' as PostStatus };
  const postId = existing?.id ?? input.id ?? randomUUID();
  const accountIds = accounts.map((account) => account.id);
  const warnings = await doublesFor(tx, userId, { id: postId, videoId: input.video_id, accountIds, at: at ?? now, timeZone: input.timezone }, checks.minGapMinutes);
  if (existing) {
    await tx
      .update(posts)
      .set({ ...fields, updatedAt: sql`now()` })
      .where(eq(posts.id, postId));
    await tx.delete(postTargets).where(eq(postTargets.postId, postId));
  } else {
    await tx.insert(posts).values({ id: postId, userId, ...fields });
  }
  const rows = accounts.map((account) => newTargetRow(userId, postId, account, queuedStatusFor(account), at ?? now));
  await tx.insert(postTargets).values(rows);
  await refreshPostStatus(tx, postId);
  return { postId, status: 202, queued: rows.filter((row) => row.status === 'scheduled').map((row) => ({ targetId: row.id, at })), ...(warnings.length > 0 ? { warnings } : {}) };
}

/**
 * POST /api/create/post/draft: creates a draft, or updates the owner's draft with the fields the
 * body names (`raw` is the body as sent: an absent field keeps its value). Only the owner's videos
 * and accounts can be named; a draft needs neither a finished video nor a future time, but its
 * time keeps within the scheduling horizon like a post's.
 */
export async function saveDraft(tx: Db, userId: number, input: DraftInput, raw: Record<string, unknown>, now = new Date()): Promise<PostChange> {
  const existing = input.id ? ownPost(await lockPost(tx, input.id), userId) : undefined;
  if (existing && existing.status !== 'draft') throw new ClientProblem(409, NOT_A_DRAFT_MESSAGE);
  const given = (field: string) => !existing || Object.hasOwn(raw, field);

  const errors: Record<string, string[]> = {};
  if (given('video_id') && input.video_id && !(await ownVideo(tx, userId, input.video_id))) errors.video_id = [VIDEO_MISSING_MESSAGE];
  const accounts = given('account_ids') ? await ownAccounts(tx, userId, input.account_ids, errors, false) : null;
  if (given('scheduled_at') && input.scheduled_at && beyondScheduleHorizon(Date.parse(input.scheduled_at), now.getTime())) errors.scheduled_at = [SCHEDULE_HORIZON_MESSAGE];
  throwIfAny(errors);

  const fields = {
    ...(given('video_id') ? { videoId: input.video_id ?? null } : {}),
    ...(given('caption') ? { caption: input.caption } : {}),
    // A draft may carry half-filled options (a title still to be written).
    ...(given('options') ? { options: input.options as PostOptions } : {}),
    ...(given('scheduled_at') ? { scheduledAt: input.scheduled_at ? new Date(input.scheduled_at) : null } : {}),
    ...(given('timezone') ? { timezone: input.timezone ?? null } : {}),
  };
  const postId = existing?.id ?? input.id ?? randomUUID();
  if (existing) {
    await tx
      .update(posts)
      .set({ ...fields, updatedAt: sql`now()` })
      .where(eq(posts.id, postId));
  } else {
    await tx.insert(posts).values({ id: postId, userId, status: 'draft', ...fields });
  }
  if (accounts) {
    await tx.delete(postTargets).where(eq(postTargets.postId, postId));
    if (accounts.length > 0) await tx.insert(postTargets).values(accounts.map((account) => newTargetRow(userId, postId, account, 'draft', null)));
  }
  return { postId, status: existing ? 200 : 201, queued: [] };
}

/** Posts in these states can be moved; a published or publishing one cannot. */
export const RESCHEDULABLE: readonly PostStatus[] = ['scheduled', 'failed', 'partially_published'];

/**
 * POST /api/posts/{id}/reschedule (the calendar's drag): a new time for every target not yet
 * published. Failed targets start over (attempts back to 0, last error cleared); targets of an
 * account that needs reconnecting stay blocked.
 */
export async function reschedulePost(tx: Db, userId: number, id: string, scheduledAt: string, now = new Date()): Promise<PostChange> {
  const post = await lockPost(tx, id);
  if (!post || post.userId !== userId) throw new NotFoundError(POST_NOT_FOUND);
  if (!RESCHEDULABLE.includes(post.status)) {
    throw new ClientProblem(409, `Only a scheduled or failed post can be rescheduled; this one is ${POST_STATUS_LABELS[post.status].toLowerCase()}.`);
  }
  const errors: Record<string, string[]> = {};
  const at = publishTime(scheduledAt, now, errors);
  throwIfAny(errors);
  await tx
    .update(posts)
    .set({ scheduledAt: at, updatedAt: sql`now()` })
    .where(eq(posts.id, id));
  const targets = await tx
    .select({ target: postTargets, account: socialAccounts })
    .from(postTargets)
    .leftJoin(socialAccounts, eq(socialAccounts.id, postTargets.accountId))
    .where(and(eq(postTargets.postId, id), inArray(postTargets.status, ['scheduled', 'failed', 'blocked'])));
  const queued: QueuedTarget[] = [];
  for (const { target, account } of targets) {
    const status = queuedStatusFor(account);
    await tx
      .update(postTargets)
      .set(requeueFields(status, at ?? now, target.accountName))
      .where(eq(postTargets.id, target.id));
    if (status === 'scheduled') queued.push({ targetId: target.id, at });
  }
  await refreshPostStatus(tx, id);
  return { postId: id, status: 202, queued };
}

/**
 * DELETE /api/posts/{id}. Not while a target is publishing (409). What a platform already holds
 * stays there: deleting a post here never deletes the published video from the platform. A post
 * that does not exist (another device deleted it first) is not an error.
 */
export async function deletePost(tx: Db, userId: number, id: string): Promise<{ deleted: boolean }> {
  const post = await lockPost(tx, id);
  if (!post || post.userId !== userId) return { deleted: false };
  const [publishing] = await tx
    .select({ id: postTargets.id })
    .from(postTargets)
    .where(and(eq(postTargets.postId, id), eq(postTargets.status, 'publishing')))
    .limit(1);
  if (publishing) throw new ClientProblem(409, PUBLISHING_NOW_MESSAGE);
  await tx.delete(posts).where(eq(posts.id, id));
  return { deleted: true };
}

export const FAILED_JOB_NOT_FOUND = 'This failed job no longer exists.';
export const JOB_NOT_FAILED_MESSAGE = 'This job has not failed (it may already be rescheduled).';

/**
 * POST /api/reschedule/failed-jobs for a publish target: queued again at `scheduledAt` (null: now)
 * with a fresh set of attempts; its last error is cleared (the list shows what is failed now). A
 * target whose post the platform already holds only has its processing checked again: it is
 * never uploaded a second time. Returns null when `id` is not one of the owner's targets.
 */
export async function rescheduleFailedTarget(tx: Db, userId: number, id: string, scheduledAt: string | null | undefined, now = new Date()): Promise<PostChange | null> {
  const [found] = await tx
    .select({ target: postTargets, account: socialAccounts })
    .from(postTargets)
    .leftJoin(socialAccounts, eq(socialAccounts.id, postTargets.accountId))
    .where(and(eq(postTargets.id, id), eq(postTargets.userId, userId)))
    .for('update', { of: postTargets });
  if (!found) return null;
  if (found.target.status !== 'failed') throw new ClientProblem(409, JOB_NOT_FAILED_MESSAGE);
  const errors: Record<string, string[]> = {};
  const at = publishTime(scheduledAt, now, errors);
  throwIfAny(errors);
  const status = queuedStatusFor(found.account);
  await tx
    .update(postTargets)
    .set(requeueFields(status, at ?? now, found.target.accountName))
    .where(eq(postTargets.id, id));
  if (at) {
    await tx
      .update(posts)
      .set({ scheduledAt: at, updatedAt: sql`now()` })
      .where(eq(posts.id, found.target.postId));
  }
  await refreshPostStatus(tx, found.target.postId);
  return { postId: found.target.postId, status: 202, queued: status === 'scheduled' ? [{ targetId: id, at }] : [] };
}
