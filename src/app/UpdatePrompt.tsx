// Registers the service worker (vite.config.ts: injectRegister false, registerType 'prompt') and
// offers a new version without ever taking over on its own (DESIGN §4: "workbox-window prompt
// 'new version — reload', never losing the outbox"). workers/sw.ts skips waiting on request.
import { Affix, Button, Group, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      // A PWA left open for days should still learn about new versions.
      if (registration) setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
  });

  useEffect(() => {
    if (!offlineReady) return;
    // Loaded here rather than imported: the toast container is a lazy chunk too (App.tsx).
    void import('@mantine/notifications').then(({ notifications }) =>
      notifications.show({ title: 'Ready to work offline', message: 'Reelflow now opens even without a connection.' }),
    );
    setOfflineReady(false);
  }, [offlineReady, setOfflineReady]);

  if (!needRefresh) return null;
  return (
    <Affix position={{ bottom: 16, right: 16, left: 16 }} zIndex={400}>
      <Paper withBorder shadow="lg" p="md" maw={420} ml="auto" role="status" aria-live="polite">
        <Text fw={600}>A new version of Reelflow is ready</Text>
        <Text fz="sm" c="dimmed" mt={4}>
          Reload to use it. Nothing you saved is lost.
        </Text>
        <Group justify="flex-end" mt="sm" gap="xs">
          <Button variant="default" size="xs" onClick={() => setNeedRefresh(false)}>
            Later
          </Button>
          <Button size="xs" leftSection={<IconRefresh size={14} aria-hidden />} onClick={() => void updateServiceWorker(true)}>
            Reload
          </Button>
        </Group>
      </Paper>
    </Affix>
  );
}
