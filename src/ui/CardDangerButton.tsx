// The small red action at the end of a card's buttons (delete, disconnect): one look everywhere,
// named in full for screen readers since the visible word alone does not say what it acts on.
import { Button } from '@mantine/core';
import type { ReactNode } from 'react';

export function CardDangerButton({ icon, label, onClick, children }: { icon: ReactNode; label: string; onClick: () => void; children: ReactNode }) {
  return (
    <Button size="xs" variant="subtle" color="red" leftSection={icon} onClick={onClick} aria-label={label}>
      {children}
    </Button>
  );
}
