// Topic ideas with no AI model: the next episode of a series, found in the shipped WordNet. The
// niche's head noun ("strange animals" → animal) is looked up, and its kinds, famous examples and
// parts are walked breadth-first to concrete subjects (dalmatians, the Colosseum, chocolate), each
// phrased in a template that is true of any subject ("Strange facts about dalmatians", "The story
// of the Colosseum"). The order is seeded by the brief's nonce; a title too close to a past
// episode or to what the creator ruled out is skipped, so a series never repeats itself.
import { cyrb53, mulberry32 } from '../../lib/seeded-random';
import { closestMatch, SIMILARITY_THRESHOLD } from '../../lib/text-similarity';
import type { TopicBrief, TopicIdeas } from '../../domain/ports/topic-ideas';
import { readTopic, subjectOf } from './offline-topic';
import { WordNetNouns, wordnetDictFolder, type Synset } from './wordnet-files';
import { capitalise, glossClauses, nameOf, namingOf, plural } from './wordnet-sentences';
import { singularForms, subjectsOf } from './wordnet-subjects';

/**
 * Where WordNet files what a broad niche means away from the niche's own word, the roots to walk
 * instead: the planets are no kind or part of "space", famous wars and battles no kind of
 * "history", the devices a creator means by "inventions" are filed under device and machine.
 */
const RELATED_ROOTS: Record<string, string[]> = {
  // The direct kinds of animal are roles (pets, adults, scavengers); the creatures are below these.
  animal: ['mammal', 'bird', 'fish', 'reptile', 'amphibian', 'insect', 'arachnid', 'mollusk', 'crustacean'],
  space: ['celestial_body', 'planet', 'constellation', 'galaxy', 'spacecraft', 'astronaut'],
  history: ['historic_period', 'war', 'battle', 'empire', 'revolution', 'explorer', 'pharaoh', 'ancient_city'],
  invention: ['invention', 'device', 'machine', 'gadget', 'instrument'],
  // "dish:2": the second sense, the prepared food (the first is the plate).
  food: ['dish:2', 'dessert', 'bread', 'cheese', 'spice', 'edible_fruit', 'vegetable', 'beverage'],
};

/** Lexicographer files of concrete subjects (lexnames(5)): acts, animals, artefacts, events, foods, groups, places, objects, people, phenomena, plants, possessions (money, loans), substances, periods. */
const CONCRETE_FILES = new Set([4, 5, 6, 11, 13, 14, 15, 17, 18, 19, 20, 21, 27, 28]);
/** Words of a niche that say how to tell it, not what it is about. */
const FRAME_WORDS = new Set(
  'a an the and or my your our fact facts world story stories thing things video videos episode episodes tip tips idea ideas hack hacks way ways habit habits trick tricks lesson lessons mistake mistakes how why what who work works'.split(' '),
);
/** The niche's spirit, kept in the titles ("Weird facts about …"). */
const SPIRIT = /^(strange|weird|bizarre|surprising|fun|funny|amazing|curious|creepy|fascinating|little-known|unusual|wild|cool|crazy|mysterious|forgotten|hidden|odd|spooky|incredible|unbelievable|interesting)$/i;
/** Words a video for any audience should not name. */
const UNFIT = /\b(sex\w*|penis|vagina|genital\w*|erotic|porn\w*|prostitut\w*|whore|slut|bitch|bastard|fuck\w*|shit\w*|excrement|feces|faeces|urine|rape|slur|offensive|disparaging|vulgar|obscene)\b/i;
/** Kinds, famous examples, and the terms of a subject area ("Roman mythology" → Jupiter, Juno). */
const FOLLOWED = new Set(['~', '~i', '-c']);
/** Places and natural objects: their parts are subjects of their own. */
const PART_FILES = new Set([15, 17]);
/** Periods, events and acts whose names take "the" ("the Renaissance", "the Crimean War"). */
const DEFINITE_FILES = new Set([4, 11, 28]);
/** Cartoon characters are filed among the animals they draw. */
const MADE_UP = /\b(cartoon|comic strip|fictional)\b/i;
/** Latin taxa: noise as a topic. */
const TAXON = /(idae|inae|aceae|formes|oidea|ales)$|^(genus|family|order|class|phylum)\b/i;

