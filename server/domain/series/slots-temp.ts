// TEMPORARY: the slot functions the cadence contract (contract/series-cadence.ts) gains in
// another change, with the same signatures, until it lands; then imports move there and this
// file goes. Only what the autopilot needs: slotsBetween, nextSlots and describeSlot.
import type { SeriesCadence } from '../../../contract/series-cadence';
import { addDays, localDate, weekday, zonedInstant } from './autopilot/zone-time';

const DAY_MS = 86_400_000;

function slotsOfDays(cadence: SeriesCadence, timeZone: string, firstMs: number, days: number): number[] {
  const start = addDays(localDate(firstMs, timeZone), -1);
  const wanted = new Set(cadence.days);
  const times = [...new Set(cadence.times)];
  const slots = new Set<number>();
  for (let index = 0; index <= days + 1; index++) {
    const date = addDays(start, index);
    if (!wanted.has(weekday(date))) continue;
    for (const time of times) slots.add(zonedInstant(date, time, timeZone));
  }
  return [...slots].sort((a, b) => a - b);
}

/** Slots with fromMs < slot <= toMs, ascending. */
export function slotsBetween(cadence: SeriesCadence, timeZone: string, fromMs: number, toMs: number): number[] {
  if (toMs <= fromMs) return [];
  const days = Math.ceil((toMs - fromMs) / DAY_MS) + 1;
  return slotsOfDays(cadence, timeZone, fromMs, days).filter((slot) => slot > fromMs && slot <= toMs);
}

/** The next `count` slots after `afterMs`, ascending. */
export function nextSlots(cadence: SeriesCadence, timeZone: string, afterMs: number, count: number): number[] {
  const found: number[] = [];
  for (let from = afterMs; found.length < count; from += 7 * DAY_MS) {
    found.push(...slotsBetween(cadence, timeZone, from, from + 7 * DAY_MS));
    if (cadence.days.length === 0 || cadence.times.length === 0) break;
  }
  return found.slice(0, count);
}

/** "Today at 18:00", "Tomorrow at 18:00", or "Friday 4 December at 21:00". */
export function describeSlot(ms: number, timeZone: string, nowMs: number): string {
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(ms));
  const day = localDate(ms, timeZone);
  const today = localDate(nowMs, timeZone);
  const same = (a: typeof day, b: typeof day) => a.year === b.year && a.month === b.month && a.day === b.day;
  if (same(day, today)) return `Today at ${time}`;
  if (same(day, addDays(today, 1))) return `Tomorrow at ${time}`;
  const date = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(ms)).replace(',', '');
  return `${date} at ${time}`;
}
