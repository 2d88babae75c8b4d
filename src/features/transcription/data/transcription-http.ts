// The transcription screens' calls to the server outside the outbox, through the app's HTTP client
// (token and CSRF added by its interceptors): the speech engine's status, a direct create, the
// caption files, and a transcription's words (adapted to the pull's GET; that URL is built in transcription-sync.ts).
// No React.
import type { SpeechEngineStatus } from '../../../../contract';
import { api, upload } from '../../../api';
import { appendForm } from '../../../api/upload';
import { axiosGet } from '../../../sync/transport';
import type { LocalTranscription } from '../../../store/db';
import { loadTranscriptionWords, reloadTranscriptionFromServer } from './transcription-sync';

/** Fetch one transcription whole (its words) and keep it (see loadTranscriptionWords). */
export function loadWordsFromServer(id: string): Promise<LocalTranscription | null> {
  return loadTranscriptionWords(axiosGet(api), id);
}

/** After a refused edit: drop the queued edits and take the server's version (see reloadTranscriptionFromServer). */
export function reloadFromServer(id: string): Promise<LocalTranscription> {
  return reloadTranscriptionFromServer(axiosGet(api), id);
}

/** A caption file (SRT or VTT) at the URL the server gave in the transcription's `captions`. */
export async function fetchCaptionFile(url: string): Promise<Blob> {
  return (await api.get<Blob>(url, { responseType: 'blob' })).data;
}

/** GET /api/speech-engine: whether this server can transcribe, and its upload limit. */
export async function fetchSpeechEngine(): Promise<SpeechEngineStatus> {
  return (await api.get<SpeechEngineStatus>('/api/speech-engine')).data;
}

export interface TranscriptionInput {
  /** The video to transcribe; required unless `video_url` names one the server can fetch. */
  video_file?: File | null;
  /** JSON mode: a video the server already has or can fetch (no upload). */
  video_url?: string;
  caption_settings?: Record<string, unknown>;
  /** Defaults to true (spec §9). */
  process_now?: boolean;
  skip_size_check?: boolean;
  render_video?: boolean;
}

export interface TranscriptionResponse {
  transcription: Record<string, unknown>;
  [key: string]: unknown;
}

const bit = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);

/** Drop undefined/null/empty-string values so a field is not sent for nothing. */
function present(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}

/** POST /api/transcriptions: multipart with video_file (the usual case) or JSON with video_url.
 *  Booleans go out as 1/0; caption_settings as `caption_settings[key]` fields in multipart. */
export async function createTranscription(input: TranscriptionInput): Promise<TranscriptionResponse> {
  const { video_file, video_url, caption_settings = {}, process_now = true, skip_size_check, render_video } = input;
  const flags = { process_now: bit(process_now), skip_size_check: bit(skip_size_check), render_video: bit(render_video) };

  if (video_file == null && typeof video_url === 'string' && video_url) {
    const settings = Object.fromEntries(Object.entries(caption_settings).map(([k, v]) => [k, typeof v === 'boolean' ? (v ? 1 : 0) : v]));
    return (await api.post<TranscriptionResponse>('/api/transcriptions', present({ video_url, caption_settings: settings, ...flags }))).data;
  }

  if (!(video_file instanceof File) || video_file.size === 0) {
    const error = new Error('A non-empty video file is required for transcription');
    console.error('Invalid transcription upload: video_file must be a non-empty file', video_file);
    throw error;
  }

  const form = new FormData();
  form.append('video_file', video_file, video_file.name);
  appendForm(form, 'caption_settings', caption_settings);
  for (const [name, value] of Object.entries(flags)) if (value !== undefined) form.append(name, String(value));
  return upload<TranscriptionResponse>('/api/transcriptions', form, video_file);
}
