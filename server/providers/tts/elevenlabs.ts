// ElevenLabs (shared/reference/platforms.md §4): GET /v1/voices, and speech from
// POST /v1/text-to-speech/{voice_id}/with-timestamps, whose character alignment is grouped into the
// text's words. Text over the model's limit is spoken in sentence-aligned chunks whose timings are
// offset by the audio before them.
import { z } from 'zod';
import type { VoiceInfo, WordTiming } from '../../../contract';
import { errorBody, trimBase } from '../http';
import { notConfigured, providerFetch, type HttpProviderOptions } from './http';
import { SpeechProviderError, type Speech, type SpeechProvider, type SpeechRequest } from './types';
import { chunkText, monotonic, offsetTimings, round, spokenWords } from './words';

export interface ElevenLabsOptions extends HttpProviderOptions {
  model: string;
  /** Characters per request; defaults to the model's documented maximum. */
  maxChars?: number | undefined;
}

const LABEL = 'ElevenLabs';
const OUTPUT_FORMAT = 'mp3_44100_128';
const OUTPUT_BITS_PER_SECOND = 128_000;

const voicesAnswer = z.object({
  voices: z.array(
    z.object({
      voice_id: z.string(),
      name: z.string(),
      description: z.string().nullish(),
      labels: z.record(z.string(), z.string().nullish()).nullish(),
      verified_languages: z.array(z.object({ language: z.string(), accent: z.string().nullish() })).nullish(),
    }),
  ),
});

const speechAnswer = z.object({
  audio_base64: z.string().min(1),
  alignment: z.object({
    characters: z.array(z.string()),
    character_start_times_seconds: z.array(z.number()),
    character_end_times_seconds: z.array(z.number()),
  }),
});
type Alignment = z.infer<typeof speechAnswer>['alignment'];

/** Documented maximum characters per request by model family. */
export function modelCharacterLimit(model: string): number {
  if (/_v2_5$/.test(model)) return 40_000;
  if (/^eleven_(flash|turbo)_v2$/.test(model)) return 30_000;
  return 10_000;
}

/** Only the v2.5 models accept language_code; the others answer an error when it is sent. */
function acceptsLanguageCode(model: string): boolean {
  return /_v2_5$/.test(model);
}

function gender(value: string | null | undefined): VoiceInfo['gender'] {
  const lower = value?.toLowerCase();
  return lower === 'female' || lower === 'male' || lower === 'neutral' ? lower : null;
}

export class ElevenLabsSpeech implements SpeechProvider {
  readonly id = 'elevenlabs' as const;
  readonly label = LABEL;
  readonly configured: boolean;

  constructor(private readonly options: ElevenLabsOptions) {
    this.configured = Boolean(options.apiKey);
  }

  private headers(): Record<string, string> {
    if (!this.options.apiKey) throw notConfigured(LABEL, 'ELEVENLABS_API_KEY');
    return { 'xi-api-key': this.options.apiKey, accept: 'application/json' };
  }

  async listVoices(signal?: AbortSignal): Promise<VoiceInfo[]> {
    const response = await providerFetch(LABEL, `${trimBase(this.options.baseUrl)}/v1/voices`, { headers: this.headers() }, this.options.timeoutMs ?? 20_000, signal);
    if (!response.ok) throw elevenLabsError(response.status, await errorBody(response));
    const parsed = voicesAnswer.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new SpeechProviderError('ElevenLabs answered a voice list this app does not understand.', 'retry');
    return parsed.data.voices.map((voice) => {
      const languages = [...new Set((voice.verified_languages ?? []).map((entry) => entry.language.slice(0, 2).toLowerCase()))];
      return {
        provider: 'elevenlabs',
        voice_id: voice.voice_id,
        name: voice.name,
        languages: languages.length > 0 ? languages : ['en'],
        gender: gender(voice.labels?.gender),
        accent: voice.labels?.accent ?? voice.verified_languages?.[0]?.accent ?? null,
        description: voice.description ?? voice.labels?.description ?? null,
      };
    });
  }

  async synthesize(request: SpeechRequest, signal?: AbortSignal): Promise<Speech> {
    const headers = this.headers();
    const limit = this.options.maxChars ?? modelCharacterLimit(this.options.model);
    const audio: Buffer[] = [];
    const words: WordTiming[] = [];
    let offset = 0;
    for (const chunk of chunkText(request.text, limit)) {
      const part = await this.speakChunk(chunk, request, headers, signal);
      words.push(...offsetTimings(part.words, offset));
      audio.push(part.audio);
      offset += part.duration;
    }
    return { audio: Buffer.concat(audio), format: 'mp3', words: monotonic(words), duration: round(offset) };
  }

