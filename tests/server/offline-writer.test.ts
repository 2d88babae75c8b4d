// The offline writer has something to say: a hook, three beats, a payoff and a call to action,
// phrased for the kind of topic and the preset's tone, different every run, never with template
// seams, with the shipped WordNet facts as without them; and, when Wikipedia grounding is on,
// real sentences from the topic's summary, attributed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRIPT_TONES, type WrittenScript } from '../../contract';
import { OfflineScriptWriter, WikipediaFacts, WORDNET_ATTRIBUTION, WordNetFacts } from '../../server/providers/llm';
import { MAX_WORDS } from '../../server/providers/llm/offline-writer';
import { readTopic } from '../../server/providers/llm/offline-topic';
import { OFFLINE_LANGUAGES } from '../../server/providers/llm/offline-templates';
import { sendJson, startFake, type FakeServer } from './fakes/http-fake';
import { startWikipediaFake } from './fakes/wikipedia';

const TOPICS = [
  'Five fun facts about octopuses',
  'A short scary story about the last keeper of an abandoned lighthouse',
  'Why you should start before you feel ready',
  'The rise and fall of the Great Library of Alexandria',
  'How Wi-Fi actually works, in plain words',
  'Three hidden corners of Lisbon worth the climb',
  'A bedtime story about a sleepy little dragon who cannot find his pillow',
  'Three money habits that save you hundreds a year',
  'What robots will do in our homes by 2030',
  'Write a video about the history of coffee',
  'I want a reel about saving money on groceries',
  'Make me a short video about black holes.',
  'Can you write a script about Rome in winter?',
  'how tides work',
  'Why cats knock things off tables',
  'Top 10 mistakes new runners make',
  '5 simple habits of productive people',
  'Tips',
  'Write a video about "the best pizza in Naples',
  'Morning routines for busy parents (and why they fail',
  'How to make sourdough bread',
  'How to fall asleep faster',
  'The life of Marie Curie',
  'Sharks',
  'Volcanoes',
  'Write a script about Japanese tea ceremonies',
  'Seven surprising facts about honey bees',
  'A quick video on budgeting for students',
  'Why the sky is blue',
  'What happens to your body when you stop drinking soda',
  'Travel tips for Iceland on a budget',
  'Three reasons to learn a second language',
  'The story of the first moon landing',
  'How to start running at 40',
  'Minimalism',
  'Hidden beaches of Portugal',
  'The science of procrastination',
  'Please write a short video script about houseplants that are hard to kill',
  'Electric cars vs petrol cars',
  'The psychology of colour in marketing',
  'Five weird facts about axolotls',
  'How bees make honey',
  'A creepy tale about a mirror that remembers faces',
  'Ancient Egyptian pyramids',
  'Why we dream',
  'Best ways to learn guitar at home',
  'The Northern Lights in Norway',
  'How compound interest works',
  'Stoicism for beginners',
  'AI tools for small businesses',
];

