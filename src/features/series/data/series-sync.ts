// Series, offline-first: the outbox kinds of every change to a series (create, edit, pause, delete,
// approve or reject an episode, ask for the next or a sample episode), what their deliveries,
// refusals and discards do to the local rows, and the pulls of the series and their episodes.
// Every kind's entity key is the series' (`series:{id}`), so a series' changes reach the server in
// the order they were made (an episode approved after a resume goes after the resume). No React and
// no zod: the service worker drains these kinds too (src/app/mutation-kinds.ts).
import { Dexie, type Transaction } from 'dexie';
import type { Series, SeriesEpisode } from '../../../../contract';
import { db, type LocalSeries, type SeriesEpisodeRow } from '../../../store/db';
import { createLocalRows, payloadId, plain, registerRowOutcomes } from '../../../store/local-rows';
import { unchangedWhenForbidden, statusOf } from '../../../session/plan-access';
import { onOutcome, pullNow } from '../../../sync/engine';
import type { OutboxItem } from '../../../sync/outbox';
import { fetchAllPages } from '../../../sync/paged-pull';
import { createCollectionSync, markCollectionChanged, pendingInOutbox, type CollectionSync, type HttpGet, type PullResponse } from '../../../sync/pull';
import { defineMutation } from '../../../sync/registry';

export const SERIES_COLLECTION = 'series';
export const SERIES_EPISODES_COLLECTION = 'seriesEpisodes';
/** The server's largest page for both lists (contract listSeriesQuery / listEpisodesQuery). */
export const SERIES_PAGE_SIZE = 100;
/** The latest episodes kept per series on this device (the timeline's reach offline). */
export const EPISODES_KEPT_PER_SERIES = 300;

export const seriesEntityKey = (id: string): string => `series:${id}`;
const seriesUrl = (id: string) => `/api/series/${encodeURIComponent(id)}`;

// --- mutation kinds ---------------------------------------------------------------------------

/** The create body (the contract's CreateSeriesRequest after validation, `id` included). */
export type SeriesCreateBody = Record<string, unknown> & { id: string; name: string; status: 'draft' | 'active' };

export interface CreateSeriesPayload {
  id: string;
  body: SeriesCreateBody;
}

export interface UpdateSeriesPayload {
  id: string;
  /** The PUT body: only the fields that change. */
  changes: Record<string, unknown>;
  /** The row before this change (restored if the change is discarded). Not sent. */
  previous: LocalSeries | null;
}

export interface DeleteSeriesPayload {
  id: string;
  /** The row before the delete (shown again if the server refuses it, or on Undo). Not sent. */
  previous: LocalSeries | null;
}

/** Approve or reject: `id` is the series (the entity), `episodeId` the episode. */
export interface EpisodeReviewPayload {
  id: string;
  episodeId: string;
  /** The reject's note for the writer; absent for an approval. */
  note?: string;
  /** The episode before this change (restored if it is discarded). Not sent. */
  previous: SeriesEpisodeRow | null;
}

/** Ask for an episode now: the next slot's, or a sample. */
export interface EpisodeRequestPayload {
  id: string;
}

export const createSeriesMutation = defineMutation({
  kind: 'series.create',
  schemaVersion: 1,
  entityKey: (p: CreateSeriesPayload) => seriesEntityKey(p.id),
  toRequest: (p) => ({ method: 'POST', url: '/api/series', body: { ...p.body } }),
});

export const updateSeriesMutation = defineMutation({
  kind: 'series.update',
  schemaVersion: 1,
  entityKey: (p: UpdateSeriesPayload) => seriesEntityKey(p.id),
  toRequest: (p) => ({ method: 'PUT', url: seriesUrl(p.id), body: { ...p.changes } }),
});

export const deleteSeriesMutation = defineMutation({
  kind: 'series.delete',
  schemaVersion: 1,
  entityKey: (p: DeleteSeriesPayload) => seriesEntityKey(p.id),
  toRequest: (p) => ({ method: 'DELETE', url: seriesUrl(p.id) }),
});

export const approveEpisodeMutation = defineMutation({
  kind: 'series.episode.approve',
  schemaVersion: 1,
  entityKey: (p: EpisodeReviewPayload) => seriesEntityKey(p.id),
  toRequest: (p) => ({ method: 'POST', url: `${seriesUrl(p.id)}/episodes/${encodeURIComponent(p.episodeId)}/approve`, body: {} }),
});

export const rejectEpisodeMutation = defineMutation({
  kind: 'series.episode.reject',
  schemaVersion: 1,
  entityKey: (p: EpisodeReviewPayload) => seriesEntityKey(p.id),
  toRequest: (p) => ({ method: 'POST', url: `${seriesUrl(p.id)}/episodes/${encodeURIComponent(p.episodeId)}/reject`, body: { note: p.note ?? '' } }),
});

