// How fast the built-in voices really speak: spoken words a second at speed 1, pauses between
// sentences included. Measured by `npx tsx scripts/measure-voice-pace.ts` (each voice reads a
// ~50-word paragraph of short sentences in its language; words ÷ audio seconds) and kept here so
// the server sizes scripts and the review step estimates lengths with the same numbers. Other
// providers' voices are not measured: they get NARRATION_WORDS_PER_SECOND.
import { NARRATION_WORDS_PER_SECOND } from './videos';

export const BUILTIN_VOICE_PACE: Readonly<Record<string, number>> = {
  'flite-slt': 3.35,
  'flite-rms': 2.91,
  'flite-awb': 3.21,
  'en-us+f3': 3.12,
  'en-us+f4': 3.05,
  'en-us+m3': 3.14,
  'en-us+m7': 3.11,
  'en-gb-x-rp+f3': 3.16,
  'en-gb-x-rp+f4': 3.08,
  'en-gb-x-rp+m3': 3.19,
  'en-gb-x-rp+m7': 3.15,
  'es+f3': 2.74,
  'es+f4': 2.66,
  'es+m3': 2.78,
  'es+m7': 2.72,
  'es-419+f3': 2.52,
  'es-419+f4': 2.45,
  'es-419+m3': 2.54,
  'es-419+m7': 2.5,
  'fr+f3': 3.2,
  'fr+f4': 3.1,
  'fr+m3': 3.23,
  'fr+m7': 3.19,
  'de+f3': 2.73,
  'de+f4': 2.64,
  'de+m3': 2.77,
  'de+m7': 2.72,
  'it+f3': 2.5,
  'it+f4': 2.45,
  'it+m3': 2.49,
  'it+m7': 2.49,
  'pt-br+f3': 2.5,
  'pt-br+f4': 2.43,
  'pt-br+m3': 2.54,
  'pt-br+m7': 2.49,
  'pt+f3': 2.53,
  'pt+f4': 2.45,
  'pt+m3': 2.57,
  'pt+m7': 2.51,
  'nl+f3': 2.86,
  'nl+f4': 2.8,
  'nl+m3': 2.89,
  'nl+m7': 2.85,
};

/** The built-in voice a video without a chosen voice is read with, per language (server/providers/tts/builtin/voices.ts). */
const DEFAULT_VOICE_PACE: Readonly<Record<string, number>> = {
  english: BUILTIN_VOICE_PACE['flite-slt']!,
  spanish: BUILTIN_VOICE_PACE['es+f3']!,
  french: BUILTIN_VOICE_PACE['fr+f3']!,
  german: BUILTIN_VOICE_PACE['de+f3']!,
  italian: BUILTIN_VOICE_PACE['it+f3']!,
  portuguese: BUILTIN_VOICE_PACE['pt-br+f3']!,
  dutch: BUILTIN_VOICE_PACE['nl+f3']!,
};

/** Words a second the narration will be read at: the chosen voice (or the language's default one) at speed 1. */
export function voiceWordsPerSecond(voice: { provider: string; voice_id: string } | null | undefined, language: string): number {
  if (!voice) return DEFAULT_VOICE_PACE[language] ?? NARRATION_WORDS_PER_SECOND;
  if (voice.provider !== 'builtin') return NARRATION_WORDS_PER_SECOND;
  return BUILTIN_VOICE_PACE[voice.voice_id] ?? NARRATION_WORDS_PER_SECOND;
}
