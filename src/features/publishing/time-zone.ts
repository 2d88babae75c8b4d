// Times in the creator's time zone: the date and time inputs show wall-clock time where the
// creator is (the browser's IANA zone), and the request carries an ISO 8601 time with that zone's
// offset plus the zone's name, so the server stores the instant and can show it as it was chosen.
// Pure functions over Intl (no date library needed for this); the zone arithmetic itself lives in
// contract/time-zone.ts because the server's CSV import reads times the same way.
import { isoInZone, offsetMinutes, offsetText, pad, wallClock, zonedToIso } from '../../../contract/time-zone';

export { isoInZone, offsetMinutes, zonedToIso };

/** The browser's IANA time zone, e.g. "Europe/Berlin" ("UTC" when the browser does not say). */
export function creatorTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
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
