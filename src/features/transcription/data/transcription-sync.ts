// Transcriptions, an offline-first collection: kinds, outcomes, pull and the screens'
// changes. The list pull (GET /api/transcriptions) answers summaries without words; the words of
// one transcription come from GET /api/transcriptions/{id} when its screen opens
// (`loadTranscriptionWords`) and are kept with the `updated_at` they belong to, so a pull that
// brings a newer summary marks them stale without throwing away what the creator can read offline
// — and a row that turned completed through the pull has no words yet ("missing", not "empty").
// Edits (words, caption style) and render requests are optimistic rows plus outbox items, like
// every collection; an edit carries the version it was made on (`base_updated_at`), which the
// server requires with words. The create is queued by the upload runner
// (src/media/transcription-uploads.ts) once the file is on the server. Types only from the
// contract: the service worker imports this.
import type { CaptionSettings, WordTiming } from '../../../../contract/captions';
import type { Transcription, TranscriptionSummary } from '../../../../contract/transcriptions';
import { db, type LocalTranscription } from '../../../store/db';
import { appOutbox, pullNow } from '../../../sync/engine';
import type { OutboxItem, OutboxResponse } from '../../../sync/outbox';
import { createCollectionSync, pendingInOutbox, type CollectionSync, type HttpGet, type PullResponse } from '../../../sync/pull';
import { defineMutation } from '../../../sync/registry';
import { createLocalRows, plain, quotedTitle, registerRowOutcomes } from '../../../store/local-rows';
import { fetchAllPages } from '../../../sync/paged-pull';
import { unchangedWhenForbidden } from '../../../session/plan-access';

export const TRANSCRIPTIONS_COLLECTION = 'transcriptions';
export const transcriptionEntityKey = (id: string): string => `transcription:${id}`;
/** GET /api/transcriptions answers at most 100 a page. */
export const TRANSCRIPTIONS_PAGE_SIZE = 100;

/** The server is working on it: transcribing, or rendering its captioned video. */
export const isTranscriptionActive = (row: Pick<Transcription, 'status' | 'render_status'>): boolean =>
  row.status === 'queued' || row.status === 'processing' || row.render_status === 'queued' || row.render_status === 'rendering';

// --- mutation kinds ---------------------------------------------------------------------------

/** The JSON create of spec §3 naming a finished resumable upload; booleans as 1/0. */
export interface CreateTranscriptionBody {
  id: string;
  upload_id: string;
  caption_settings: CaptionSettings;
  process_now: 1;
  skip_size_check: 0 | 1;
  render_video: 0 | 1;
  language?: string;
}

export interface CreateTranscriptionPayload {
  id: string;
  title: string;
  body: CreateTranscriptionBody;
}

export interface UpdateTranscriptionPayload {
  id: string;
  changes: { words?: WordTiming[]; caption_settings?: CaptionSettings };
  /**
   * The server's updated_at the edit was made on (a stale edit is a 409): for words, the version
   * the corrected words were loaded at. An edit queued behind another of the same transcription
   * carries the same base and is moved on to the version the earlier one produced once the server
   * has taken it (see `rebaseQueuedEdits`).
   */
  baseUpdatedAt: string | null;
  previous: LocalTranscription | null;
}

export interface RenderTranscriptionPayload {
  id: string;
  previous: LocalTranscription | null;
}

export const createTranscriptionMutation = defineMutation({
  kind: 'transcription.create',
  schemaVersion: 1,
  entityKey: (p: CreateTranscriptionPayload) => transcriptionEntityKey(p.id),
  toRequest: (p) => ({ method: 'POST', url: '/api/transcriptions', body: p.body }),
});

export const updateTranscriptionMutation = defineMutation({
  kind: 'transcription.update',
  schemaVersion: 1,
  entityKey: (p: UpdateTranscriptionPayload) => transcriptionEntityKey(p.id),
  toRequest: (p) => ({
    method: 'PUT',
    url: `/api/transcriptions/${encodeURIComponent(p.id)}`,
    body: { ...p.changes, ...(p.baseUpdatedAt ? { base_updated_at: p.baseUpdatedAt } : {}) },
  }),
});

