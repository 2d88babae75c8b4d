// After a refused save: what the saved timeline changed compared with this device's, and the
// choice — keep mine (saved over it) or take the saved one (one undo brings mine back).
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { Timeline } from '../../../../contract/timeline';
import { describeTimelineChanges } from '../data';

export function ConflictDialog({ opened, mine, saved, onChoose, onClose }: { opened: boolean; mine: Timeline; saved: Timeline; onChoose: (choice: 'mine' | 'theirs') => void; onClose: () => void }) {
  const changes = describeTimelineChanges(mine, saved);
  return (
    <Modal opened={opened} onClose={onClose} title="This video was changed elsewhere" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="sm">
        <Text fz="sm">It was saved from another tab or device while you edited here. The saved one differs from yours:</Text>
        {changes.length > 0 ? (
          <List size="sm" spacing={2}>
            {changes.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        ) : (
          <Text fz="sm">Nothing you can see: only its saved revision moved on.</Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => onChoose('theirs')}>
            Take the saved one
          </Button>
          <Button onClick={() => onChoose('mine')}>Keep mine</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
