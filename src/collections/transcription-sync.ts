// Transcriptions, an offline-first collection (issue 11): kinds, outcomes, pull and the screens'
// changes. The list pull (GET /api/transcriptions) answers summaries without words; the words of
// one transcription come from GET /api/transcriptions/{id} when its screen opens
// (`loadTranscriptionWords`) and are kept with the `updated_at` they belong to, so a pull that
// brings a newer summary marks them stale without throwing away what the creator can read offline.
// Edits (words, caption style) and render requests are optimistic rows plus outbox items, like
// every collection; the create is queued by the upload runner (src/media/transcription-uploads.ts)
// once the file is on the server. Types only from the contract: the service worker imports this.
import type { CaptionSettings, WordTiming } from '../../contract/captions';
import type { Transcription, TranscriptionSummary } from '../../contract/transcriptions';
import { db, type LocalTranscription } from '../store/db';
import { appOutbox, pullNow } from '../sync/engine';
import { createCollectionSync, pendingInOutbox, type CollectionSync, type HttpGet, type PullResponse } from '../sync/pull';
import { defineMutation } from '../sync/registry';
import { createLocalRows, plain, quotedTitle, registerRowOutcomes } from './shared/local-rows';
import { fetchAllPages } from './shared/paged-pull';
import { unchangedWhenForbidden } from './shared/plan-access';

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
  /** The server's updated_at the edit was made on (a stale edit is a 409). */
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
 * A server transcription (or list summary) as a synced row. Words come with a full answer; a
 * summary keeps the local words, which stay valid while `wordsUpdatedAt` equals `updated_at`.
 */
export function toLocalTranscription(server: TranscriptionSummary | Transcription, local?: LocalTranscription): LocalTranscription {
  const full = 'words' in server && Array.isArray(server.words);
  return {
    ...server,
    words: full ? server.words : (local?.words ?? []),
    wordsUpdatedAt: full ? server.updated_at : (local?.wordsUpdatedAt ?? null),
    syncStatus: 'synced',
    syncError: null,
    failedOutboxId: null,
    keptOffline: local?.keptOffline ?? false,
  };
}

/** The words shown are the server's latest (or the creator's own unsent edit). */
export function wordsAreCurrent(row: LocalTranscription): boolean {
  return row.syncStatus !== 'synced' || (row.status === 'completed' ? row.wordsUpdatedAt === row.updated_at : true);
}

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

/** Save corrected words and/or the caption style: shown at once, the PUT queued (works offline). */
export async function updateTranscriptionLocally(id: string, changes: { words?: WordTiming[]; caption_settings?: CaptionSettings }): Promise<void> {
  const exact = plain(changes);
  await rows.write(async () => {
    const current = await currentRow(id);
    // An edit made on the server's latest version carries it (a newer one on the server is a 409,
    // not a silent overwrite); an edit on top of unsent edits is ours to win.
    const baseUpdatedAt = current.syncStatus === 'synced' ? current.updated_at : null;
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

/**
 * Fetch one transcription whole (its words) and keep it, unless changes of it wait in the outbox
 * (they are the truth on this device until delivered). Needs the network.
 */
export async function loadTranscriptionWords(get: HttpGet, id: string): Promise<LocalTranscription | null> {
  const response = await get(`/api/transcriptions/${encodeURIComponent(id)}`, {});
  const server = transcriptionOf(response.body);
  if (response.status !== 200 || !server) {
    const message = (response.body as { message?: unknown } | null)?.message;
    throw new Error(typeof message === 'string' ? message : `The transcription could not be loaded (${response.status}).`);
  }
  return rows.write(async () => {
    if ((await rows.itemsOf(id)).length > 0) return (await db.transcriptions.get(id)) ?? null;
    const row = toLocalTranscription(server, await db.transcriptions.get(id));
    await db.transcriptions.put(row);
    return row;
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
