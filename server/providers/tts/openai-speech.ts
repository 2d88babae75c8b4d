// Any OpenAI-compatible speech endpoint: POST {base}/audio/speech {model, input, voice,
// response_format, speed} answering audio bytes (OpenAI, or local servers such as Kokoro-FastAPI
// or openedai-speech). Bare audio carries no timings: they are derived from it (derived-timings.ts).
import { LANGUAGE_CODES, type VoiceInfo } from '../../../contract';
import { speakThroughAudioSpeech, speechSpeed } from './audio-speech';
import { notConfigured, type HttpProviderOptions } from './http';
import { SpeechProviderError, type Speech, type SpeechProvider, type SpeechRequest } from './types';

export interface OpenAiSpeechOptions extends Partial<HttpProviderOptions> {
  model: string;
  /** Voices the endpoint offers; OpenAI's own when not set. */
  voices?: string[] | undefined;
}

/** OpenAI's built-in voices (its docs name them, not their gender or accent). */
export const OPENAI_VOICES = ['alloy', 'ash', 'ballad', 'coral', 'echo', 'fable', 'nova', 'onyx', 'sage', 'shimmer', 'verse'];
/** OpenAI documents 4096 characters per request. */
const MAX_CHARS = 4000;
const LABEL = 'The speech endpoint';

export class OpenAiCompatibleSpeech implements SpeechProvider {
  readonly id = 'openai' as const;
  readonly label = 'OpenAI-compatible voices';
  readonly configured: boolean;
  private readonly voiceIds: string[];

  constructor(private readonly options: OpenAiSpeechOptions) {
    this.configured = Boolean(options.baseUrl);
    this.voiceIds = options.voices && options.voices.length > 0 ? options.voices : OPENAI_VOICES;
  }

  listVoices(): Promise<VoiceInfo[]> {
    if (!this.configured) return Promise.reject(notConfigured('The OpenAI-compatible speech endpoint', 'OPENAI_TTS_BASE_URL'));
    return Promise.resolve(
      this.voiceIds.map((voice) => ({
        provider: 'openai' as const,
        voice_id: voice,
        name: voice.charAt(0).toUpperCase() + voice.slice(1),
        // The model reads the language of the text; every voice speaks all of them.
        languages: Object.values(LANGUAGE_CODES),
        gender: null,
        accent: null,
        description: `${this.options.model} voice "${voice}"`,
      })),
    );
  }

  async synthesize(request: SpeechRequest, signal?: AbortSignal): Promise<Speech> {
    const { baseUrl } = this.options;
    if (!baseUrl) throw notConfigured('The OpenAI-compatible speech endpoint', 'OPENAI_TTS_BASE_URL');
    if (!this.voiceIds.includes(request.voiceId)) throw new SpeechProviderError('This voice does not exist on the speech endpoint.', 'bad', 422);
    return speakThroughAudioSpeech(
      LABEL,
      { ...this.options, baseUrl },
      request.text,
      MAX_CHARS,
      (input) => ({ model: this.options.model, input, voice: request.voiceId, response_format: 'wav', speed: speechSpeed(request.speed) }),
      signal,
    );
  }
}
