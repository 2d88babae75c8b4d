// The bar of a long form's actions (Back / Next, Save): it stays at the bottom of the screen while
// the form scrolls under it, so the next step is always one tap away on a phone.
import { Box, Group } from '@mantine/core';
import type { ReactNode } from 'react';

export function StickyActionBar({ children }: { children: ReactNode }) {
  return (
    <Box pos="sticky" bottom={0} py="sm" style={{ zIndex: 2, background: 'var(--mantine-color-body)', borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        {children}
      </Group>
    </Box>
  );
}
