// A change the server refused (outbox row 'failed'): its reason and Retry / Discard, shared by every
// card that shows a local row (scripts, videos). Discard drops the change and the collection's
// outcome rules restore the row as the server has it.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../api';
import { discardChange, retryChange } from '../sync';

export function RefusedChangeAlert({ outboxId, reason, title = 'The server refused a change' }: { outboxId: string | null; reason: string | null; title?: string }) {
  const [busy, setBusy] = useState<'retry' | 'discard' | null>(null);
  const act = async (what: 'retry' | 'discard') => {
    if (!outboxId) return;
    setBusy(what);
    try {
      if (what === 'retry') await retryChange(outboxId);
      else await discardChange(outboxId);
    } catch (error) {
      notifications.show({ color: 'red', title: what === 'retry' ? 'Not retried' : 'Not discarded', message: errorMessage(error, 'Something went wrong on this device.') });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Alert color="red" variant="light" p="sm" title={title} icon={<IconAlertTriangle size={18} aria-hidden />}>
      <Stack gap="xs">
        <Text fz="sm">{reason ?? 'The server refused this change.'}</Text>
        <Group gap="xs">
          <Button size="compact-sm" variant="light" loading={busy === 'retry'} disabled={!outboxId || busy === 'discard'} onClick={() => void act('retry')}>
            Retry
          </Button>
          <Button size="compact-sm" variant="light" color="red" loading={busy === 'discard'} disabled={!outboxId || busy === 'retry'} onClick={() => void act('discard')}>
            Discard
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
