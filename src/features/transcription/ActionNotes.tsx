// The two lines under a panel's action: why it cannot be done now (dimmed), and why the last try
// failed (read out as an alert). Either is left out when there is nothing to say.
import { Text } from '@mantine/core';

export function ActionNotes({ hint, failure }: { hint: string | null; failure: string | null }) {
  return (
    <>
      {hint ? (
        <Text fz="sm" c="dimmed">
          {hint}
        </Text>
      ) : null}
      {failure ? (
        <Text fz="sm" c="red" role="alert">
          {failure}
        </Text>
      ) : null}
    </>
  );
}
