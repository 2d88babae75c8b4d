// A scene's caption words as small chips; one is corrected in place (Enter keeps, Escape drops).
// A fix changes the caption's text only: the voice says what it said.
import { Box, TextInput, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import type { TimelineScene } from '../../../../contract/timeline';
import { fixCaptionWord } from '../data';
import type { ApplyEdit } from './editor-actions';

export function CaptionChips({ scene, number, apply }: { scene: TimelineScene; number: number; apply: ApplyEdit }) {
  const [editing, setEditing] = useState<{ index: number; text: string } | null>(null);
  const save = async () => {
    if (!editing) return;
    const { index, text } = editing;
    setEditing(null);
    if (text.trim() && text.trim() !== scene.captions[index]?.word) await apply((timeline) => fixCaptionWord(timeline, scene.id, index, text));
  };
  return (
    <Box component="ul" aria-label={`Caption words of scene ${number}`} m={0} p={0} style={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 4 }}>
      {scene.captions.map((word, index) => (
        <li key={index}>
        {editing?.index === index ? (
          <TextInput
            size="sm"
            w={Math.max(80, word.word.length * 10 + 30)}
            autoFocus
            aria-label={`Fix caption word ${index + 1}, “${word.word}”`}
            value={editing.text}
            onChange={(event) => setEditing({ index, text: event.currentTarget.value })}
            onBlur={() => void save()}
            onKeyDown={(event) => {
              if (event.key === 'Enter') void save();
              if (event.key === 'Escape') setEditing(null);
            }}
          />
        ) : (
          <UnstyledButton
            aria-label={`Caption word “${word.word}”: fix it`}
            onClick={() => setEditing({ index, text: word.word })}
            px={10}
            fz={{ base: 'sm', sm: 'xs' }}
            // A thumb's target on a phone (44 px); a pointer's on a desktop.
            mih={{ base: 44, sm: 28 }}
            miw={44}
            ta="center"
            style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 10 }}
          >
            {word.word}
          </UnstyledButton>
        )}
        </li>
      ))}
    </Box>
  );
}
