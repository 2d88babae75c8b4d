// The creator's actions on episodes (docs/decisions/series.md, "The calls"): approve an episode
// awaiting review (scheduled for its slot, at once when the slot has passed), reject it with a
// note (written and rendered again with the note; the rejected video stays in My videos), start
// the next slot's episode now, and make a sample that is never posted. Each runs inside the
// route's idempotent transaction and returns what to hand on once it has committed.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { EPISODE_STATUS_LABELS, REQUIRED_TO_START_MESSAGES } from '../../../../contract/series';
import type { Db } from '../../../db/client';
import { series, seriesEpisodes, type SeriesEpisodeRow, type SeriesRow } from '../../../db/schema-series';
import { FieldValidationError } from '../../errors';
import type { PostCheckSettings } from '../../publishing/preflight';
import type { QueuedTarget } from '../../publishing/targets';
import { ClientProblem, NotFoundError } from '../../problems';
import { nextSlots } from '../../../../contract/series-cadence';
import { episodeIdFor } from './ids';
import { scheduleEpisodePost } from './schedule';
import { nextPrepareAt } from './tick';

export const SERIES_NOT_FOUND = 'Series not found.';
export const EPISODE_NOT_FOUND = 'Episode not found.';
export const SAMPLE_NOT_POSTED = 'A sample is never posted, so it cannot be approved.';
export const SERIES_NOT_ACTIVE = 'Start or resume the series before making its next episode.';
export const NO_NEXT_SLOT = 'The cadence has no slot to make an episode for.';
export const notAwaitingReview = (status: SeriesEpisodeRow['status']) => `Only an episode awaiting review can be approved or rejected; this one is ${EPISODE_STATUS_LABELS[status].toLowerCase()}.`;

/** The owner's series, locked; another creator's id is simply not found. */
export async function lockOwnSeries(tx: Db, userId: number, seriesId: string): Promise<SeriesRow> {
  const [row] = await tx
    .select()
    .from(series)
    .where(and(eq(series.id, seriesId), eq(series.userId, userId)))
    .for('update');
  if (!row) throw new NotFoundError(SERIES_NOT_FOUND);
  return row;
}

async function ownEpisode(tx: Db, userId: number, seriesId: string, episodeId: string): Promise<{ row: SeriesRow; episode: SeriesEpisodeRow }> {
  const row = await lockOwnSeries(tx, userId, seriesId);
  const [episode] = await tx
    .select()
    .from(seriesEpisodes)
    .where(and(eq(seriesEpisodes.id, episodeId), eq(seriesEpisodes.seriesId, seriesId)))
    .for('update');
  if (!episode) throw new NotFoundError(EPISODE_NOT_FOUND);
  return { row, episode };
}

/** Approve: the episode's post is scheduled; returns its targets to hand to the scheduler. */
export async function approveEpisode(tx: Db, userId: number, seriesId: string, episodeId: string, now: Date, checks?: PostCheckSettings): Promise<{ episodeId: string; queued: QueuedTarget[] }> {
  const { row, episode } = await ownEpisode(tx, userId, seriesId, episodeId);
  if (episode.sample) throw new ClientProblem(409, SAMPLE_NOT_POSTED);
  if (episode.status !== 'awaiting_review') throw new ClientProblem(409, notAwaitingReview(episode.status));
  const result = await scheduleEpisodePost(tx, row, episode, 'awaiting_review', now, checks);
  if (result.ok) return { episodeId, queued: result.queued };
  if (result.reason === null) throw new ClientProblem(409, notAwaitingReview(episode.status));
  throw new ClientProblem(409, result.reason);
}

/** Reject: back to writing with the note (a new render round); the caller hands the episode on. */
export async function rejectEpisode(tx: Db, userId: number, seriesId: string, episodeId: string, note: string): Promise<{ episodeId: string }> {
  const { episode } = await ownEpisode(tx, userId, seriesId, episodeId);
  if (episode.status !== 'awaiting_review') throw new ClientProblem(409, notAwaitingReview(episode.status));
  await tx
    .update(seriesEpisodes)
    .set({ status: 'writing', reviewNote: note, title: null, script: null, heartbeatAt: null, renderAttempts: 0, reason: null, updatedAt: sql`now()` })
    .where(and(eq(seriesEpisodes.id, episodeId), eq(seriesEpisodes.status, 'awaiting_review')));
  return { episodeId };
}

/** The next slot not planned yet gets its episode now; planned_through moves past it. */
export async function generateNextEpisode(tx: Db, userId: number, seriesId: string, now: Date): Promise<{ episodeId: string }> {
  const row = await lockOwnSeries(tx, userId, seriesId);
  if (row.status !== 'active' || !row.cadence || !row.timeZone) throw new ClientProblem(409, SERIES_NOT_ACTIVE);
  const from = Math.max(row.plannedThrough?.getTime() ?? now.getTime(), now.getTime());
  const [slot] = nextSlots(row.cadence, row.timeZone, from, 1);
  if (slot === undefined) throw new ClientProblem(409, NO_NEXT_SLOT);
  const episodeId = episodeIdFor(row.id, slot);
  await tx.insert(seriesEpisodes).values({ id: episodeId, seriesId: row.id, userId, slotAt: new Date(slot), status: 'planned' }).onConflictDoNothing();
  await tx
    .update(series)
    .set({ plannedThrough: new Date(slot), nextPrepareAt: nextPrepareAt(row.cadence, row.timeZone, row.leadHours, slot), updatedAt: sql`now()` })
    .where(eq(series.id, row.id));
  return { episodeId };
}

/** A sample: made like any episode from the series' topic and style, never posted. */
export async function createSample(tx: Db, userId: number, seriesId: string): Promise<{ episodeId: string }> {
  const row = await lockOwnSeries(tx, userId, seriesId);
  if (!row.topic) throw new FieldValidationError('topic', REQUIRED_TO_START_MESSAGES.topic);
  if (!row.style) throw new FieldValidationError('style', REQUIRED_TO_START_MESSAGES.style);
  const episodeId = randomUUID();
  await tx.insert(seriesEpisodes).values({ id: episodeId, seriesId: row.id, userId, slotAt: null, sample: true, status: 'planned' });
  return { episodeId };
}
