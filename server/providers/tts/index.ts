// Every speech provider the server knows, configured from the environment. Unconfigured ones are
// still listed (configured=false, so the picker can say what a key would add) and refuse to speak.
import type { VoiceProviderId } from '../../../contract';
import { BuiltinSpeechProvider } from './builtin';
import { ElevenLabsSpeech } from './elevenlabs';
import { LemonfoxSpeech } from './lemonfox';
import { OpenAiCompatibleSpeech } from './openai-speech';
import type { SpeechProvider } from './types';

export * from './types';
export { synthesizeNarration, type NarrationRequest } from './narration';
export { defaultBuiltinVoice } from './builtin/voices';
export { BuiltinSpeechProvider, ElevenLabsSpeech, LemonfoxSpeech, OpenAiCompatibleSpeech };

export interface SpeechSettings {
  elevenLabs: { apiKey: string | undefined; baseUrl: string; model: string };
  lemonfox: { apiKey: string | undefined; baseUrl: string };
  openAi: { baseUrl: string | undefined; apiKey: string | undefined; model: string; voices: string[] | undefined };
}

export type SpeechProviders = Record<VoiceProviderId, SpeechProvider> & { close?: () => Promise<void> };

export function createSpeechProviders(settings: SpeechSettings): SpeechProviders {
  const builtin = new BuiltinSpeechProvider();
  return {
    builtin,
    elevenlabs: new ElevenLabsSpeech(settings.elevenLabs),
    lemonfox: new LemonfoxSpeech(settings.lemonfox),
    openai: new OpenAiCompatibleSpeech(settings.openAi),
    close: () => builtin.close(),
  };
}
