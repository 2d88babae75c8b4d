// Posts for the screens (publish, calendar): everything of post-sync.ts (kinds, outcomes, pull) plus
// the changes a creator makes — create (now or scheduled), save a draft, reschedule, delete with
// Undo. Each is an optimistic row (badged 'pending' until delivered) and an outbox item in one
// transaction, so it works offline. Requests are checked with the contract's zod schemas, the
// same ones the server uses (kept out of post-sync.ts so the service worker loads no zod). No React.
import {
  createDraftRequest,
  createPostRequest,
  type CreateDraftRequest,
  type CreatePostRequest,
  type PostTarget,
  type PostVideo,
  type TargetStatus,
} from '../../../../contract/publishing';
import { db, type LocalAccount, type LocalPost } from '../../../store/db';
import { appOutbox } from '../../../sync/engine';
import type { MutationDef } from '../../../sync/registry';
import {
  createPostMutation,
  deletePostMutation,
  postRows as rows,
  reschedulePostMutation,
  saveDraftMutation,
  syncCalendarEntry,
  writePosts,
} from './post-sync';
import { plain } from '../../../store/local-rows';
import { deleteLocallyWithUndo, undoLocalDelete, type DeletedRow } from '../../../store/undo-delete';

export * from './post-sync';

/** How far in the past a chosen time may lie and still count (a clock a little behind, a slow tap). */
export const PAST_TOLERANCE_MS = 60_000;

function firstIssue(result: { success: boolean; error?: { issues: Array<{ message: string }> } }, fallback: string): string {
  return result.error?.issues[0]?.message ?? fallback;
}

/** The video as a post shows it, from the publishable videos on the device (or what the row had). */
async function postVideo(videoId: string | null | undefined, previous: LocalPost | null): Promise<PostVideo | null> {
  if (!videoId) return null;
  const video = await db.publishVideos.get(videoId);
  if (video) return { id: video.id, title: video.title, thumbnail_url: video.thumbnail_url, duration: video.duration };
  if (previous?.video?.id === videoId) return previous.video;
  return { id: videoId, title: 'Video', thumbnail_url: null, duration: null };
}

/** One provisional target per account (the server's answer brings the real ids and statuses). */
async function provisionalTargets(postId: string, accountIds: readonly string[], status: TargetStatus, previous: LocalPost | null): Promise<PostTarget[]> {
  const accounts = await db.accounts.bulkGet([...accountIds]);
  return accountIds.map((accountId, index) => {
    const account: LocalAccount | undefined = accounts[index];
    const before = previous?.targets.find((target) => target.account_id === accountId);
    const blocked = status === 'scheduled' && account?.health === 'reconnect';
    return {
      id: before?.id ?? `${postId}:${accountId}`,
      account_id: accountId,
      platform: account?.platform ?? before?.platform ?? 'youtube',
      account_name: account?.name ?? before?.account_name ?? 'Account',
      sandbox: account?.sandbox ?? before?.sandbox ?? false,
      status: blocked ? 'blocked' : status,
      attempts: 0,
      platform_post_id: null,
      url: null,
      error: blocked ? (account?.health_reason ?? 'This account needs to be reconnected.') : null,
      error_code: null,
      error_class: null,
      next_attempt_at: null,
      published_at: null,
    };
  });
}

/** Put the optimistic row (badge from the outbox) and keep the calendar in step. */
async function putPost(row: LocalPost): Promise<LocalPost> {
  await rows.putWithBadge(row);
  await rows.changed();
  await syncCalendarEntry(row.id);
  return (await db.posts.get(row.id)) ?? row;
}

/** The fields a post or draft request gives the stored row (after the contract's parse). */
interface QueuedFields {
  video_id?: string | null | undefined;
  account_ids: string[];
  caption: string;
  scheduled_at?: string | null | undefined;
  timezone?: string | null | undefined;
  options: LocalPost['options'];
}

/** The row as it is now on this device, and its create (or draft save) queued in the same transaction. */
async function queuePost<K extends string, Payload extends { id: string; request: object; previous: LocalPost | null }>(
  mutation: MutationDef<K, Payload>,
  status: 'scheduled' | 'draft',
  id: string,
  request: Payload['request'],
  fields: QueuedFields,
  previous: LocalPost | null,
): Promise<LocalPost> {
  const video = await postVideo(fields.video_id ?? null, previous);
  const targets = await provisionalTargets(id, fields.account_ids, status, previous);
  const at = new Date().toISOString();
  return writePosts(async () => {
    await appOutbox.enqueue(mutation, { id, request, previous: previous ? plain(previous) : null } as Payload);
    return putPost({
      id,
      status,
      video_id: fields.video_id ?? null,
      video,
      caption: fields.caption,
      scheduled_at: fields.scheduled_at ?? null,
      timezone: fields.timezone ?? null,
      options: fields.options,
      targets,
      published_at: null,
      created_at: previous?.created_at ?? at,
      updated_at: at,
      syncStatus: 'pending',
      syncError: null,
      failedOutboxId: null,
    });
  });
}