/** Synsets read to build one niche's pool, and candidates kept: bounded so a broad niche stays quick. */
const MAX_VISITS = 2500;
const MAX_POOL = 600;
const MAX_DEPTH = 6;
/** Niches whose pools are kept in memory (a series asks for its niche again and again). */
const REMEMBERED_NICHES = 50;
/** Head nouns of one niche walked at most. */
const MAX_HEADS = 2;

interface Candidate {
  /** Which of the niche's head nouns it was found under: the first is what the niche is most about. */
  head: number;
  /** The subject as it reads in a title: "dalmatians", "the Colosseum", "chocolate". */
  subject: string;
  depth: number;
  /** It has no kinds of its own, or it is a name: a subject, not a category ("dalmatians", not "working dogs"). */
  concrete: boolean;
  /** A word common enough to be ranked in WordNet's tagged texts, or a name: a creator knows it. */
  familiar: boolean;
}

export interface OfflineTopicIdeasOptions {
  /** The WordNet files; the shipped ones by default. */
  nouns?: WordNetNouns;
  log?: ((message: string) => void) | undefined;
}

export class OfflineTopicIdeas implements TopicIdeas {
  readonly id = 'offline-topic-ideas';
  readonly label = 'Offline topic ideas (from the WordNet dictionary; no AI model configured)';
  private readonly nouns: WordNetNouns;
  private readonly pools = new Map<string, Candidate[]>();
  private failed = false;

  constructor(private readonly options: OfflineTopicIdeasOptions = {}) {
    this.nouns = options.nouns ?? WordNetNouns.fromFolder(wordnetDictFolder());
  }

  async next(brief: TopicBrief, signal?: AbortSignal): Promise<string | null> {
    // English only: other languages, or a dictionary that cannot be read, get a numbered episode
    // of the niche itself, so the series still runs (the script writer then writes the niche anew).
    if (brief.language !== 'english' || this.failed) return numbered(brief);
    let pool: Candidate[];
    try {
      pool = await this.poolFor(brief.source, signal);
    } catch (error) {
      // Only a file that cannot be read (a broken install: ENOENT, EACCES…) means no dictionary; a bug is not hidden behind it.
      if (signal?.aborted || !isFileError(error)) throw error;
      this.failed = true;
      this.options.log?.(`topic ideas: the WordNet dictionary could not be read (${error instanceof Error ? error.message : String(error)}); numbering episodes instead`);
      return numbered(brief);
    }
    const random = mulberry32(cyrb53(`${brief.source}\u0000${brief.nonce}`));
    const past = [...brief.history, ...brief.avoid].map((title) => ({ title }));
    const spirit = spiritOf(brief.source);
    for (const candidate of ordered(pool, random)) {
      const title = phrase(candidate.subject, spirit, random);
      const match = closestMatch({ title }, past);
      if (!match || match.score < SIMILARITY_THRESHOLD) return title;
    }
    return null;
  }

  /** The niche's concrete subjects, walked once and remembered. */
  private async poolFor(source: string, signal?: AbortSignal): Promise<Candidate[]> {
    const key = source.trim().toLowerCase();
    const known = this.pools.get(key);
    if (known) return known;
    const pool: Candidate[] = [];
    const named = new Set<string>();
    for (const [head, roots] of (await this.rootsOf(source)).entries()) {
      for (const candidate of await this.walk(roots, signal)) {
        if (named.has(candidate.subject.toLowerCase())) continue;
        named.add(candidate.subject.toLowerCase());
        pool.push({ ...candidate, head });
      }
    }
    if (this.pools.size >= REMEMBERED_NICHES) this.pools.delete(this.pools.keys().next().value!);
    this.pools.set(key, pool);
    return pool;
  }

  /**
   * The synsets a niche is about: the senses of its first two head nouns WordNet knows ("animals
   * of the rainforest": rainforest, then animal), or a broad niche word's related roots; one group
   * a head. Two, because the first alone may have few kinds, and more drift from what the niche
   * means.
   */
  private async rootsOf(source: string): Promise<Synset[][]> {
    const roots = new Map<number, Synset>();
    const groups: Synset[][] = [];
    let heads = 0;
    for (const lemma of headLemmas(source)) {
      if (heads >= MAX_HEADS) break;
      const entry = await this.nouns.lemma(lemma);
      if (!entry) continue;
      const related = RELATED_ROOTS[lemma];
      // The three most frequent senses: the one a creator means is usually among them.
      const senses = related ? await this.firstSenses(related) : await this.synsets(entry.offsets.slice(0, 3));
      // Another spelling of a head already found ("rain_forest", "rainforest") adds nothing.
      if (senses.every((synset) => roots.has(synset.offset))) continue;
      heads += 1;
      const fresh = senses.filter((synset) => !roots.has(synset.offset));
      for (const synset of fresh) roots.set(synset.offset, synset);
      groups.push(fresh);
    }
    return groups;
  }

