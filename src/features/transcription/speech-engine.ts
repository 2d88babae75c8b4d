// Whether this server can transcribe, and its upload limit (GET /api/speech-engine), for the
// transcription screen. The last answer is kept in localStorage so the screen can say it offline;
// the limit goes where the upload policy reads it (src/media/upload-limit.ts).
import { useEffect, useState } from 'react';
import type { SpeechEngineStatus } from '../../../contract';
import { fetchSpeechEngine } from './data/transcription-http';
import { rememberTranscriptionUploadLimit } from '../../media/upload-limit';

const CACHE_KEY = 'reelflow:speech-engine';

function cached(): SpeechEngineStatus | null {
  try {
    const text = globalThis.localStorage?.getItem(CACHE_KEY);
    const value = text ? (JSON.parse(text) as SpeechEngineStatus) : null;
    return value && typeof value.configured === 'boolean' ? value : null;
  } catch {
    return null;
  }
}

export type SpeechEngineState = { status: SpeechEngineStatus | null; loading: boolean; fromCache: boolean };

export function useSpeechEngine(): SpeechEngineState {
  const [state, setState] = useState<SpeechEngineState>(() => {
    const status = cached();
    return { status, loading: true, fromCache: status !== null };
  });
  useEffect(() => {
    let live = true;
    fetchSpeechEngine()
      .then((status) => {
        rememberTranscriptionUploadLimit(status.max_upload_bytes);
        try {
          globalThis.localStorage?.setItem(CACHE_KEY, JSON.stringify(status));
        } catch {
          // storage full: asked again next time
        }
        if (live) setState({ status, loading: false, fromCache: false });
      })
      .catch(() => {
        if (live) setState((previous) => ({ ...previous, loading: false }));
      });
    return () => {
      live = false;
    };
  }, []);
  return state;
}
