// Transcriptions: the create request of spec §3 (multipart `video_file`, or JSON naming a
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
  /** Also render the captioned video once the words are in (server/domain/transcriptions/render.ts). */
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

/** How many words one edit may hold, and how long one word may be (characters). */
export const MAX_TRANSCRIPTION_WORDS = 20_000;
export const MAX_TRANSCRIPTION_WORD_LENGTH = 100;

const editedWord = z.object(
  {
    word: z
      .string({ message: 'Each word must be text.' })
      .trim()
      .min(1, 'A word cannot be empty; delete it instead.')
      .max(MAX_TRANSCRIPTION_WORD_LENGTH, `A word must not be longer than ${MAX_TRANSCRIPTION_WORD_LENGTH} characters.`),
    start: z.number({ message: 'The start must be a number of seconds.' }).min(0, 'The start cannot be before the beginning.'),
    end: z.number({ message: 'The end must be a number of seconds.' }).min(0, 'The end cannot be before the beginning.'),
  },
  { message: 'Each word must be an object with word, start and end.' },
);

/**
 * PUT /api/transcriptions/{id}: the creator's corrections. `words` replaces every word (text
 * recomputed from them); `caption_settings` replaces the caption settings. `base_updated_at` is
 * the `updated_at` of the transcription the edit was made on (for words: the answer whose words
 * were corrected): a different one is a 409 (stale write), unless the body changes nothing.
 * Required with `words` — a list of words can only be judged against the words it replaces, and
 * without a version an editor that never loaded them would wipe them. Optional with the caption
 * settings alone (then the last write wins).
 */
export const updateTranscriptionRequest = z
  .object({
    words: z
      .array(editedWord, { message: 'The words must be a list of {word, start, end}.' })
      .max(MAX_TRANSCRIPTION_WORDS, `A transcription holds at most ${MAX_TRANSCRIPTION_WORDS} words.`)
      .optional(),
    caption_settings: z.object(captionSettings.shape, { message: 'The caption settings must be an object of flags and values.' }).optional(),
    base_updated_at: z.iso.datetime({ offset: true, message: 'The base updated at field must be an ISO date-time.' }).optional(),
  })
  .refine((body) => body.words !== undefined || body.caption_settings !== undefined, { message: 'Send the corrected words or caption settings.', path: ['words'] })
  .refine((body) => body.words === undefined || body.base_updated_at !== undefined, {
    message: 'The base updated at field is required with words: send the updated_at of the transcription whose words you corrected.',
    path: ['base_updated_at'],
  });
export type UpdateTranscriptionRequest = z.input<typeof updateTranscriptionRequest>;

export const CAPTION_RENDER_STATUSES = ['none', 'queued', 'rendering', 'completed', 'failed'] as const;
export type CaptionRenderStatus = (typeof CAPTION_RENDER_STATUSES)[number];

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
  /** The captioned video (POST /api/transcriptions/{id}/render, or render_video at create). */
  render_status: CaptionRenderStatus;
  /** 0–100 while rendering. */
  render_progress: number;
  /** Plain-language reason the last render failed; null otherwise. */
  render_error: string | null;
  /** True when words or caption settings changed after the captioned video was made. */
  render_outdated: boolean;
  /** Signed, expiring URL of the last captioned video (owner only); null until one was made. */
  captioned_url: string | null;
  /** The same video served as an attachment (download); null until one was made. */
  captioned_download_url: string | null;
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
