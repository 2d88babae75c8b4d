// Play/stop a track's short preview: a named toggle button (aria-pressed) whose state is also
// said in a polite live region, since a pressed state alone is not announced by every reader.
import { Button, VisuallyHidden } from '@mantine/core';
import { IconPlayerPlayFilled, IconPlayerStopFilled } from '@tabler/icons-react';
import { togglePreview, usePreviewState } from './preview-player';

export function PreviewButton({ trackId, title, src }: { trackId: string; title: string; src: string }) {
  const preview = usePreviewState();
  const playing = preview.trackId === trackId;
  return (
    <Button
        size="xs"
        variant={playing ? 'filled' : 'default'}
        leftSection={playing ? <IconPlayerStopFilled size={14} aria-hidden /> : <IconPlayerPlayFilled size={14} aria-hidden />}
        aria-pressed={playing}
        aria-label={`Preview ${title}`}
        onClick={() => togglePreview(trackId, title, src)}
      >
      {playing ? 'Stop' : 'Preview'}
    </Button>
  );
}

/** The one live region that says which preview started or stopped (render once per screen). */
export function PreviewAnnouncer() {
  const { announcement } = usePreviewState();
  return (
    <VisuallyHidden role="status" aria-live="polite">
      {announcement}
    </VisuallyHidden>
  );
}
