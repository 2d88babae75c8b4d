import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A clear error alert for a failed form submission. Announced to screen readers. */
export function ErrorAlert({ children, title = 'Something went wrong' }: { children: ReactNode; title?: string }) {
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertCircle aria-hidden />} role="alert">
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
