// Mantine's modals manager, which shows the confirmations of src/ui/confirm.ts (sign-out with
// unsent changes, generating again). Its own chunk (Modal, the scroll lock: ~10 KB gzip): no
// signed-in screen needs it to show, so it is rendered after the first screen (Lighthouse LCP on
// `/`), or at once when a confirmation is asked for sooner.
import { Text } from '@mantine/core';
import { modals, ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';
import { provideConfirmPresenter, type ConfirmRequest } from '../ui/confirm';

function showConfirm({ title, message, confirmLabel, cancelLabel = 'Cancel', danger = false, onConfirm }: ConfirmRequest): void {
  modals.openConfirmModal({
    title,
    children: <Text fz="sm">{message}</Text>,
    labels: { confirm: confirmLabel, cancel: cancelLabel },
    confirmProps: danger ? { color: 'red' } : undefined,
    onConfirm,
  });
}

export function ModalsHost() {
  useEffect(() => provideConfirmPresenter(showConfirm), []);
  // The manager listens for `modals.*` calls anywhere on the page: it need not wrap the screens.
  return <ModalsProvider />;
}
