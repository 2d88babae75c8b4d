// What to look up in WordNet for a topic: the noun phrases a prompt's subject is made of, in the
// order most likely to name what the video is about, each with the singular forms WordNet files
// its lemmas under ("octopuses" → octopus, "the Eiffel Tower" → eiffel_tower, "honey bees" →
// honeybee). WordNet's exception list of irregular plurals is not among the shipped files, so
// the common ones are here.
import type { Topic } from './offline-topic';

/** A phrase of the topic and the lemmas (WordNet spelling) that may name it, tried in order. */
export interface Subject {
  /** The phrase as the creator wrote it, without a leading article ("Eiffel Tower", "cats"). */
  words: string;
  /** The creator put "the" before it ("the Roman Empire"). */
  definite: boolean;
  /** The creator wrote it in the plural ("cats"): it can be counted. */
  plural: boolean;
  lemmas: string[];
}

/** Framing words around a subject: "the history of coffee" is about coffee. */
const FRAMES = /^(the\s+)?((short|brief|secret|hidden|real|untold|strange|surprising)\s+)?(rise\s+and\s+fall|history|story|science|psychology|life|lives|origins?|evolution|future|art|basics|physics|chemistry|biology|power|anatomy|world|truth|myth|myths|legend|mystery|secrets?|benefits?|dangers?|economics|ethics|philosophy|sound|smell|taste|magic|beauty)\s+(of|behind)\s+/i;
/** Where one noun phrase of a subject ends and the next begins. */
const BETWEEN = /\s+(?:of|in|on|at|for|from|with|without|about|into|near|across|around|through|during|under|over|vs\.?|versus|and\s+why|worth|that|which|who|when|where)\s+/i;
/** Heads too general to be the subject on their own: a dictionary sense of "tips" is not what "Tips" is about. */
const GENERIC = new Set(
  'tip tips idea ideas thing things reason reasons mistake mistakes hack hacks secret secrets fact facts habit habits trick tricks way ways lesson lessons rule rules sign signs step steps myth myths question questions people person stuff life world history science story stories tool tools beginner beginners student students guide guides basics home homes day days time times year years minute minutes lot kind kinds part parts type types thing one ones everything something anything nothing'.split(
    ' ',
  ),
);

/** Nouns in -ing that are not activities. */
const ING_NOUNS = /^(morning|evening|wedding|building|ceiling|spring|string|king|ring|wing|thing|pudding|sibling|lightning|clothing|housing|viking|sting|herring|icing|stocking|dumpling|duckling|seedling|offspring)$/i;

const IRREGULAR: Record<string, string> = {
  mice: 'mouse',
  lice: 'louse',
  geese: 'goose',
  teeth: 'tooth',
  feet: 'foot',
  people: 'person',
  children: 'child',
  oxen: 'ox',
  octopi: 'octopus',
  cacti: 'cactus',
  fungi: 'fungus',
  nuclei: 'nucleus',
  alumni: 'alumnus',
  bacteria: 'bacterium',
  criteria: 'criterion',
  phenomena: 'phenomenon',
  data: 'datum',
  dice: 'die',
  wolves: 'wolf',
  leaves: 'leaf',
  knives: 'knife',
  wives: 'wife',
  lives: 'life',
  halves: 'half',
  loaves: 'loaf',
  calves: 'calf',
  shelves: 'shelf',
  thieves: 'thief',
  elves: 'elf',
};

