// SRT and VTT downloads. The caption paths need the bearer token, so they are fetched through the
// app's API client as a blob and saved under the transcription's title; offline they cannot be.
import { Button, Group, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../api';
import { fetchCaptionFile } from './data/transcription-http';
import type { LocalTranscription } from '../../store';
import { useOnline } from '../../ui/useOnline';
import { saveBlob } from '../../ui/save-blob';
import { ActionNotes } from './ActionNotes';

/** A file name from the title: characters file systems refuse are replaced. */
export function captionFileName(title: string, extension: 'srt' | 'vtt'): string {
  const printable = [...title].map((character) => (character.charCodeAt(0) < 32 ? '_' : character)).join('');
  const base = printable.replace(/[\\/:*?"<>|]+/g, '_').trim() || 'captions';
  return `${base}.${extension}`;
}

export function CaptionFileDownloads({ transcription }: { transcription: LocalTranscription }) {
  const online = useOnline();
  const [busy, setBusy] = useState<'srt' | 'vtt' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const captions = transcription.captions;
  const pending = transcription.syncStatus === 'pending';
  const reason = !captions
    ? 'Caption files exist once the transcription has completed.'
    : !online
      ? 'You are offline: caption files are made by the server, so they download with a connection.'
      : pending
        ? 'Your latest edits are still waiting to be sent; the files will include them once they are.'
        : null;

  const download = async (kind: 'srt' | 'vtt') => {
    if (!captions) return;
    setBusy(kind);
    setFailure(null);
    try {
      saveBlob(await fetchCaptionFile(captions[kind]), captionFileName(transcription.title, kind));
    } catch (error) {
      setFailure(errorMessage(error, 'The caption file could not be downloaded.'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="xs">
      <Group gap="sm">
        {(['srt', 'vtt'] as const).map((kind) => (
          <Button key={kind} variant="light" mih={44} leftSection={<IconDownload size={18} aria-hidden />} disabled={!captions || !online} loading={busy === kind} onClick={() => void download(kind)}>
            Download {kind.toUpperCase()}
          </Button>
        ))}
      </Group>
      <ActionNotes hint={reason} failure={failure} />
    </Stack>
  );
}