export const renderTranscriptionMutation = defineMutation({
  kind: 'transcription.render',
  schemaVersion: 1,
  entityKey: (p: RenderTranscriptionPayload) => transcriptionEntityKey(p.id),
  toRequest: (p) => ({ method: 'POST', url: `/api/transcriptions/${encodeURIComponent(p.id)}/render` }),
});

export const TRANSCRIPTION_KINDS = [createTranscriptionMutation.kind, updateTranscriptionMutation.kind, renderTranscriptionMutation.kind];

// --- rows -----------------------------------------------------------------------------------------

export function isTranscriptionSummary(value: unknown): value is TranscriptionSummary {
  const row = value as Partial<TranscriptionSummary> | null;
  return typeof row === 'object' && row !== null && typeof row.id === 'string' && typeof row.status === 'string' && typeof row.created_at === 'string';
}

/** `{transcription: …}` (create, get, edit, render answers) → the transcription, else null. */
export function transcriptionOf(body: unknown): Transcription | null {
  const inner = (body as { transcription?: unknown } | null)?.transcription;
  return isTranscriptionSummary(inner) && Array.isArray((inner as Partial<Transcription>).words) ? (inner as Transcription) : null;
}

/**
 * A server transcription (or list summary) as a synced row. Words come with a full answer of a
 * completed transcription (before that there is no transcript: `wordsUpdatedAt` stays null, so
 * the `[]` of a queued answer is never taken for an empty transcript); a summary keeps the local
 * words, which stay valid while `wordsUpdatedAt` equals `updated_at`.
 */
export function toLocalTranscription(server: TranscriptionSummary | Transcription, local?: LocalTranscription): LocalTranscription {
  const full = 'words' in server && Array.isArray(server.words);
  const transcript = full && server.status === 'completed';
  return {
    ...server,
    words: transcript ? server.words : (local?.words ?? []),
    wordsUpdatedAt: transcript ? server.updated_at : (local?.wordsUpdatedAt ?? null),
    syncStatus: 'synced',
    syncError: null,
    failedOutboxId: null,
    keptOffline: local?.keptOffline ?? false,
  };
}

/**
 * What this device holds of a transcription's words: `current` (the server's latest, or the
 * creator's own unsent edits on top of loaded words; also any unfinished transcription, which has
 * none yet), `older` (loaded at an earlier version) or `missing` (never loaded: the list pull
 * brings no words, so a transcription that just completed is here until they are fetched).
 * Only loaded words may be shown for editing: `missing` is not an empty transcript.
 */
export type WordsAvailability = 'current' | 'older' | 'missing';

export function wordsAvailability(row: LocalTranscription): WordsAvailability {
  if (row.status !== 'completed') return 'current';
  if (row.wordsUpdatedAt === null) return 'missing';
  return row.syncStatus !== 'synced' || row.wordsUpdatedAt === row.updated_at ? 'current' : 'older';
}

export const TRANSCRIPT_NOT_LOADED = 'The transcript has not been loaded on this device yet, so it cannot be saved. Open it while online first.';

export const transcriptionRows = createLocalRows<LocalTranscription>({
  collection: TRANSCRIPTIONS_COLLECTION,
  table: () => db.transcriptions,
  entityPrefix: 'transcription',
});
const rows = transcriptionRows;

// --- the screens' changes -------------------------------------------------------------------------

async function currentRow(id: string): Promise<LocalTranscription> {
  const row = await db.transcriptions.get(id);
  if (!row) throw new Error('This transcription is no longer on this device.');
  return row;
}

/**
 * Save corrected words and/or the caption style: shown at once, the PUT queued (works offline).
 * `wordsVersion`: the `wordsUpdatedAt` of the words the editor's draft was made on (the row's, by
 * default). Words go with that version and the style with the row's `updated_at`, so a newer
 * version on the server is a 409, never a silent overwrite. Words never loaded cannot be saved.
 */
