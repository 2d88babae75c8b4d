// The end of every "are you sure?" dialog: what went wrong (read out), then Cancel — focused first,
// so Enter never destroys by accident — and the red action, busy while it runs.
import { Button, Group, Text } from '@mantine/core';

export interface ConfirmActionsProps {
  failure: string | null;
  busy: boolean;
  confirmLabel: string;
  /** What backing out keeps, when "Cancel" would be unclear next to the action (e.g. "Keep video"). */
  cancelLabel?: string;
  onCancel: () => void;
  onConfirm: () => void;
}

export function ConfirmActions({ failure, busy, confirmLabel, cancelLabel = 'Cancel', onCancel, onConfirm }: ConfirmActionsProps) {
  return (
    <>
      {failure ? (
        <Text c="red" role="alert">
          {failure}
        </Text>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={busy} data-autofocus>
          {cancelLabel}
        </Button>
        <Button color="red" loading={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </>
  );
}
