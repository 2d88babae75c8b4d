// Reading and moving episode rows. Every move is a compare-and-set on the status (UPDATE … WHERE
// id AND status = the one the step started from), so two workers never do one step twice: the
// one whose update finds no row stops.
import { and, eq, sql } from 'drizzle-orm';
import type { EpisodeStatus, SeriesAttention } from '../../../../contract/series';
import type { Db } from '../../../db/client';
import { series, seriesEpisodes, type SeriesEpisodeRow, type SeriesRow } from '../../../db/schema-series';

export async function loadEpisode(db: Db, id: string): Promise<SeriesEpisodeRow | undefined> {
  const [row] = await db.select().from(seriesEpisodes).where(eq(seriesEpisodes.id, id));
  return row;
}

export async function loadSeries(db: Db, id: string): Promise<SeriesRow | undefined> {
  const [row] = await db.select().from(series).where(eq(series.id, id));
  return row;
}

type EpisodeChange = Partial<Omit<typeof seriesEpisodes.$inferInsert, 'id' | 'seriesId' | 'userId'>>;

/** Moves the episode from `from` (with `changes`); the row, or undefined when another run moved it first. */
export async function moveEpisode(db: Db, id: string, from: EpisodeStatus, changes: EpisodeChange): Promise<SeriesEpisodeRow | undefined> {
  const [row] = await db
    .update(seriesEpisodes)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(seriesEpisodes.id, id), eq(seriesEpisodes.status, from)))
    .returning();
  return row;
}

/** Settles the episode as skipped or failed with its reason (a compare-and-set like every move). */
export function settleEpisode(db: Db, id: string, from: EpisodeStatus, status: 'skipped' | 'failed', reason: string) {
  return moveEpisode(db, id, from, { status, reason, heartbeatAt: null });
}

/** The series stops itself until the creator acts; the cards and Home say why. */
export async function pauseSeries(db: Db, seriesId: string, attention: SeriesAttention): Promise<void> {
  await db
    .update(series)
    .set({ status: 'paused', attention, nextPrepareAt: null, updatedAt: sql`now()` })
    .where(and(eq(series.id, seriesId), eq(series.status, 'active')));
}