/** Leftovers that show a template's seams; any one of them fails a script. */
const BANNED: Array<[string, RegExp]> = [
  ['practise it for five minutes', /practi[sc]e it for five minutes/i],
  ['about five fun facts', /about five fun facts/i],
  ['a counted list pasted as the topic', /\b(five fun facts|seven surprising facts|three reasons|top 10 mistakes|5 simple habits) (about|of|to)\b/i],
  ['doubled words', /\b(\w+)\s+\1\b/i],
  ['about about', /\babout about\b/i],
  ['the request pasted with the topic', /\b(write|make|create|generate)( me)? (a|an) (short |quick )?(video|script|reel)|\b(video|script|reel) (about|on) /i],
  ['the asker pasted with the topic', /\b(i want|can you|please write)\b/i],
  ['a value that is not text', /undefined|null|NaN|\[object|\$\{/],
  ['spacing or punctuation seams', / {2,}|\s[,.;:!?]|[.,]{2,}|\?\.|!\./],
  ['a question word where a noun belongs', /\b(about|of|on) (how to|why|what) \w+ (matter|stop|show|keep)/i],
];

function unbalanced(text: string): boolean {
  const count = (pattern: RegExp) => (text.match(pattern) ?? []).length;
  return count(/"/g) % 2 === 1 || count(/\(/g) !== count(/\)/g) || count(/“/g) !== count(/”/g);
}

/** Every part from 30 s up; a shorter video may leave out its payoff and later beats to stay on time. */
function expectStructure(script: WrittenScript, seconds: number): void {
  expect(script.hook.length).toBeGreaterThan(0);
  if (seconds >= 30) expect(script.beats).toHaveLength(3);
  expect(script.beats.length).toBeGreaterThan(0);
  for (const beat of script.beats) expect(beat.length).toBeGreaterThan(0);
  if (seconds >= 30) expect(script.payoff?.length).toBeGreaterThan(0);
  expect(script.call_to_action.length).toBeGreaterThan(0);
  expect(script.body.split('\n\n')).toEqual([script.hook, ...script.beats, script.payoff, script.call_to_action].filter(Boolean));
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe('offline writer: something to say', () => {
  const writer = new OfflineScriptWriter();
  /** The default offline writer: facts from the shipped dictionary. */
  const withWordNet = new OfflineScriptWriter({ facts: new WordNetFacts() });

  it.each([
    ['without facts', writer, [null]],
    ['with WordNet facts', withWordNet, [null, WORDNET_ATTRIBUTION]],
  ] as const)('writes 50 topics × every preset tone %s: hook, three beats, payoff, call to action; no seams; no two alike', async (_name, writer, attributions) => {
    const bodies = new Set<string>();
    let count = 0;
    for (const [index, prompt] of TOPICS.entries()) {
      for (const tone of SCRIPT_TONES) {
        const seconds = [15, 30, 45, 60][(index + count) % 4]!;
        const script = await writer.write({ prompt, videoDuration: seconds, language: 'english', tone, nonce: `run-${count}`, wordsPerSecond: 3.35 });
        count += 1;
        expectStructure(script, seconds);
        for (const [name, pattern] of BANNED) expect(script.body, `${name} in “${prompt}” (${tone})`).not.toMatch(pattern);
        expect(unbalanced(script.body), `unbalanced quotes in “${prompt}”`).toBe(false);
        expect(unbalanced(script.title), `unbalanced quotes in the title of “${prompt}”`).toBe(false);
        expect(attributions).toContain(script.attribution);
        expect(script.hook.toLowerCase(), `the hook of “${prompt}” names its topic`).toContain(readTopic(prompt).noun.toLowerCase());
        bodies.add(script.body);
      }
    }
    expect(bodies.size).toBe(TOPICS.length * SCRIPT_TONES.length);
  });

  it('varies between runs, and the same run (nonce) writes the same script', async () => {
    for (const prompt of TOPICS.slice(0, 12)) {
      const brief = { prompt, videoDuration: 45, language: 'english', tone: 'neutral', wordsPerSecond: 3 };
      const runs = await Promise.all(['a', 'b', 'c', 'd'].map((nonce) => writer.write({ ...brief, nonce })));
      expect(new Set(runs.map((run) => run.body)).size, prompt).toBeGreaterThanOrEqual(3);
      expect(await writer.write({ ...brief, nonce: 'a' })).toEqual(runs[0]);
    }
  });

  it('sizes the words for the voice that reads them, leaving a little time for pauses', async () => {
    // Up to a minute at the fastest built-in voice; longer videos run out of lines for some kinds
    // of topic (the voice stage then reads slower and pauses longer, see fit-duration.ts).
    for (const seconds of [15, 30, 45, 60, 90]) {
      for (const wordsPerSecond of seconds > 60 ? [2.5] : [2.5, 3.35]) {
        const script = await writer.write({ prompt: 'Why we dream', videoDuration: seconds, language: 'english', nonce: String(seconds), wordsPerSecond });
        const target = seconds * wordsPerSecond * 0.92;
        expect(words(script.body), `${seconds} s at ${wordsPerSecond}`).toBeGreaterThanOrEqual(target * 0.85);
        expect(words(script.body), `${seconds} s at ${wordsPerSecond}`).toBeLessThanOrEqual(target * 1.12);
      }
    }
  });

  it('reaches the words it promises (maxWords) for a long video, whatever the kind, tone or language', async () => {
    const briefs = [
      ...['A bedtime story about a sleepy little dragon', 'A scary story about a house', 'Why you should start before you feel ready', 'Sharks'].flatMap((prompt) =>
        SCRIPT_TONES.map((tone) => ({ prompt, tone, language: 'english' })),
      ),
      ...OFFLINE_LANGUAGES.map((language) => ({ prompt: 'Yoga', tone: 'neutral', language })),
    ];
    for (const brief of briefs) {
      for (const nonce of ['a', 'b', 'c']) {
        for (const chosen of [writer, withWordNet]) {
          const script = await chosen.write({ ...brief, videoDuration: 600, nonce, wordsPerSecond: 3 });
          expect(words(script.body), `${brief.prompt} (${brief.tone}, ${brief.language})`).toBeGreaterThanOrEqual(MAX_WORDS);
        }
      }
    }
  });

  it('reads what kind of video the prompt asks for', () => {
    expect(readTopic('Five fun facts about octopuses')).toMatchObject({ kind: 'list', phrase: 'octopuses', plural: true });
    expect(readTopic('A short scary story about the last keeper of a lighthouse')).toMatchObject({ kind: 'story', phrase: 'the last keeper of a lighthouse' });
    expect(readTopic('How Wi-Fi actually works, in plain words')).toMatchObject({ kind: 'explain', noun: 'Wi-Fi' });
    expect(readTopic('How to make sourdough bread')).toMatchObject({ kind: 'howto', noun: 'sourdough bread' });
    expect(readTopic('Why you should start before you feel ready')).toMatchObject({ kind: 'why' });
    expect(readTopic('why octopuses are clever')).toMatchObject({ kind: 'explain', noun: 'octopuses', plural: true });
    expect(readTopic('Why cats purr')).toMatchObject({ kind: 'explain', noun: 'cats', plural: true });
    expect(readTopic('How bees make honey')).toMatchObject({ kind: 'explain', noun: 'bees', plural: true });
    expect(readTopic('How the Eiffel Tower was built')).toMatchObject({ kind: 'explain', noun: 'the Eiffel Tower', plural: false });
    expect(readTopic('Why the Roman Empire fell')).toMatchObject({ kind: 'explain', noun: 'the Roman Empire', plural: false });
    expect(readTopic('How the heart pumps blood')).toMatchObject({ kind: 'explain', noun: 'the heart', plural: false });
    expect(readTopic('How a bill becomes law')).toMatchObject({ kind: 'explain', noun: 'bill' });
    expect(readTopic('Three money habits that save you hundreds a year')).toMatchObject({ kind: 'list', noun: 'money habits', plural: true });
    expect(readTopic('Sharks')).toMatchObject({ kind: 'animal', phrase: 'sharks', plural: true });
    expect(readTopic('Travel tips for Iceland on a budget').kind).toBe('place');
  });

  it('tells a story as a story, and a bedtime one gently', async () => {
    const scary = await writer.write({ prompt: 'A scary story about an empty house', videoDuration: 45, language: 'english', tone: 'suspense', nonce: '1', wordsPerSecond: 3 });
    expect(scary.hook).toMatch(/an empty house/);
    expect(scary.body).not.toMatch(/most people|follow for more short breakdowns/i);
    const bedtime = await writer.write({ prompt: 'A bedtime story about a sleepy little dragon', videoDuration: 60, language: 'english', tone: 'gentle', nonce: '1', wordsPerSecond: 3 });
    expect(bedtime.body).toMatch(/a sleepy little dragon/);
    expect(bedtime.body).not.toMatch(/shadow|dare|alone|no sound should be/i);
  });

  it.each(OFFLINE_LANGUAGES.filter((language) => language !== 'english'))('keeps writing %s with the same structure', async (language) => {
    const script = await writer.write({ prompt: 'Yoga', videoDuration: 45, language, nonce: 'x' });
    expectStructure(script, 45);
    expect(script.body).toContain(language === 'german' ? 'Yoga' : 'yoga');
    expect(script.body).not.toMatch(/cinco minutos|cinq minutes|fünf Minuten|cinque minuti|vijf minuten/i);
  });
});

describe('offline writer: Wikipedia grounding', () => {
  let wikipedia: FakeServer;
  const logged: string[] = [];
  const OCTOPUS =
    'An octopus (pl.: octopuses or octopodes) is a soft-bodied, eight-limbed mollusc of the order Octopoda. It has three hearts and blue blood. Octopuses are highly intelligent and among the most behaviourally diverse of all invertebrates. They can change colour to camouflage themselves.';

  beforeAll(async () => {
    wikipedia = await startWikipediaFake([{ title: 'Octopus', extract: OCTOPUS }, { title: 'Mercury', extract: 'Mercury may refer to:', type: 'disambiguation' }]);
  });
  afterAll(() => wikipedia.close());

  const grounded = () => new OfflineScriptWriter({ facts: new WikipediaFacts({ baseUrl: wikipedia.url, contact: 'https://reelflow.test', log: (message) => logged.push(message) }) });

  it('leads the beats with real sentences from the summary and carries the attribution', async () => {
    const script = await grounded().write({ prompt: 'Five fun facts about octopuses', videoDuration: 45, language: 'english', tone: 'playful', nonce: '1', wordsPerSecond: 3.35 });
    expectStructure(script, 45);
    expect(script.body).toContain('An octopus is a soft-bodied, eight-limbed mollusc of the order Octopoda.');
    expect(script.body).toContain('It has three hearts and blue blood.');
    expect(script.body).not.toContain('(pl.');
    expect(script.attribution).toBe('Facts from Wikipedia, "Octopus" (https://en.wikipedia.org/wiki/Octopus), CC BY-SA 4.0');
    const [search, summary] = wikipedia.requests.slice(-2);
    expect(search!.path).toBe('/w/rest.php/v1/search/title?q=octopuses&limit=1');
    expect(summary!.path).toBe('/api/rest_v1/page/summary/Octopus');
    expect(summary!.headers['user-agent']).toMatch(/^Reelflow\/\S+ \(https:\/\/reelflow\.test; /);
  });

  it('writes without facts, logging one plain line, when Wikipedia fails in any documented way', async () => {
    const brief = { prompt: 'Octopuses', videoDuration: 30, language: 'english', nonce: '1', wordsPerSecond: 3 };
    const offline = await new OfflineScriptWriter().write(brief);
    const failures: Array<[string, () => void]> = [
      ['rate limit', () => wikipedia.failNext(429, { messageTranslations: { en: 'Too many requests' }, httpCode: 429, httpReason: 'Too Many Requests' })],
      ['server error', () => wikipedia.failNext(503, { type: 'https://mediawiki.org/wiki/HyperSwitch/errors/unknown_error', title: 'Service Unavailable', method: 'get' })],
      ['an answer that is not the documented shape', () => wikipedia.failNext(200, { results: [] })],
    ];
    for (const [name, fail] of failures) {
      logged.length = 0;
      fail();
      const script = await grounded().write(brief);
      expect(script, name).toEqual(offline);
      expect(logged, name).toHaveLength(1);
      expect(logged[0]).toMatch(/^script writer: Wikipedia grounding skipped: .+; writing without facts$/);
      expect(logged[0]).not.toMatch(/\n\s+at /);
    }
    logged.length = 0;
    expect((await grounded().write({ ...brief, prompt: 'Mercury' })).attribution).toBeNull();
    expect(logged[0]).toMatch(/disambiguation page/);
    expect((await grounded().write({ ...brief, prompt: 'Quizzaciously unfindable things' })).attribution).toBeNull();
  });

  it('gives up on a Wikipedia that does not answer in time', async () => {
    const silent = await startFake(async (_request, res) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      sendJson(res, 200, { pages: [] });
    });
    try {
      const messages: string[] = [];
      const writer = new OfflineScriptWriter({ facts: new WikipediaFacts({ baseUrl: silent.url, contact: 'https://reelflow.test', timeoutMs: 150, log: (message) => messages.push(message) }) });
      const script = await writer.write({ prompt: 'Octopuses', videoDuration: 30, language: 'english', nonce: '1' });
      expect(script.attribution).toBeNull();
      expect(messages).toEqual(['script writer: Wikipedia grounding skipped: it did not answer in time; writing without facts']);
    } finally {
      await silent.close();
    }
  });
});
