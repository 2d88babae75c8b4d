// A completed transcription as the server answers it, for the transcription unit tests; each test
// overrides what it is about.
import type { Transcription } from '../../../contract/transcriptions';
import type { LocalTranscription } from '../../../src/store';

export function serverTranscription(id: string, changes: Partial<Transcription> = {}): Transcription {
  const at = '2026-11-23T10:00:00.000Z';
  return {
    id,
    title: 'phone clip',
    status: 'completed',
    progress: 100,
    stage: null,
    error: null,
    language: 'en',
    engine: { id: 'pocketsphinx', label: 'pocketsphinx (offline, rough draft)' },
    rough_draft: true,
    duration: 4,
    text: 'hello world',
    words: [
      { word: 'hello', start: 0.1, end: 0.5 },
      { word: 'world', start: 0.6, end: 1 },
    ],
    caption_settings: { preset: 'bold-pop' },
    render_video: false,
    process_now: true,
    media_url: '/media/x?sig=1',
    media_type: 'audio/ogg',
    media_size: 1234,
    captions: { srt: `/api/transcriptions/${id}/captions.srt`, vtt: `/api/transcriptions/${id}/captions.vtt` },
    render_status: 'none',
    render_progress: 0,
    render_error: null,
    render_outdated: false,
    captioned_url: null,
    captioned_download_url: null,
    created_at: at,
    updated_at: at,
    ...changes,
  };
}

/** The same as a synced local row (words current). */
export function localTranscription(id: string, changes: Partial<LocalTranscription> = {}): LocalTranscription {
  const server = serverTranscription(id);
  return { ...server, syncStatus: 'synced', syncError: null, failedOutboxId: null, wordsUpdatedAt: server.updated_at, keptOffline: false, ...changes };
}