/**
 * Publish now (`scheduled_at` null/absent) or at `scheduled_at`: a 'scheduled' row at once and the
 * POST /api/create/post queued. With the id of a draft, that draft becomes the scheduled post.
 * Rejects with the first validation message when the request is invalid (nothing is stored).
 */
export async function createPost(input: CreatePostRequest & { id: string }): Promise<LocalPost> {
  const request = plain(input);
  const checked = createPostRequest.safeParse(request);
  if (!checked.success) throw new Error(firstIssue(checked, 'This post is not valid.'));
  if (request.scheduled_at && Date.parse(request.scheduled_at) < Date.now() - PAST_TOLERANCE_MS) throw new Error('Choose a time in the future.');
  const previous = (await db.posts.get(request.id)) ?? null;
  if (previous && previous.status !== 'draft') throw new Error('This post was already sent; only drafts can be turned into a post.');
  return queuePost(createPostMutation, 'scheduled', request.id, request, { ...checked.data, options: plain(checked.data.options) }, previous);
}

/** Create or update a draft (video and accounts optional): a 'draft' row and the POST …/draft queued. */
export async function saveDraft(input: CreateDraftRequest & { id: string }): Promise<LocalPost> {
  const request = plain(input);
  const checked = createDraftRequest.safeParse(request);
  if (!checked.success) throw new Error(firstIssue(checked, 'This draft is not valid.'));
  const previous = (await db.posts.get(request.id)) ?? null;
  if (previous && previous.status !== 'draft') throw new Error('This post was already sent; it can no longer be saved as a draft.');
  // A draft may be incomplete: its options are stored as given (filled in when it is scheduled).
  return queuePost(saveDraftMutation, 'draft', request.id, request, { ...checked.data, options: plain(checked.data.options) as LocalPost['options'] }, previous);
}

/** The draft request that reproduces a draft row (to move a draft on the calendar). */
export function draftRequestOf(post: LocalPost, changes: Partial<CreateDraftRequest> = {}): CreateDraftRequest & { id: string } {
  return {
    id: post.id,
    video_id: post.video_id,
    account_ids: post.targets.map((target) => target.account_id).filter((id): id is string => id !== null),
    caption: post.caption,
    scheduled_at: post.scheduled_at,
    ...(post.timezone ? { timezone: post.timezone } : {}),
    options: plain(post.options),
    ...changes,
  };
}

/**
 * Move a scheduled or failed post to a new time (the calendar's drag, the list's "Reschedule"):
 * shown at the new time at once, its failed targets scheduled again, POST …/reschedule queued.
 * A draft keeps being a draft with the new time. Refuses a time in the past and a post that is
 * publishing or published.
 */
export async function reschedulePost(id: string, scheduledAtIso: string): Promise<void> {
  const when = Date.parse(scheduledAtIso);
  if (!Number.isFinite(when)) throw new Error('The scheduled time must be an ISO 8601 date and time.');
  if (when < Date.now() - PAST_TOLERANCE_MS) throw new Error('Choose a time in the future.');
  const current = await db.posts.get(id);
  if (!current) throw new Error('This post is no longer on this device.');
  if (current.status === 'draft') {
    await saveDraft(draftRequestOf(current, { scheduled_at: scheduledAtIso }));
    return;
  }
  if (current.status !== 'scheduled' && current.status !== 'failed') {
    throw new Error(current.status === 'publishing' ? 'This post is being published right now; it can no longer be moved.' : 'A published post cannot be moved.');
  }
  await writePosts(async () => {
    await appOutbox.enqueue(reschedulePostMutation, { id, scheduled_at: scheduledAtIso, previous: plain(current) });
    const targets = current.targets.map((target) =>
      target.status === 'failed' ? { ...target, status: 'scheduled' as const, error: null, error_code: null, error_class: null, next_attempt_at: null } : target,
    );
    await putPost({ ...current, status: 'scheduled', scheduled_at: scheduledAtIso, targets, updated_at: new Date().toISOString() });
  });
}

export type DeletedPost = DeletedRow<LocalPost>;

/**
 * Delete a post: gone from the screens at once; the DELETE waits in the outbox for the undo window
 * (UNDO_WINDOW_MS) and is then sent. A post that never left the device (its first queued change
 * created it and nothing was attempted) is just dropped, with no request.
 */
export async function deletePost(id: string): Promise<DeletedPost> {
  const [first] = await rows.itemsOf(id);
  // The change that brought the post into being has no `previous`; only such a one may be dropped.
  const created = first && (first.kind === createPostMutation.kind || first.kind === saveDraftMutation.kind) && (first.payload as { previous?: unknown }).previous == null;
  const deleted = await deleteLocallyWithUndo(id, { rows, createKind: created ? first.kind : 'post.none', deleteMutation: deletePostMutation });
  await syncCalendarEntry(id);
  return deleted;
}

/** Undo a delete while its DELETE is still held (throws UndoTooLateError after it was sent). */
export async function undoDeletePost(deleted: DeletedPost): Promise<boolean> {
  const restored = await undoLocalDelete(rows, deleted, 'Too late to undo: the post was already deleted from your account.');
  await syncCalendarEntry(deleted.id);
  return restored;
}
