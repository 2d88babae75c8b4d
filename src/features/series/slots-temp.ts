// TEMPORARY: the cadence's slot functions, with exactly the signatures contract/series-cadence.ts
// is getting (slotsBetween, nextSlots, evenTimes, describeSlot, describeCadence). Until those land
// the wizard imports them from here; once they do, the imports switch to the contract and this
// file goes. Same rules: wall-clock times in the series' zone, a time in a spring-forward gap at
// the first minute after it, a repeated fall-back time at its first occurrence, each once.
import type { SeriesCadence } from '../../../contract/series-cadence';
import { offsetMinutes, pad, wallClock } from '../../../contract/time-zone';

const SHORT_DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const DISPLAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;
const TIME_PATTERN = /^(\d{2}):(\d{2})$/;
const MINUTE = 60_000;
const DAY = 86_400_000;
const BEFORE_DAY = 15 * 3_600_000;
const AFTER_DAY = DAY + 13 * 3_600_000;

function minutesOfDay(time: string): number | null {
  const match = TIME_PATTERN.exec(time);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  return hour <= 23 && minute <= 59 ? hour * 60 + minute : null;
}

const timeText = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
const sortedUnique = <T extends number | string>(values: readonly T[]): T[] => [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** "N a day" as times spread evenly from `from` to `to`, both included (3 → 09:00, 15:00, 21:00). */
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
    const exact = start + step * i;
    times.push(i === 0 ? start : i === perDay - 1 ? end : Math.min(end, Math.round(exact / grain) * grain));
  }
  return sortedUnique(times).map(timeText);
}

const wallAt = (ms: number, timeZone: string) => ms + offsetMinutes(ms, timeZone) * MINUTE;

function resolveAcrossChange(wall: number, before: number, after: number, timeZone: string): number {
  let found = Number.POSITIVE_INFINITY;
  for (const offset of [before, after]) {
    const ms = wall - offset * MINUTE;
    if (wallAt(ms, timeZone) === wall && ms < found) found = ms;
  }
  if (found !== Number.POSITIVE_INFINITY) return found;
  let low = (wall - Math.max(before, after) * MINUTE) / MINUTE;
  let high = (wall - Math.min(before, after) * MINUTE) / MINUTE;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (wallAt(middle * MINUTE, timeZone) >= wall) high = middle;
    else low = middle;
  }
  return high * MINUTE;
}

function slotsOfDay(day: number, weekdays: ReadonlySet<number>, minutes: readonly number[], timeZone: string): number[] {
  if (!weekdays.has(new Date(day).getUTCDay())) return [];
  const before = offsetMinutes(day - BEFORE_DAY, timeZone);
  const after = offsetMinutes(day + AFTER_DAY, timeZone);
  return minutes.map((minute) => {
    const wall = day + minute * MINUTE;
    return before === after ? wall - before * MINUTE : resolveAcrossChange(wall, before, after, timeZone);
  });
}

function planOf(cadence: Pick<SeriesCadence, 'days' | 'times'>): { weekdays: ReadonlySet<number>; minutes: number[] } | null {
  const weekdays = new Set(cadence.days.filter((day) => Number.isInteger(day) && day >= 0 && day <= 6));
  const minutes = sortedUnique(cadence.times.map(minutesOfDay).filter((minute): minute is number => minute !== null));
  return weekdays.size > 0 && minutes.length > 0 ? { weekdays, minutes } : null;
}

function walkSlots(plan: NonNullable<ReturnType<typeof planOf>>, timeZone: string, afterMs: number, stop: (slot: number, found: number) => boolean): number[] {
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

/** A slot in plain words in the zone: "Today at 18:00", "Tomorrow at 09:00", "Friday 4 December at 21:00". */
export function describeSlot(ms: number, timeZone: string, nowMs: number): string {
  const slot = wallClock(ms, timeZone);
  const now = wallClock(nowMs, timeZone);
  const days = (Date.UTC(slot.year, slot.month - 1, slot.day) - Date.UTC(now.year, now.month - 1, now.day)) / DAY;
  const at = `at ${pad(slot.hour)}:${pad(slot.minute)}`;
  if (days === 0) return `Today ${at}`;
  if (days === 1) return `Tomorrow ${at}`;
  const withYear = slot.year !== now.year;
  const format = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long', day: 'numeric', month: 'long', ...(withYear ? { year: 'numeric' } : {}) });
  return `${format.format(new Date(ms))} ${at}`;
}

function listText(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The cadence in plain words: "Every day at 18:00 and 21:00", "Mon, Wed and Fri at 09:00". */
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
