// The top bar's save status; "Changed elsewhere" opens the conflict dialog.
import { Button, Text } from '@mantine/core';
import type { SaveStatus } from './save-status';

export function SaveStatusText({ status, onConflict }: { status: SaveStatus; onConflict: () => void }) {
  if (status.kind === 'conflict') {
    return (
      <Button size="compact-sm" color="orange" variant="light" onClick={onConflict} style={{ alignSelf: 'flex-start' }}>
        Changed elsewhere
      </Button>
    );
  }
  return (
    <Text fz="sm" c={status.kind === 'refused' ? 'red' : 'dimmed'} role="status" aria-live="polite" px={6}>
      {status.label}
    </Text>
  );
}
