// Save and Discard under an edited draft (the words, the caption style), with the polite notice
// line that says what the last action did. Both need a change to act on; Discard waits for a save.
import { Button, Group, Text } from '@mantine/core';

export interface DraftActionsProps {
  saveLabel: string;
  discardLabel: string;
  dirty: boolean;
  saving: boolean;
  /** False while the draft has problems that must be fixed first. */
  canSave?: boolean;
  onSave: () => void;
  onDiscard: () => void;
  notice: string;
}

export function DraftActions({ saveLabel, discardLabel, dirty, saving, canSave = true, onSave, onDiscard, notice }: DraftActionsProps) {
  return (
    <>
      <Group gap="sm">
        <Button onClick={onSave} disabled={!dirty || !canSave} loading={saving} mih={44}>
          {saveLabel}
        </Button>
        <Button variant="default" mih={44} disabled={!dirty || saving} onClick={onDiscard}>
          {discardLabel}
        </Button>
      </Group>
      <Text fz="sm" c="dimmed" aria-live="polite">
        {notice}
      </Text>
    </>
  );
}
