// The "Access Denied" alert of spec §8, shown by the route guard (AccessGate.tsx), which loads this
// module only when a route is denied.
import { Button, Group, Modal, Text } from '@mantine/core';
import { useRef } from 'react';
import { GUARD_TEXT } from './access';

/**
 * "Access Denied" alert (spec §8): one OK button; closing it any other way (Escape, the close
 * button, the overlay) also goes home. onDone runs once.
 */
export function AccessDeniedAlert({ onDone }: { onDone: () => void }) {
  const done = useRef(false);
  const finish = () => {
    if (done.current) return;
    done.current = true;
    onDone();
  };
  return (
    <Modal opened onClose={finish} title={GUARD_TEXT.deniedTitle} centered trapFocus returnFocus={false}>
      <Text>{GUARD_TEXT.deniedBody}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={finish} data-autofocus>
          {GUARD_TEXT.deniedButton}
        </Button>
      </Group>
    </Modal>
  );
}
