// Video transcription: says first whether this server can transcribe (and with what),
// then a new transcription (check on the device, prepare, hand to the resumable uploader), the
// uploads still on their way, and the creator's transcriptions from the local store; opening one
// shows its transcript and captions (TranscriptionDetail, loaded only then). The ffmpeg code lives
// in the media worker's own files and tus in the uploader's chunk, never in this route's chunk.
import { Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { refreshTranscriptions } from './data/transcription-sync';
import { transcriptionUploadLimitBytes } from '../../media/upload-limit';
import { useAuth } from '../../session';
import { PageFrame } from '../../ui/PageFrame';
import { VIDEO_TRANSCRIPTION_FRAME } from './frame';
import { EngineStatus } from './EngineStatus';
import { NewTranscription } from './NewTranscription';
import { OpenTranscription } from './OpenTranscription';
import { useSpeechEngine } from './speech-engine';
import { TranscriptionList } from './TranscriptionList';
import { UploadList } from './UploadList';

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
    <PageFrame {...VIDEO_TRANSCRIPTION_FRAME}>
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