export const generateNextEpisodeMutation = defineMutation({
  kind: 'series.generate-next',
  schemaVersion: 1,
  entityKey: (p: EpisodeRequestPayload) => seriesEntityKey(p.id),
  toRequest: (p) => ({ method: 'POST', url: `${seriesUrl(p.id)}/generate-next`, body: {} }),
});

export const sampleEpisodeMutation = defineMutation({
  kind: 'series.sample',
  schemaVersion: 1,
  entityKey: (p: EpisodeRequestPayload) => seriesEntityKey(p.id),
  toRequest: (p) => ({ method: 'POST', url: `${seriesUrl(p.id)}/sample`, body: {} }),
});

/** Every kind of the series, for the credits watch and the tests. */
export const SERIES_KINDS = [
  createSeriesMutation.kind,
  updateSeriesMutation.kind,
  deleteSeriesMutation.kind,
  approveEpisodeMutation.kind,
  rejectEpisodeMutation.kind,
  generateNextEpisodeMutation.kind,
  sampleEpisodeMutation.kind,
] as const;

// --- shapes -----------------------------------------------------------------------------------

export function isSeries(value: unknown): value is Series {
  const row = value as Partial<Series> | null;
  return typeof row === 'object' && row !== null && typeof row.id === 'string' && typeof row.name === 'string' && typeof row.status === 'string' && typeof row.stats === 'object';
}

export function isSeriesEpisode(value: unknown): value is SeriesEpisode {
  const row = value as Partial<SeriesEpisode> | null;
  return typeof row === 'object' && row !== null && typeof row.id === 'string' && typeof row.series_id === 'string' && typeof row.status === 'string';
}

/** A server series as a synced local row. */
export function toLocalSeries(series: Series): LocalSeries {
  return { ...series, syncStatus: 'synced', syncError: null, failedOutboxId: null };
}

export const seriesRows = createLocalRows<LocalSeries>({ collection: SERIES_COLLECTION, table: () => db.series, entityPrefix: 'series' });

/** The tables an episode's change writes: the series (its badge), the episodes, the outbox, sync state. */
const episodeTables = () => [...seriesRows.tables(), db.seriesEpisodes];

function seriesName(item: OutboxItem): string {
  const payload = item.payload as { body?: { name?: unknown }; changes?: { name?: unknown }; previous?: { name?: unknown } | null };
  const name = payload.changes?.name ?? payload.body?.name ?? payload.previous?.name;
  return typeof name === 'string' && name ? `"${name}"` : 'a series';
}

function describe(item: OutboxItem): string {
  switch (item.kind) {
    case createSeriesMutation.kind:
      return `New series ${seriesName(item)}`;
    case updateSeriesMutation.kind:
      return `Change of ${seriesName(item)}`;
    case deleteSeriesMutation.kind:
      return `Delete of ${seriesName(item)}`;
    case approveEpisodeMutation.kind:
      return 'Approval of a series episode';
    case rejectEpisodeMutation.kind:
      return 'Rejection of a series episode';
    case generateNextEpisodeMutation.kind:
      return 'Next episode of a series';
    default:
      return 'Sample episode of a series';
  }
}

// --- what deliveries, refusals, retries and discards do to the rows -----------------------------

registerRowOutcomes(seriesRows, {
  createKind: createSeriesMutation.kind,
  deleteKind: deleteSeriesMutation.kind,
  kinds: [createSeriesMutation.kind, updateSeriesMutation.kind, deleteSeriesMutation.kind],
  fromServer: (body) => (isSeries(body) ? toLocalSeries(plain(body)) : null),
  describe,
});

/** Episode ids with an approval or rejection not yet delivered (a pull keeps their local state). */
async function episodesWithLocalChanges(): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const item of await db.outbox.toArray()) {
    const episodeId = (item.payload as { episodeId?: unknown } | null)?.episodeId;
    if (typeof episodeId === 'string') ids.add(episodeId);
  }
  return ids;
}

// The pull asks once per episode inside its transaction: read the outbox once per transaction.
const pendingPerTransaction = new WeakMap<Transaction, Promise<Set<string>>>();
function episodesPendingInThisPull(): Promise<Set<string>> {
  const tx = Dexie.currentTransaction;
  if (!tx) return episodesWithLocalChanges();
  let ids = pendingPerTransaction.get(tx);
  if (!ids) {
    ids = episodesWithLocalChanges();
    pendingPerTransaction.set(tx, ids);
  }
  return ids;
}

