// The page-wide keys (shortcuts.ts): listened for on the window, so they work wherever focus is,
// except while typing. Keys the player handles itself (focus inside it) never reach here: it stops them.
import { useEffect, useRef } from 'react';
import { editorCommand, isTypingTarget, type EditorCommand } from './shortcuts';

/** Controls whose own Space or Delete must not be taken over (a focused button clicks on Space). */
const OWN_KEYS = 'button, a[href], [role="button"], [role="tab"], [role="radio"], [role="menuitem"], [role="option"]';

export function useEditorKeys(onCommand: (command: EditorCommand) => void): void {
  const latest = useRef(onCommand);
  latest.current = onCommand;
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const command = editorCommand(event, isTypingTarget(event.target));
      if (!command) return;
      const target = event.target instanceof Element ? event.target : null;
      if ((command === 'play-pause' || command === 'delete-scene') && target?.closest(OWN_KEYS)) return;
      event.preventDefault();
      latest.current(command);
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}
