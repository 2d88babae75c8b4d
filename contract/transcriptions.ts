// Transcriptions (issue 11): the create request of spec §3 (multipart `video_file`, or JSON naming a
// finished resumable upload) and the transcription object the server answers with. Shared by the
// server's validation and the client. Documented in docs/decisions/transcription.md ("The API").
import { z } from 'zod';
import { captionSettings, type CaptionSettings, type WordTiming } from './captions';

export const TRANSCRIPTION_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
export type TranscriptionStatus = (typeof TRANSCRIPTION_STATUSES)[number];

/** What a running transcription is doing, in order. */
export const TRANSCRIPTION_STAGES = ['preparing', 'transcribing', 'saving'] as const;
export type TranscriptionStage = (typeof TRANSCRIPTION_STAGES)[number];

export const TRANSCRIPTION_STAGE_LABELS: Record<TranscriptionStage, string> = {
  preparing: 'Reading the file',
  transcribing: 'Transcribing the speech',
  saving: 'Saving the transcript',
};

/** The server's upload limit when TRANSCRIPTION_MAX_UPLOAD_MB is not set. */
export const DEFAULT_TRANSCRIPTION_MAX_UPLOAD_MB = 500;

/** Spec §3: "Booleans are sent as 1 or 0" — also accepted: true/false, "true"/"false" (JSON). */
const flag = (field: string) =>
  z.preprocess(
    (value) => {
      if (value === 1 || value === '1' || value === true || value === 'true') return true;
      if (value === 0 || value === '0' || value === false || value === 'false') return false;
      return value;
    },
    z.boolean({ message: `The ${field.replace(/_/g, ' ')} field must be 1 or 0.` }),
  );

/** In multipart the caption settings arrive as a JSON string; in JSON as an object. */
const captionSettingsField = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}, z.object(captionSettings.shape, { message: 'The caption settings must be an object of flags and values (JSON in a form).' }).optional());

/** ISO 639-1 (two letters), or "auto" / empty to let the engine detect it; normalised to null. */
const languageField = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
  z.union([z.literal('auto').transform(() => null), z.literal('').transform(() => null), z.string().regex(/^[a-z]{2}$/, 'The language must be a two-letter ISO 639-1 code or auto.')], {
    message: 'The language must be a two-letter ISO 639-1 code or auto.',
  }),
);

/**
 * The fields of POST /api/transcriptions, multipart or JSON. The media is `video_file` (a file
 * part; audio only is fine) or, in JSON, `upload_id` — a finished resumable upload of this user.
 */
export const createTranscriptionRequest = z.object({
  /** Chosen by the client: a repeated create with the same id answers the same transcription. */
  id: z.uuid('The id field must be a valid UUID.').optional(),
  caption_settings: captionSettingsField,
  /** The client always sends 1 (spec §9); 0 stores the transcription without starting it. */
  process_now: flag('process_now').default(true),
  /** The client's own policy (do not compress first); the server's limit applies regardless. */
  skip_size_check: flag('skip_size_check').default(false),
  /** Stored; rendering the captioned video is a later slice of issue 11. */
  render_video: flag('render_video').default(false),
  language: languageField.optional(),
  upload_id: z.string().trim().min(1, 'The upload id field is required.').max(200, 'The upload id must not be greater than 200 characters.').optional(),
});
export type CreateTranscriptionRequest = z.input<typeof createTranscriptionRequest>;
export type CreateTranscriptionFields = z.output<typeof createTranscriptionRequest>;

/** What a transcription keeps of its request. */
export interface TranscriptionSettings {
  caption_settings: CaptionSettings;
  render_video: boolean;
  process_now: boolean;
  skip_size_check: boolean;
  /** The language asked for; null = detect. */
  language: string | null;
}

export const listTranscriptionsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(TRANSCRIPTION_STATUSES, { message: 'The selected status is invalid.' }).optional(),
  search: z.string().trim().max(200).optional(),
});

export interface TranscriptionEngineInfo {
  id: 'openai' | 'lemonfox' | 'pocketsphinx';
  label: string;
}

/** One transcription as GET /api/transcriptions/{id} answers it (inside `{transcription: …}`). */
export interface Transcription {
  id: string;
  /** The uploaded file's name without its extension. */
  title: string;
  status: TranscriptionStatus;
  /** 0–100. */
  progress: number;
  /** What it is doing now (or failed at); null when queued or completed. */
  stage: TranscriptionStage | null;
  /** Plain-language reason of a failure; null otherwise. */
  error: string | null;
  /** ISO 639-1: detected, or the one asked for; null until known. */
  language: string | null;
  /** The engine that transcribed it; null until completed. */
  engine: TranscriptionEngineInfo | null;
  /** True when the engine's accuracy is low (pocketsphinx): every word needs review. */
  rough_draft: boolean;
  /** Seconds of audio transcribed; null until completed. */
  duration: number | null;
  /** The transcript; null until completed. */
  text: string | null;
  /** Every word with its time in seconds, in order, never overlapping; [] until completed. */
  words: WordTiming[];
  caption_settings: CaptionSettings;
  render_video: boolean;
  process_now: boolean;
  /** Signed, expiring URL of the uploaded media (owner only, range requests). */
  media_url: string;
  media_type: string;
  media_size: number;
  /** API paths of the caption files (bearer token needed); null until completed. */
  captions: { srt: string; vtt: string } | null;
  created_at: string;
  updated_at: string;
}

/** An entry of GET /api/transcriptions (Laravel paginator): the transcription without its words. */
export type TranscriptionSummary = Omit<Transcription, 'words'>;

export interface TranscriptionResponse {
  transcription: Transcription;
}

/** GET /api/speech-engine: whether this server can transcribe, so the screen can say so first. */
export type SpeechEngineStatus =
  | { configured: true; engine: TranscriptionEngineInfo; rough_draft: boolean; max_upload_bytes: number; message: null }
  | { configured: false; engine: null; rough_draft: false; max_upload_bytes: number; message: string };
