// Shared by the adapters whose speech endpoint follows OpenAI's POST /audio/speech (OpenAI and
// compatible servers, Lemonfox): chunking, joining WAV pieces with their timings, and the
// OpenAI error envelope {"error":{message,type,code}} mapped to plain SpeechProviderErrors.
import type { WordTiming } from '../../../contract';
import { decodeToPcm } from './decode-audio';
import { deriveWordTimings } from './derived-timings';
import { errorBody, providerFetch, trimBase, type HttpProviderOptions } from './http';
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
 * POST {base}/audio/speech with a JSON body (Bearer key when there is one); an error answer is
 * thrown as the OpenAI-style SpeechProviderError, so the caller only reads a successful answer.
 */
export async function postAudioSpeech(label: string, options: Partial<HttpProviderOptions> & { baseUrl: string }, body: Record<string, unknown>, signal?: AbortSignal): Promise<Response> {
  const response = await providerFetch(
    label,
    `${trimBase(options.baseUrl)}/audio/speech`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
      body: JSON.stringify(body),
    },
    options.timeoutMs ?? 120_000,
    signal,
  );
  if (!response.ok) throw openAiStyleError(label, response.status, await errorBody(response));
  return response;
}

function envelope(body: unknown): { message?: string; type?: string; code?: string } {
  if (!body || typeof body !== 'object' || !('error' in body)) return {};
  const error = body.error;
  if (typeof error === 'string') return { message: error };
  if (!error || typeof error !== 'object') return {};
  const { message, type, code } = error as Record<string, unknown>;
  return {
    message: typeof message === 'string' ? message : undefined,
    type: typeof type === 'string' ? type : undefined,
    code: typeof code === 'string' ? code : undefined,
  };
}

/** OpenAI's classes (platforms.md §6): 401 key, 429 quota or rate, 400/404/422 bad input, 5xx retry. */
export function openAiStyleError(label: string, status: number, body: unknown): SpeechProviderError {
  const { message, type, code } = envelope(body);
  const said = message ? `: ${message.slice(0, 200)}` : '';
  if (status === 401 || status === 403) return new SpeechProviderError(`${label} rejected the configured API key.`, 'auth', status);
  if (status === 429 && (code === 'insufficient_quota' || type === 'insufficient_quota')) {
    return new SpeechProviderError(`The ${label} account has run out of credit.`, 'quota', status);
  }
  if (status === 402) return new SpeechProviderError(`The ${label} account has run out of credit.`, 'quota', status);
  if (status === 429) return new SpeechProviderError(`${label} is rate limiting this server; try again in a moment.`, 'rate', status);
  if (status >= 500) return new SpeechProviderError(`${label} is failing (HTTP ${status}); try again shortly.`, 'retry', status);
  return new SpeechProviderError(`${label} refused the request${said}.`, 'bad', status);
}
