// Text to speech as the domain needs it: one small interface that every voice adapter
// (server/providers/tts: built-in offline engine, ElevenLabs, Lemonfox, OpenAI-compatible)
// implements. Every adapter returns word timings, so captions are timed from the voice itself
// and never re-transcribed. Adapters import these types; the domain never imports an adapter's.
import type { VoiceInfo, VoiceProviderId, WordTiming } from '../../../contract';

export interface SpeechRequest {
  text: string;
  voiceId: string;
  /** ISO 639-1 code of the text's language. */
  language: string;
  /** 1 = the voice's natural pace. */
  speed: number;
}

export interface Speech {
  /** Encoded audio as the provider gave it (or WAV for the built-in engine). */
  audio: Buffer;
  format: 'wav' | 'mp3';
  /** Every spoken word of the text, in order, with start/end in seconds. */
  words: WordTiming[];
  /** Seconds of audio. */
  duration: number;
}

export interface SpeechProvider {
  readonly id: VoiceProviderId;
  /** Shown in the picker, e.g. "ElevenLabs" or "Built-in voices (offline)". */
  readonly label: string;
  /** False when the provider needs a key the server does not have. */
  readonly configured: boolean;
  listVoices(signal?: AbortSignal): Promise<VoiceInfo[]>;
  synthesize(request: SpeechRequest, signal?: AbortSignal): Promise<Speech>;
}
