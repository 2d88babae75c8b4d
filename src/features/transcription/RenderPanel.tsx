// The captioned video: "Render captioned video" (queued in the outbox, so it can be asked for
// offline), its progress, a failure's reason, "older than your edits" with Render again, and the
// finished video with a player and a download link.
import { Alert, Anchor, Button, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../api';
import { renderTranscriptionLocally } from './data/transcription-sync';
import { offlineCaptionedPath } from '../videos/data';
import type { LocalTranscription } from '../../store';
import { useOnline } from '../../ui/useOnline';
import { CaptionedKeepOffline } from './CaptionedKeepOffline';
import { ActionNotes } from './ActionNotes';

/** Why rendering cannot be asked for, or null when it can (the server's own refusals, said first). */
export function renderBlocker(transcription: LocalTranscription): string | null {
  if (transcription.status !== 'completed') return 'The captioned video can be made once the transcription has completed.';
  // An audio file, or a video of which only the speech was uploaded (captioned video off).
  if (!transcription.media_type.startsWith('video/')) {
    return 'Only the sound of this recording is on the server, so there is no picture to put captions on. Download the SRT or VTT file instead, or transcribe the video again with “Render a captioned video” on.';
  }
  if (transcription.words.length === 0) return 'There are no words to put on the video.';
  if ((transcription.caption_settings.preset ?? 'bold-pop') === 'none') return 'Choose a caption style first.';
  return null;
}

export function RenderPanel({ transcription }: { transcription: LocalTranscription }) {
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const status = transcription.render_status;
  const running = status === 'queued' || status === 'rendering';
  const blocker = renderBlocker(transcription);

  const render = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await renderTranscriptionLocally(transcription.id);
    } catch (error) {
      setFailure(errorMessage(error, 'The render could not be asked for.'));
    } finally {
      setBusy(false);
    }
  };

  const hasVideo = transcription.captioned_url !== null;
  const label = status === 'failed' ? 'Try rendering again' : hasVideo && transcription.render_outdated ? 'Render again' : 'Render captioned video';
  const upToDate = hasVideo && !transcription.render_outdated && status === 'completed';

  return (
    <Stack gap="sm">
      {running ? (
        <Stack gap={4}>
          <Text fz="sm" aria-live="polite">
            {status === 'queued' ? 'Waiting for its turn to render…' : `Rendering the captioned video: ${transcription.render_progress} %`}
          </Text>
          <Progress value={status === 'queued' ? 0 : transcription.render_progress} aria-label="Render progress" animated />
        </Stack>
      ) : null}
      {status === 'failed' && transcription.render_error ? (
        <Alert color="red" title="The render failed" role="alert">
          {transcription.render_error}
        </Alert>
      ) : null}
      {hasVideo && transcription.render_outdated ? (
        <Alert color="yellow" title="Older than your latest edits">
          The captioned video was made before your latest changes to the words or the caption style. Render it again to include them.
        </Alert>
      ) : null}
      {!running && !upToDate ? (
        <Button onClick={() => void render()} loading={busy} disabled={blocker !== null} mih={44} style={{ alignSelf: 'flex-start' }}>
          {label}
        </Button>
      ) : null}
      <ActionNotes hint={running ? null : blocker} failure={failure} />
      {hasVideo ? (
        <Stack gap="xs">
          {/* Offline, a kept copy plays from this device (the signed URL needs the network). */}
          <video src={transcription.keptOffline && !online ? offlineCaptionedPath(transcription.id) : (transcription.captioned_url ?? undefined)} controls playsInline preload="metadata" style={{ width: '100%', maxWidth: 560, borderRadius: 12, background: '#000' }} aria-label="The captioned video" />
          {transcription.captioned_download_url ? (
            <Anchor href={transcription.captioned_download_url} download mih={44} style={{ display: 'inline-flex', alignItems: 'center' }}>
              Download the captioned video
            </Anchor>
          ) : null}
          <CaptionedKeepOffline transcription={transcription} />
        </Stack>
      ) : null}
    </Stack>
  );
}
