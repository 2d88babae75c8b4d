// One transcription opened from the list. The list pull brings no words, so a transcription that
// has just completed (or was changed elsewhere) has none, or older ones, on this device: they are
// fetched first, and until they are here the transcript shows "Loading", or why they cannot be
// loaded with "Try again" — never an editor over words it does not have, which would read as an
// empty transcript and could save as one. Offline, words loaded earlier are shown as last seen
// (a save of them carries their version, so the server refuses it if they changed meanwhile).
// Once loaded words are on screen the editor stays: newer ones are fetched under it and never
// take a creator's unsaved changes away.
import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { wordsAvailability } from './data/transcription-sync';
import { loadWordsFromServer, reloadFromServer } from './data/transcription-http';
import { transcriptionById } from './data/queries';
import { useOnline } from '../../ui/useOnline';

const TranscriptionDetail = lazy(() => import('./TranscriptionDetail'));

export function OpenTranscription({ id, onClose }: { id: string; onClose: () => void }) {
  const row = useLiveQuery(() => transcriptionById(id), [id]);
  const online = useOnline();
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // The detail's own heading names the section; focus moves to the section when it opens.
  const section = useRef<HTMLDivElement>(null);
  const availability = row ? wordsAvailability(row) : 'current';
  const version = row?.updated_at;
  const [editorShown, setEditorShown] = useState(false);
  if (!editorShown && row?.status === 'completed' && (availability === 'current' || (availability === 'older' && !online))) setEditorShown(true);

  useEffect(() => section.current?.focus(), [id]);
  useEffect(() => {
    if (availability === 'current' || !online) return;
    let live = true;
    loadWordsFromServer(id)
      .then((loaded) => live && setLoadError(loaded && wordsAvailability(loaded) === 'missing' ? 'The server sent no transcript for it.' : null))
      .catch((error: unknown) => live && setLoadError(error instanceof Error ? error.message : String(error)));
    return () => {
      live = false;
    };
  }, [id, availability, online, version, attempt]);

  const retry = () => {
    setLoadError(null);
    setAttempt((count) => count + 1);
  };
  const failed = loadError ? (
    <Alert color="red" title="The transcript could not be loaded" role="alert">
      <Stack gap="xs">
        <Text fz="sm">{loadError}</Text>
        <Group>
          <Button mih={44} variant="light" onClick={retry}>
            Try again
          </Button>
        </Group>
      </Stack>
    </Alert>
  ) : null;

  let placeholder: ReactNode = null;
  if (row && !editorShown && row.status === 'completed') {
    placeholder = !online ? (
      <Text fz="sm" c="dimmed">
        You are offline, and the transcript has not been loaded on this device yet. It loads once the connection is back.
      </Text>
    ) : (
      (failed ?? (
        <Group gap="xs" role="status">
          <Loader size="xs" aria-hidden />
          <Text fz="sm">Loading the transcript…</Text>
        </Group>
      ))
    );
  }

  if (row === undefined) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" ref={section} tabIndex={-1} aria-labelledby={row ? `transcription-${id}-title` : undefined} aria-label={row ? undefined : 'Transcription'}>
      <Stack gap="sm">
        <Group justify="flex-end">
          <Button variant="default" mih={44} onClick={onClose}>
            Back to the list
          </Button>
        </Group>
        {!row ? <Text fz="sm">This transcription is no longer on this device.</Text> : null}
        {row && availability === 'older' && !online ? (
          <Text fz="sm" c="dimmed">
            You are offline: this is the transcript as last seen on this device.
          </Text>
        ) : null}
        {editorShown ? failed : null}
        {row ? (
          <Suspense
            fallback={
              <Group gap="xs">
                <Loader size="xs" />
                <Text fz="sm">Opening the editor…</Text>
              </Group>
            }
          >
            <TranscriptionDetail transcription={row} transcriptPlaceholder={placeholder} reloadFromServer={() => reloadFromServer(id)} />
          </Suspense>
        ) : null}
      </Stack>
    </Paper>
  );
}
