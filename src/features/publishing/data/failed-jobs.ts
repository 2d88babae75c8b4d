// Failed jobs: the publish targets and renders that failed, as GET /api/get/failed-jobs
// lists them, and "Retry now" / "Reschedule…" as outbox items (POST /api/reschedule/failed-jobs
// {id, scheduled_at}) keyed `failedJob:{id}`, so they work offline. A rescheduled job stays in the
// list badged 'pending' until the server has it; once delivered it is no longer failed and leaves
// the list (the posts are pulled again to show the target queued). "Dismiss" takes a job off the
// list at once (DELETE /api/failed-jobs/{id}, held in the outbox for the undo window like a
// delete). No React, no zod (the service worker imports this module).
import type { FailedJob } from '../../../../contract/publishing';
import { db, type LocalFailedJob } from '../../../store/db';
import { appOutbox, onOutcome, pullNow } from '../../../sync/engine';
import type { OutboxItem } from '../../../sync/outbox';
import { createCollectionSync, pendingInOutbox, type CollectionSync, type HttpGet, type PullResponse } from '../../../sync/pull';
import { defineMutation } from '../../../sync/registry';
import { createLocalRows, payloadId, plain, registerRowOutcomes } from '../../../store/local-rows';
import { fetchAllPages } from '../../../sync/paged-pull';
import { unchangedWhenForbidden } from '../../../session/plan-access';
import { deleteLocallyWithUndo, undoLocalDelete, type DeletedRow } from '../../../store/undo-delete';
import { PUBLISHING_URLS } from './urls';

export const FAILED_JOBS_COLLECTION = 'failedJobs';
export const failedJobEntityKey = (id: string): string => `failedJob:${id}`;
/** GET /api/get/failed-jobs allows per_page ≤ 100; a few hundred failures are plenty to act on. */
export const FAILED_JOBS_PAGE_SIZE = 100;
export const FAILED_JOBS_MAX_PAGES = 5;

export interface RescheduleFailedJobPayload {
  id: string;
  /** null: now. */
  scheduled_at: string | null;
  /** For the failed-changes list. Not sent. */
  label: string;
}

export const rescheduleFailedJobMutation = defineMutation({
  kind: 'failedJob.reschedule',
  schemaVersion: 1,
  entityKey: (p: RescheduleFailedJobPayload) => failedJobEntityKey(p.id),
  toRequest: (p) => ({ method: 'POST', url: PUBLISHING_URLS.rescheduleFailedJob, body: { id: p.id, scheduled_at: p.scheduled_at } }),
});

export interface DismissFailedJobPayload {
  id: string;
  /** The row before (restored on Undo, a refusal or a discard). Not sent. */
  previous: LocalFailedJob | null;
}

export const dismissFailedJobMutation = defineMutation({
  kind: 'failedJob.dismiss',
  schemaVersion: 1,
  entityKey: (p: DismissFailedJobPayload) => failedJobEntityKey(p.id),
  toRequest: (p) => ({ method: 'DELETE', url: PUBLISHING_URLS.failedJob(p.id) }),
});

export const FAILED_JOB_KINDS = [rescheduleFailedJobMutation.kind, dismissFailedJobMutation.kind];

export function isFailedJob(value: unknown): value is FailedJob {
  const job = value as Partial<FailedJob> | null;
  return typeof job === 'object' && job !== null && typeof job.id === 'string' && typeof job.kind === 'string' && typeof job.reason === 'string';
}

export function toLocalFailedJob(job: FailedJob): LocalFailedJob {
  return { ...job, syncStatus: 'synced', syncError: null, failedOutboxId: null };
}

type JobNames = Pick<FailedJob, 'kind' | 'account_name' | 'video_title'> & { post_title?: string | null };

/**
 * What a job is about, quoted: the video's title, else (the video was deleted) the post's own
 * title; null when there is neither. Rows stored before the server named posts have no post_title.
 */
function jobSubject(job: JobNames): string | null {
  const name = job.video_title?.trim() || (job.kind === 'publish' ? job.post_title?.trim() : '') || '';
  return name ? `“${name}”` : null;
}

/** The failed-jobs list's title of a job: "Render of “Video”", "“Video” to My channel", "Deleted video to My channel". */
export function failedJobTitle(job: JobNames): string {
  const subject = jobSubject(job);
  if (job.kind === 'render') return `Render of ${subject ?? 'a video'}`;
  return `${subject ?? 'Deleted video'} to ${job.account_name ?? 'an account'}`;
}

/** "post of “Video” to My channel" or "render of “Video”": what the failed-changes list calls a job. */
export function failedJobLabel(job: JobNames): string {
  const subject = jobSubject(job);
  if (job.kind === 'render') return `render of ${subject ?? 'a video'}`;
  return `post of ${subject ?? 'a deleted video'}${job.account_name ? ` to ${job.account_name}` : ''}`;
}

export const failedJobRows = createLocalRows<LocalFailedJob>({ collection: FAILED_JOBS_COLLECTION, table: () => db.failedJobs, entityPrefix: 'failedJob' });
const rows = failedJobRows;