// Approve and reject answer the episode; generate-next and sample answer the episode they started.
// Either way the server's episode is the truth, unless a later change of the same episode waits.
async function episodeDelivered(item: OutboxItem, response: { body?: unknown }): Promise<void> {
  const id = payloadId(item);
  await db.transaction('rw', episodeTables(), async () => {
    if (isSeriesEpisode(response.body) && !(await episodesWithLocalChanges()).has(response.body.id)) {
      await db.seriesEpisodes.put(plain(response.body));
    }
    await seriesRows.refreshBadge(id);
    await markCollectionChanged(db.syncState, SERIES_EPISODES_COLLECTION);
  });
  // The episode's video, credits and the series' stats moved on the server: show them (the page
  // only; in the service worker there is no pull and this does nothing).
  void pullNow(SERIES_EPISODES_COLLECTION).catch(() => undefined);
  void pullNow(SERIES_COLLECTION).catch(() => undefined);
}

async function episodeDiscarded(item: OutboxItem): Promise<void> {
  const id = payloadId(item);
  const previous = (item.payload as Partial<EpisodeReviewPayload>).previous ?? null;
  await db.transaction('rw', episodeTables(), async () => {
    if (previous) await db.seriesEpisodes.put(previous);
    await seriesRows.refreshBadge(id);
    await markCollectionChanged(db.syncState, SERIES_EPISODES_COLLECTION);
  });
}

const refreshSeriesBadge = (item: OutboxItem) => seriesRows.refreshBadge(payloadId(item));

for (const kind of [approveEpisodeMutation.kind, rejectEpisodeMutation.kind, generateNextEpisodeMutation.kind, sampleEpisodeMutation.kind]) {
  onOutcome(kind, {
    collection: SERIES_EPISODES_COLLECTION,
    tables: episodeTables,
    delivered: episodeDelivered,
    // A refused change stays shown with the series' failed badge until it is retried or discarded.
    failed: refreshSeriesBadge,
    retried: refreshSeriesBadge,
    discarded: episodeDiscarded,
    describe,
  });
}

// --- pulls --------------------------------------------------------------------------------------

/** GET /api/series, every page, If-None-Match on page 1. */
export function fetchAllSeries(get: HttpGet, etag: string | null, perPage = SERIES_PAGE_SIZE): Promise<PullResponse<LocalSeries>> {
  return fetchAllPages(get, etag, { path: '/api/series', isItem: isSeries, toRow: toLocalSeries, id: (series) => series.id, noun: 'series list', perPage });
}

/** The series collection: rows with changes in the outbox are left alone; a plan without series answers 403, read as "nothing changed". */
export function createSeriesSync(get: HttpGet): CollectionSync {
  return createCollectionSync<LocalSeries, string>({
    collection: SERIES_COLLECTION,
    table: db.series,
    syncState: db.syncState,
    fetch: unchangedWhenForbidden((etag) => fetchAllSeries(get, etag), 'can_create_series'),
    key: (series) => series.id,
    ...pendingInOutbox<string>(db.outbox, seriesEntityKey),
  });
}

/**
 * The latest episodes of every series on this device (GET /api/series/{id}/episodes, newest slot
 * first, at most EPISODES_KEPT_PER_SERIES each). A series the server does not know (yet: its create
 * still waits in the outbox; or any more) has none. No ETag: one answer per series, and a creator
 * has a handful of series.
 */
export async function fetchAllEpisodes(get: HttpGet, seriesIds: readonly string[]): Promise<PullResponse<SeriesEpisodeRow>> {
  const episodes: SeriesEpisodeRow[] = [];
  for (const id of seriesIds) {
    const answer = await fetchAllPages(get, null, {
      path: `${seriesUrl(id)}/episodes`,
      isItem: isSeriesEpisode,
      toRow: (episode: SeriesEpisode) => episode,
      id: (episode) => episode.id,
      noun: 'episode list',
      perPage: SERIES_PAGE_SIZE,
      maxPages: Math.ceil(EPISODES_KEPT_PER_SERIES / SERIES_PAGE_SIZE),
    }).catch((error: unknown) => {
      if (statusOf(error) === 404) return { status: 200 as const, items: [] };
      throw error;
    });
    if (answer.status === 200) episodes.push(...answer.items);
  }
  return { status: 200, items: episodes };
}

/** The episodes collection over every series on this device; an episode with a review waiting in the outbox is left alone. */
export function createSeriesEpisodesSync(get: HttpGet): CollectionSync {
  return createCollectionSync<SeriesEpisodeRow, string>({
    collection: SERIES_EPISODES_COLLECTION,
    table: db.seriesEpisodes,
    syncState: db.syncState,
    fetch: unchangedWhenForbidden(async () => fetchAllEpisodes(get, (await db.series.toArray()).map((series) => series.id)), 'can_create_series'),
    key: (episode) => episode.id,
    isLocallyPending: async (id) => (await episodesPendingInThisPull()).has(id),
    alsoLock: [db.outbox],
  });
}

/** Pull the series (and their episodes) now: route entry. Nothing happens while signed out. */
export async function refreshSeries(): Promise<void> {
  await pullNow(SERIES_COLLECTION);
  await pullNow(SERIES_EPISODES_COLLECTION);
}
