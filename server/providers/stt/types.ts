// Speech to text: one small interface, one adapter per engine (an OpenAI-compatible
// endpoint, Lemonfox, pocketsphinx offline). Every engine returns word timings, so captions and
// SRT/VTT come from the same words the creator corrects. No engine configured is a typed state,
// never made-up text.
import type { WordTiming } from '../../../contract';
import type { TranscriptionEngineId } from '../../domain/ports/transcription';
import { ProviderError, type ProviderErrorKind } from '../provider-error';

// The interface the domain calls belongs to it (server/domain/ports/transcription.ts);
// re-exported so engines keep importing from their own types.
export type { Transcript, TranscriptionEngineId, TranscriptionProvider, TranscriptionRequest } from '../../domain/ports/transcription';

/** One engine's answer for one piece of audio (a chunk of a long file). */
export interface ChunkTranscript {
  text: string;
  /** ISO 639-1, or null when the engine did not say. */
  language: string | null;
  /** Seconds from the start of this piece. */
  words: WordTiming[];
}

/** What an engine needs to transcribe one piece of prepared audio. */
export interface TranscriptionEngine {
  readonly id: TranscriptionEngineId;
  readonly label: string;
  readonly roughDraft: boolean;
  /** The audio the engine is sent: ffmpeg encoder arguments and the file extension. */
  readonly audioFormat: { extension: string; ffmpegArgs: string[]; bytesPerSecond: number };
  /** The largest piece the engine accepts in one request, in bytes (OpenAI: 25 MB). */
  readonly maxBytes: number;
  /** Throws a TranscriptionProviderError('bad') for a language the engine cannot recognise. */
  checkLanguage(language: string | null): void;
  transcribeChunk(path: string, language: string | null, signal?: AbortSignal): Promise<ChunkTranscript>;
}

/** A speech-to-text engine refused or failed; see ProviderError for the kinds. */
export class TranscriptionProviderError extends ProviderError {
  override name = 'TranscriptionProviderError';

  constructor(
    message: string,
    kind: ProviderErrorKind,
    status?: number,
    /** Seconds the engine asked to wait (Retry-After) before trying again; null when it did not say. */
    readonly retryAfter: number | null = null,
  ) {
    super(message, kind, status);
  }
}

/** What a creator is told when the server cannot transcribe: nothing they could set themselves. */
export const NO_SPEECH_ENGINE_MESSAGE = 'Transcription isn’t available on this server yet. Ask its administrator to set up a speech-to-text engine.';

/**
 * The server has no speech-to-text engine: the state the transcription screen shows instead of a
 * transcript. Its message is the creator's plain sentence; `adminHelp` is for the administrator
 * (logged once at start): why there is none and the settings that give one.
 */
export class NoSpeechEngineError extends Error {
  override name = 'NoSpeechEngineError';
  readonly code = 'no_speech_engine';
  readonly adminHelp: string;

  constructor(detail?: string) {
    super(NO_SPEECH_ENGINE_MESSAGE);
    this.adminHelp = [
      'Transcription is off: no speech-to-text engine is configured.',
      ...(detail ? [detail] : []),
      'Set STT_OPENAI_BASE_URL (an OpenAI-compatible endpoint such as a self-hosted Whisper server; STT_OPENAI_API_KEY for OpenAI itself),',
      'or LEMONFOX_API_KEY, or install pocketsphinx (POCKETSPHINX_PATH when it is not on PATH); STT_PROVIDER picks one.',
      'See the README, section "Speech to text".',
    ].join(' ');
  }
}
