// The facts at the top of one transcription: status, engine, language, length, whether a change
// still waits to be sent, the rough-draft warning and a failure's reason.
import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import type { LocalTranscription } from '../../store';
import { RefusedChangeAlert } from '../../ui/RefusedChangeAlert';
import { formatTime } from './word-edits';

const STATUS_LABELS: Record<LocalTranscription['status'], string> = {
  queued: 'Queued',
  processing: 'Transcribing',
  completed: 'Completed',
  failed: 'Failed',
};
const STATUS_COLORS: Record<LocalTranscription['status'], string> = { queued: 'gray', processing: 'blue', completed: 'green', failed: 'red' };

function languageName(code: string | null): string {
  if (!code) return 'Not known yet';
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function TranscriptionFacts({ transcription }: { transcription: LocalTranscription }) {
  const facts: [string, string][] = [
    ['Engine', transcription.engine?.label ?? 'Not known yet'],
    ['Language', languageName(transcription.language)],
    ['Length', transcription.duration === null ? 'Not known yet' : formatTime(transcription.duration)],
  ];
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Badge color={STATUS_COLORS[transcription.status]} variant="light">
          {STATUS_LABELS[transcription.status]}
        </Badge>
        <SyncBadge transcription={transcription} />
      </Group>
      <Group component="dl" gap="lg" m={0}>
        {facts.map(([term, value]) => (
          <div key={term}>
            <Text component="dt" fz="xs" c="dimmed">
              {term}
            </Text>
            <Text component="dd" fz="sm" m={0}>
              {value}
            </Text>
          </div>
        ))}
      </Group>
      {transcription.rough_draft ? (
        <Alert color="yellow" title="Rough draft — review every word">
          This transcript comes from the offline engine, whose accuracy is low. Read it through and correct the words before using the captions.
        </Alert>
      ) : null}
      {transcription.status === 'failed' ? (
        <Alert color="red" title="The transcription failed" role="alert">
          {transcription.error ?? 'The server gave no reason.'}
        </Alert>
      ) : null}
      {transcription.syncStatus === 'failed' ? <RefusedChangeAlert outboxId={transcription.failedOutboxId} reason={transcription.syncError} title="The server refused your last change" /> : null}
    </Stack>
  );
}

/** Whether this device still has a change of the transcription to send. */
export function SyncBadge({ transcription }: { transcription: LocalTranscription }) {
  if (transcription.syncStatus === 'pending')
    return (
      <Badge color="yellow" variant="light">
        Waiting to be sent
      </Badge>
    );
  if (transcription.syncStatus === 'failed')
    return (
      <Badge color="red" variant="light">
        Not saved on the server
      </Badge>
    );
  return null;
}
