// Video transcription (issue 11): says first whether this server can transcribe (and with what),
// then a new transcription (check on the device, prepare, hand to the resumable uploader), the
// uploads still on their way, and the creator's transcriptions from the local store; opening one
// shows its transcript and captions (TranscriptionDetail, loaded only then). The ffmpeg code lives
// in the media worker's own files and tus in the uploader's chunk, never in this route's chunk.
import { Alert, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { refreshTranscriptions } from '../../collections/transcription-sync';
import { transcriptionUploadLimitBytes } from '../../media/upload-limit';
import { useAuth } from '../../session';
import { PageFrame } from '../../ui/PageFrame';
import { NewTranscription } from './NewTranscription';
import { OpenTranscription } from './OpenTranscription';
import { useSpeechEngine, type SpeechEngineState } from './speech-engine';
import { TranscriptionList } from './TranscriptionList';
import { UploadList } from './UploadList';

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
