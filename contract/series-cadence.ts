// A series' cadence: on which weekdays and at which wall-clock times a new video is published, in
// the creator's IANA time zone. The wizard shows the next slots and the server's autopilot
// publishes once per slot, so both compute the slots here, from the same rules:
//
// - A slot is a wall-clock time on a chosen weekday in the zone, not a fixed UTC time: 18:00 in
//   Berlin is 17:00 UTC in winter and 16:00 UTC in summer.
// - A time that does not exist because the clocks go forward (02:30 in Europe/Berlin on the last
//   Sunday of March) is taken at the first valid minute after the gap (03:00), once. Publishing
//   late by up to the gap beats skipping the day; the first valid minute (rather than "02:30 plus
//   the gap") keeps the slot as close to the chosen time as the clocks allow.
// - A time that occurs twice because the clocks go back (02:30 in late October in Berlin) is the
//   FIRST occurrence only, so a series never publishes twice for one slot.
// - Two times that land on the same instant (02:30 and 03:00 on that spring day) count once.
// - slotsBetween(from, to) holds the slots with from < slot <= to: a caller that remembers the
//   last instant it handled passes it as `from` and never sees that slot again.
//
// Slots are found per local day (a few Intl calls a day, none per minute): the server asks for
// 10,000 series a minute. Everything here is pure apart from Intl, which knows the zones.
import { z } from 'zod';
import { offsetMinutes, pad, wallClock } from './time-zone';

/** Weekday numbers as Date#getDay counts them: 0 = Sunday … 6 = Saturday. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

const SHORT_DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
/** Days are listed Monday first, as a week reads on the calendar screen. */
const DISPLAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

const TIME_PATTERN = /^(\d{2}):(\d{2})$/;

/** "09:30" → 570 minutes after midnight; null when it is not a time of day. */
function minutesOfDay(time: string): number | null {
  const match = TIME_PATTERN.exec(time);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  return hour <= 23 && minute <= 59 ? hour * 60 + minute : null;
}

const timeText = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

const sortedUnique = <T extends number | string>(values: readonly T[]): T[] => [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

export const seriesCadence = z.object({
  days: z
    .array(z.number().int().min(0).max(6))
    .min(1, 'Choose at least one day.')
    .max(7)
    .transform((days) => sortedUnique(days)),
  times: z
    .array(z.string().refine((time) => minutesOfDay(time) !== null, 'Use a time like 09:30 (00:00 to 23:59).'))
    .min(1, 'Choose at least one time.')
    .max(12, 'Choose at most 12 times a day.')
    .transform((times) => sortedUnique(times)),
  /** Set when the creator chose "N a day": only for showing the choice again; `times` hold the truth. */
  per_day: z.number().int().min(1).max(12).nullable().default(null),
});
export type SeriesCadence = z.output<typeof seriesCadence>;
export type SeriesCadenceInput = z.input<typeof seriesCadence>;

/**
 * "N a day" as times spread evenly from `from` to `to`, both included: 3 → 09:00, 15:00, 21:00;
 * 1 → `from`. Times are rounded to 5 minutes when they are at least 15 minutes apart (12 a day →
 * 09:00, 10:05, 11:10 …), else to the minute; a span too short for N distinct minutes gives fewer.
 */
export function evenTimes(perDay: number, from = '09:00', to = '21:00'): string[] {
  const start = minutesOfDay(from);
  const end = minutesOfDay(to);
  if (!Number.isInteger(perDay) || perDay < 1 || perDay > 12) throw new RangeError(`perDay must be a whole number from 1 to 12, not ${perDay}.`);
  if (start === null || end === null || end < start) throw new RangeError(`"${from}" to "${to}" is not a span within one day.`);
  if (perDay === 1) return [timeText(start)];
  const step = (end - start) / (perDay - 1);
  const grain = step >= 15 ? 5 : 1;
  const times: number[] = [];
  for (let i = 0; i < perDay; i++) {
    // The ends stay exact even when they are not on the 5-minute grain (from 09:02 stays 09:02).
    const exact = start + step * i;
    times.push(i === 0 ? start : i === perDay - 1 ? end : Math.min(end, Math.round(exact / grain) * grain));
  }
  return sortedUnique(times).map(timeText);
}

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

/** The slots (instants, ms) with fromMs < slot <= toMs, ascending. */
export function slotsBetween(cadence: SeriesCadence, timeZone: string, fromMs: number, toMs: number): number[] {
  const plan = planOf(cadence);
  if (!plan || !Number.isFinite(fromMs) || !Number.isFinite(toMs) || toMs <= fromMs) return [];
  return walkSlots(plan, timeZone, fromMs, (slot) => slot > toMs);
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
