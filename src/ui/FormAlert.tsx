import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * A clear error alert for a failed form submission. Announced to screen readers, and focusable
 * by script (tabIndex -1) so that a failed submit can move focus to it (useServerSubmit).
 */
export function ErrorAlert({ children, title = 'Something went wrong' }: { children: ReactNode; title?: string }) {
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertCircle aria-hidden />} role="alert" tabIndex={-1}>
      {children}
    </Alert>
  );
}

export function SuccessAlert({ children, title }: { children: ReactNode; title: string }) {
  return (
    <Alert color="teal" variant="light" title={title} icon={<IconCircleCheck aria-hidden />} role="status">
      {children}
    </Alert>
  );
}
