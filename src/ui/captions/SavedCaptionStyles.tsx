// "Save this style" and the styles saved on this device, newest first: one button applies a style,
// the other deletes it. Saving under a name already used replaces that style.
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import type { CaptionPreset, CaptionSettings } from '../../../contract';

/** A style saved by name. */
export interface SavedCaptionStyle {
  id: string;
  name: string;
  settings: CaptionSettings;
}

/**
 * Where saved styles live, passed in by the feature that shows the picker (the transcription
 * feature owns them; a widget here imports no store or feature).
 */
export interface CaptionStyleLibrary {
  /** Every saved style, newest first; read through useLiveQuery, so it follows every change. */
  list(): Promise<SavedCaptionStyle[]>;
  /** Save under `name` (replacing a style of that name); rejects when it cannot be stored. */
  save(name: string, settings: CaptionSettings): Promise<SavedCaptionStyle>;
  remove(id: string): Promise<void>;
  /** Why `name` cannot be used, or null. */
  nameProblem(name: string): string | null;
  nameMax: number;
}

export interface SavedCaptionStylesProps {
  library: CaptionStyleLibrary;
  current: CaptionSettings;
  onApply: (settings: CaptionSettings) => void;
  exclude?: readonly CaptionPreset[];
  disabled?: boolean;
}

export function SavedCaptionStyles({ library, current, onApply, exclude = [], disabled }: SavedCaptionStylesProps) {
  const saved = useLiveQuery(() => library.list(), [library]);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  // A style whose preset this place does not offer cannot be applied here.
  const usable = (saved ?? []).filter((row) => !exclude.includes(row.settings.preset ?? 'bold-pop'));

  const save = async () => {
    const reason = library.nameProblem(name);
    if (reason) {
      setProblem(reason);
      return;
    }
    try {
      const row = await library.save(name, current);
      setNotice(`Saved “${row.name}”.`);
      setNaming(false);
      setName('');
      setProblem(null);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The style could not be saved.');
    }
  };

  return (
    <Stack gap="xs">
      {naming ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Stack gap="xs">
            <TextInput
              label="Style name"
              description="A saved style is offered wherever you style captions on this device. The same name replaces it."
              maxLength={library.nameMax}
              value={name}
              error={problem}
              data-autofocus
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <Group gap="xs">
              <Button type="submit" size="sm">
                Save style
              </Button>
              <Button
                variant="default"
                size="sm"
                onClick={() => {
                  setNaming(false);
                  setProblem(null);
                }}
              >
                Cancel
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Button variant="light" size="sm" disabled={disabled} onClick={() => setNaming(true)} style={{ alignSelf: 'flex-start' }} mih={44}>
          Save this style
        </Button>
      )}
      <Text fz="sm" c="dimmed" aria-live="polite">
        {notice}
      </Text>
      {usable.length > 0 ? (
        <Stack gap={4} component="section" aria-labelledby="saved-caption-styles-label">
          <Text fz="sm" fw={500} id="saved-caption-styles-label">
            Your saved styles
          </Text>
          {usable.map((row) => (
            <Group key={row.id} gap="xs" wrap="nowrap">
              <Button variant="default" size="sm" mih={44} disabled={disabled} onClick={() => onApply(row.settings)} style={{ flex: 1 }} aria-label={`Use saved style ${row.name}`}>
                <Text truncate fz="sm">
                  {row.name}
                </Text>
              </Button>
              <ActionIcon
                size={44}
                variant="subtle"
                color="red"
                disabled={disabled}
                aria-label={`Delete saved style ${row.name}`}
                onClick={() => {
                  void library.remove(row.id).then(() => setNotice(`Deleted “${row.name}”.`));
                }}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
