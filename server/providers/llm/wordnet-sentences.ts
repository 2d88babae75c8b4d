// WordNet's entries turned into sentences a narrator can say: the definition ("A cat is a feline
// mammal…"), any clause of the gloss that is a statement of its own, what it is a kind of and
// what that is, its kinds, its famous examples, its relatives, its parts, what it contains and
// where it is. Glosses are dictionary shorthand — semicolon lists, "e.g.", parentheses, quoted
// usage examples — so only the defining part of each is kept, and quoted examples (invented
// sentences that show the word in use, not facts) never are.
import type { Synset } from './wordnet-files';

/** What a sentence says about the subject, resolved from the synset and its neighbours. */
export interface SynsetNeighbours {
  synset: Synset;
  /** The first "is a kind of" (hypernym) synset. */
  kindOf: Synset | null;
  /** What a named thing is an instance of ("tower" for the Eiffel Tower). */
  instanceOf: Synset | null;
  /** Hyponyms (its kinds), instance hyponyms (famous examples), sisters (the kind's other kinds), parts, substances, and what it is part of. */
  kinds: Synset[];
  examples: Synset[];
  sisters: Synset[];
  parts: Synset[];
  substances: Synset[];
  partOf: Synset[];
}

/** How the subject reads in a sentence. */
export interface Naming {
  /** As it starts a sentence: "A cat", "The Eiffel Tower", "Compound interest", "Rome". */
  Subject: string;
  /** Mid-sentence: "a cat", "the Eiffel Tower", "compound interest". */
  subject: string;
  /** The bare name, singular: "cat", "Eiffel Tower". */
  name: string;
  /** It can be counted: kinds and parts read in the plural ("Kinds of cats include…"). */
  countable: boolean;
  /** "was" for people and for what no longer exists, else "is"; "are" for a name that is plural ("the Northern Lights"). */
  verb: 'is' | 'was' | 'are' | 'were';
}

/** A verb agreeing with the subject: `agree(naming, 'has', 'have', 'had')`. */
function agree(naming: Naming, singular: string, plural: string, past: string): string {
  if (naming.verb === 'was' || naming.verb === 'were') return past;
  return naming.verb === 'are' ? plural : singular;
}

/** Words a video for any audience should not say: dictionary senses that are sexual, slurs or crude. */
const UNSAYABLE =
  /\b(sex|sexual|sexually|wet dreams?|penis|vagina|vulva|genitals?|genitalia|orgasm|erotic|porn\w*|prostitut\w*|whore|slut|bitch|bastard|fuck\w*|shit\w*|cunt|dick|cock|arse|ass|asshole|masturbat\w*|intercourse|copulat\w*|rape|nigger|faggot|retard|dyke|spic|kike|wetback|tits?|breasts?|buttocks|excrement|feces|faeces|urine|defecat\w*|vomit\w*)\b/i;
/** Latin names of families, orders and genera read as noise in a list of relatives. */
const TAXON = /^\p{Lu}\p{Ll}+(idae|inae|aceae|formes|oidea)$|^(genus|family|order|class|phylum|suborder|subfamily)\b/iu;

const MAX_FACT_WORDS = 32;
const DETERMINER = /^(a|an|the|any|one|some|each|every|either|neither|two|three|four|several|various|many|all|no|this|that|its|his|her|their|either|both)\b/i;
const PARTICIPLE = /^(made|used|found|grown|eaten|served|prepared|built|worn|played|kept|known|formed|produced|composed|designed|caused|consisting|located|situated)\b/i;
/** A statement of its own has a finite verb. */
const FINITE = /\b(is|are|was|were|has|have|had|can|could|became|becomes|remains|remained|contains|lives|live|occurs|occur|grows|grow|feeds|feed|includes|produces|consists|lasted|ruled|won|built|founded|flows|lies|forms|makes|covers|reaches)\b/i;
/** Names whose head is a common noun take "the" ("the Eiffel Tower", "the Roman Empire", "the Nile River"). */
const NAMED_THING = /\b(tower|empire|library|ocean|sea|river|wall|canal|desert|mountains|alps|bridge|museum|palace|cathedral|lake|gulf|bay|islands|kingdom|republic|union|war|revolution|pyramids?|lights|needle|building|gate|temple|church|abbey|castle|channel|strait|falls|valley|forest|range|statue|sphinx|chapel|colosseum|parthenon|basin|peninsula|coast|states|netherlands|philippines|moon|sun)$/i;

