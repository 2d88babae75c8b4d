import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMovie } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { markFirstScreenShown } from './first-screen';

/** The frame of the public pages (sign in, register, licence, password reset): mobile first. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  // Start-up work the page does not need waits for this (src/ui/first-screen.ts).
  useEffect(markFirstScreenShown, []);
  return (
    <Center mih="100dvh" p={{ base: 'sm', sm: 'xl' }} bg="var(--mantine-color-body)">
      <Box w="100%" maw={440}>
        <Stack gap="lg">
          <Group gap="xs" justify="center">
            <IconMovie aria-hidden size={28} color="var(--mantine-primary-color-filled)" />
            <Text fw={800} fz="xl">
              Reelflow
            </Text>
          </Group>
          <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="lg">
            <Stack gap="md">
              <Stack gap={4}>
                <Title order={1} fz={26}>
                  {title}
                </Title>
                {subtitle ? <Text c="dimmed" fz="sm">{subtitle}</Text> : null}
              </Stack>
              {children}
            </Stack>
          </Paper>
        </Stack>
      </Box>
    </Center>
  );
}
