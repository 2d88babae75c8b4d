// A topic's length the script writer cannot fill with this voice, said where the length is chosen
// and again next to Create: the server's own sentence (contract/writer-reach.ts) and one-click
// fixes — the longest length it can fill, or writing the script by hand.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { WriterShortfall } from './flow-state';

/** The shortest length the contract accepts: below it there is no length to offer. */
const MIN_SECONDS = 5;

interface WriterReachAlertProps {
  /** The id of the sentence that says why (what Create's aria-describedby points at). */
  messageId: string;
  /** 'status' where it follows the length as it is typed; 'alert' where it holds Create back. */
  role: 'status' | 'alert';
  shortfall: WriterShortfall;
  /** The length the first fix sets: the writer's reach, within the plan's maximum. */
  fixSeconds: number;
  onUseLength: (seconds: number) => void;
  onWriteScript: () => void;
}

export function WriterReachAlert({ messageId, role, shortfall, fixSeconds, onUseLength, onWriteScript }: WriterReachAlertProps) {
  return (
    <Alert color="orange" role={role} title="The written script cannot fill this length">
      <Stack gap="xs">
        <Text fz="sm" id={messageId}>
          {shortfall.message}
        </Text>
        <Group gap="xs">
          {fixSeconds >= MIN_SECONDS ? (
            <Button size="sm" mih={44} onClick={() => onUseLength(fixSeconds)}>
              Use {fixSeconds} seconds
            </Button>
          ) : null}
          <Button size="sm" mih={44} variant="default" onClick={onWriteScript}>
            Write the script yourself
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
