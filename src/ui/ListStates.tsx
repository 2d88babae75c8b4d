// What a list shows while the local store is being read: one look for every list of the app.
import { Group, Loader, Text } from '@mantine/core';

export function ListLoading({ label, live = true }: { label: string; live?: boolean }) {
  return (
    <Group gap="xs" py="lg" justify="center">
      <Loader size="sm" aria-hidden />
      <Text c="dimmed" role="status" aria-live={live ? 'polite' : undefined}>
        {label}
      </Text>
    </Group>
  );
}
