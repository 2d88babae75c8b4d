// Stage 3: the voice-over, from the chosen provider or the built-in voice of the video's
// language. The audio goes to storage; its word timings stay in the checkpoint, so captions and
// scene timing come from the voice itself (never re-transcribed).
import { LANGUAGE_CODES, type VoiceProviderId } from '../../../../contract/voices';
import { defaultBuiltinVoice, synthesizeNarration } from '../../../providers/tts';
import type { SpeechProvider } from '../../ports/speech';
import { CreatorCauseError } from './failures';
import type { Stage } from './context';
import { fitToDuration } from './fit-duration';
import { TAIL_SECONDS } from './timing';
import type { RenderServices } from './services';

export function languageCode(language: string): string {
  return (LANGUAGE_CODES as Record<string, string>)[language] ?? 'en';
}

export function providerFor(services: RenderServices, id: VoiceProviderId): SpeechProvider {
  const provider = services.speech[id];
  if (!provider || !provider.configured) {
    throw new CreatorCauseError('The voice you chose is no longer available on this server. Choose another voice and create the video again.');
  }
  return provider;
}

/** The voice a video without a chosen one is read with: the built-in voice of its language. */
export async function defaultVoice(provider: SpeechProvider, code: string, signal: AbortSignal): Promise<string> {
  const builtin = defaultBuiltinVoice(code);
  if (builtin) return builtin.info.voice_id;
  const voices = await provider.listVoices(signal);
  const chosen = voices.find((voice) => voice.languages.includes(code)) ?? voices[0];
  if (!chosen) throw new Error('the built-in speech engine lists no voices');
  return chosen.voice_id;
}

export const voiceStage: Stage = async (context) => {
  const { services, video, checkpoint, prefix, signal } = context;
  const chosen = video.settings.voice;
  const provider = providerFor(services, chosen?.provider ?? 'builtin');
  const code = languageCode(video.settings.language);
  const voiceId = chosen ? chosen.voice_id : await defaultVoice(provider, code, signal);
  context.progress(0.1);
  const text = checkpoint.script?.text ?? '';
  const speed = chosen?.speed ?? 1;
  const read = (pace: number) => synthesizeNarration(provider, { text, voiceId, language: code, speed: pace }, signal);
  let speech = await read(speed);
  // A script written to a length is fitted to it (the video adds TAIL_SECONDS of picture after the last word).
  const target = checkpoint.script?.targetSeconds;
  if (target) {
    context.progress(0.5);
    speech = await fitToDuration(speech, { text, goal: Math.max(1, target - TAIL_SECONDS), speed, synthesize: read });
  }
  context.progress(0.9);
  const key = `${prefix}work/voice.${speech.format}`;
  await services.storage.putBuffer(key, speech.audio, speech.format === 'wav' ? 'audio/wav' : 'audio/mpeg');
  return { voice: { key, format: speech.format, duration: speech.duration, words: speech.words, provider: provider.id, voiceId } };
};
