// The numbers a series card shows (contract SeriesStats), worked out for a whole page of series in
// two queries, and the monthly episode count that GET /api/user/usage reports.
//
// - next_slot_at: the first slot after max(now, planned_through) of an active series; slots up to
//   planned_through already have their episode, so the next one to come is after it.
// - episodes_this_month: episodes whose slot falls in the current calendar month, UTC (the plan's
//   `series_episodes_per_month` counts the same way), skipped ones not counted: they were never
//   made. Samples have no slot and are not counted.
// - credits_this_week: credits of the episodes whose SLOT falls in this week, Monday 00:00 to the
//   next Monday 00:00 in the series' zone (UTC for a draft without one). An episode's credits are
//   taken when its video is queued, a few hours before its slot; counting by slot keeps an
//   episode in one week even when its render started the Sunday before. Samples (no slot) are
//   not counted.
// - estimated_credits_per_week: weeklyCreditEstimate at the plan's price; 0 until the cadence and
//   style are chosen.
import { and, count, eq, gte, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { weeklyCreditEstimate, type SeriesStats } from '../../../contract/series';
import { nextSlots } from '../../../contract/series-cadence';
import { offsetMinutes, wallClock } from '../../../contract/time-zone';
import type { Db } from '../../db/client';
import { series, seriesEpisodes, type SeriesRow } from '../../db/schema-series';
import { monthWindowUtc } from '../credits/monthly-charge';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The instant the zone's wall clock shows `wall` (ms since the epoch as if the zone were UTC). */
function zonedInstant(wall: number, timeZone: string): number {
  const first = wall - offsetMinutes(wall, timeZone) * MINUTE;
  return wall - offsetMinutes(first, timeZone) * MINUTE;
}

/** This week in the zone: Monday 00:00 (inclusive) to the next Monday 00:00 (exclusive). */
export function weekWindow(nowMs: number, timeZone: string): { start: Date; end: Date } {
  const wall = wallClock(nowMs, timeZone);
  const today = Date.UTC(wall.year, wall.month - 1, wall.day);
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY;
  return { start: new Date(zonedInstant(monday, timeZone)), end: new Date(zonedInstant(monday + 7 * DAY, timeZone)) };
}

/** The next slot an active series posts at: the first after max(now, planned_through). */
export function nextSlotOf(row: Pick<SeriesRow, 'status' | 'cadence' | 'timeZone' | 'plannedThrough'>, now: Date): Date | null {
  if (row.status !== 'active' || !row.cadence || !row.timeZone) return null;
  const after = Math.max(now.getTime(), row.plannedThrough?.getTime() ?? 0);
  const [slot] = nextSlots(row.cadence, row.timeZone, after, 1);
  return slot === undefined ? null : new Date(slot);
}

const countedThisMonth = (now: Date): SQL => {
  const { start, end } = monthWindowUtc(now);
  return and(gte(seriesEpisodes.slotAt, start), lt(seriesEpisodes.slotAt, end), ne(seriesEpisodes.status, 'skipped'))!;
};

/** The stats of each series, by id. */
export async function statsOf(db: Db, rows: SeriesRow[], creditsPerSecond: number, now: Date): Promise<Map<string, SeriesStats>> {
  const stats = new Map<string, SeriesStats>();
  if (rows.length === 0) return stats;
  const ids = rows.map((row) => row.id);
  const monthly = await db
    .select({ seriesId: seriesEpisodes.seriesId, n: count() })
    .from(seriesEpisodes)
    .where(and(inArray(seriesEpisodes.seriesId, ids), countedThisMonth(now)))
    .groupBy(seriesEpisodes.seriesId);
  // Each series has its own week (its zone), so each gets its own range; the (series_id,
  // slot_at) index serves every branch of the OR.
  const weeks = rows.map((row) => {
    const { start, end } = weekWindow(now.getTime(), row.timeZone ?? 'UTC');
    return and(eq(seriesEpisodes.seriesId, row.id), gte(seriesEpisodes.slotAt, start), lt(seriesEpisodes.slotAt, end))!;
  });
  const weekly = await db
    .select({ seriesId: seriesEpisodes.seriesId, credits: sql<string>`coalesce(sum(${seriesEpisodes.credits}), 0)` })
    .from(seriesEpisodes)
    .where(or(...weeks))
    .groupBy(seriesEpisodes.seriesId);
  const monthBySeries = new Map(monthly.map((row) => [row.seriesId, row.n]));
  const weekBySeries = new Map(weekly.map((row) => [row.seriesId, Number(row.credits)]));
  for (const row of rows) {
    const next = nextSlotOf(row, now);
    stats.set(row.id, {
      next_slot_at: next ? next.toISOString() : null,
      episodes_this_month: monthBySeries.get(row.id) ?? 0,
      credits_this_week: weekBySeries.get(row.id) ?? 0,
      estimated_credits_per_week: row.cadence && row.style ? weeklyCreditEstimate(row.cadence, row.style.duration, creditsPerSecond) : 0,
    });
  }
  return stats;
}

/** The creator's episodes this calendar month (UTC), as the plan's monthly episode limit counts them. */
export async function episodesThisMonth(db: Db, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(seriesEpisodes)
    // Through the creator's series: (series_id, slot_at) is indexed, user_id on episodes is not.
    .where(and(inArray(seriesEpisodes.seriesId, db.select({ id: series.id }).from(series).where(eq(series.userId, userId))), countedThisMonth(now)));
  return row?.n ?? 0;
}
