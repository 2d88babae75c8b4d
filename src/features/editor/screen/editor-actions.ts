// What the screen's controls call to change the timeline: an edit (a function of the data layer)
// with an optional coalescing key. The page binds it to the draft of the open video; tests pass
// their own, so a control's effect can be checked without Dexie.
import type { Timeline } from '../../../../contract/timeline';

export interface ApplyOptions {
  /** A burst of edits of one key is one undo step (typing a line, dragging a slider). */
  coalesce?: string;
  /** The caller shows a refusal itself (a field's error) instead of a notification. */
  quiet?: boolean;
}

/** Applies the edit; resolves with null when done, or the sentence saying why it could not be made. */
export type ApplyEdit = (change: (timeline: Timeline) => Timeline, options?: ApplyOptions) => Promise<string | null>;

/** The index of the word a caret at `caret` is in or before (the word a split starts the new scene with). */
export function caretWordIndex(text: string, caret: number): number {
  const before = text.slice(0, Math.max(0, caret));
  const count = before.split(/\s+/).filter(Boolean).length;
  return before.length === 0 || /\s$/.test(before) ? count : count - 1;
}
