// Wall-clock time in an IANA time zone, with Intl only (no date library). Shared by the publish
// screen (date and time inputs in the creator's zone) and the server (the CSV import reads
// "2030-06-01 09:30" in a row's zone), so both turn the same text into the same instant.

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

export function wallClock(ms: number, timeZone: string): WallClock {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(ms))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return { year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1, hour: (parts.hour ?? 0) % 24, minute: parts.minute ?? 0, second: parts.second ?? 0 };
}

/** True for a time zone Intl knows ("Europe/Berlin", "UTC"); false for anything else. */
export function isTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at instant `ms`, in minutes (Berlin in winter: 60). */
export function offsetMinutes(ms: number, timeZone: string): number {
  const wall = wallClock(ms, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

export const pad = (value: number, size = 2) => String(Math.abs(value)).padStart(size, '0');

export function offsetText(minutes: number): string {
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

/**
 * "2030-06-01" + "09:30" in "Europe/Berlin" → "2030-06-01T09:30:00+02:00". Null when the date or
 * time is not valid. A time that does not exist (the hour skipped when clocks go forward) moves
 * on by the gap, as the clocks do.
 */
export function zonedToIso(date: string, time: string, timeZone: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})(?::\d{2})?$/.exec(time);
  if (!d || !t) return null;
  const [year, month, day, hour, minute] = [Number(d[1]), Number(d[2]), Number(d[3]), Number(t[1]), Number(t[2])];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  if (new Date(guess).getUTCDate() !== day) return null;
  let ms = guess - offsetMinutes(guess, timeZone) * 60_000;
  const corrected = guess - offsetMinutes(ms, timeZone) * 60_000;
  if (corrected !== ms) ms = corrected;
  return isoInZone(ms, timeZone);
}

/** An instant as ISO 8601 with the zone's offset at that instant. */
export function isoInZone(ms: number, timeZone: string): string {
  const wall = wallClock(ms, timeZone);
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}:00${offsetText(offsetMinutes(ms, timeZone))}`;
}
