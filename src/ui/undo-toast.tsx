// "“Title” was deleted. [Undo]": the toast every local delete shows while its Undo is possible.
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

export interface UndoableDelete {
  /** Notification id, so Undo can close this toast. */
  id: string;
  /** e.g. "Video deleted". */
  title: string;
  /** The item's own title, quoted in the message and named by the Undo button. */
  name: string;
  /** How long Undo is offered (the collection's undo window). */
  autoClose: number;
  onUndo: () => void;
  /** The line instead of "“{name}” was deleted." (e.g. for a dismissal). */
  message?: string;
  /** The Undo button's accessible name instead of "Undo delete of {name}". */
  undoLabel?: string;
}

export function showUndoableDelete({ id, title, name, autoClose, onUndo, message, undoLabel }: UndoableDelete): void {
  notifications.show({
    id,
    title,
    autoClose,
    message: (
      <Group gap="sm" justify="space-between" wrap="nowrap">
        <Text fz="sm">{message ?? `“${name}” was deleted.`}</Text>
        <Button size="compact-sm" variant="light" onClick={onUndo} aria-label={undoLabel ?? `Undo delete of ${name}`}>
          Undo
        </Button>
      </Group>
    ),
  });
}
