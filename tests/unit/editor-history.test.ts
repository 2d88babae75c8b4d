// Undo/redo as snapshot stacks: an edit clears redo, the cap drops the oldest, a burst of edits of
// one key within a second is one step.
import { describe, expect, it } from 'vitest';
import { COALESCE_MS, emptyHistory, recordEdit, recordReplacement, redoStep, undoStep, type EditHistory } from '../../src/features/editor/data/history';

/** Apply edits `value → value + 1` keeping history, as the draft does. */
function editTo(state: { value: number; history: EditHistory<number> }, next: number, key?: string, at = 0) {
  return { value: next, history: recordEdit(state.history, state.value, { key, at }) };
}

describe('edit history', () => {
  it('undoes and redoes in order; a new edit clears redo', () => {
    let state = { value: 0, history: emptyHistory<number>() };
    state = editTo(state, 1);
    state = editTo(state, 2);
    const undone = undoStep(state.history, state.value)!;
    expect(undone.state).toBe(1);
    const undoneTwice = undoStep(undone.history, undone.state)!;
    expect(undoneTwice.state).toBe(0);
    expect(undoStep(undoneTwice.history, undoneTwice.state)).toBeNull();
    const redone = redoStep(undoneTwice.history, undoneTwice.state)!;
    expect(redone.state).toBe(1);
    const edited = editTo({ value: redone.state, history: redone.history }, 5);
    expect(edited.history.future).toEqual([]);
    expect(redoStep(edited.history, edited.value)).toBeNull();
    expect(undoStep(edited.history, edited.value)!.state).toBe(1);
  });

  it('keeps at most the cap, dropping the oldest', () => {
    let history = emptyHistory<number>();
    for (let i = 0; i < 10; i++) history = recordEdit(history, i, { at: i }, 4);
    expect(history.past).toEqual([6, 7, 8, 9]);
  });

  it('coalesces a burst of one key within a second into one step, not across keys or pauses', () => {
    let state = { value: 0, history: emptyHistory<number>() };
    state = editTo(state, 1, 'text:a', 1000);
    state = editTo(state, 2, 'text:a', 1000 + COALESCE_MS - 1);
    state = editTo(state, 3, 'text:a', 1000 + 2 * COALESCE_MS - 2);
    expect(state.history.past).toEqual([0]);
    expect(undoStep(state.history, state.value)!.state).toBe(0);
    state = editTo(state, 4, 'text:b', 1000 + 2 * COALESCE_MS);
    expect(state.history.past).toEqual([0, 3]);
    state = editTo(state, 5, 'text:b', 1000 + 4 * COALESCE_MS);
    expect(state.history.past).toEqual([0, 3, 4]);
    // Unkeyed edits are always their own step.
    state = editTo(state, 6, undefined, 1000 + 4 * COALESCE_MS);
    state = editTo(state, 7, undefined, 1000 + 4 * COALESCE_MS);
    expect(state.history.past).toEqual([0, 3, 4, 5, 6]);
  });

  it('an undo ends a burst, and a replacement is an undo step of its own', () => {
    let state = { value: 0, history: emptyHistory<number>() };
    state = editTo(state, 1, 'k', 0);
    const undone = undoStep(state.history, state.value)!;
    const after = editTo({ value: undone.state, history: undone.history }, 2, 'k', 10);
    expect(after.history.past).toEqual([0]);
    const replaced = recordReplacement(after.history, after.value);
    expect(replaced.past).toEqual([0, 2]);
    expect(replaced.lastEdit).toBeNull();
  });
});
