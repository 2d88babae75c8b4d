// A scene's line as a textarea. Typing is one coalesced edit (the data layer folds a burst of one
// key into one undo step); a line that cannot be saved (empty, too long) stays in the field with
// the reason. The caret's word is where "Split here" cuts.
import { Textarea } from '@mantine/core';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { TimelineScene } from '../../../../contract/timeline';
import { rewriteScene } from '../data';
import type { ApplyEdit } from './editor-actions';

export function SceneLine({ scene, number, apply, fieldRef }: { scene: TimelineScene; number: number; apply: ApplyEdit; fieldRef?: RefObject<HTMLTextAreaElement | null> }) {
  const [value, setValue] = useState(scene.text);
  const [error, setError] = useState<string | null>(null);
  const focused = useRef(false);
  // Undo, redo or a conflict's choice change the line from outside: show it unless the creator is typing.
  useEffect(() => {
    if (!focused.current) setValue(scene.text);
  }, [scene.text]);

  const change = async (text: string) => {
    setValue(text);
    setError(await apply((timeline) => rewriteScene(timeline, scene.id, text), { coalesce: `text:${scene.id}`, quiet: true }));
  };

  return (
    <Textarea
      ref={fieldRef}
      label={`Line of scene ${number}`}
      value={value}
      error={error}
      autosize
      minRows={2}
      maxRows={8}
      onFocus={() => (focused.current = true)}
      onBlur={() => {
        focused.current = false;
        if (!error) setValue(scene.text);
      }}
      onChange={(event) => void change(event.currentTarget.value)}
    />
  );
}