export async function updateTranscriptionLocally(
  id: string,
  changes: { words?: WordTiming[]; caption_settings?: CaptionSettings },
  wordsVersion?: string | null,
): Promise<void> {
  const exact = plain(changes);
  await rows.write(async () => {
    const current = await currentRow(id);
    const baseUpdatedAt = exact.words ? (wordsVersion === undefined ? current.wordsUpdatedAt : wordsVersion) : current.updated_at;
    if (exact.words && baseUpdatedAt === null) throw new Error(TRANSCRIPT_NOT_LOADED);
    await appOutbox.enqueue(updateTranscriptionMutation, { id, changes: exact, baseUpdatedAt, previous: plain(current) });
    const next: LocalTranscription = { ...current, ...exact };
    if (exact.words) next.text = exact.words.map((word) => word.word).join(' ');
    if (current.captioned_url) next.render_outdated = true;
    await rows.putWithBadge(next);
    await rows.changed();
  });
}

/** Ask for the captioned video: shown as queued at once, the request queued. */
export async function renderTranscriptionLocally(id: string): Promise<void> {
  await rows.write(async () => {
    const current = await currentRow(id);
    if (current.status !== 'completed') throw new Error('The transcript must be finished before its captioned video can be made.');
    await appOutbox.enqueue(renderTranscriptionMutation, { id, previous: plain(current) });
    await rows.putWithBadge({ ...current, render_status: 'queued', render_progress: 0, render_error: null });
    await rows.changed();
  });
}

/** Store the device's "keep offline" choice for the captioned video. */
export async function setTranscriptionKeptOffline(id: string, kept: boolean): Promise<void> {
  await db.transcriptions.update(id, { keptOffline: kept });
}

async function fetchTranscription(get: HttpGet, id: string): Promise<Transcription> {
  const response = await get(`/api/transcriptions/${encodeURIComponent(id)}`, {});
  const server = transcriptionOf(response.body);
  if (response.status !== 200 || !server) {
    const message = (response.body as { message?: unknown } | null)?.message;
    throw new Error(typeof message === 'string' ? message : `The transcription could not be loaded (${response.status}).`);
  }
  return plain(server);
}

/**
 * Fetch one transcription whole (its words) and keep it, unless changes of it wait in the outbox
 * (they are the truth on this device until delivered) — words the device never had are taken
 * even then (such changes are of the style or a render, made without them). Needs the network.
 */
export async function loadTranscriptionWords(get: HttpGet, id: string): Promise<LocalTranscription | null> {
  const server = await fetchTranscription(get, id);
  return rows.write(async () => {
    const local = await db.transcriptions.get(id);
    if ((await rows.itemsOf(id)).length > 0) {
      if (!local || local.wordsUpdatedAt !== null || server.status !== 'completed') return local ?? null;
      const row: LocalTranscription = { ...local, words: server.words, wordsUpdatedAt: server.updated_at };
      await db.transcriptions.put(row);
      return row;
    }
    const row = toLocalTranscription(server, local);
    await db.transcriptions.put(row);
    return row;
  });
}

/** Whether the change a row is badged 'failed' for is an edit of it (words or caption style). */
export async function isRefusedEdit(outboxId: string | null): Promise<boolean> {
  if (!outboxId) return false;
  return (await db.outbox.get(outboxId))?.kind === updateTranscriptionMutation.kind;
}

/**
 * After the server refused an edit (a newer version was saved elsewhere): drop this device's
 * queued edits of the transcription and take the server's version whole. The creator's words are
 * not lost: the editor keeps them to put back (TranscriptEditor). Needs the network.
 */
export async function reloadTranscriptionFromServer(get: HttpGet, id: string): Promise<LocalTranscription> {
  const server = await fetchTranscription(get, id);
  return rows.write(async () => {
    const items = await rows.itemsOf(id);
    if (items.some((item) => item.status === 'sending')) throw new Error('A change of this transcription is being sent right now. Try again in a moment.');
    for (const item of items) if (item.kind === updateTranscriptionMutation.kind) await appOutbox.discard(item.id);
    const row = toLocalTranscription(server, await db.transcriptions.get(id));
    await rows.putWithBadge(row);
    await rows.changed();
    return row;
  });
}

