// Undo and redo as stacks of whole snapshots (the editor's timelines are small, and a snapshot
// cannot drift from the state it restores the way a list of inverse operations can). Pure: the
// draft row stores the stacks, so the history survives a reload with the working copy.
//
// Coalescing: an edit may carry a key naming what it changes (e.g. `text:<sceneId>` while the
// creator types a scene's line). An edit with the same key as the previous one, within
// COALESCE_MS of it, replaces that edit instead of adding a step: one undo takes back the whole
// burst of keystrokes, not one letter. Any other edit, an undo or a redo ends the burst.

/** The most snapshots kept to undo (the oldest are dropped first). */
export const HISTORY_LIMIT = 100;
/** Edits with the same key closer together than this are one step. */
export const COALESCE_MS = 1000;

export interface EditHistory<T> {
  /** Oldest first; the last one is what undo restores. */
  past: T[];
  /** Nearest first: the first one is what redo restores. */
  future: T[];
  /** The last edit's key and time (ms), while it may still be coalesced. */
  lastEdit: { key: string; at: number } | null;
}

export function emptyHistory<T>(): EditHistory<T> {
  return { past: [], future: [], lastEdit: null };
}

export interface EditStep {
  /** What the edit changes; edits of one key in a burst are one step. Absent: never coalesced. */
  key?: string;
  /** When it was made (ms). */
  at: number;
}

/** After an edit of `before` into something new: one more undo step (or the burst's step kept), no redo. */
export function recordEdit<T>(history: EditHistory<T>, before: T, step: EditStep, limit = HISTORY_LIMIT): EditHistory<T> {
  const last = history.lastEdit;
  const coalesced = step.key !== undefined && last !== null && last.key === step.key && step.at >= last.at && step.at - last.at <= COALESCE_MS && history.past.length > 0;
  const lastEdit = step.key === undefined ? null : { key: step.key, at: step.at };
  if (coalesced) return { past: history.past, future: [], lastEdit };
  const past = [...history.past, before];
  return { past: past.length > limit ? past.slice(past.length - limit) : past, future: [], lastEdit };
}

/** Undo from `current`: the state to show and the history after it, or null when there is nothing to undo. */
export function undoStep<T>(history: EditHistory<T>, current: T): { state: T; history: EditHistory<T> } | null {
  if (history.past.length === 0) return null;
  const state = history.past[history.past.length - 1]!;
  return { state, history: { past: history.past.slice(0, -1), future: [current, ...history.future], lastEdit: null } };
}

/** Redo from `current`, or null when there is nothing to redo. */
export function redoStep<T>(history: EditHistory<T>, current: T): { state: T; history: EditHistory<T> } | null {
  if (history.future.length === 0) return null;
  const state = history.future[0]!;
  return { state, history: { past: [...history.past, current], future: history.future.slice(1), lastEdit: null } };
}

/**
 * A change that did not come from an edit here (the server's timeline taken over the creator's): it
 * becomes an undo step like an edit, so the creator can go back to what they had.
 */
export function recordReplacement<T>(history: EditHistory<T>, before: T, limit = HISTORY_LIMIT): EditHistory<T> {
  return recordEdit({ ...history, lastEdit: null }, before, { at: 0 }, limit);
}

export function canUndo(history: Pick<EditHistory<unknown>, 'past'>): boolean {
  return history.past.length > 0;
}

export function canRedo(history: Pick<EditHistory<unknown>, 'future'>): boolean {
  return history.future.length > 0;
}