/**
 * Re-queue a failed job now (`scheduledAtIso` null) or at a time: badged 'pending' at once, the
 * request queued. Refuses a time more than a minute in the past.
 */
export async function rescheduleFailedJob(id: string, scheduledAtIso: string | null = null): Promise<void> {
  if (scheduledAtIso !== null) {
    const when = Date.parse(scheduledAtIso);
    if (!Number.isFinite(when)) throw new Error('The scheduled time must be an ISO 8601 date and time.');
    if (when < Date.now() - 60_000) throw new Error('Choose a time in the future.');
  }
  const current = await db.failedJobs.get(id);
  if (!current) throw new Error('This failed job is no longer on this device.');
  await rows.write(async () => {
    await appOutbox.enqueue(rescheduleFailedJobMutation, { id, scheduled_at: scheduledAtIso, label: failedJobLabel(current) });
    await rows.refreshBadge(id);
    await rows.changed();
  });
}

export type DismissedFailedJob = DeletedRow<LocalFailedJob>;

/**
 * Dismiss a failed job: off the list at once; the DELETE waits in the outbox for the undo window
 * (UNDO_WINDOW_MS) and is then sent. Nothing about the post or the video changes.
 */
export async function dismissFailedJob(id: string): Promise<DismissedFailedJob> {
  if (!(await db.failedJobs.get(id))) throw new Error('This failed job is no longer on this device.');
  // A failed job is never created on this device: there is no never-sent create to drop instead.
  return deleteLocallyWithUndo(id, { rows, createKind: 'failedJob.none', deleteMutation: dismissFailedJobMutation });
}

/** Undo a dismissal while its DELETE is still held (throws UndoTooLateError after it was sent). */
export function undoDismissFailedJob(dismissed: DismissedFailedJob): Promise<boolean> {
  return undoLocalDelete(rows, dismissed, 'Too late to undo: the job was already dismissed on your account.');
}

/** Pull the failed jobs now; nothing happens while signed out. */
export function refreshFailedJobs(): Promise<void> {
  return pullNow(FAILED_JOBS_COLLECTION);
}

// --- outcomes -------------------------------------------------------------------------------------

async function afterChange(item: OutboxItem, deliveredNow: boolean): Promise<void> {
  const id = payloadId(item);
  await db.transaction('rw', rows.tables(), async () => {
    // Delivered and nothing else waits: the job is queued again, no longer a failure.
    if (deliveredNow && (await rows.itemsOf(id)).length === 0) await db.failedJobs.delete(id);
    else await rows.refreshBadge(id);
    await rows.changed();
  });
}

onOutcome(rescheduleFailedJobMutation.kind, {
  collection: FAILED_JOBS_COLLECTION,
  tables: rows.tables,
  async delivered(item) {
    await afterChange(item, true);
    // The post's target is scheduled again: show it.
    void pullNow('posts').catch(() => undefined);
  },
  failed: (item) => afterChange(item, false),
  retried: (item) => afterChange(item, false),
  discarded: (item) => afterChange(item, false),
  describe: (item) => {
    const label = (item.payload as Partial<RescheduleFailedJobPayload>).label;
    const what = label ?? 'a failed job';
    return (item.payload as Partial<RescheduleFailedJobPayload>).scheduled_at ? `New time for the ${what}` : `Retry of the ${what}`;
  },
});

// A dismissal delivered: the row stays gone. Refused: it comes back badged with the reason.
// Discarded: it comes back as it was.
registerRowOutcomes(rows, {
  deleteKind: dismissFailedJobMutation.kind,
  kinds: [dismissFailedJobMutation.kind],
  fromServer: () => null,
  describe: (item) => {
    const previous = (item.payload as Partial<DismissFailedJobPayload>).previous;
    return `Dismissal of the ${previous ? failedJobLabel(previous) : 'failed job'}`;
  },
});

// --- pull -----------------------------------------------------------------------------------------

/** GET /api/get/failed-jobs, newest failures first, per_page 100, a bounded number of pages. */
export function fetchFailedJobs(get: HttpGet, etag: string | null): Promise<PullResponse<LocalFailedJob>> {
  return fetchAllPages(get, etag, {
    path: PUBLISHING_URLS.failedJobs,
    isItem: isFailedJob,
    toRow: (job) => toLocalFailedJob(plain(job)),
    id: (job) => job.id,
    noun: 'failed jobs list',
    perPage: FAILED_JOBS_PAGE_SIZE,
    maxPages: FAILED_JOBS_MAX_PAGES,
  });
}

/** The failed jobs: a job with a reschedule in the outbox keeps its row (and badge). */
export function createFailedJobsSync(get: HttpGet): CollectionSync {
  return createCollectionSync<LocalFailedJob, string>({
    collection: FAILED_JOBS_COLLECTION,
    table: db.failedJobs,
    syncState: db.syncState,
    fetch: unchangedWhenForbidden((etag) => fetchFailedJobs(get, etag), 'can_publish_post'),
    key: (job) => job.id,
    ...pendingInOutbox<string>(db.outbox, failedJobEntityKey),
  });
}
