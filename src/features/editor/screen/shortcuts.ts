// The editor's keyboard shortcuts as a pure mapping from a key press to a command, so the page's
// listener and its tests read the same table. Typing in a field keeps its keys (Space, Delete,
// arrows) and its own undo; only Ctrl/Cmd+Z/Y reach the editor from there when the field is not
// a text field.
export type EditorCommand = 'play-pause' | 'frame-back' | 'frame-forward' | 'undo' | 'redo' | 'delete-scene';

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** The keys, as the "Keyboard shortcuts" help lists them. */
export const SHORTCUT_HELP: ReadonlyArray<{ keys: string; does: string }> = [
  { keys: 'Space', does: 'Play or pause the preview' },
  { keys: '← / →', does: 'Step one frame back or forward' },
  { keys: 'Ctrl+Z (⌘Z)', does: 'Undo' },
  { keys: 'Ctrl+Shift+Z (⌘⇧Z) or Ctrl+Y', does: 'Redo' },
  { keys: 'Delete or Backspace', does: 'Delete the selected scene (Undo brings it back)' },
];

/** Whether a key press lands in something the creator types into (its keys are its own). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  if (element.closest('textarea, select, [role="slider"], [role="combobox"], [role="menu"], [role="dialog"]')) return true;
  const input = element.closest('input');
  return input !== null && !['checkbox', 'radio', 'button', 'submit', 'range'].includes(input.type);
}

export function editorCommand(press: KeyPress, typing: boolean): EditorCommand | null {
  const command = press.ctrlKey || press.metaKey;
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  if (command && !press.altKey) {
    // A text field undoes its own typing; the editor's undo would fight it.
    if (typing) return null;
    if (key === 'z') return press.shiftKey ? 'redo' : 'undo';
    if (key === 'y' && press.ctrlKey && !press.shiftKey) return 'redo';
    return null;
  }
  if (typing || press.altKey) return null;
  if (key === ' ' && !press.shiftKey) return 'play-pause';
  if (key === 'ArrowLeft' && !press.shiftKey) return 'frame-back';
  if (key === 'ArrowRight' && !press.shiftKey) return 'frame-forward';
  if (key === 'Delete' || key === 'Backspace') return 'delete-scene';
  return null;
}
