// TEMPORARY: nextSlots, describeSlot and describeCadence with exactly the signatures that
// contract/series-cadence.ts is getting in parallel work (the same rules: wall-clock times in the
// series' zone, a time in a spring-forward gap at the first minute after it, a repeated time once).
// When that lands, the screens import them from the contract and this file goes.
import type { SeriesCadence } from '../../../contract';
import { offsetMinutes, pad, wallClock } from '../../../contract/time-zone';

const SHORT_DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
/** Days are listed Monday first, as a week reads on the calendar screen. */
const DISPLAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;
const TIME_PATTERN = /^(\d{2}):(\d{2})$/;

function minutesOfDay(time: string): number | null {
  const match = TIME_PATTERN.exec(time);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  return hour <= 23 && minute <= 59 ? hour * 60 + minute : null;
}

const sortedUnique = <T extends number | string>(values: readonly T[]): T[] => [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

const MINUTE = 60_000;
const DAY = 86_400_000;
// Offsets on Earth run from -12:00 to +14:00; an instant this far either side of a local day's
// wall-clock span is certainly outside that day.
const BEFORE_DAY = 15 * 3_600_000;
const AFTER_DAY = DAY + 13 * 3_600_000;

/** The wall-clock time at instant `ms` in the zone, as if it were UTC (ms since the epoch). */
const wallAt = (ms: number, timeZone: string) => ms + offsetMinutes(ms, timeZone) * MINUTE;

/**
 * The instant of wall-clock time `wall` (ms as if UTC) in the zone, by the rules in the header,
 * knowing the offsets `before` and `after` the local day (minutes). Only called when they differ.
 */
function resolveAcrossChange(wall: number, before: number, after: number, timeZone: string): number {
  let found = Number.POSITIVE_INFINITY;
  for (const offset of [before, after]) {
    const ms = wall - offset * MINUTE;
    // The earliest instant that shows this wall-clock time: the first of two on a fall-back day.
    if (wallAt(ms, timeZone) === wall && ms < found) found = ms;
  }
  if (found !== Number.POSITIVE_INFINITY) return found;
  // In the gap: the first minute whose wall clock is past the gap. Between these two instants the
  // wall clock goes from before `wall` to after it; halve the span (a few steps for an hour's gap).
  let low = (wall - Math.max(before, after) * MINUTE) / MINUTE;
  let high = (wall - Math.min(before, after) * MINUTE) / MINUTE;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (wallAt(middle * MINUTE, timeZone) >= wall) high = middle;
    else low = middle;
  }
  return high * MINUTE;
}

/**
 * The slots of one local day (`day`: its midnight as if UTC), ascending; [] on a day not chosen.
 * When the offset is the same well before and well after the day, no clock change falls in the
 * day and each time is one subtraction. (This assumes no zone changes its clocks and back again
 * within those 2.5 days.)
 */
function slotsOfDay(day: number, weekdays: ReadonlySet<number>, minutes: readonly number[], timeZone: string): number[] {
  if (!weekdays.has(new Date(day).getUTCDay())) return [];
  const before = offsetMinutes(day - BEFORE_DAY, timeZone);
  const after = offsetMinutes(day + AFTER_DAY, timeZone);
  return minutes.map((minute) => {
    const wall = day + minute * MINUTE;
    return before === after ? wall - before * MINUTE : resolveAcrossChange(wall, before, after, timeZone);
  });
}

interface SlotPlan {
  weekdays: ReadonlySet<number>;
  minutes: number[];
}

function planOf(cadence: SeriesCadence): SlotPlan | null {
  const weekdays = new Set(cadence.days.filter((day) => Number.isInteger(day) && day >= 0 && day <= 6));
  const minutes = sortedUnique(cadence.times.map(minutesOfDay).filter((minute): minute is number => minute !== null));
  return weekdays.size > 0 && minutes.length > 0 ? { weekdays, minutes } : null;
}

/**
 * The slots after `afterMs`, ascending, until `stop` says enough. Each slot is the first instant
 * the wall clock reaches its time (the end of the gap for a skipped time), so the slots come out
 * in order day after day, a repeat is always the one just before, and the walk can start on the
 * local date of `afterMs`: an earlier day's slot came before the clock first showed that date.
 */
function walkSlots(plan: SlotPlan, timeZone: string, afterMs: number, stop: (slot: number, found: number) => boolean): number[] {
  const wall = wallClock(afterMs, timeZone);
  let day = Date.UTC(wall.year, wall.month - 1, wall.day);
  const slots: number[] = [];
  for (;;) {
    for (const slot of slotsOfDay(day, plan.weekdays, plan.minutes, timeZone)) {
      if (slot <= afterMs || slot === slots[slots.length - 1]) continue;
      if (stop(slot, slots.length)) return slots;
      slots.push(slot);
    }
    day += DAY;
  }
}

/** The next `count` slots after `afterMs` (not at it), ascending. */
export function nextSlots(cadence: SeriesCadence, timeZone: string, afterMs: number, count: number): number[] {
  const plan = planOf(cadence);
  if (!plan || !Number.isFinite(afterMs) || !Number.isFinite(count) || count < 1) return [];
  return walkSlots(plan, timeZone, afterMs, (_slot, found) => found >= count);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A slot in plain words, in the creator's zone: "Today at 18:00", "Tomorrow at 09:00", "Friday 4
 * December at 21:00" (the year too when it is not this year's). `locale` formats the date; the
 * words around it are the app's English.
 */
export function describeSlot(ms: number, timeZone: string, nowMs: number, locale = 'en-GB'): string {
  const slot = wallClock(ms, timeZone);
  const now = wallClock(nowMs, timeZone);
  const days = (Date.UTC(slot.year, slot.month - 1, slot.day) - Date.UTC(now.year, now.month - 1, now.day)) / DAY;
  const at = `at ${pad(slot.hour)}:${pad(slot.minute)}`;
  if (days === 0) return `Today ${at}`;
  if (days === 1) return `Tomorrow ${at}`;
  const withYear = slot.year !== now.year;
  const key = `${locale}|${timeZone}|${withYear}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'long', day: 'numeric', month: 'long', ...(withYear ? { year: 'numeric' } : {}) });
    dateFormats.set(key, format);
  }
  return `${format.format(new Date(ms))} ${at}`;
}

/** "a, b and c". */
function listText(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * The cadence in plain words: "Every day at 18:00 and 21:00", "Mon, Wed and Fri at 09:00",
 * "3 a day (09:00, 15:00, 21:00), every day". The "N a day" form is used only while `per_day`
 * still matches the times (the times are what gets published).
 */
export function describeCadence(cadence: SeriesCadence): string {
  const days = new Set(cadence.days);
  const times = sortedUnique(cadence.times);
  const everyDay = DISPLAY_ORDER.every((day) => days.has(day));
  const dayText = listText(DISPLAY_ORDER.filter((day) => days.has(day)).map((day) => SHORT_DAY_NAMES[day]));
  if (cadence.per_day !== null && cadence.per_day === times.length) {
    return `${cadence.per_day} a day (${times.join(', ')}), ${everyDay ? 'every day' : `on ${dayText}`}`;
  }
  return `${everyDay ? 'Every day' : dayText} at ${listText(times)}`;
}
