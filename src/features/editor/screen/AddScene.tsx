// "Add a scene" after a card: a line to say, then the new scene (its voice and picture are made at
// the next render).
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { addScene } from '../data';
import type { ApplyEdit } from './editor-actions';

/** A thumb's target on a phone (44 px); a desktop's pointer gets the plain button. */
const TOUCH = { base: 44, sm: 'auto' } as const;

export function AddScene({ afterId, afterNumber, apply }: { afterId: string | null; afterNumber: number; apply: ApplyEdit }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!open) {
    return (
      <Button variant="subtle" size="sm" mih={TOUCH} leftSection={<IconPlus size={14} />} onClick={() => setOpen(true)} aria-label={afterNumber === 0 ? 'Add a scene at the start' : `Add a scene after scene ${afterNumber}`}>
        Add a scene
      </Button>
    );
  }
  const add = async () => {
    const refused = await apply((timeline) => addScene(timeline, afterId, text), { quiet: true });
    setError(refused);
    if (!refused) {
      setText('');
      setOpen(false);
    }
  };
  return (
    <Stack gap={6}>
      <Textarea label={`Line of the new scene after scene ${afterNumber}`} value={text} error={error} onChange={(event) => setText(event.currentTarget.value)} autosize minRows={2} autoFocus />
      <Group gap="xs">
        <Button size="sm" mih={TOUCH} onClick={() => void add()}>
          Add scene
        </Button>
        <Button size="sm" mih={TOUCH} variant="default" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
