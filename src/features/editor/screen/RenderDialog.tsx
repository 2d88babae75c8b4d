// "Render vN": what will be made again and its price, then the request (an outbox POST of the
// saved revision at the price shown).
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Timeline, TimelinePrice } from '../../../../contract/timeline';
import { errorMessage } from '../../../api';
import { describeWork, priceLabel, workToRedo } from './render-summary';

export interface RenderDialogProps {
  opened: boolean;
  version: number;
  timeline: Timeline;
  price: TimelinePrice;
  onRender: () => Promise<void>;
  onClose: () => void;
}

export function RenderDialog({ opened, version, timeline, price, onRender, onClose }: RenderDialogProps) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const render = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onRender();
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, 'The render could not be asked for.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={`Render v${version}`} closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="sm">
        <Text>{describeWork(workToRedo(timeline))}.</Text>
        <Text fw={600}>Price: {priceLabel(price)}</Text>
        <Text fz="sm" c="dimmed">
          Unchanged scenes are reused, not charged. The earlier versions stay playable until you delete them.
        </Text>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={busy} onClick={() => void render()}>
            Render v{version}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
