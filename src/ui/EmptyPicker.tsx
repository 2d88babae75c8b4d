// What a compose picker shows in place of its choices when there is nothing to pick yet: the
// field's name, how to make the first one, and the form's error. It keeps the field's id and takes
// focus, so "fix the first error" still lands on it.
import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface EmptyPickerProps {
  id: string;
  label: string;
  error?: string;
  /** Why there is nothing, and a link to make the first. */
  children: ReactNode;
}

export function EmptyPicker({ id, label, error, children }: EmptyPickerProps) {
  return (
    <Stack gap={4} id={id} tabIndex={-1}>
      <Text fw={500}>{label}</Text>
      <Text c="dimmed" fz="sm">
        {children}
      </Text>
      {error ? (
        <Text c="red" fz="sm">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
