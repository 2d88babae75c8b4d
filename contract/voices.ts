// Voices: the built-in offline voices and the providers a server may configure. The
// spec's GET /api/eleven-voices and GET /api/lemonfox-voices answer one provider's VoicesResponse;
// GET /api/voices answers every provider at once (the picker's one request). Documented in
// docs/decisions/voices.md.
import { z } from 'zod';
import { scriptLanguage } from './scripts';

/** 'builtin' needs no key (offline engine on the server); the others need configuration. */
export const VOICE_PROVIDERS = ['builtin', 'elevenlabs', 'lemonfox', 'openai'] as const;
export type VoiceProviderId = (typeof VOICE_PROVIDERS)[number];

/** ISO 639-1 code per script language (voices carry codes, scripts carry names). */
export const LANGUAGE_CODES = {
  english: 'en',
  spanish: 'es',
  french: 'fr',
  german: 'de',
  italian: 'it',
  portuguese: 'pt',
  dutch: 'nl',
  polish: 'pl',
  turkish: 'tr',
  hindi: 'hi',
  japanese: 'ja',
  korean: 'ko',
  chinese: 'zh',
  arabic: 'ar',
} as const;

export interface VoiceInfo {
  provider: VoiceProviderId;
  /** The provider's own id; unique within the provider. */
  voice_id: string;
  name: string;
  /** ISO 639-1 codes this voice speaks; the first is its main language. */
  languages: string[];
  gender: 'female' | 'male' | 'neutral' | null;
  /** e.g. "British", "Mexican"; null when the provider does not say. */
  accent: string | null;
  description: string | null;
}

export interface VoicesResponse {
  provider: VoiceProviderId;
  /** e.g. "ElevenLabs", "Built-in voices (offline)". */
  label: string;
  /** False when the server has no key for this provider: `data` is then empty. */
  configured: boolean;
  data: VoiceInfo[];
  /** GET /api/voices only: why a configured provider's list is empty (it failed, nothing cached). */
  error?: string;
}

/** GET /api/voices */
export interface AllVoicesResponse {
  providers: VoicesResponse[];
}

/** A short sample, in the voice's language when the client has one. */
export const DEFAULT_PREVIEW_TEXT = 'Hi! This is how your next video will sound.';

/** POST /api/lemonfox-preview (spec §3: voice_id, text). Answers audio (audio/mpeg or audio/wav). */
export const lemonfoxPreviewRequest = z.object({
  voice_id: z.string().trim().min(1, 'The voice id field is required.').max(200),
  text: z.string().trim().min(1).max(300, 'The text field must not be greater than 300 characters.').default(DEFAULT_PREVIEW_TEXT),
});

/** POST /api/voices/preview — a preview of any provider's voice. Answers audio. */
export const voicePreviewRequest = lemonfoxPreviewRequest.extend({
  provider: z.enum(VOICE_PROVIDERS, { message: 'The selected voice provider is invalid.' }),
  language: scriptLanguage.optional(),
});
export type VoicePreviewRequest = z.input<typeof voicePreviewRequest>;

/** A video's voice; absent → the built-in voice of the video's language. */
export const videoVoice = z.object({
  provider: z.enum(VOICE_PROVIDERS, { message: 'The selected voice provider is invalid.' }),
  voice_id: z.string().trim().min(1, 'The voice id field is required.').max(200),
  speed: z.number().min(0.5, 'The speed must be at least 0.5.').max(2, 'The speed must not be greater than 2.').default(1),
});
export type VideoVoice = z.input<typeof videoVoice>;