  /** The most frequent sense of each lemma, or the one named after a colon ("dish:2"). */
  private async firstSenses(lemmas: string[]): Promise<Synset[]> {
    const offsets: number[] = [];
    for (const root of lemmas) {
      const [lemma = root, sense = '1'] = root.split(':');
      const offset = (await this.nouns.lemma(lemma))?.offsets[Number(sense) - 1];
      if (offset !== undefined) offsets.push(offset);
    }
    return this.synsets(offsets);
  }

  private async synsets(offsets: number[]): Promise<Synset[]> {
    const found = await Promise.all(offsets.map((offset) => this.nouns.synset(offset)));
    return found.filter((synset): synset is Synset => synset !== null);
  }

  /**
   * Breadth-first over kinds (~), instances (~i), a subject area's terms (-c) and, of places and
   * objects, parts (%p): every fit subject below the roots, nearest first. The parts of an animal
   * or a machine (feet, cabins) are not a topic of their own; the parts of a place (a city's
   * landmarks) are.
   */
  private async walk(roots: Synset[], signal?: AbortSignal): Promise<Array<Omit<Candidate, 'head'>>> {
    const seen = new Set(roots.map((root) => root.offset));
    const seenNames = new Set<string>();
    const pool: Array<Omit<Candidate, 'head'>> = [];
    let level = roots;
    let visits = 0;
    for (let depth = 1; depth <= MAX_DEPTH && level.length > 0 && visits < MAX_VISITS && pool.length < MAX_POOL; depth += 1) {
      const nextLevel: Synset[] = [];
      for (const parent of level) {
        for (const pointer of parent.pointers) {
          const follow = FOLLOWED.has(pointer.symbol) || (pointer.symbol === '%p' && PART_FILES.has(parent.lexFile));
          if (pointer.pos !== 'n' || !follow || seen.has(pointer.offset)) continue;
          if (visits >= MAX_VISITS || pool.length >= MAX_POOL) break;
          signal?.throwIfAborted();
          seen.add(pointer.offset);
          visits += 1;
          const child = await this.nouns.synset(pointer.offset);
          if (!child) continue;
          nextLevel.push(child);
          const candidate = await this.candidateOf(child, depth);
          if (!candidate || seenNames.has(candidate.subject.toLowerCase())) continue;
          seenNames.add(candidate.subject.toLowerCase());
          pool.push(candidate);
        }
      }
      level = nextLevel;
    }
    return pool;
  }

