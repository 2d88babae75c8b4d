// The editor's bar: Undo, Redo, the save status, the keyboard help and "Render vN · price".
import { ActionIcon, Button, Group, Stack, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconArrowForwardUp } from '@tabler/icons-react';
import type { SaveStatus } from './save-status';
import { SaveStatusText } from './SaveStatusText';
import { ShortcutsHelp } from './ShortcutsHelp';

export interface EditorTopBarProps {
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  status: SaveStatus;
  onConflict: () => void;
  renderLabel: string;
  /** Why Render cannot be pressed now (null: it can). */
  renderBlocked: string | null;
  onRender: () => void;
}

export function EditorTopBar({ canUndo, canRedo, onUndo, onRedo, status, onConflict, renderLabel, renderBlocked, onRender }: EditorTopBarProps) {
  // The status gets a line of its own under the buttons: its longest words do not fit beside them on a phone.
  return (
    <Stack gap={0} py={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap={2} wrap="nowrap">
          <ActionIcon variant="subtle" size={44} aria-label="Undo" disabled={!canUndo} onClick={onUndo}>
            <IconArrowBackUp size={20} />
          </ActionIcon>
          <ActionIcon variant="subtle" size={44} aria-label="Redo" disabled={!canRedo} onClick={onRedo}>
            <IconArrowForwardUp size={20} />
          </ActionIcon>
          <ShortcutsHelp />
        </Group>
        <Tooltip label={renderBlocked ?? ''} disabled={!renderBlocked} events={{ hover: true, focus: true, touch: true }}>
          <Button data-disabled={renderBlocked ? true : undefined} aria-disabled={renderBlocked ? true : undefined} onClick={(event) => (renderBlocked ? event.preventDefault() : onRender())}>
            {renderLabel}
          </Button>
        </Tooltip>
      </Group>
      <SaveStatusText status={status} onConflict={onConflict} />
    </Stack>
  );
}
