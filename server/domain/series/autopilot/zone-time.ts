// Wall-clock times in an IANA time zone, with the series' rules for the days the clocks change:
// a time in a spring-forward gap is taken at the first minute after the gap, a time that occurs
// twice on a fall-back day at its first occurrence (docs/decisions/series.md, "Time").

export interface LocalDate {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock at `ms` in the zone, as if it were UTC (so differences are plain arithmetic). */
export function wallClockMs(ms: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(new Date(ms))
      .filter((part) => part.type !== 'literal')
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** The zone's offset from UTC at `ms`, in ms (whole seconds). */
export function offsetMs(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return wallClockMs(whole, timeZone) - whole;
}

/** The local calendar date at `ms`. */
export function localDate(ms: number, timeZone: string): LocalDate {
  const wall = new Date(wallClockMs(ms, timeZone));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

/** Day of the week of a local date, 0 = Sunday … 6 = Saturday. */
export function weekday(date: LocalDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

export function addDays(date: LocalDate, days: number): LocalDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** The instant of a local date and "HH:MM" in the zone, by the gap and repeat rules above. */
export function zonedInstant(date: LocalDate, time: string, timeZone: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(date.year, date.month - 1, date.day, hours, minutes);
  // The offsets in force a day either side bracket any change on this date.
  const before = offsetMs(wall - 86_400_000, timeZone);
  const after = offsetMs(wall + 86_400_000, timeZone);
  const candidates = [...new Set([before, after])].map((offset) => wall - offset).filter((instant) => wallClockMs(instant, timeZone) === wall);
  if (candidates.length > 0) return Math.min(...candidates);
  // In a gap: the first minute after it is the change itself, found between the two readings.
  let low = wall - before;
  let high = wall - after;
  if (low > high) [low, high] = [high, low];
  while (high - low > 60_000) {
    const middle = low + Math.floor((high - low) / 2 / 60_000) * 60_000;
    if (offsetMs(middle, timeZone) === after) high = middle;
    else low = middle;
  }
  return high;
}
