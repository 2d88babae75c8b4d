// The built-in voices: for English, Flite's statistical-parametric (clustergen) voices recorded
// from real speakers (CMU ARCTIC slt, rms, awb), first because they sound most natural; then every
// eSpeak NG language × its female/male variants. eSpeak's variants change pitch, formants and
// breathiness of one formant synthesiser; they are labelled as the variant they are, not given
// invented personas. The comparison behind this: docs/decisions/voices.md.
import type { VoiceInfo } from '../../../../contract';

interface Accent {
  language: string;
  /** eSpeak NG voice (language) name. */
  espeak: string;
  label: string;
  accent: string | null;
}

/** Languages whose text separates words with spaces (word timings follow the text's words). */
const ACCENTS: Accent[] = [
  { language: 'en', espeak: 'en-us', label: 'English (US)', accent: 'American' },
  { language: 'en', espeak: 'en-gb-x-rp', label: 'English (UK)', accent: 'British' },
  { language: 'es', espeak: 'es', label: 'Spanish (Spain)', accent: 'Castilian' },
  { language: 'es', espeak: 'es-419', label: 'Spanish (Latin America)', accent: 'Latin American' },
  { language: 'fr', espeak: 'fr', label: 'French', accent: 'France' },
  { language: 'de', espeak: 'de', label: 'German', accent: null },
  { language: 'it', espeak: 'it', label: 'Italian', accent: null },
  { language: 'pt', espeak: 'pt-br', label: 'Portuguese (Brazil)', accent: 'Brazilian' },
  { language: 'pt', espeak: 'pt', label: 'Portuguese (Portugal)', accent: 'European' },
  { language: 'nl', espeak: 'nl', label: 'Dutch', accent: null },
  { language: 'pl', espeak: 'pl', label: 'Polish', accent: null },
  { language: 'tr', espeak: 'tr', label: 'Turkish', accent: null },
  { language: 'hi', espeak: 'hi', label: 'Hindi', accent: null },
  { language: 'ar', espeak: 'ar', label: 'Arabic', accent: null },
  { language: 'ko', espeak: 'ko', label: 'Korean', accent: null },
];

/** eSpeak NG variants (espeak-ng-data/voices/!v): f* raise pitch and formants, m* keep them low. */
const VARIANTS = [
  { variant: 'f3', gender: 'female', label: 'female voice 1' },
  { variant: 'f4', gender: 'female', label: 'female voice 2' },
  { variant: 'm3', gender: 'male', label: 'male voice 1' },
  { variant: 'm7', gender: 'male', label: 'male voice 2' },
] as const;

export interface BuiltinVoice {
  info: VoiceInfo;
  engine: 'espeak' | 'flite';
  /** The engine's own voice name: "en-us+f3" (eSpeak), "slt" (Flite). */
  engineVoice: string;
}

const FLITE_VOICES: BuiltinVoice[] = [
  { voice: 'slt', name: 'English (US), Flite female voice (slt)', gender: 'female' as const, accent: 'American' },
  { voice: 'rms', name: 'English (US), Flite male voice (rms)', gender: 'male' as const, accent: 'American' },
  { voice: 'awb', name: 'English (Scottish), Flite male voice (awb)', gender: 'male' as const, accent: 'Scottish' },
].map(({ voice, name, gender, accent }) => ({
  engine: 'flite' as const,
  engineVoice: voice,
  info: {
    provider: 'builtin' as const,
    voice_id: `flite-${voice}`,
    name,
    languages: ['en'],
    gender,
    accent,
    description: 'Flite voice built from recordings of a real speaker (CMU ARCTIC), on this server: the most natural built-in English.',
  },
}));

const ESPEAK_VOICES: BuiltinVoice[] = ACCENTS.flatMap((accent) =>
  VARIANTS.map(({ variant, gender, label }) => ({
    engine: 'espeak' as const,
    engineVoice: `${accent.espeak}+${variant}`,
    info: {
      provider: 'builtin' as const,
      voice_id: `${accent.espeak}+${variant}`,
      name: `${accent.label}, ${label}`,
      languages: [accent.language],
      gender,
      accent: accent.accent,
      description: 'eSpeak NG formant synthesis on this server: clear and fast, noticeably robotic.',
    },
  })),
);

export const BUILTIN_VOICES: BuiltinVoice[] = [...FLITE_VOICES, ...ESPEAK_VOICES];

const BY_ID = new Map(BUILTIN_VOICES.map((voice) => [voice.info.voice_id, voice]));

export function findBuiltinVoice(voiceId: string): BuiltinVoice | undefined {
  return BY_ID.get(voiceId);
}

/** The language's first voice (Flite's female voice for English, else eSpeak's first female variant). */
export function defaultBuiltinVoice(language: string): BuiltinVoice | undefined {
  return BUILTIN_VOICES.find((voice) => voice.info.languages[0] === language);
}
