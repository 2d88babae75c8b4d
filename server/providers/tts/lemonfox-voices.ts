// Lemonfox has no voice-list endpoint (platforms.md §5): its voices are shipped here as data.
// Certainty: Lemonfox's page names "sarah", "heart", "bella", "adam", "river" and "50+ voices" in
// 8 languages [C]. The rest of this list, the genders and the language of each voice follow the
// open Kokoro model's voice set, which those names and counts match [?]: check against
// lemonfox.ai/apis/text-to-speech before relying on a single entry. A voice Lemonfox does not
// know answers an error on preview, which the picker shows.
import type { VoiceInfo } from '../../../contract';

interface CatalogueEntry {
  voice: string;
  gender: 'female' | 'male';
  /** Lemonfox `language` value. */
  language: string;
  /** Documented by Lemonfox itself (the rest are [?]). */
  documented?: true;
}

/** Kokoro's Spanish and Brazilian Portuguese voices share these names [?]: one entry, both languages. */
const ALSO_PORTUGUESE = new Set(['dora', 'alex', 'santa']);

const entries = (language: string, gender: 'female' | 'male', voices: string[]): CatalogueEntry[] => voices.map((voice) => ({ voice, gender, language }));

export const LEMONFOX_CATALOGUE: CatalogueEntry[] = [
  ...entries('en-us', 'female', ['heart', 'bella', 'sarah', 'river', 'alloy', 'aoede', 'jessica', 'kore', 'nicole', 'nova', 'sky']),
  ...entries('en-us', 'male', ['adam', 'michael', 'echo', 'eric', 'fenrir', 'liam', 'onyx', 'puck']),
  ...entries('en-gb', 'female', ['alice', 'emma', 'isabella', 'lily']),
  ...entries('en-gb', 'male', ['daniel', 'fable', 'george', 'lewis']),
  ...entries('es', 'female', ['dora']),
  ...entries('es', 'male', ['alex', 'santa']),
  ...entries('fr', 'female', ['siwis']),
  ...entries('hi', 'female', ['alpha', 'beta']),
  ...entries('hi', 'male', ['omega', 'psi']),
  ...entries('it', 'female', ['sara']),
  ...entries('it', 'male', ['nicola']),
  ...entries('ja', 'female', ['sakura', 'gongitsune', 'nezumi', 'tebukuro']),
  ...entries('ja', 'male', ['kumo']),
  ...entries('zh', 'female', ['xiaobei', 'xiaoni', 'xiaoxiao', 'xiaoyi']),
  ...entries('zh', 'male', ['yunjian', 'yunxi', 'yunxia', 'yunyang']),
].map((entry) => (['sarah', 'heart', 'bella', 'adam', 'river'].includes(entry.voice) ? { ...entry, documented: true as const } : entry));

const ACCENTS: Record<string, string> = { 'en-us': 'American', 'en-gb': 'British', 'pt-br': 'Brazilian' };

/** Lemonfox `language` → ISO 639-1 (VoiceInfo.languages). */
export function isoOf(language: string): string {
  return language.slice(0, 2);
}

export const LEMONFOX_VOICES: VoiceInfo[] = LEMONFOX_CATALOGUE.map((entry) => ({
  provider: 'lemonfox',
  voice_id: entry.voice,
  name: entry.voice.charAt(0).toUpperCase() + entry.voice.slice(1),
  languages: ALSO_PORTUGUESE.has(entry.voice) ? [isoOf(entry.language), 'pt'] : [isoOf(entry.language)],
  gender: entry.gender,
  accent: ACCENTS[entry.language] ?? null,
  description: entry.documented ? null : 'From the shipped voice list (not confirmed by Lemonfox’s documentation).',
}));

/** The `language` to send for a voice: its own (accent included), e.g. en-gb for a British voice. */
export function lemonfoxLanguage(voiceId: string, requested: string): string | undefined {
  const entry = LEMONFOX_CATALOGUE.find((candidate) => candidate.voice === voiceId);
  if (entry && requested === 'pt' && ALSO_PORTUGUESE.has(voiceId)) return 'pt-br';
  return entry?.language;
}
