// "Leave without creating?" when the creator typed a script or topic and navigates away (in-app
// navigation through the router's blocker; closing or reloading the tab through beforeunload).
import { Button, Group, Modal, Text } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';

export function LeavePrompt({ shouldBlock }: { shouldBlock: () => boolean }) {
  const blocker = useBlocker({ shouldBlockFn: () => shouldBlock(), enableBeforeUnload: shouldBlock, withResolver: true });
  const blocked = blocker.status === 'blocked';
  return (
    <Modal opened={blocked} onClose={() => blocker.reset?.()} title="Leave without creating?" centered>
      <Text>The script you typed has not been used yet. If you leave now it will be lost.</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          Stay
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          Leave
        </Button>
      </Group>
    </Modal>
  );
}
