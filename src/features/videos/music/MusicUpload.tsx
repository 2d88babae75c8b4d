// Upload a music track: a file picker and a drop zone for audio files, the accepted types and size,
// a progress bar, and plain messages for the usual failures (offline, not audio, too large — the
// spec's "Server file size limit exceeded" text on a 413 — or refused by the server). An upload
// carries a file, so it is a direct request, not an outbox change: it needs a connection.
import { Button, FileButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { MUSIC_UPLOAD_LIMIT_BYTES } from '../../../../contract/videos';
import { uploadLimitMessage } from '../../../api';
import { uploadMusic } from '../data/videos-http';
import { isMusicTrack, saveUploadedTrack } from '../data';
import type { LocalMusicTrack } from '../../../store';
import { useOnline } from '../../../ui/useOnline';
import { FileDropZone } from '../../../ui/FileDropZone';
import { formatBytes } from '../format';
import { useUpload } from '../useUpload';
import { UploadFailureAlert, UploadProgressBar } from '../UploadStatus';

/** What the picker offers; the server checks the content itself. */
export const MUSIC_ACCEPT = 'audio/mpeg,audio/mp3,audio/wav,audio/x-wav,audio/wave,audio/mp4,audio/x-m4a,audio/aac,audio/ogg,audio/webm,audio/flac,.mp3,.wav,.m4a,.aac,.ogg,.oga,.webm,.flac';

function looksLikeAudio(file: File): boolean {
  return file.type.startsWith('audio/') || /\.(mp3|wav|m4a|aac|ogg|oga|webm|flac)$/i.test(file.name);
}

function titleFromName(name: string): string {
  return name.replace(/\.[^.]+$/, '').replace(/[_-]+/g, ' ').trim().slice(0, 200);
}

export function MusicUpload({ onUploaded }: { onUploaded?: (track: LocalMusicTrack) => void }) {
  const online = useOnline();
  const hintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const { progress, uploading, failure, setFailure, run } = useUpload();

  const choose = (picked: File | null) => {
    setFailure(null);
    if (!picked) return;
    if (!looksLikeAudio(picked)) {
      setFailure(`“${picked.name}” is not an audio file. Choose an MP3, WAV, M4A, AAC, OGG or FLAC file.`);
      return;
    }
    if (picked.size > MUSIC_UPLOAD_LIMIT_BYTES) {
      setFailure(uploadLimitMessage(picked, { max_file_size: MUSIC_UPLOAD_LIMIT_BYTES }));
      return;
    }
    setFile(picked);
    setTitle(titleFromName(picked.name));
  };

  const upload = async () => {
    if (!file) return;
    if (!online) {
      setFailure('You are offline. Uploading music needs a connection; try again when you are back online.');
      return;
    }
    await run(async (onProgress) => {
      const answer: unknown = await uploadMusic(file, { title: title.trim() || undefined, id: crypto.randomUUID(), onProgress });
      if (!isMusicTrack(answer)) throw new Error('The server answered the upload in an unexpected way.');
      const row = await saveUploadedTrack(answer);
      setFile(null);
      setTitle('');
      onUploaded?.(row);
    }, 'The track could not be uploaded.');
  };

  return (
    <Stack gap="sm">
      <FileDropZone onFile={(file) => choose(file)} disabled={uploading}>
        <Stack gap="xs" align="center">
          <IconUpload size={28} stroke={1.5} aria-hidden />
          <Text fz="sm">Drop an audio file here, or</Text>
          <FileButton onChange={choose} accept={MUSIC_ACCEPT} disabled={uploading}>
            {(props) => (
              <Button {...props} variant="light" aria-describedby={hintId}>
                Choose a music file
              </Button>
            )}
          </FileButton>
          <Text fz="xs" c="dimmed" id={hintId}>
            MP3, WAV, M4A, AAC, OGG or FLAC, up to {formatBytes(MUSIC_UPLOAD_LIMIT_BYTES)}.{online ? '' : ' Uploading needs a connection.'}
          </Text>
        </Stack>
      </FileDropZone>

      {file ? (
        <Stack gap="xs">
          <Text fz="sm">
            {file.name} · {formatBytes(file.size)}
          </Text>
          <TextInput label="Track title" value={title} maxLength={200} onChange={(event) => setTitle(event.currentTarget.value)} disabled={uploading} />
          <UploadProgressBar progress={progress} />
          <Group gap="sm">
            <Button onClick={() => void upload()} loading={uploading} disabled={!online}>
              Upload track
            </Button>
            <Button variant="default" onClick={() => setFile(null)} disabled={uploading}>
              Cancel
            </Button>
          </Group>
          {!online ? (
            <Text fz="sm" c="dimmed">
              You are offline. Uploading music needs a connection.
            </Text>
          ) : null}
        </Stack>
      ) : null}

      <UploadFailureAlert failure={failure} />
    </Stack>
  );
}
