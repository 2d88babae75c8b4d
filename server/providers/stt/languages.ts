// Language names as Whisper writes them. OpenAI's verbose_json answers `language` as a full
// lower-case name ("english", platforms.md §6) while compatible servers (speaches) answer the
// ISO 639-1 code; Lemonfox takes the full name as its `language` field (platforms.md §5).
// The table is Whisper's own list (its tokenizer's LANGUAGES), plus its documented aliases.

const WHISPER_LANGUAGES: Record<string, string> = {
  en: 'english', zh: 'chinese', de: 'german', es: 'spanish', ru: 'russian', ko: 'korean', fr: 'french', ja: 'japanese',
  pt: 'portuguese', tr: 'turkish', pl: 'polish', ca: 'catalan', nl: 'dutch', ar: 'arabic', sv: 'swedish', it: 'italian',
  id: 'indonesian', hi: 'hindi', fi: 'finnish', vi: 'vietnamese', he: 'hebrew', uk: 'ukrainian', el: 'greek', ms: 'malay',
  cs: 'czech', ro: 'romanian', da: 'danish', hu: 'hungarian', ta: 'tamil', no: 'norwegian', th: 'thai', ur: 'urdu',
  hr: 'croatian', bg: 'bulgarian', lt: 'lithuanian', la: 'latin', mi: 'maori', ml: 'malayalam', cy: 'welsh', sk: 'slovak',
  te: 'telugu', fa: 'persian', lv: 'latvian', bn: 'bengali', sr: 'serbian', az: 'azerbaijani', sl: 'slovenian', kn: 'kannada',
  et: 'estonian', mk: 'macedonian', br: 'breton', eu: 'basque', is: 'icelandic', hy: 'armenian', ne: 'nepali', mn: 'mongolian',
  bs: 'bosnian', kk: 'kazakh', sq: 'albanian', sw: 'swahili', gl: 'galician', mr: 'marathi', pa: 'punjabi', si: 'sinhala',
  km: 'khmer', sn: 'shona', yo: 'yoruba', so: 'somali', af: 'afrikaans', oc: 'occitan', ka: 'georgian', be: 'belarusian',
  tg: 'tajik', sd: 'sindhi', gu: 'gujarati', am: 'amharic', yi: 'yiddish', lo: 'lao', uz: 'uzbek', fo: 'faroese',
  ht: 'haitian creole', ps: 'pashto', tk: 'turkmen', nn: 'nynorsk', mt: 'maltese', sa: 'sanskrit', lb: 'luxembourgish',
  my: 'myanmar', bo: 'tibetan', tl: 'tagalog', mg: 'malagasy', as: 'assamese', tt: 'tatar', haw: 'hawaiian', ln: 'lingala',
  ha: 'hausa', ba: 'bashkir', jw: 'javanese', su: 'sundanese', yue: 'cantonese',
};

const ALIASES: Record<string, string> = {
  burmese: 'my', valencian: 'ca', flemish: 'nl', haitian: 'ht', letzeburgesch: 'lb', pushto: 'ps', panjabi: 'pa',
  moldavian: 'ro', moldovan: 'ro', sinhalese: 'si', castilian: 'es', mandarin: 'zh',
};

const BY_NAME = new Map<string, string>([...Object.entries(WHISPER_LANGUAGES).map(([code, name]) => [name, code] as [string, string]), ...Object.entries(ALIASES)]);

/** "english" → "en"; "en" / "EN" → "en"; anything unknown → null (never guessed). */
export function languageCode(answer: unknown): string | null {
  if (typeof answer !== 'string') return null;
  const text = answer.trim().toLowerCase();
  if (!text) return null;
  if (text in WHISPER_LANGUAGES) return text;
  // "en-US" → "en"
  const base = text.split(/[-_]/)[0]!;
  if (base.length <= 3 && base in WHISPER_LANGUAGES) return base;
  return BY_NAME.get(text) ?? null;
}

/** "en" → "english"; null for a code Whisper does not know. */
export function whisperLanguageName(code: string): string | null {
  return WHISPER_LANGUAGES[code.toLowerCase()] ?? null;
}