  private async speakChunk(text: string, request: SpeechRequest, headers: Record<string, string>, signal?: AbortSignal): Promise<Omit<Speech, 'format'>> {
    const url = `${trimBase(this.options.baseUrl)}/v1/text-to-speech/${encodeURIComponent(request.voiceId)}/with-timestamps?output_format=${OUTPUT_FORMAT}`;
    const body = {
      text,
      model_id: this.options.model,
      ...(acceptsLanguageCode(this.options.model) ? { language_code: request.language } : {}),
      // ElevenLabs accepts speeds from 0.7 to 1.2.
      voice_settings: { speed: Math.min(1.2, Math.max(0.7, request.speed)) },
    };
    const response = await providerFetch(
      LABEL,
      url,
      { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) },
      this.options.timeoutMs ?? 120_000,
      signal,
    );
    if (!response.ok) throw elevenLabsError(response.status, await errorBody(response));
    const parsed = speechAnswer.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new SpeechProviderError('ElevenLabs answered speech without the expected audio and timings.', 'retry');
    const audio = Buffer.from(parsed.data.audio_base64, 'base64');
    const alignmentEnd = parsed.data.alignment.character_end_times_seconds.at(-1) ?? 0;
    // Constant-bitrate MP3: the byte count gives the audio's length, which can run past the last character.
    const duration = Math.max(alignmentEnd, (audio.length * 8) / OUTPUT_BITS_PER_SECOND);
    return { audio, words: wordsFromAlignment(text, parsed.data.alignment), duration };
  }
}

/**
 * Character timings → the text's words. When the alignment spells the text exactly, each word
 * spans its own characters; otherwise (the provider trimmed or normalised it) the groups of
 * characters between spaces are paired with the words in order.
 */
export function wordsFromAlignment(text: string, alignment: Alignment): WordTiming[] {
  const words = spokenWords(text);
  const { characters, character_start_times_seconds: starts, character_end_times_seconds: ends } = alignment;
  const points: Array<{ start: number; end: number; blank: boolean; text: string }> = [];
  characters.forEach((character, index) => {
    for (const point of Array.from(character)) points.push({ start: starts[index] ?? 0, end: ends[index] ?? 0, blank: /\s/u.test(point), text: point });
  });
  if (points.map((point) => point.text).join('') === Array.from(text).join('')) {
    return monotonic(words.map((word) => ({ word: word.word, start: points[word.start]!.start, end: points[word.end - 1]!.end })));
  }
  const groups: Array<{ text: string; start: number; end: number }> = [];
  let current: { text: string; start: number; end: number } | null = null;
  for (const point of points) {
    if (point.blank) {
      current = null;
      continue;
    }
    if (!current) groups.push((current = { text: '', start: point.start, end: point.end }));
    current.text += point.text;
    current.end = point.end;
  }
  const spoken = groups.filter((group) => /[\p{L}\p{N}]/u.test(group.text));
  if (spoken.length !== words.length) {
    throw new SpeechProviderError('ElevenLabs answered timings that do not match the text.', 'retry');
  }
  return monotonic(words.map((word, index) => ({ word: word.word, start: spoken[index]!.start, end: spoken[index]!.end })));
}

const detailSchema = z.object({
  detail: z.union([
    z.object({ status: z.string().optional(), code: z.string().optional(), message: z.string().optional() }),
    z.array(z.object({ msg: z.string().optional() })),
    z.string(),
  ]),
});

/** platforms.md §4: branch on the machine code in `detail`, then on the HTTP status. */
export function elevenLabsError(status: number, body: unknown): SpeechProviderError {
  const parsed = detailSchema.safeParse(body);
  const detail = parsed.success ? parsed.data.detail : null;
  if (Array.isArray(detail)) {
    const reasons = detail.map((item) => item.msg).filter(Boolean).join('; ');
    return new SpeechProviderError(`ElevenLabs refused the request${reasons ? `: ${reasons}` : ''}.`, 'bad', status);
  }
  const code = detail && typeof detail === 'object' ? (detail.status ?? detail.code) : undefined;
  switch (code) {
    case 'invalid_api_key':
      return new SpeechProviderError('ElevenLabs rejected the configured API key.', 'auth', status);
    case 'quota_exceeded':
      return new SpeechProviderError('The ElevenLabs account has no characters left for this period.', 'quota', status);
    case 'voice_not_found':
      return new SpeechProviderError('ElevenLabs does not know this voice.', 'bad', status);
    case 'max_character_limit_exceeded':
      return new SpeechProviderError('The text is longer than ElevenLabs accepts in one request.', 'bad', status);
    case 'too_many_concurrent_requests':
      return new SpeechProviderError('ElevenLabs is busy with other requests from this account; try again in a moment.', 'rate', status);
    case 'system_busy':
      return new SpeechProviderError('ElevenLabs is overloaded right now; try again shortly.', 'retry', status);
  }
  if (status === 401 || status === 403) return new SpeechProviderError('ElevenLabs rejected the configured API key.', 'auth', status);
  if (status === 429) return new SpeechProviderError('ElevenLabs is rate limiting this account; try again in a moment.', 'rate', status);
  if (status >= 500) return new SpeechProviderError(`ElevenLabs is failing (HTTP ${status}); try again shortly.`, 'retry', status);
  return new SpeechProviderError(`ElevenLabs refused the request (HTTP ${status}).`, 'bad', status);
}
