import { Center, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { MainLandmark } from '../../ui/Landmarks';
import { ButtonLink } from '../../ui/links';

/** /unauthorized, open to everyone (spec §2). */
export function UnauthorizedPage() {
  return (
    <MainLandmark>
      <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm" maw={460} ta="center">
        <IconLock size={40} aria-hidden color="var(--mantine-color-dimmed)" />
        <Title order={1} fz={26}>
          This page is not available to you
        </Title>
        <Text c="dimmed">
          Your account or plan does not give access to what you tried to open. If you think it should, check your plan
          or sign in with another account.
        </Text>
        <ButtonLink to="/">Go to home</ButtonLink>
      </Stack>
      </Center>
    </MainLandmark>
  );
}
