// A whole screen that only says something and offers one way on: a page that could not load or
// be found, or one the account may not open. Centred, with the page's heading.
import { Center, Stack, Text, Title } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';

export interface MessageScreenProps {
  /** An icon above the heading, drawn dimmed and hidden from screen readers. */
  icon?: ComponentType<{ size?: number; color?: string; 'aria-hidden'?: boolean }>;
  title: string;
  text: ReactNode;
  /** The way on: a button or a link. */
  action: ReactNode;
  /** The screen's minimum height: a page inside a layout needs less than a bare one. */
  minHeight?: string;
  titleSize?: number;
}

export function MessageScreen({ icon: Icon, title, text, action, minHeight = '60vh', titleSize = 24 }: MessageScreenProps) {
  return (
    <Center mih={minHeight} p="md">
      <Stack align="center" gap="sm" maw={460} ta="center">
        {Icon ? <Icon size={40} aria-hidden color="var(--mantine-color-dimmed)" /> : null}
        <Title order={1} fz={titleSize}>
          {title}
        </Title>
        <Text c="dimmed">{text}</Text>
        {action}
      </Stack>
    </Center>
  );
}
