// Lemonfox.ai (platforms.md §5): POST /v1/audio/speech with a Bearer key. It is asked for WAV and
// for `word_timestamps: true` (shown only by a third-party wrapper [?]): when it answers JSON
// {audio, word_timestamps} those timings are used; when it answers bare audio they are derived
// from the audio (derived-timings.ts). The voice list is shipped data (lemonfox-voices.ts).
import { z } from 'zod';
import type { VoiceInfo, WordTiming } from '../../../contract';
import { speakThroughAudioSpeech, speechSpeed } from './audio-speech';
import { notConfigured, type HttpProviderOptions } from './http';
import { LEMONFOX_VOICES, lemonfoxLanguage } from './lemonfox-voices';
import { SpeechProviderError, type Speech, type SpeechProvider, type SpeechRequest } from './types';
import { spokenWords } from './words';

const LABEL = 'Lemonfox';
/** No documented limit; OpenAI's 4096 is assumed [?] and long narrations are chunked below it. */
const MAX_CHARS = 4000;

const timedAnswer = z.object({
  audio: z.string().min(1),
  word_timestamps: z.array(z.object({ word: z.string(), start: z.number(), end: z.number() })).optional(),
});

export class LemonfoxSpeech implements SpeechProvider {
  readonly id = 'lemonfox' as const;
  readonly label = 'Lemonfox';
  readonly configured: boolean;

  constructor(private readonly options: HttpProviderOptions) {
    this.configured = Boolean(options.apiKey);
  }

  listVoices(): Promise<VoiceInfo[]> {
    if (!this.configured) return Promise.reject(notConfigured(LABEL, 'LEMONFOX_API_KEY'));
    return Promise.resolve(LEMONFOX_VOICES);
  }

  async synthesize(request: SpeechRequest, signal?: AbortSignal): Promise<Speech> {
    const { apiKey } = this.options;
    if (!apiKey) throw notConfigured(LABEL, 'LEMONFOX_API_KEY');
    const language = lemonfoxLanguage(request.voiceId, request.language);
    if (!language) throw new SpeechProviderError('Lemonfox has no voice with this id.', 'bad', 422);
    return speakThroughAudioSpeech(
      LABEL,
      { ...this.options, apiKey },
      request.text,
      MAX_CHARS,
      (input) => ({ input, voice: request.voiceId, language, speed: speechSpeed(request.speed), response_format: 'wav', word_timestamps: true }),
      signal,
      async (response, input) => {
        if (!(response.headers.get('content-type') ?? '').includes('json')) return { audio: Buffer.from(await response.arrayBuffer()) };
        const parsed = timedAnswer.safeParse(await response.json().catch(() => null));
        if (!parsed.success) throw new SpeechProviderError('Lemonfox answered speech without audio.', 'retry');
        return { audio: Buffer.from(parsed.data.audio, 'base64'), words: matchTimings(input, parsed.data.word_timestamps) };
      },
    );
  }
}

/**
 * Lemonfox's own word timings, renamed to the text's words — only when they are one per word;
 * otherwise (the provider split or joined words differently) undefined, and they are derived.
 */
function matchTimings(text: string, timings: WordTiming[] | undefined): WordTiming[] | undefined {
  const words = spokenWords(text);
  const spoken = timings?.filter((timing) => /[\p{L}\p{N}]/u.test(timing.word));
  if (!spoken || spoken.length !== words.length) return undefined;
  return words.map((word, index) => ({ word: word.word, start: spoken[index]!.start, end: spoken[index]!.end }));
}
