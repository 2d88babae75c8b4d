// TEMPORARY: a minimal stand-in for `slotsBetween` and `nextSlots` of contract/series-cadence.ts,
// which are being added there separately. Same signatures, so switching the imports to the
// contract is the whole change; delete this file then. It follows the same rules for ordinary
// days (a wall-clock time on a chosen weekday in the zone) and resolves a time in a clock change
// roughly (two passes of the zone's offset), which is enough for the API's "next slot" and stats.
import type { SeriesCadence } from '../../../contract/series-cadence';
import { offsetMinutes, wallClock } from '../../../contract/time-zone';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Far enough that a cadence with at least one day and time always finds a slot. */
const MAX_DAYS = 400;

/** The instant the zone's wall clock shows `wall` (ms as if UTC). */
function zonedInstant(wall: number, timeZone: string): number {
  const first = wall - offsetMinutes(wall, timeZone) * MINUTE;
  return wall - offsetMinutes(first, timeZone) * MINUTE;
}

function minutesOf(time: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** Slots after `afterMs` in ascending order until `enough` says so (or MAX_DAYS pass). */
function walk(cadence: SeriesCadence, timeZone: string, afterMs: number, enough: (slot: number, found: number[]) => boolean): number[] {
  const days = new Set(cadence.days);
  const minutes = [...new Set(cadence.times.map(minutesOf).filter((m): m is number => m !== null))].sort((a, b) => a - b);
  if (days.size === 0 || minutes.length === 0) return [];
  const wall = wallClock(afterMs, timeZone);
  // A day earlier: a slot of the previous local date can still lie after afterMs near a change.
  let day = Date.UTC(wall.year, wall.month - 1, wall.day) - DAY;
  const found: number[] = [];
  for (let i = 0; i < MAX_DAYS; i++, day += DAY) {
    if (!days.has(new Date(day).getUTCDay())) continue;
    for (const minute of minutes) {
      const slot = zonedInstant(day + minute * MINUTE, timeZone);
      if (slot <= afterMs || found.includes(slot)) continue;
      if (enough(slot, found)) return found;
      found.push(slot);
    }
  }
  return found;
}

/** The slots (ms) with fromMs < slot <= toMs, ascending. */
export function slotsBetween(cadence: SeriesCadence, timeZone: string, fromMs: number, toMs: number): number[] {
  if (!(toMs > fromMs)) return [];
  return walk(cadence, timeZone, fromMs, (slot) => slot > toMs);
}

/** The next `count` slots after `afterMs`, ascending. */
export function nextSlots(cadence: SeriesCadence, timeZone: string, afterMs: number, count: number): number[] {
  if (count < 1) return [];
  return walk(cadence, timeZone, afterMs, (_slot, found) => found.length >= count);
}
