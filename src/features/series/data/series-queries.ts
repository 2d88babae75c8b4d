// The named reads of the series tables. The screens watch them through the hooks in
// ../series-queries.ts (useLiveQuery), so they change as pulls and outcomes write; nothing outside
// this folder reads the tables directly. No React.
import { db, type LocalSeries, type SeriesEpisodeRow } from '../../../store/db';

/** Every series on this device, the newest first (the server's order too). */
export function seriesNewestFirst(): Promise<LocalSeries[]> {
  return db.series.orderBy('created_at').reverse().toArray();
}

export function seriesById(id: string | null | undefined): Promise<LocalSeries | undefined> {
  return id ? db.series.get(id) : Promise.resolve(undefined);
}

/** Samples first, then the latest slot first: the timeline's order (the server's too). */
function timelineOrder(a: SeriesEpisodeRow, b: SeriesEpisodeRow): number {
  if (a.sample !== b.sample) return a.sample ? -1 : 1;
  const slotA = a.slot_at ?? a.created_at;
  const slotB = b.slot_at ?? b.created_at;
  return slotA < slotB ? 1 : slotA > slotB ? -1 : 0;
}

/** The series' episodes on this device, in timeline order. */
export async function episodesOfSeries(seriesId: string): Promise<SeriesEpisodeRow[]> {
  return (await db.seriesEpisodes.where('series_id').equals(seriesId).toArray()).sort(timelineOrder);
}

/**
 * The series that cannot run by themselves right now (Home's "Needs you", the calendar's alert):
 * paused with a reason, by name. A series resumed on this device keeps the server's `attention`
 * until the server answers (it clears it), but no longer waits for the creator.
 */
export async function seriesNeedingAttention(): Promise<LocalSeries[]> {
  const paused = await db.series.filter((series) => series.status === 'paused' && series.attention !== null && series.attention !== undefined).toArray();
  return paused.sort((a, b) => a.name.localeCompare(b.name));
}
