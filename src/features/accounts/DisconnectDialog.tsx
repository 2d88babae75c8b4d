// "Disconnect this account?": says what happens to its queued posts before anything is done. The
// disconnect itself goes through the outbox, so it works offline too (sent when back online).
import { List, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../api';
import type { LocalAccount } from '../../store';
import { ConfirmActions } from '../../ui/ConfirmActions';
import { platformLabel } from './format';
import { plural } from '../../ui/format-count';

export interface DisconnectDialogProps {
  /** The account to disconnect; null: closed. */
  account: LocalAccount | null;
  online: boolean;
  onConfirm: (account: LocalAccount) => Promise<void>;
  onCancel: () => void;
}

export function DisconnectDialog({ account, online, onConfirm, onCancel }: DisconnectDialogProps) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Keep the words while the modal animates out.
  const [shown, setShown] = useState<LocalAccount | null>(account);
  if (account && account !== shown) setShown(account);
  const target = account ?? shown;

  const close = () => {
    setFailure(null);
    onCancel();
  };
  const confirm = async () => {
    if (!account) return;
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm(account);
    } catch (error) {
      setFailure(errorMessage(error, 'The account could not be disconnected on this device.'));
    } finally {
      setBusy(false);
    }
  };

  const platform = target ? platformLabel(target.platform) : '';
  return (
    <Modal opened={account !== null} onClose={close} title={target ? `Disconnect ${target.name}?` : 'Disconnect account?'} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        <Text>Reelflow stops posting to this {platform} account. Nothing is deleted on {platform}.</Text>
        <List spacing={4} fz="sm">
          <List.Item>
            Posts scheduled for it will not be published: they move to failed jobs with the reason “account disconnected”, where you can reschedule them
            to another account.
          </List.Item>
          {target && target.blocked_targets > 0 ? (
            <List.Item>{plural(target.blocked_targets, 'post is', 'posts are')} waiting for this account right now.</List.Item>
          ) : null}
          <List.Item>You can connect it again at any time.</List.Item>
        </List>
        {online ? null : <Text fz="sm">You are offline: the account leaves the list now and is disconnected when the connection is back.</Text>}
        <ConfirmActions failure={failure} busy={busy} confirmLabel="Disconnect account" onCancel={close} onConfirm={() => void confirm()} />
      </Stack>
    </Modal>
  );
}
