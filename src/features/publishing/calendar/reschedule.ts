// What happens when a post is dropped on a new time (drag and drop, or the "Move to" field of the
// details): the rules, and the handler FullCalendar's eventDrop calls. No React, no calendar
// library: the handler takes the few fields of the library's drop info it needs, so it is tested
// with plain objects.
import type { LocalPost } from '../../../store';
import { canReschedule } from './calendar-events';

export type MoveDecision = { ok: true; iso: string } | { ok: false; reason: string };

export const PAST_REFUSAL = 'Posts cannot be moved into the past. Choose a time from now on.';

/** May `post` go to `start` (at `now`)? Published and publishing posts stay where they are. */
export function decideMove(post: Pick<LocalPost, 'status'> | undefined, start: Date | null, now: Date): MoveDecision {
  if (!post) return { ok: false, reason: 'This post is no longer on this device.' };
  if (!canReschedule(post)) return { ok: false, reason: 'Only scheduled or failed posts can be moved.' };
  if (!start || Number.isNaN(start.getTime())) return { ok: false, reason: 'Choose a date and time.' };
  if (start.getTime() <= now.getTime()) return { ok: false, reason: PAST_REFUSAL };
  return { ok: true, iso: start.toISOString() };
}

/** The part of FullCalendar's EventDropInfo the handler uses. */
export interface DropInfo {
  event: { id: string; start: Date | null };
  revert: () => void;
}

export interface MoveDeps {
  findPost: (id: string) => Pick<LocalPost, 'status'> | undefined;
  reschedule: (id: string, iso: string) => Promise<void>;
  now: () => Date;
  /** A refusal or a failure, in words (the screen shows a notification). */
  refused: (reason: string) => void;
  /** The post was given its new time (queued for the server). */
  moved: (id: string, iso: string) => void;
}

/**
 * A drop: a refused one goes back where it was with the reason; an accepted one becomes
 * reschedulePost(id, iso), and goes back too if storing the change failed (e.g. a full disk).
 */
export async function handleDrop(info: DropInfo, deps: MoveDeps): Promise<boolean> {
  const decision = decideMove(deps.findPost(info.event.id), info.event.start, deps.now());
  if (!decision.ok) {
    info.revert();
    deps.refused(decision.reason);
    return false;
  }
  try {
    await deps.reschedule(info.event.id, decision.iso);
  } catch (error) {
    info.revert();
    deps.refused(error instanceof Error && error.message ? error.message : 'The post could not be moved.');
    return false;
  }
  deps.moved(info.event.id, decision.iso);
  return true;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A time as an <input type="datetime-local"> value, in this device's time zone. */
export function toLocalInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The value of an <input type="datetime-local"> (this device's time zone) as a Date, or null. */
export function fromLocalInputValue(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hours, minutes] = match.slice(1).map(Number) as [number, number, number, number, number];
  const date = new Date(year, month - 1, day, hours, minutes);
  return date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}
