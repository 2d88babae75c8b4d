// The first thing the transcription screen says: whether this server can transcribe, and with
// what. Without an engine a creator gets one plain sentence; the settings that give one are the
// administrator's (the server logs them at start, the README explains them).
import { Alert, Group, Loader, Text } from '@mantine/core';
import type { SpeechEngineState } from './speech-engine';

export const NO_ENGINE_TEXT = 'Transcription isn’t available on this server yet. Ask its administrator to set up a speech-to-text engine.';

export function EngineStatus({ engine }: { engine: SpeechEngineState }) {
  const { status } = engine;
  if (!status) {
    return engine.loading ? (
      <Group gap="xs" aria-live="polite">
        <Loader size="xs" />
        <Text fz="sm">Asking the server which speech engine it has…</Text>
      </Group>
    ) : (
      <Text fz="sm" c="dimmed">
        The server could not be asked which speech engine it has (offline?). You can still prepare uploads: they wait on this device.
      </Text>
    );
  }
  if (!status.configured) {
    return (
      <Alert color="orange" title="Transcription isn’t available yet" data-testid="no-speech-engine">
        <Text fz="sm">{NO_ENGINE_TEXT}</Text>
      </Alert>
    );
  }
  return (
    <Text fz="sm" c="dimmed" data-testid="speech-engine">
      Speech engine: {status.engine.label}.
      {status.rough_draft ? ' Its accuracy is low: every transcript is a rough draft to review word by word.' : ''}
      {engine.fromCache ? ' (as last reported by the server)' : ''}
    </Text>
  );
}
