// Video transcription (issue 11): says first whether this server can transcribe (and with what),
// then a new transcription (check on the device, prepare, hand to the resumable uploader), the
// uploads still on their way, and the creator's transcriptions from the local store; opening one
// shows its transcript and captions (TranscriptionDetail, loaded only then). The ffmpeg code lives
// in the media worker's own files and tus in the uploader's chunk, never in this route's chunk.
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useLiveQuery } from 'dexie-react-hooks';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { api } from '../../api';
import { axiosGet } from '../../app/sync-runtime';
import { loadTranscriptionWords, refreshTranscriptions, wordsAreCurrent } from '../../collections/transcription-sync';
import { transcriptionUploadLimitBytes } from '../../media/upload-limit';
import { useAuth } from '../../session';
import { db } from '../../store/db';
import { PageFrame } from '../../ui/PageFrame';
import { useOnline } from '../../ui/useOnline';
import { NewTranscription } from './NewTranscription';
import { useSpeechEngine, type SpeechEngineState } from './speech-engine';
import { TranscriptionList } from './TranscriptionList';
import { UploadList } from './UploadList';

const TranscriptionDetail = lazy(() => import('./TranscriptionDetail'));

function EngineStatus({ engine }: { engine: SpeechEngineState }) {
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
      <Alert color="orange" title="No speech engine configured" data-testid="no-speech-engine">
        <Stack gap={4}>
          <Text fz="sm">{status.message}</Text>
          <Text fz="sm">
            Reelflow never invents text: until its administrator sets STT_PROVIDER (an OpenAI-compatible endpoint such as a self-hosted Whisper server, Lemonfox,
            or the offline pocketsphinx engine), this server cannot transcribe.
          </Text>
        </Stack>
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

function OpenTranscription({ id, onClose }: { id: string; onClose: () => void }) {
  const row = useLiveQuery(() => db.transcriptions.get(id), [id]);
  const online = useOnline();
  const [loadError, setLoadError] = useState<string | null>(null);
  // The detail's own heading names the section; focus moves to the section when it opens.
  const section = useRef<HTMLDivElement>(null);
  const stale = row ? !wordsAreCurrent(row) : false;
  useEffect(() => section.current?.focus(), [id]);
  useEffect(() => {
    if (!stale || !online) return;
    let live = true;
    loadTranscriptionWords(axiosGet(api), id)
      .then(() => live && setLoadError(null))
      .catch((error: unknown) => live && setLoadError(error instanceof Error ? error.message : String(error)));
    return () => {
      live = false;
    };
  }, [id, stale, online]);
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
        {row && stale && !online ? (
          <Text fz="sm" c="dimmed">
            You are offline: this is the transcript as last seen on this device.
          </Text>
        ) : null}
        {loadError ? (
          <Alert color="red" title="The transcript could not be loaded">
            {loadError}
          </Alert>
        ) : null}
        {row ? (
          <Suspense
            fallback={
              <Group gap="xs">
                <Loader size="xs" />
                <Text fz="sm">Opening the editor…</Text>
              </Group>
            }
          >
            <TranscriptionDetail transcription={row} />
          </Suspense>
        ) : null}
      </Stack>
    </Paper>
  );
}

export function VideoTranscriptionPage() {
  const { user } = useAuth();
  const engine = useSpeechEngine();
  const [openId, setOpenId] = useState<string | null>(null);
  const limit = engine.status?.max_upload_bytes ?? transcriptionUploadLimitBytes();
  const userId = user ? String(user.id) : null;

  useEffect(() => {
    // Route entry: pull the list (the sync indicator reports a failure).
    refreshTranscriptions().catch(() => undefined);
  }, []);

  const queued = (name: string) =>
    notifications.show({ color: 'green', title: 'Upload started', message: `${name} goes up in the background, and continues after a lost connection or a reload.` });

  return (
    <PageFrame title="Video transcription" description="Turn a video's speech into an editable transcript, styled captions, SRT/VTT files and a captioned video.">
      <EngineStatus engine={engine} />
      {openId ? (
        <OpenTranscription id={openId} onClose={() => setOpenId(null)} />
      ) : (
        <>
          {userId ? <NewTranscription userId={userId} limit={limit} canTranscribe={engine.status?.configured !== false} onQueued={queued} /> : null}
          {userId ? <UploadList userId={userId} /> : null}
          <Stack gap="xs" component="section" aria-labelledby="transcriptions-heading">
            <Title order={2} fz="lg" id="transcriptions-heading">
              Your transcriptions
            </Title>
            <TranscriptionList onOpen={setOpenId} />
          </Stack>
        </>
      )}
    </PageFrame>
  );
}
