// Shared by the adapters whose speech endpoint follows OpenAI's POST /audio/speech (OpenAI and
// compatible servers, Lemonfox): chunking, joining WAV pieces with their timings, and the call
// through the OpenAI-compatible client (server/providers/openai-compatible.ts).
import type { WordTiming } from '../../../contract';
import { decodeToPcm } from './decode-audio';
import { deriveWordTimings } from './derived-timings';
import { trimBase } from '../http';
import { openAiRefusal, postOpenAiCompatible } from '../openai-compatible';
import { speechProviderError, type HttpProviderOptions } from './http';
import { SpeechProviderError, type Speech } from './types';
import { concatPcm, encodeWav, type Pcm } from './wav';
import { chunkText, monotonic, offsetTimings, round } from './words';

export interface SpokenChunk {
  audio: Buffer;
  /** Timings the provider itself gave; absent → derived from the audio (derived-timings.ts). */
  words?: WordTiming[] | undefined;
}

/** Speaks `text` in chunks of at most `maxChars` and joins them into one WAV with word timings. */
export async function speakInChunks(text: string, maxChars: number, speak: (chunk: string) => Promise<SpokenChunk>, label: string): Promise<Speech> {
  const pieces: Pcm[] = [];
  const words: WordTiming[] = [];
  let offset = 0;
  for (const chunk of chunkText(text, maxChars)) {
    const spoken = await speak(chunk);
    let pcm: Pcm;
    try {
      pcm = await decodeToPcm(spoken.audio);
    } catch {
      throw new SpeechProviderError(`${label} answered audio this app cannot read.`, 'retry');
    }
    if (pieces[0] && pieces[0].sampleRate !== pcm.sampleRate) throw new SpeechProviderError(`${label} changed its audio format between parts of the text.`, 'retry');
    words.push(...offsetTimings(spoken.words ?? deriveWordTimings(chunk, pcm), offset));
    pieces.push(pcm);
    offset += pcm.samples.length / pcm.sampleRate;
  }
  const joined = concatPcm(pieces);
  return { audio: encodeWav(joined), format: 'wav', words: monotonic(words), duration: round(joined.samples.length / joined.sampleRate) };
}

/** OpenAI documents speed 0.25–4 for /audio/speech; compatible servers follow it. */
export function speechSpeed(speed: number): number {
  return Math.min(4, Math.max(0.25, speed));
}

/**
 * POST {base}/audio/speech with a JSON body through the OpenAI-compatible client; an error answer
 * is thrown as a SpeechProviderError, so the caller only reads a successful answer.
 */
export function postAudioSpeech(label: string, options: Partial<HttpProviderOptions> & { baseUrl: string }, body: Record<string, unknown>, signal?: AbortSignal): Promise<Response> {
  return postOpenAiCompatible(
    { label, url: `${trimBase(options.baseUrl)}/audio/speech`, apiKey: options.apiKey, body, timeoutMs: options.timeoutMs ?? 120_000, signal },
    speechProviderError,
    (status, answer) => openAiStyleError(label, status, answer),
  );
}

/**
 * Speaks `text` through POST {base}/audio/speech a chunk at a time: `bodyFor` is one chunk's
 * request, `read` turns its answer into audio (bare bytes unless the provider answers more).
 */
export function speakThroughAudioSpeech(
  label: string,
  options: Partial<HttpProviderOptions> & { baseUrl: string },
  text: string,
  maxChars: number,
  bodyFor: (input: string) => Record<string, unknown>,
  signal?: AbortSignal,
  read: (response: Response, input: string) => Promise<SpokenChunk> = async (response) => ({ audio: Buffer.from(await response.arrayBuffer()) }),
): Promise<Speech> {
  return speakInChunks(text, maxChars, async (input) => read(await postAudioSpeech(label, options, bodyFor(input), signal), input), label);
}

/** OpenAI's classes (openAiRefusal); speech has never read Retry-After, so a 429 says "in a moment". */
export function openAiStyleError(label: string, status: number, body: unknown): SpeechProviderError {
  const refusal = openAiRefusal(label, status, body, 'the request', null);
  return new SpeechProviderError(refusal.message, refusal.kind, status);
}
