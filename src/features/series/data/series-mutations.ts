// What the series screens change: each call validates with the contract's schema (the server's
// own), applies the change to the local rows at once and queues its request in the outbox in the
// same transaction (series-sync.ts has the kinds and what their outcomes do). Works offline; the
// request goes once the network is back. No React.
import {
  createSeriesRequest,
  rejectEpisodeRequest,
  SERIES_DEFAULTS,
  updateSeriesRequest,
  type CreateSeriesRequest,
  type Series,
  type UpdateSeriesRequest,
} from '../../../../contract';
import { db, type LocalSeries, type SeriesEpisodeRow } from '../../../store/db';
import { plain } from '../../../store/local-rows';
import { deleteLocallyWithUndo, undoLocalDelete, type DeletedRow } from '../../../store/undo-delete';
import { appOutbox } from '../../../sync/engine';
import { isNeverAgain, neverAgainError, withNeverAgain, withoutNeverAgain } from './never-again';
import {
  approveEpisodeMutation,
  createSeriesMutation,
  deleteSeriesMutation,
  generateNextEpisodeMutation,
  rejectEpisodeMutation,
  sampleEpisodeMutation,
  seriesRows,
  updateSeriesMutation,
  type SeriesCreateBody,
} from './series-sync';

const rows = seriesRows;

/** The fields of a parsed create or update that a Series row holds as they are. */
const COPIED_FIELDS = [
  'name',
  'description',
  'tags',
  'hashtags',
  'topic',
  'style',
  'cadence',
  'time_zone',
  'destinations',
  'review_mode',
  'lead_hours',
  'weekly_credit_cap',
  'wizard_step',
  'never_again',
  'status',
] as const;

function copyFields(into: Record<string, unknown>, from: Record<string, unknown>): void {
  for (const field of COPIED_FIELDS) if (from[field] !== undefined) into[field] = from[field];
}

/** A series made on this device, as the list shows it until the server answers. */
function newSeriesRow(body: SeriesCreateBody, at: string): Series {
  const series: Series = {
    id: body.id,
    name: body.name,
    description: SERIES_DEFAULTS.description,
    tags: [...SERIES_DEFAULTS.tags],
    hashtags: [...SERIES_DEFAULTS.hashtags],
    status: body.status,
    attention: null,
    wizard_step: 0,
    topic: null,
    style: null,
    cadence: null,
    time_zone: null,
    destinations: { account_ids: [], options: {} },
    review_mode: SERIES_DEFAULTS.review_mode,
    lead_hours: SERIES_DEFAULTS.lead_hours,
    weekly_credit_cap: SERIES_DEFAULTS.weekly_credit_cap,
    never_again: [],
    // The server computes these; until it answers nothing is known, and nothing is invented.
    stats: { next_slot_at: null, episodes_this_month: 0, credits_this_week: 0, estimated_credits_per_week: 0 },
    created_at: at,
    updated_at: at,
  };
  copyFields(series as unknown as Record<string, unknown>, body);
  return series;
}

/** The validated create body, or the schema's error (the form shows it by field). */
function createBody(input: CreateSeriesRequest & { id: string }, status: 'draft' | 'active'): SeriesCreateBody {
  const parsed = createSeriesRequest.parse({ ...input, status });
  return plain({ ...parsed, id: input.id, status });
}

/**
 * A series that is on this device (pulled, or created here): a second POST of its id would be
 * answered "unchanged" by the server, so further saves are PUTs.
 */
async function known(id: string): Promise<LocalSeries | undefined> {
  return db.series.get(id);
}

/**
 * Queue a PUT and apply it to the row. `changes` may be worked out from the row as it is inside the
 * write (a list edited by adding or removing one item must start from the stored list, never from
 * what a screen read earlier); an empty change queues nothing.
 */
async function putChanges(id: string, changesOf: Record<string, unknown> | ((current: LocalSeries) => Record<string, unknown>)): Promise<void> {
  if (typeof changesOf !== 'function' && Object.keys(changesOf).length === 0) return;
  await rows.write(async () => {
    const current = await db.series.get(id);
    if (!current) throw new Error('This series is no longer on this device.');
    const changes = typeof changesOf === 'function' ? changesOf(plain(current)) : changesOf;
    if (Object.keys(changes).length === 0) return;
    await appOutbox.enqueue(updateSeriesMutation, { id, changes, previous: plain(current) });
    const next = { ...current, updated_at: new Date().toISOString() } as LocalSeries;
    copyFields(next as unknown as Record<string, unknown>, changes);
    // A paused series has no next slot (the server says so too once it answers).
    if (changes.status === 'paused') next.stats = { ...next.stats, next_slot_at: null };
    await rows.putWithBadge(next);
    await rows.changed();
  });
}

async function createOrUpdate(input: CreateSeriesRequest & { id: string }, status: 'draft' | 'active'): Promise<void> {
  const body = createBody(input, status);
  if (await known(input.id)) {
    // Only what the caller gave (and the status): the schema's defaults (wizard_step 0) must not
    // overwrite what the saved series holds.
    const given = input as Record<string, unknown>;
    const changes: Record<string, unknown> = { status };
    for (const [field, value] of Object.entries(body)) if (field !== 'id' && given[field] !== undefined) changes[field] = value;
    await putChanges(input.id, changes);
    return;
  }
  await rows.write(async () => {
    await appOutbox.enqueue(createSeriesMutation, { id: body.id, body });
    await rows.putWithBadge({ ...newSeriesRow(body, new Date().toISOString()), syncStatus: 'pending', syncError: null, failedOutboxId: null });
    await rows.changed();
  });
}

