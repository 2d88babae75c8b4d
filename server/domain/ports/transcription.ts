// Speech to text as the domain needs it: adapters (server/providers/stt: an OpenAI-compatible
// endpoint, Lemonfox, pocketsphinx offline) implement TranscriptionProvider. Every engine returns
// word timings, so captions and SRT/VTT come from the same words the creator corrects.
import type { WordTiming } from '../../../contract';
import type { TranscriptionEngineId } from '../../config';

export type { TranscriptionEngineId };

export interface TranscriptionRequest {
  /** A file the server's ffmpeg can read (audio or video); or the bytes of one in `audio`. */
  audioPath?: string;
  audio?: Buffer;
  /** MIME type of `audio` (picks the extension of the temporary file); optional for a path. */
  mimeType?: string;
  /** ISO 639-1 code of the spoken language, or null to let the engine detect it. */
  language?: string | null;
  signal?: AbortSignal;
}

export interface Transcript {
  text: string;
  /** ISO 639-1 code of the language (detected or the one asked for); null when unknown. */
  language: string | null;
  /** Every recognised word in order, seconds from the start of the audio, never overlapping. */
  words: WordTiming[];
  /** Seconds of audio transcribed. */
  duration: number;
  engine: { id: TranscriptionEngineId; label: string };
  /** True for engines whose accuracy is low (pocketsphinx): the creator should review every word. */
  roughDraft: boolean;
}

export interface TranscriptionProvider {
  readonly id: TranscriptionEngineId;
  /** Shown to the creator, e.g. "Lemonfox (Whisper)" or "pocketsphinx (offline, rough draft)". */
  readonly label: string;
  readonly roughDraft: boolean;
  transcribe(request: TranscriptionRequest): Promise<Transcript>;
}
