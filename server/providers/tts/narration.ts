// The render pipeline's one call for a voice-over: any provider, any length (adapters chunk
// inside), and a guarantee the captions can rely on — one timing per word of the text, in order.
import type { SpeechProvider, Speech } from './types';
import { SpeechProviderError } from './types';
import { spokenWords } from './words';

export interface NarrationRequest {
  text: string;
  voiceId: string;
  /** ISO 639-1 code. */
  language: string;
  /** 1 = the voice's natural pace. */
  speed?: number;
}

export async function synthesizeNarration(provider: SpeechProvider, request: NarrationRequest, signal?: AbortSignal): Promise<Speech> {
  const text = request.text.replace(/\s+/g, ' ').trim();
  const expected = spokenWords(text).map((word) => word.word);
  if (expected.length === 0) throw new SpeechProviderError('The script has no words to read.', 'bad', 422);
  const speech = await provider.synthesize({ text, voiceId: request.voiceId, language: request.language, speed: request.speed ?? 1 }, signal);
  const got = speech.words.map((word) => word.word);
  if (got.length !== expected.length || got.some((word, index) => word !== expected[index])) {
    // An adapter bug, not the creator's: retryable so the render stage fails with a plain message.
    throw new SpeechProviderError(`${provider.label} returned word timings that do not match the script.`, 'retry');
  }
  return speech;
}