/**
 * An edit was delivered while later ones of the same transcription wait: they were made on top of
 * it (on this device, on the same base), so they now stand on the version its answer carries —
 * as does the row, whose versions move with them. Only never-sent items change (an attempted
 * body must stay what its Idempotency-Key was sent with).
 */
async function rebaseQueuedEdits(item: OutboxItem, response: OutboxResponse, remaining: OutboxItem[]): Promise<void> {
  const base = (item.payload as UpdateTranscriptionPayload).baseUpdatedAt;
  const server = transcriptionOf(response.body);
  if (item.kind !== updateTranscriptionMutation.kind || base === null || !server) return;
  for (const later of remaining) {
    const payload = later.payload as UpdateTranscriptionPayload;
    if (later.kind !== updateTranscriptionMutation.kind || later.attempts > 0 || payload.baseUpdatedAt !== base) continue;
    const moved: UpdateTranscriptionPayload = { ...payload, baseUpdatedAt: server.updated_at };
    await db.outbox.update(later.id, { payload: moved, body: updateTranscriptionMutation.toRequest(moved).body });
  }
  const row = await db.transcriptions.get(server.id);
  if (!row) return;
  await db.transcriptions.update(server.id, {
    ...(row.updated_at === base ? { updated_at: server.updated_at } : {}),
    ...(row.wordsUpdatedAt === base ? { wordsUpdatedAt: server.updated_at } : {}),
  });
}

/** Pull the transcriptions now (route entry, polling); nothing happens while signed out. */
export function refreshTranscriptions(): Promise<void> {
  return pullNow(TRANSCRIPTIONS_COLLECTION);
}

// --- outcomes -------------------------------------------------------------------------------------

registerRowOutcomes(rows, {
  createKind: createTranscriptionMutation.kind,
  kinds: TRANSCRIPTION_KINDS,
  afterDelivered: rebaseQueuedEdits,
  fromServer: (body, local) => {
    const server = transcriptionOf(body);
    return server ? toLocalTranscription(plain(server), local) : null;
  },
  describe: (item) => {
    if (item.kind === createTranscriptionMutation.kind) return `New transcription ${quotedTitle(item, '')}`.trim();
    const title = quotedTitle(item, 'a transcription');
    return item.kind === renderTranscriptionMutation.kind ? `Captioned video of ${title}` : `Corrections to ${title}`;
  },
});

// --- pull -----------------------------------------------------------------------------------------

/** GET /api/transcriptions, every page, If-None-Match on page 1. */
export function fetchAllTranscriptions(get: HttpGet, etag: string | null): Promise<PullResponse<LocalTranscription>> {
  return fetchAllPages(get, etag, {
    path: '/api/transcriptions',
    isItem: isTranscriptionSummary,
    toRow: (summary) => toLocalTranscription(summary),
    id: (summary) => summary.id,
    noun: 'transcription list',
    perPage: TRANSCRIPTIONS_PAGE_SIZE,
  });
}

/**
 * The transcriptions collection: pending rows are left alone; words and "keep offline" survive a
 * pull. A plan without transcription answers 403: that is the plan, not a sync failure.
 */
export function createTranscriptionsSync(get: HttpGet): CollectionSync {
  return createCollectionSync<LocalTranscription, string>({
    collection: TRANSCRIPTIONS_COLLECTION,
    table: db.transcriptions,
    syncState: db.syncState,
    fetch: unchangedWhenForbidden((etag) => fetchAllTranscriptions(get, etag), 'can_create_video_caption'),
    key: (row) => row.id,
    merge: (server, local) => ({
      ...server,
      words: local?.words ?? [],
      wordsUpdatedAt: local?.wordsUpdatedAt ?? null,
      keptOffline: local?.keptOffline ?? false,
    }),
    ...pendingInOutbox<string>(db.outbox, transcriptionEntityKey),
  });
}
