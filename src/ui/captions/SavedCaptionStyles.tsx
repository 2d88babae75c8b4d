// "Save this style" and the styles saved on this device, newest first: one button applies a style,
// the other deletes it. Saving under a name already used replaces that style.
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import type { CaptionPreset, CaptionSettings } from '../../../contract';
import { CAPTION_STYLE_NAME_MAX, deleteCaptionStyle, listCaptionStyles, saveCaptionStyle, styleNameProblem } from '../../collections/caption-styles';

export interface SavedCaptionStylesProps {
  current: CaptionSettings;
  onApply: (settings: CaptionSettings) => void;
  exclude?: readonly CaptionPreset[];
  disabled?: boolean;
}

export function SavedCaptionStyles({ current, onApply, exclude = [], disabled }: SavedCaptionStylesProps) {
  const saved = useLiveQuery(listCaptionStyles, []);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  // A style whose preset this place does not offer cannot be applied here.
  const usable = (saved ?? []).filter((row) => !exclude.includes(row.settings.preset ?? 'bold-pop'));

  const save = async () => {
    const reason = styleNameProblem(name);
    if (reason) {
      setProblem(reason);
      return;
    }
    try {
      const row = await saveCaptionStyle(name, current);
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
              maxLength={CAPTION_STYLE_NAME_MAX}
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
                  void deleteCaptionStyle(row.id).then(() => setNotice(`Deleted “${row.name}”.`));
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