/** The word and the singular forms it may be the plural of (WordNet's morphy suffix rules, plus -oes and -ves). */
export function singularForms(word: string): string[] {
  const lower = word.toLowerCase();
  const forms = [lower];
  const irregular = IRREGULAR[lower];
  if (irregular) forms.push(irregular);
  const rules: Array<[string, string]> = [
    ['ies', 'y'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['sses', 'ss'],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['oes', 'o'],
    ['ves', 'f'],
    ['ves', 'fe'],
    ['men', 'man'],
    ['s', ''],
  ];
  for (const [suffix, replacement] of rules) {
    if (lower.length > suffix.length + 1 && lower.endsWith(suffix) && !lower.endsWith('ss')) forms.push(lower.slice(0, -suffix.length) + replacement);
  }
  return [...new Set(forms)];
}

/** The creator wrote `word` in the plural (it has a singular form other than itself). */
function looksPlural(word: string): boolean {
  const lower = word.toLowerCase();
  return lower in IRREGULAR || (/[^su]s$/.test(lower) && lower.length > 3);
}

/** WordNet spellings of a phrase: its words joined by underscores, the last one as typed or singular; two words also closed up ("honey bee" → honeybee) or hyphenated. */
function lemmasOf(words: string[]): string[] {
  const head = words.at(-1)!;
  const before = words.slice(0, -1).map((word) => word.toLowerCase());
  const lemmas: string[] = [];
  for (const form of singularForms(head)) {
    lemmas.push([...before, form].join('_'));
    if (before.length === 1) lemmas.push(`${before[0]}${form}`);
    if (before.length > 0) lemmas.push([...before, form].join('-'));
  }
  // WordNet closes up some hyphenated words ("Wi-Fi" → wifi).
  return [...new Set(lemmas.flatMap((lemma) => (lemma.includes('-') ? [lemma, lemma.replace(/-/g, '')] : [lemma])))];
}

function subject(text: string): Subject | null {
  const definite = /^the\s/i.test(text);
  const words = text
    .replace(/^(the|a|an|your|our|my|their|its|his|her)\s+/i, '')
    .replace(/['’]s\b/g, '')
    .replace(/[^\p{L}\p{N}'’\s-]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return null;
  return { words: words.join(' '), definite, plural: looksPlural(words.at(-1)!), lemmas: lemmasOf(words) };
}

/** A phrase of a few words has shorter tails that may be in WordNet ("Japanese tea ceremonies" → tea ceremonies). */
function tails(phrase: Subject): Subject[] {
  const words = phrase.words.split(' ');
  // "saving money" is about saving, not about money ("morning routines" are routines).
  if (/ing$/i.test(words[0]!) && !ING_NOUNS.test(words[0]!) && words.length > 1) return [];
  const shorter: Subject[] = [];
  for (let start = 1; start < words.length; start += 1) {
    const rest = words.slice(start);
    // A lone head word is a fallback for two-word phrases only ("morning routines" → routine):
    // from longer ones it drifts too far ("Japanese tea ceremonies" stops at tea ceremonies).
    if (rest.length === 1 && (words.length > 2 || GENERIC.has(rest[0]!.toLowerCase()))) continue;
    shorter.push({ words: rest.join(' '), definite: false, plural: phrase.plural, lemmas: lemmasOf(rest) });
  }
  return shorter;
}

/**
 * The phrases of a topic to look up, most specific and most likely first: a name the creator
 * capitalised, then what follows "of", then the head phrase; whole phrases before their tails.
 * What follows another preposition is not the subject ("saving money on groceries" is not about
 * groceries, "Rome in winter" not about winter) unless it is a name ("pizza in Naples").
 */
export function subjectsOf(topic: Topic): Subject[] {
  const text = topic.noun.replace(FRAMES, '').trim() || topic.noun;
  const pieces = text.split(BETWEEN).map((piece) => piece.trim()).filter(Boolean);
  const afterOf = topic.noun.split(/\s+of\s+/i).slice(1).map((piece) => piece.split(BETWEEN)[0]!.trim());
  const named = (piece: string) => /(^|\s)\p{Lu}/u.test(piece.replace(/^the\s+/i, ''));
  const ordered = [...pieces.filter(named), ...afterOf, ...pieces.slice(0, 1)];
  const whole = ordered.map(subject).filter((found): found is Subject => found !== null && !GENERIC.has(found.words.toLowerCase()));
  const seen = new Set<string>();
  const all: Subject[] = [];
  for (const candidate of [...whole, ...whole.flatMap(tails)]) {
    const key = candidate.words.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    all.push(candidate);
  }
  return all;
}