function words(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function withArticle(noun: string): string {
  const startsWithVowelSound = /^(hour|honest|honou?r|heir)/i.test(noun) || (/^[aeiou]/i.test(noun) && !/^(uni|use|usu|uti|ure|eu|one\b|once)/i.test(noun));
  return `${startsWithVowelSound ? 'an' : 'a'} ${noun}`;
}

export function plural(noun: string): string {
  const parts = noun.split(' ');
  const last = parts.pop()!;
  const irregular: Record<string, string> = { mouse: 'mice', goose: 'geese', tooth: 'teeth', foot: 'feet', person: 'people', child: 'children', ox: 'oxen', fish: 'fish', sheep: 'sheep', deer: 'deer', octopus: 'octopuses', cactus: 'cacti', fungus: 'fungi' };
  let form: string;
  if (irregular[last.toLowerCase()]) form = irregular[last.toLowerCase()]!;
  // Gerunds and Latin names stay as they are ("fingerprinting", "aurora australis").
  else if (/ing$/i.test(last) || (parts.length > 0 && /(is|us|um)$/i.test(last))) form = last;
  else if (/[^aeiou]is$/i.test(last)) form = `${last.slice(0, -2)}es`;
  else if (/[^aeiou]y$/i.test(last)) form = `${last.slice(0, -1)}ies`;
  else if (/(s|x|z|ch|sh)$/i.test(last)) form = `${last}es`;
  else if (/(wolf|leaf|knife|wife|life|half|loaf|calf|shelf|thief|elf)$/i.test(last)) form = last.replace(/fe?$/i, 'ves');
  else if (/man$/i.test(last) && !/(human|german|roman|talisman|shaman)$/i.test(last)) form = `${last.slice(0, -3)}men`;
  else form = `${last}s`;
  return [...parts, form].join(' ');
}

/**
 * A synset's name for speaking: the word the subject was found as, else its first word — for a
 * person, the first name with two words ("Joseph Black", not "Black").
 */
export function nameOf(synset: Synset, lemma?: string): string {
  const found = lemma ? synset.words.find((candidate) => candidate.toLowerCase() === lemma) : undefined;
  const fullName = synset.lexFile === 18 ? synset.words.find((word) => /^\p{Lu}[^_]*_\p{Lu}[^_]*$/u.test(word)) : undefined;
  const word = found ?? fullName ?? synset.words[0] ?? '';
  return word.replace(/_/g, ' ').replace(/\(.*$/, '');
}

/** A name whose head word is capitalised ("Eiffel Tower", "WiFi"); "Irish coffee" is a common noun. */
function isProper(name: string): boolean {
  return /\p{Lu}/u.test(name.split(' ').at(-1) ?? '');
}

/** How a proper name reads mid-sentence: "the Eiffel Tower", "Rome". */
function properName(name: string, definite: boolean): string {
  return definite || NAMED_THING.test(name) ? `the ${name}` : name;
}

/** The defining part of each of a gloss's clauses, spoken: no quoted examples, parentheses, "e.g." lists or trailing examples after a colon. */
export function glossClauses(gloss: string): string[] {
  return gloss
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.length > 0 && !part.startsWith('"') && !part.startsWith('“'))
    .map((part) =>
      part
        .replace(/\([^()]*\)/g, ' ')
        .replace(/\([^()]*\)/g, ' ')
        .replace(/[()]/g, ' ')
        .replace(/,?\s*\b(e\.g\.|i\.e\.|eg\.|for example|such as)(\s|$).*$/i, '')
        .replace(/:.*$/, '')
        .replace(/,?\s*\betc\.?/gi, '')
        .replace(/["“”]/g, '')
        // WordNet chains names and actions with "and" ("Europe and Africa and Asia"); speech lists them.
        .replace(/\b(\p{Lu}[\w-]*) and (\p{Lu}[\w-]*) and (\p{Lu}[\w-]*)\b/gu, '$1, $2 and $3')
        .replace(/\b(\w+ing) and (\w+ing) and (\w+ing)\b/g, '$1, $2 and $3')
        .replace(/\s+([,.;:!?])/g, '$1')
        .replace(/\s{2,}/g, ' ')
        .replace(/[\s,.;:]+$/, '')
        .trim(),
    )
    .filter((part) => words(part) >= 2);
}

function list(items: string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

interface Named {
  name: string;
  synset: Synset;
}

/** The names of a few related synsets, once each, none the subject itself. */
function namesOf(synsets: Synset[], naming: Naming, limit: number): Named[] {
  const seen = new Set([naming.name.toLowerCase()]);
  const names: Named[] = [];
  for (const synset of synsets) {
    const name = nameOf(synset);
    if (!name || seen.has(name.toLowerCase()) || words(name) > 3 || TAXON.test(name) || UNSAYABLE.test(name)) continue;
    seen.add(name.toLowerCase());
    names.push({ name, synset });
    if (names.length === limit) break;
  }
  return names;
}

/**
 * A related thing as it reads in a list about a counted subject: in the plural ("domestic
 * cats"), unless it is a name, measured (a food, a quality) or an abstract noun ("imagination").
 */
function inList(naming: Naming, { name, synset }: Named): string {
  if (isProper(name)) return properName(name, false);
  return naming.countable && !MASS_FILES.includes(synset.lexFile) && !/(ism|ness|ity|ing|tion|sion|ance|ence)$/.test(name) ? plural(name) : name;
}

/** Lexicographer files of what is measured, not counted: foods, substances, attributes, feelings, states. */
const MASS_FILES = [7, 12, 13, 26, 27];

/**
 * What a synset names is counted: animals, artefacts, body parts, things, people and plants; else
 * an idea WordNet defines with "a"/"an", unless its name is a quality or an activity ("-ness",
 * "-ing"). "Compound interest is interest calculated…" is not counted.
 */
function counted(synset: Synset, name: string): boolean {
  if ([5, 6, 8, 17, 18, 20].includes(synset.lexFile)) return !/ing$/.test(name);
  return !MASS_FILES.includes(synset.lexFile) && /^an?\s/i.test(glossClauses(synset.gloss)[0] ?? '') && !/(ism|ness|ity|ing)$/.test(name);
}

/**
 * How the subject is named in its sentences, from how the creator wrote it (`typed.words`, as
 * WordNet found it or singular) and what WordNet says it is.
 */
export function namingOf(synset: Synset, lemma: string, typed: { words: string; definite: boolean; plural: boolean }): Naming {
  const asTyped = typed.words.toLowerCase().replace(/[\s-]+/g, '_') === lemma.replace(/-/g, '_');
  // The creator's capitals win over WordNet's lower case ("the Northern Lights").
  const name = asTyped && /\p{Lu}/u.test(typed.words) ? typed.words : nameOf(synset, lemma);
  const proper = isProper(name);
  // Found as typed in the plural: a plural name ("northern lights"), not a plural of one; a named
  // place or person in -s is singular ("Naples", "Athens").
  const pluralName = asTyped && typed.plural && !synset.pointers.some((pointer) => pointer.symbol === '@i');
  const definition = glossClauses(synset.gloss)[0] ?? '';
  const gone = proper && (synset.lexFile === 18 || /\b(BC|AD \d|ancient|former|formerly|until \d)\b/.test(definition));
  const verb = pluralName ? (gone ? 'were' : 'are') : gone ? 'was' : 'is';
  // Anything typed in the plural is counted; typed in the singular, what WordNet says it is decides ("sourdough bread" is not).
  const countable = !proper && !pluralName && (typed.plural || counted(synset, name));
  const subject = proper ? properName(name, typed.definite) : typed.definite ? `the ${name}` : countable ? withArticle(name) : name;
  return { Subject: capitalise(subject), subject, name, countable, verb };
}

/** The definition as a sentence: "A cat is a feline mammal usually having thick soft fur and no ability to roar." */
function definition(synset: Synset, naming: Naming): string[] {
  const [first, ...rest] = glossClauses(synset.gloss);
  if (!first) return [];
  // "Procrastination is the act of procrastinating" says nothing.
  const stem = naming.name.toLowerCase().slice(0, 6);
  if (words(first) <= 5 && first.toLowerCase().includes(stem)) return [];
  const needsArticle = (naming.countable || isProper(naming.name)) && !DETERMINER.test(first) && !PARTICIPLE.test(first) && !/^(of|in|on|at|for|from|to)\b/i.test(first);
  // "capital and largest city of Italy" is the capital, not a capital.
  const article = (text: string) => (/^(capital|largest|smallest|highest|longest|oldest|first|last|main|principal|chief)\b/i.test(text) ? `the ${text}` : withArticle(text));
  const sentences = [`${naming.Subject} ${naming.verb} ${needsArticle ? article(first) : first}.`];
  // A later clause that says something by itself ("for many years it was the tallest man-made structure").
  for (const clause of rest) {
    if (!FINITE.test(clause) || words(clause) < 5) continue;
    // "founded by Alexander the Great", "became independent of Denmark in 1944": the subject is the entry's.
    if (/^(founded|built|established|discovered|named|invented|constructed|completed|opened|destroyed)\b/i.test(clause)) {
      sentences.push(`${naming.Subject} ${agree(naming, 'was', 'were', 'was')} ${clause}.`);
      continue;
    }
    if (new RegExp(`^${FINITE.source}`, 'i').test(clause)) {
      sentences.push(`${naming.Subject} ${clause}.`);
      continue;
    }
    const pronoun = /^((?:[\w-]+\s+){0,4}?)(it|they)\b/i;
    // "at its peak lands in Europe…": whose peak, said, since the fact may be heard on its own.
    const named = pronoun.test(clause)
      ? clause.replace(pronoun, (_match, before: string) => `${before}${before ? naming.subject : naming.Subject}`)
      : clause.replace(/^((?:[\w-]+\s+){0,3}?)its\s+([\w-]+)/i, (_match, before: string, noun: string) => {
          // An opening phrase ("At the Roman Empire's peak") is set off before the sentence's own subject.
          const opening = /^(at|in|during|by|for|under|after|before)\s/i.test(before) ? ',' : '';
          return `${before}${before ? naming.subject : naming.Subject}'s ${noun}${opening}`;
        });
    sentences.push(`${capitalise(named)}.`);
  }
  return sentences;
}

/** "Compound interest is a kind of interest, which is a fixed charge for borrowing money." */
function kindOf(neighbours: SynsetNeighbours, naming: Naming): string[] {
  const parent = neighbours.kindOf;
  if (!parent) return [];
  const name = nameOf(parent);
  if (!name || name.toLowerCase() === naming.name.toLowerCase()) return [];
  const what = glossClauses(parent.gloss)[0];
  const kind = `${naming.Subject} ${naming.verb} a kind of ${name}`;
  // A gloss that starts with a plural ("insects having two pairs of wings") cannot follow "which
  // is", and one that only repeats the word ("delay, which is the act of delaying") says nothing.
  if (!what || words(what) > 20 || /^[a-z]+[^s]s\s/i.test(what) || (words(what) <= 6 && what.toLowerCase().includes(name.toLowerCase().slice(0, 5)))) return naming.verb === 'are' || naming.verb === 'were' ? [] : [`${kind}.`];
  const article = DETERMINER.test(what) || PARTICIPLE.test(what) || MASS_FILES.includes(parent.lexFile) ? what : withArticle(what);
  return [`${kind}, which is ${article}.`];
}

/**
 * The sentences a synset gives, most defining first, each at most a few dozen words and none
 * repeating what an earlier one named.
 */
export function factSentences(neighbours: SynsetNeighbours, naming: Naming): string[] {
  const { synset } = neighbours;
  const sentences = [...definition(synset, naming), ...kindOf(neighbours, naming)];
  const told = () => sentences.join(' ').toLowerCase();
  const fresh = (names: Named[]) => names.filter(({ name }) => !told().includes(name.toLowerCase()));
  const countedName = naming.countable ? plural(naming.name) : naming.name;

  const kinds = fresh(namesOf(neighbours.kinds, naming, 3));
  const listed = (names: Named[]) => list(names.map((named) => inList(naming, named)));
  if (kinds.length >= 2) sentences.push(`Kinds of ${countedName} include ${listed(kinds)}.`);
  const examples = fresh(namesOf(neighbours.examples, naming, 3));
  if (examples.length >= 2) sentences.push(`Famous ${plural(naming.name)} include ${list(examples.map(({ name }) => properName(name, false)))}.`);
  const sisters = fresh(namesOf(neighbours.sisters, naming, 3));
  const parent = neighbours.kindOf ?? neighbours.instanceOf;
  const parentName = parent ? nameOf(parent) : '';
  if (sisters.length >= 1 && parent && parentName) {
    const related = listed(sisters);
    if (!neighbours.kindOf) {
      if (sisters.length >= 2) sentences.push(`Other famous ${plural(parentName)} include ${related}.`);
    } else if (synset.lexFile === 5) sentences.push(`Close relatives of the ${naming.name} include ${related}.`);
    else sentences.push(`Other kinds of ${inList(naming, { name: parentName, synset: parent })} include ${related}.`);
  }
  const parts = fresh(namesOf(neighbours.parts, naming, 3));
  if (parts.length >= 1) {
    sentences.push(
      synset.lexFile === 15
        ? `${naming.Subject} ${agree(naming, 'includes', 'include', 'included')} ${list(parts.map(({ name }) => (isProper(name) ? properName(name, false) : name)))}.`
        : `${naming.Subject} ${agree(naming, 'has', 'have', 'had')} ${list(parts.map(({ name }) => (isProper(name) ? name : withArticle(name))))}.`,
    );
  }
  const substances = fresh(namesOf(neighbours.substances, naming, 3));
  if (substances.length >= 1 && [13, 27, 20].includes(synset.lexFile)) {
    sentences.push(`${naming.Subject} ${agree(naming, 'contains', 'contain', 'contained')} ${list(substances.map(({ name }) => name))}.`);
  }
  const places = fresh(namesOf(neighbours.partOf, naming, 2));
  if (places.length >= 1 && [6, 15, 17].includes(synset.lexFile) && (naming.verb === 'is' || naming.verb === 'are') && places.every(({ name }) => isProper(name))) {
    sentences.push(`${naming.Subject} ${naming.verb} in ${list(places.map(({ name }) => properName(name, false)))}.`);
  }

  const seen = new Set<string>();
  return sentences
    .map((sentence) => sentence.replace(/\s{2,}/g, ' ').replace(/\s+([,.;:!?])/g, '$1'))
    .filter((sentence) => {
      const key = sentence.toLowerCase();
      if (seen.has(key) || words(sentence) > MAX_FACT_WORDS || UNSAYABLE.test(sentence)) return false;
      seen.add(key);
      return true;
    });
}
