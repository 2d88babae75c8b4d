// What the voice picker shows: pure functions over the cached voice lists (filters, search, the
// sample sentence a preview speaks), kept apart from the component so they are easy to test.
import { DEFAULT_PREVIEW_TEXT, LANGUAGE_CODES, SCRIPT_LANGUAGES, type VoiceInfo, type VoiceProviderId, type VoicesResponse } from '../../../contract';

export type ScriptLanguage = (typeof SCRIPT_LANGUAGES)[number];
export type GenderFilter = 'any' | 'female' | 'male' | 'neutral';

export interface VoiceFilters {
  provider: VoiceProviderId | 'all';
  /** ISO 639-1 code, or 'any'. */
  language: string;
  gender: GenderFilter;
  search: string;
}

/** Names for the UI, independent of what a server calls a provider in its own label. */
export const PROVIDER_NAMES: Record<VoiceProviderId, string> = {
  builtin: 'Built-in',
  elevenlabs: 'ElevenLabs',
  lemonfox: 'Lemonfox',
  openai: 'OpenAI-compatible',
};

export const LANGUAGE_NAMES: Record<string, string> = Object.fromEntries(
  SCRIPT_LANGUAGES.map((language) => [LANGUAGE_CODES[language], language.charAt(0).toUpperCase() + language.slice(1)]),
);

/** A short sample in the voice's language (the server falls back to English for others). */
const PREVIEW_SAMPLES: Record<string, string> = {
  en: DEFAULT_PREVIEW_TEXT,
  es: '¡Hola! Así sonará tu próximo vídeo.',
  fr: 'Bonjour ! Voici comment sonnera ta prochaine vidéo.',
  de: 'Hallo! So wird dein nächstes Video klingen.',
  it: 'Ciao! Ecco come suonerà il tuo prossimo video.',
  pt: 'Olá! É assim que o seu próximo vídeo vai soar.',
};

export function languageCode(language: string): string {
  return (LANGUAGE_CODES as Record<string, string>)[language] ?? 'en';
}

export function scriptLanguageOf(code: string): ScriptLanguage | undefined {
  return SCRIPT_LANGUAGES.find((language) => LANGUAGE_CODES[language] === code);
}

/** The sample a voice reads in its preview: in the language chosen for the video when the voice speaks it. */
export function previewText(voice: VoiceInfo, videoLanguageCode: string): { text: string; code: string } {
  const code = voice.languages.includes(videoLanguageCode) ? videoLanguageCode : (voice.languages[0] ?? 'en');
  return { text: PREVIEW_SAMPLES[code] ?? DEFAULT_PREVIEW_TEXT, code };
}

function matchesSearch(voice: VoiceInfo, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [voice.name, voice.accent, voice.description, voice.gender, ...voice.languages.map((code) => LANGUAGE_NAMES[code] ?? code)]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** The voices of configured providers that pass every filter, in provider order. */
export function filterVoices(lists: readonly VoicesResponse[], filters: VoiceFilters): VoiceInfo[] {
  return lists
    .filter((list) => list.configured && (filters.provider === 'all' || list.provider === filters.provider))
    .flatMap((list) => list.data)
    .filter((voice) => filters.language === 'any' || voice.languages.includes(filters.language))
    .filter((voice) => filters.gender === 'any' || voice.gender === filters.gender)
    .filter((voice) => matchesSearch(voice, filters.search));
}

export function voiceKey(voice: Pick<VoiceInfo, 'provider' | 'voice_id'>): string {
  return `${voice.provider}:${voice.voice_id}`;
}

/** "Female · British · English, Spanish" */
export function voiceDetails(voice: VoiceInfo): string {
  const gender = voice.gender ? voice.gender.charAt(0).toUpperCase() + voice.gender.slice(1) : null;
  const languages = voice.languages.map((code) => LANGUAGE_NAMES[code] ?? code.toUpperCase()).join(', ');
  return [gender, voice.accent, languages].filter(Boolean).join(' · ');
}

/** The first voice (built-in first) that speaks `code`, preferring `gender` when given. */
export function suggestVoice(lists: readonly VoicesResponse[], code: string, gender?: GenderFilter): VoiceInfo | null {
  const speaking = filterVoices(lists, { provider: 'all', language: code, gender: 'any', search: '' });
  const preferred = gender && gender !== 'any' ? speaking.find((voice) => voice.gender === gender) : undefined;
  return preferred ?? speaking[0] ?? null;
}
