// Which speech-to-text engine the server uses, from its configuration:
//   STT_PROVIDER=openai|lemonfox|pocketsphinx|none picks one explicitly; otherwise the first that
//   is available of: an OpenAI-compatible endpoint (STT_OPENAI_BASE_URL), Lemonfox
//   (LEMONFOX_API_KEY), pocketsphinx (installed on the server), and else none — a
//   NoSpeechEngineError whose message lists the options. Never a made-up transcript.
import type { TranscriptionSettings } from '../../config';
import { LemonfoxTranscription } from './lemonfox';
import { OpenAiCompatibleTranscription } from './openai-transcription';
import { findPocketsphinx, PocketsphinxTranscription } from './pocketsphinx';
import { SpeechToText, type SpeechToTextOptions } from './transcribe';
import { NoSpeechEngineError, type TranscriptionEngine, type TranscriptionEngineId, type TranscriptionProvider } from './types';

export * from './types';
export { cutPoints, findSilences, rejoinChunks, splitAudio } from './chunks';
export { SpeechToText, DEFAULT_CHUNK_SECONDS } from './transcribe';
export { LemonfoxTranscription, OpenAiCompatibleTranscription, PocketsphinxTranscription, findPocketsphinx };

export type { SttProviderChoice, TranscriptionSettings } from '../../config';

export type SpeechToTextSetup = { configured: true; provider: TranscriptionProvider } | { configured: false; provider: null; error: NoSpeechEngineError };

function engineFor(choice: TranscriptionEngineId, settings: TranscriptionSettings, env: NodeJS.ProcessEnv): TranscriptionEngine | string {
  switch (choice) {
    case 'openai': {
      const { baseUrl, apiKey, model } = settings.openAi;
      return baseUrl ? new OpenAiCompatibleTranscription({ baseUrl, apiKey, model }) : 'STT_PROVIDER is openai but STT_OPENAI_BASE_URL is not set.';
    }
    case 'lemonfox': {
      const { apiKey, baseUrl } = settings.lemonfox;
      return apiKey ? new LemonfoxTranscription({ baseUrl, apiKey }) : 'STT_PROVIDER is lemonfox but LEMONFOX_API_KEY is not set.';
    }
    case 'pocketsphinx': {
      const binary = findPocketsphinx({ PATH: env.PATH, POCKETSPHINX_PATH: settings.pocketsphinxPath });
      if (binary) return new PocketsphinxTranscription(binary);
      return settings.pocketsphinxPath
        ? `POCKETSPHINX_PATH (${settings.pocketsphinxPath}) is not an executable program.`
        : 'STT_PROVIDER is pocketsphinx but neither pocketsphinx_continuous nor pocketsphinx is installed.';
    }
  }
}

/** The engine to use, or the reason there is none. `env` is only read for PATH. */
export function createSpeechToText(settings: TranscriptionSettings, options: Omit<SpeechToTextOptions, 'chunkSeconds'> = {}, env: NodeJS.ProcessEnv = process.env): SpeechToTextSetup {
  const none = (detail?: string): SpeechToTextSetup => ({ configured: false, provider: null, error: new NoSpeechEngineError(detail) });
  const wrap = (engine: TranscriptionEngine): SpeechToTextSetup => ({ configured: true, provider: new SpeechToText(engine, { ...options, chunkSeconds: settings.chunkSeconds }) });
  if (settings.provider === 'none') return none('Transcription is switched off (STT_PROVIDER=none).');
  if (settings.provider) {
    const engine = engineFor(settings.provider, settings, env);
    return typeof engine === 'string' ? none(engine) : wrap(engine);
  }
  for (const choice of ['openai', 'lemonfox', 'pocketsphinx'] as const) {
    const engine = engineFor(choice, settings, env);
    if (typeof engine !== 'string') return wrap(engine);
  }
  return none(settings.pocketsphinxPath ? `POCKETSPHINX_PATH (${settings.pocketsphinxPath}) is not an executable program.` : undefined);
}