/** The wizard's "save and continue later": POST as a draft the first time, PUT afterwards. */
export function saveSeriesDraft(input: CreateSeriesRequest & { id: string }): Promise<void> {
  return createOrUpdate(input, 'draft');
}

/** Start the series: POST it active, or PUT a saved draft with its settings and `status: active`. */
export function startSeries(input: CreateSeriesRequest & { id: string }): Promise<void> {
  return createOrUpdate(input, 'active');
}

/** Change any fields (absent: unchanged): settings, name and words, pause (`paused`) or resume (`active`). */
export async function updateSeries(id: string, changes: UpdateSeriesRequest): Promise<void> {
  const parsed = updateSeriesRequest.parse(changes);
  const sent: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(parsed)) if (value !== undefined) sent[field] = value;
  await putChanges(id, plain(sent));
}

/** The PUT of a whole "never again" list, checked like the server checks it (at most 500 topics). */
function neverAgainChange(list: string[]): Record<string, unknown> {
  return { never_again: updateSeriesRequest.parse({ never_again: list }).never_again };
}

/**
 * Add a topic to the series' "never again" list (trimmed; already listed, ignoring case: nothing
 * changes). Throws the reason when the topic is too short or too long.
 */
export async function addNeverAgain(id: string, topic: string): Promise<void> {
  const text = topic.trim();
  const error = neverAgainError([], text);
  if (error) throw new Error(error);
  await putChanges(id, (current) => (isNeverAgain(current.never_again, text) ? {} : neverAgainChange(withNeverAgain(current.never_again, text))));
}

/** Take a topic off the series' "never again" list (ignoring case): the autopilot may make it again. */
export async function removeNeverAgain(id: string, topic: string): Promise<void> {
  await putChanges(id, (current) => (isNeverAgain(current.never_again, topic) ? neverAgainChange(withoutNeverAgain(current.never_again, topic)) : {}));
}

export type DeletedSeries = DeletedRow<LocalSeries>;

/**
 * Delete a series: gone from the list at once, its DELETE held in the outbox for the undo window
 * (the server cancels its waiting posts when it arrives; the videos stay in My videos). A series
 * that never left the device is simply dropped. Pass the answer to undoDeleteSeries.
 */
export function deleteSeries(id: string): Promise<DeletedSeries> {
  return deleteLocallyWithUndo(id, { rows, createKind: createSeriesMutation.kind, deleteMutation: deleteSeriesMutation });
}

/** Undo a delete still held (UndoTooLateError when its DELETE may have reached the server). */
export function undoDeleteSeries(deleted: DeletedSeries): Promise<boolean> {
  return undoLocalDelete(rows, deleted, 'The series was already deleted on the server.');
}

async function reviewEpisode(seriesId: string, episodeId: string, change: (episode: SeriesEpisodeRow) => SeriesEpisodeRow, note?: string): Promise<void> {
  await rows.write(async () => {
    const episode = await db.seriesEpisodes.get(episodeId);
    if (!episode || episode.series_id !== seriesId) throw new Error('This episode is no longer on this device.');
    const payload = { id: seriesId, episodeId, previous: plain(episode), ...(note === undefined ? {} : { note }) };
    await appOutbox.enqueue(note === undefined ? approveEpisodeMutation : rejectEpisodeMutation, payload);
    await db.seriesEpisodes.put({ ...change(episode), updated_at: new Date().toISOString() });
    await rows.refreshBadge(seriesId);
    await rows.changed();
  }, [db.seriesEpisodes]);
}

/** Approve an episode awaiting review: it is scheduled for its slot (at once when the slot has passed). */
export function approveEpisode(seriesId: string, episodeId: string): Promise<void> {
  return reviewEpisode(seriesId, episodeId, (episode) => ({ ...episode, status: 'scheduled', reason: null }));
}

/** Reject an episode with a note (required): it is written and rendered again with it. */
export async function rejectEpisode(seriesId: string, episodeId: string, note: string): Promise<void> {
  const { note: checked } = rejectEpisodeRequest.parse({ note });
  return reviewEpisode(
    seriesId,
    episodeId,
    (episode) => ({ ...episode, status: 'planned', review_note: checked, reason: 'Made again with your note.' }),
    checked,
  );
}

async function requestEpisode(id: string, mutation: typeof generateNextEpisodeMutation | typeof sampleEpisodeMutation): Promise<void> {
  await rows.write(async () => {
    if (!(await db.series.get(id))) throw new Error('This series is no longer on this device.');
    await appOutbox.enqueue(mutation, { id });
    await rows.refreshBadge(id);
    await rows.changed();
  });
}

/** Start the next slot's episode now instead of at its lead time. */
export function generateNextEpisode(id: string): Promise<void> {
  return requestEpisode(id, generateNextEpisodeMutation);
}

/** Make a sample episode (never posted), e.g. before starting the series. */
export function requestSampleEpisode(id: string): Promise<void> {
  return requestEpisode(id, sampleEpisodeMutation);
}
