// Times in the creator's time zone: the date and time inputs show wall-clock time where the
// creator is (the browser's IANA zone), and the request carries an ISO 8601 time with that zone's
// offset plus the zone's name, so the server stores the instant and can show it as it was chosen.
// Pure functions over Intl (no date library needed for this).

/** The browser's IANA time zone, e.g. "Europe/Berlin" ("UTC" when the browser does not say). */
export function creatorTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallClock(ms: number, timeZone: string): WallClock {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(ms))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return { year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1, hour: (parts.hour ?? 0) % 24, minute: parts.minute ?? 0, second: parts.second ?? 0 };
}

/** The zone's offset from UTC at instant `ms`, in minutes (Berlin in winter: 60). */
export function offsetMinutes(ms: number, timeZone: string): number {
  const wall = wallClock(ms, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

const pad = (value: number, size = 2) => String(Math.abs(value)).padStart(size, '0');

function offsetText(minutes: number): string {
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

/** The date and time inputs' values for an instant, in the zone. */
export function isoToZoned(iso: string, timeZone: string): { date: string; time: string } | null {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return null;
  const wall = wallClock(ms, timeZone);
  return { date: `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`, time: `${pad(wall.hour)}:${pad(wall.minute)}` };
}

/** "Europe/Berlin (GMT+01:00)": the zone as the form names it. */
export function zoneLabel(timeZone: string, at = Date.now()): string {
  const minutes = offsetMinutes(at, timeZone);
  return `${timeZone.replace(/_/g, ' ')} (GMT${minutes === 0 ? '' : offsetText(minutes)})`;
}

/** "Sat, 1 Jun 2030, 09:30" in the zone. */
export function formatInZone(iso: string, timeZone: string): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return '';
  return new Date(ms).toLocaleString('en-GB', { timeZone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** A time for the inputs' defaults: the next full hour, at least ten minutes from now. */
export function nextFullHour(timeZone: string, now = Date.now()): { date: string; time: string } {
  const hour = 3_600_000;
  const ms = Math.ceil((now + 10 * 60_000) / hour) * hour;
  return isoToZoned(new Date(ms).toISOString(), timeZone) ?? { date: '', time: '' };
}
