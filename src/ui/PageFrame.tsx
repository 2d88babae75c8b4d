import { Stack, Text, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { markFirstScreenShown } from './first-screen';

/** A screen's heading and introduction, as plain text: its route shows them before the screen's code arrives. */
export interface PageFrameText {
  title: string;
  description: string;
}

export interface PageFrameProps {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
}

/** The frame of every signed-in screen: one h1 and the screen's content. */
export function PageFrame(props: PageFrameProps) {
  // Start-up work the screen does not need waits for this (src/ui/first-screen.ts).
  useEffect(markFirstScreenShown, []);
  return <PageFrameLayout {...props} />;
}

/**
 * The same frame without marking the first screen: what a route shows while its screen's code
 * arrives (src/app/lazy.ts), so the heading paints before the screen and its data layer load.
 */
export function PageFrameLayout({ title, description, children }: PageFrameProps) {
  return (
    <Stack gap="lg" maw={1100} w="100%" mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {title}
        </Title>
        {description ? <Text c="dimmed">{description}</Text> : null}
      </Stack>
      {children}
    </Stack>
  );
}

/** The honest placeholder of an area whose screen arrives in a later update. No fake data. */
export function ComingLater({ title }: { title: string }) {
  return (
    <PageFrame title={title}>
      <Text>This area arrives in a later update of Reelflow.</Text>
    </PageFrame>
  );
}
