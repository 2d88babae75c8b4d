import { Center, Loader, Stack, Text } from '@mantine/core';

/** A centred status text (spec §2 "a centred text 'Loading...'", spec §4 "Loading permissions..."). */
export function CenteredText({ children, withLoader = false }: { children: string; withLoader?: boolean }) {
  return (
    <Center mih="50vh" p="md">
      <Stack align="center" gap="xs">
        {withLoader ? <Loader size="sm" aria-hidden /> : null}
        <Text role="status" aria-live="polite" c="dimmed" ta="center">
          {children}
        </Text>
      </Stack>
    </Center>
  );
}

/** Shown while a lazily loaded page arrives. The text is exactly "Loading..." (spec §2). */
export function PageLoading() {
  return <CenteredText>Loading...</CenteredText>;
}