  private async candidateOf(synset: Synset, depth: number): Promise<Omit<Candidate, 'head'> | null> {
    if (!CONCRETE_FILES.has(synset.lexFile)) return null;
    // A person by full name ("David Livingstone", not "Livingstone").
    const name = nameOf(synset);
    if (!name) return null;
    const lemma = name.toLowerCase().replace(/ /g, '_');
    if (name.split(' ').length > 3 || /[^\p{L}\s'’.-]/u.test(name) || TAXON.test(name) || UNFIT.test(name) || UNFIT.test(synset.gloss) || MADE_UP.test(synset.gloss)) return null;
    const instance = synset.pointers.some((pointer) => pointer.symbol === '@i');
    const entry = instance ? null : await this.nouns.lemma(lemma);
    const subject = titleSubject(synset, name, lemma, instance);
    const leaf = !synset.pointers.some((pointer) => pointer.symbol === '~' || pointer.symbol === '~i');
    return { subject, depth, concrete: leaf || instance, familiar: instance || (entry?.taggedSenses ?? 0) > 0 };
  }
}

/**
 * How a subject reads in a title: kinds in the plural ("dalmatians", "Siamese cats"), names as
 * names ("the Colosseum", "Osaka", "the Bay of Bengal", "the Crimean War"), mass nouns bare
 * ("chocolate").
 */
function titleSubject(synset: Synset, name: string, lemma: string, instance: boolean): string {
  const capitalised = /^\p{Lu}/u.test(name);
  // "the Bay of Bengal", "the British Isles", "the Harlem Renaissance": names that take "the".
  const definite = capitalised && (DEFINITE_FILES.has(synset.lexFile) || /\s(of|de)\s/i.test(name) || /\s\p{Lu}\p{Ll}+s$/u.test(name));
  if (instance || (capitalised && definite)) return namingOf(synset, lemma, { words: name, definite, plural: false }).subject;
  const naming = namingOf(synset, lemma, { words: name, definite: false, plural: false });
  // A capitalised kind is still a kind ("Abyssinian" the cat breed): counted. So is a fruit, a
  // root or a seed, though WordNet files every food as a mass noun ("figs", "radishes", "lentils").
  if (!naming.countable && !capitalised && !countedFood(synset)) return naming.name;
  // "Maltese", "Pekinese": the same word for one and many; "savings", "species" are plural already.
  if (/ese$/i.test(name)) return `the ${name}`;
  return /[^su]s$/i.test(name) ? name : plural(name);
}

/** A food whose definition names it a fruit, nut, root, seed…: "yellow oval fruit with juicy acidic flesh" (a lemon), not "fruit juice". */
function countedFood(synset: Synset): boolean {
  const head = (glossClauses(synset.gloss)[0] ?? '').split(/\s+(?:with|of|that|having|used|eaten|enclosing|from|in)\s+/)[0] ?? '';
  return synset.lexFile === 13 && /\b(fruit|vegetable|nut|berry|root|tuber|seed|bean|pod|bulb|melon)$/i.test(head);
}

/**
 * The lemmas a niche's head noun may be, most likely first: what the offline writer would look
 * up, then the niche's own words, those before its first preposition first and each part from
 * its last word ("money tips for students": money before student).
 */
function headLemmas(source: string): string[] {
  const subject = subjectOf(source);
  const fromTopic = subjectsOf(readTopic(subject)).flatMap((found) => found.lemmas);
  const fromWords = subject
    .toLowerCase()
    .split(/\s+(?:of|in|on|at|for|from|with|about|around|to|across|through)\s+/)
    .flatMap((part) =>
      part
        .split(/[^\p{L}\p{N}'-]+/u)
        .filter((word) => word && !FRAME_WORDS.has(word) && !SPIRIT.test(word))
        .reverse(),
    )
    .flatMap((word) => singularForms(word));
  return [...new Set([...fromTopic, ...fromWords])];
}

/** The niche's own adjective ("Weird inventions" → Weird), else one that suits any subject. */
function spiritOf(source: string): string {
  const word = subjectOf(source)
    .split(/\s+/)
    .find((candidate) => SPIRIT.test(candidate));
  return word ? capitalise(word.toLowerCase()) : 'Surprising';
}

/** Templates true of any subject: they frame it, and claim nothing about it. */
const TEMPLATES: Array<(subject: string, spirit: string) => string> = [
  (subject, spirit) => `${spirit} facts about ${subject}`,
  (subject) => `What you never knew about ${subject}`,
  (subject) => `The story of ${subject}`,
  (subject) => `A closer look at ${subject}`,
];

function phrase(subject: string, spirit: string, random: () => number): string {
  const template = TEMPLATES[Math.floor(random() * TEMPLATES.length)]!;
  return template(subject, spirit);
}

/** The first head's subjects first, familiar before rare, concrete before categories, nearer before deeper; shuffled within each by the seed. */
function ordered(pool: Candidate[], random: () => number): Candidate[] {
  const tierOf = (candidate: Candidate) => candidate.head * 1000 + (candidate.familiar ? 0 : 200) + (candidate.concrete ? 0 : 100) + candidate.depth;
  const keyed = pool.map((candidate) => ({ candidate, tier: tierOf(candidate), draw: random() }));
  keyed.sort((a, b) => a.tier - b.tier || a.draw - b.draw);
  return keyed.map((entry) => entry.candidate);
}

function isFileError(error: unknown): boolean {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string';
}

/** "<source> — part N": the next number no past episode or ruled-out topic has. */
function numbered(brief: TopicBrief): string {
  const source = brief.source.trim();
  const taken = new Set([...brief.history, ...brief.avoid].map((title) => title.trim().toLowerCase()));
  let part = brief.history.length + 1;
  while (taken.has(`${source} — part ${part}`.toLowerCase())) part += 1;
  return `${source} — part ${part}`;
}
