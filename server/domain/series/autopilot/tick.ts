// The autopilot's tick (docs/decisions/series.md, "Exactly once per slot"): the active series
// whose next slot's lead time has come are taken in batches, locked FOR UPDATE SKIP LOCKED so
// processes ticking at once share them, and each gets one episode row per due slot. The unique
// (series_id, slot_at) makes a second insert of a slot a no-op; planned_through and
// next_prepare_at move in the same transaction (a series just started, with no next_prepare_at
// yet, is due at once). Every query is over due series or unsettled episodes (both indexed),
// never over all series.
import { sql } from 'drizzle-orm';
import type { SeriesCadence } from '../../../../contract/series-cadence';
import type { Db } from '../../../db/client';
import { nextSlots, slotsBetween } from '../../../../contract/series-cadence';
import { episodeIdFor } from './ids';
import { missedReason, planSlots } from './plan-slots';

/** Series taken per transaction; a full batch means another one follows at once. */
export const TICK_BATCH = 200;
/** An episode left `planned` this long was never handed on (its process died between commit and send). */
export const STUCK_PLANNED_MS = 2 * 60_000;
/** A writing episode whose heartbeat is this old lost its process and is taken over. */
export const STALE_WRITING_MS = 2 * 60_000;
const HOUR_MS = 3_600_000;

interface DueSeries {
  id: string;
  user_id: number;
  cadence: SeriesCadence | null;
  time_zone: string | null;
  lead_hours: number;
  planned_through: Date | string | null;
  started_at: Date | string | null;
}

const ms = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** When the slot after `afterMs` must start being made; null when the cadence has none. */
export function nextPrepareAt(cadence: SeriesCadence, timeZone: string, leadHours: number, afterMs: number): Date | null {
  const [next] = nextSlots(cadence, timeZone, afterMs, 1);
  return next === undefined ? null : new Date(next - leadHours * HOUR_MS);
}

/** One series' due slots as episode rows; returns the ids of the new episodes to make. */
async function planSeries(tx: Db, series: DueSeries, now: Date): Promise<string[]> {
  if (!series.cadence || !series.time_zone) {
    // An active series without a cadence has nothing to plan until it is set (the API refuses to
    // start one; this only guards a row changed by hand).
    await tx.execute(sql`update series set next_prepare_at = 'infinity' where id = ${series.id}`);
    return [];
  }
  const leadMs = series.lead_hours * HOUR_MS;
  const from = ms(series.planned_through) ?? ms(series.started_at) ?? now.getTime();
  const through = Math.max(from, now.getTime() + leadMs);
  const { make, missed } = planSlots(slotsBetween(series.cadence, series.time_zone, from, through), now.getTime(), leadMs);
  const rows = [
    ...make.map((slot) => ({ slot, status: 'planned', reason: null as string | null })),
    ...missed.map((slot) => ({ slot, status: 'skipped', reason: missedReason(slot, series.time_zone!) })),
  ];
  let created: string[] = [];
  if (rows.length > 0) {
    const values = sql.join(
      rows.map((row) => sql`(${episodeIdFor(series.id, row.slot)}::uuid, ${series.id}::uuid, ${series.user_id}, ${new Date(row.slot).toISOString()}::timestamptz, ${row.status}, ${row.reason})`),
      sql`, `,
    );
    const inserted = await tx.execute(sql`
      insert into series_episodes (id, series_id, user_id, slot_at, status, reason)
      values ${values}
      on conflict (series_id, slot_at) do nothing
      returning id, status`);
    created = rowsOf<{ id: string; status: string }>(inserted)
      .filter((row) => row.status === 'planned')
      .map((row) => row.id);
  }
  const prepare = nextPrepareAt(series.cadence, series.time_zone, series.lead_hours, through);
  await tx.execute(sql`
    update series set planned_through = ${new Date(through).toISOString()}::timestamptz,
                      next_prepare_at = ${prepare ? prepare.toISOString() : 'infinity'}::timestamptz, updated_at = now()
     where id = ${series.id}`);
  return created;
}

/** One batch in one transaction: the new episodes, and whether the batch was full. */
async function planBatch(db: Db, now: Date): Promise<{ episodes: string[]; full: boolean }> {
  return db.transaction(async (tx) => {
    const due = rowsOf<DueSeries>(
      await tx.execute(sql`
        select id, user_id, cadence, time_zone, lead_hours, planned_through, started_at from series
         where status = 'active' and (next_prepare_at <= ${now.toISOString()}::timestamptz or next_prepare_at is null)
         order by next_prepare_at limit ${TICK_BATCH}
         for update skip locked`),
    );
    const episodes: string[] = [];
    for (const series of due) episodes.push(...(await planSeries(tx, series, now)));
    return { episodes, full: due.length === TICK_BATCH };
  });
}

/**
 * Episodes to hand on again: planned ones nobody sent (their process died after the commit),
 * writing ones whose heartbeat stopped, and rendering ones whose render settled (or whose video was
 * deleted) without the hand-on arriving. Staleness is the database's own time (heartbeats are).
 */
async function stuckEpisodes(db: Db): Promise<string[]> {
  const result = await db.execute(sql`
    select e.id from series_episodes e
     where (e.status = 'planned' and e.updated_at < now() - make_interval(secs => ${STUCK_PLANNED_MS / 1000}))
        or (e.status = 'writing' and coalesce(e.heartbeat_at, e.updated_at) < now() - make_interval(secs => ${STALE_WRITING_MS / 1000}))
        or (e.status = 'rendering' and e.updated_at < now() - make_interval(secs => ${STUCK_PLANNED_MS / 1000})
            and (e.video_id is null or exists (select 1 from ai_videos v where v.id = e.video_id and v.status in ('completed', 'failed'))))
     limit 1000`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

export interface TickResult {
  /** Episodes planned by this tick. */
  planned: string[];
  /** Episodes handed on again. */
  resent: string[];
}

/** Plans every due series, batch after batch, handing each new episode on after its commit. */
export async function runTick(db: Db, now: Date, handOn: (episodeId: string) => Promise<void>): Promise<TickResult> {
  const planned: string[] = [];
  for (;;) {
    const batch = await planBatch(db, now);
    for (const id of batch.episodes) await handOn(id);
    planned.push(...batch.episodes);
    if (!batch.full) break;
  }
  const resent = await stuckEpisodes(db);
  for (const id of resent) await handOn(id);
  return { planned, resent };
}
