// Loads the video's timeline into its draft when the editor opens and whenever the connection
// comes back, and polls it while a version is queued or rendering (only online: offline, the
// draft on this device is what there is). A failure keeps the draft already here usable.
import { useEffect, useState } from 'react';
import { errorMessage, isNetworkError } from '../../../api';
import { useOnline } from '../../../ui/useOnline';
import { EditorDraftError, loadTimeline, type EditorDraftRow } from '../data';

/**
 * Right after a page load the signed-in user is not known to the local store for a moment (the
 * session mirror is written as the app starts), and the draft cannot be kept yet: the load is
 * tried again this many times, this far apart, before its refusal is shown.
 */
const OWNER_RETRIES = 20;
const OWNER_RETRY_MS = 250;

async function loadWhenSignedIn(videoId: string, live: () => boolean): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await loadTimeline(videoId);
      return;
    } catch (error) {
      if (!(error instanceof EditorDraftError) || attempt >= OWNER_RETRIES || !live()) throw error;
      await new Promise((resolve) => setTimeout(resolve, OWNER_RETRY_MS));
    }
  }
}

/** How often a rendering version's progress is asked for. */
export const VERSION_POLL_MS = 4000;

export type LoadState = { kind: 'loading' } | { kind: 'loaded' } | { kind: 'offline' } | { kind: 'refused'; message: string };

export function useTimelineLoad(videoId: string, draft: EditorDraftRow | undefined | null): LoadState {
  const online = useOnline();
  const [state, setState] = useState<LoadState>({ kind: 'loading' });
  const rendering = draft?.server.versions.some((version) => version.status === 'queued' || version.status === 'processing') ?? false;

  useEffect(() => {
    if (!online) {
      setState((current) => (current.kind === 'loading' ? { kind: 'offline' } : current));
      return;
    }
    let live = true;
    loadWhenSignedIn(videoId, () => live).then(
      () => live && setState({ kind: 'loaded' }),
      (error: unknown) => {
        if (!live) return;
        setState(isNetworkError(error) ? { kind: 'offline' } : { kind: 'refused', message: errorMessage(error, 'This video cannot be opened in the editor.') });
      },
    );
    return () => {
      live = false;
    };
  }, [videoId, online]);

  useEffect(() => {
    if (!online || !rendering) return;
    const timer = setInterval(() => void loadTimeline(videoId).catch(() => undefined), VERSION_POLL_MS);
    return () => clearInterval(timer);
  }, [videoId, online, rendering]);

  return state;
}
