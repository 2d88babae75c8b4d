// A post's or failed job's change that is still in the outbox: the same badge on both cards.
import { Badge } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';

export function PendingBadge() {
  return (
    <Badge color="gray" variant="outline" leftSection={<IconClock size={12} aria-hidden />}>
      Waiting to be sent
    </Badge>
  );
}
