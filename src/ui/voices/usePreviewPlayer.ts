// One preview at a time: a single audio element for the whole picker. Clicking the playing voice
// stops it; clicking another stops the first. The audio is fetched once per voice + text
// (the source caches the blob URL).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { VoicePreviewRequest, VoiceSource } from './voice-source';

export interface PreviewPlayer {
  /** Key of the voice playing now, or null. */
  playing: string | null;
  /** Key of the voice whose preview is being fetched, or null. */
  loading: string | null;
  /** Plain-language reason the last preview failed, or null. */
  error: string | null;
  toggle: (key: string, request: VoicePreviewRequest) => void;
  stop: () => void;
}

export function usePreviewPlayer(source: VoiceSource): PreviewPlayer {
  const audio = useRef<HTMLAudioElement | null>(null);
  // Only the latest click may start playing (a slow first fetch must not interrupt a second voice).
  const latest = useRef<string | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  const [loading, setLoading] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const stop = useCallback(() => {
    latest.current = null;
    audio.current?.pause();
    setPlaying(null);
    setLoading(null);
  }, []);

  useEffect(() => stop, [stop]);

  const toggle = useCallback(
    (key: string, request: VoicePreviewRequest) => {
      if (latest.current === key) {
        stop();
        return;
      }
      audio.current?.pause();
      latest.current = key;
      setPlaying(null);
      setError(null);
      setLoading(key);
      source
        .previewUrl(request)
        .then(async (url) => {
          if (latest.current !== key) return;
          const element = (audio.current ??= new Audio());
          element.onended = () => {
            if (latest.current === key) stop();
          };
          element.src = url;
          setLoading(null);
          setPlaying(key);
          await element.play();
        })
        .catch((reason: unknown) => {
          if (latest.current !== key) return;
          latest.current = null;
          setLoading(null);
          setPlaying(null);
          setError(reason instanceof Error && reason.message ? reason.message : 'The preview could not be played.');
        });
    },
    [stop, source],
  );

  return { playing, loading, error, toggle, stop };
}
