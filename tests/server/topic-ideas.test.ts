// Where a series' next topic comes from: the offline engine over the shipped WordNet, and the
// OpenAI-compatible adapter speaking the chat-completions protocol to a local fake server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TopicBrief } from '../../server/domain/ports/topic-ideas';
import { similarity, SIMILARITY_THRESHOLD } from '../../server/domain/series/similarity';
import { createTopicIdeas, OfflineTopicIdeas, OpenAiCompatibleTopicIdeas, ScriptWriterError } from '../../server/providers/llm';
import { titleOf } from '../../server/providers/llm/openai-topic-ideas';
import { WordNetNouns, type ByteSource } from '../../server/providers/llm/wordnet-files';
import { sendJson, startFake, type FakeServer } from './fakes/http-fake';

const brief = (source: string, history: string[] = [], extra: Partial<TopicBrief> = {}): TopicBrief => ({ source, language: 'english', history, avoid: [], nonce: 'n', ...extra });

describe('offline topic ideas', () => {
  const ideas = new OfflineTopicIdeas();

  it.each(['strange animals', 'facts from history', 'space', 'food from around the world', 'weird inventions'])(
    '"%s": 60 episodes in a row, each a new topic no closer than the threshold to any other',
    async (niche) => {
      const history: string[] = [];
      for (let episode = 0; episode < 60; episode += 1) {
        const title = await ideas.next(brief(niche, history, { nonce: `episode-${episode}` }));
        expect(title, `episode ${episode + 1}`).toEqual(expect.any(String));
        history.unshift(title!);
      }
      expect(new Set(history).size).toBe(60);
      for (let a = 0; a < history.length; a += 1) {
        for (let b = a + 1; b < history.length; b += 1) expect(similarity(history[a]!, history[b]!), `${history[a]} / ${history[b]}`).toBeLessThan(SIMILARITY_THRESHOLD);
      }
    },
  );

  it('phrases subjects in the niche spirit, from templates true of any subject', async () => {
    const history: string[] = [];
    for (let episode = 0; episode < 12; episode += 1) history.unshift((await ideas.next(brief('Weird inventions', history, { nonce: String(episode) })))!);
    for (const title of history) expect(title).toMatch(/^(Weird facts about|What you never knew about|The story of|A closer look at) \S/);
    expect(history.some((title) => title.startsWith('Weird facts about'))).toBe(true);
  });

  it('gives the same idea for the same brief and nonce, and varies with the nonce', async () => {
    const first = await ideas.next(brief('space', [], { nonce: 'a' }));
    expect(await ideas.next(brief('space', [], { nonce: 'a' }))).toBe(first);
    const others = await Promise.all(['b', 'c', 'd', 'e'].map((nonce) => ideas.next(brief('space', [], { nonce }))));
    expect(others.some((title) => title !== first)).toBe(true);
  });

  it('never offers what the creator ruled out, nor a rewording of it', async () => {
    const first = (await ideas.next(brief('strange animals', [], { nonce: 'x' })))!;
    const subject = first.replace(/^(Strange facts about|What you never knew about|The story of|A closer look at) /, '');
    const next = await ideas.next(brief('strange animals', [], { nonce: 'x', avoid: [`Everything about ${subject}`] }));
    expect(next).not.toBeNull();
    expect(similarity(next!, first)).toBeLessThan(SIMILARITY_THRESHOLD);
  });

  it('numbers episodes of the niche itself in a language it cannot phrase', async () => {
    expect(await ideas.next(brief('animales extraños', [], { language: 'spanish' }))).toBe('animales extraños — part 1');
    expect(await ideas.next(brief('animales extraños', ['x', 'y'], { language: 'spanish', avoid: ['animales extraños — part 3'] }))).toBe('animales extraños — part 4');
  });

  it('has no idea for a niche WordNet does not know', async () => {
    expect(await ideas.next(brief('zqxw vbnk'))).toBeNull();
  });

  it('numbers episodes, and says so once, when the dictionary cannot be read', async () => {
    // What node:fs throws for a missing file: an Error with a code.
    const missing = () => Promise.reject(Object.assign(new Error("ENOENT: no such file or directory, open 'index.noun'"), { code: 'ENOENT' }));
    const broken: ByteSource = { size: missing, read: missing };
    const logged: string[] = [];
    const offline = new OfflineTopicIdeas({ nouns: new WordNetNouns(broken, broken), log: (line) => logged.push(line) });
    expect(await offline.next(brief('space'))).toBe('space — part 1');
    expect(await offline.next(brief('space', ['space — part 1']))).toBe('space — part 2');
    expect(logged).toHaveLength(1);
  });

  it('does not hide a failure that is not an unreadable file', async () => {
    const failing = () => Promise.reject(new TypeError('not a file problem'));
    const offline = new OfflineTopicIdeas({ nouns: new WordNetNouns({ size: failing, read: failing }, { size: failing, read: failing }) });
    await expect(offline.next(brief('space'))).rejects.toThrow(TypeError);
  });
});

describe('OpenAI-compatible topic ideas', () => {
  let fake: FakeServer;
  let answers: string[] = [];

  beforeAll(async () => {
    fake = await startFake((_request, res) => {
      const content = answers.shift() ?? 'Out of answers';
      sendJson(res, 200, { id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content } }] });
    });
  });
  afterAll(() => fake.close());

  const ideas = (timeoutMs = 2000) => new OpenAiCompatibleTopicIdeas({ baseUrl: `${fake.url}/v1/`, apiKey: 'sk-test', model: 'tiny-model', timeoutMs });
  const history = ['The story of the Colosseum', 'Strange facts about axolotls'];

  it('asks for one title in the language, listing history and the avoid list, and reads the answer', async () => {
    answers = ['Title: "The mystery of the Voynich manuscript"'];
    const title = await ideas().next(brief('strange facts from history', history, { language: 'german', avoid: ['Pompeii'] }));
    expect(title).toBe('The mystery of the Voynich manuscript');
    const request = fake.requests.at(-1)!;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-test');
    expect(request.body?.model).toBe('tiny-model');
    const prompt = JSON.stringify(request.body?.messages);
    for (const said of ['german', 'strange facts from history', 'The story of the Colosseum', 'Strange facts about axolotls', 'Pompeii']) expect(prompt).toContain(said);
  });

  it('sends only the last 50 titles of a long history', async () => {
    answers = ['Something new'];
    const long = Array.from({ length: 80 }, (_, index) => `Episode title number ${index}`);
    await ideas().next(brief('space', long));
    const prompt = JSON.stringify(fake.requests.at(-1)!.body?.messages);
    expect(prompt).toContain('Episode title number 49');
    expect(prompt).not.toContain('Episode title number 50');
  });

  it('asks again when the answer repeats a past episode, naming the repeat, and gives up after three', async () => {
    answers = ['What you never knew about the Colosseum', 'Pompeii: the day the city stopped'];
    expect(await ideas().next(brief('history', history))).toBe('Pompeii: the day the city stopped');
    expect(JSON.stringify(fake.requests.at(-1)!.body?.messages)).toContain('What you never knew about the Colosseum');
    answers = ['The Colosseum', 'Colosseum secrets', 'The story of the Colosseum'];
    const before = fake.requests.length;
    expect(await ideas().next(brief('history', history))).toBeNull();
    expect(fake.requests.length - before).toBe(3);
  });

  it.each([
    [401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } }, false, /API key/],
    [429, { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } }, true, /busy/],
    [500, { error: { message: 'The server had an error', type: 'server_error' } }, true, /busy or failing \(HTTP 500\)/],
    [503, { detail: 'Model is loading' }, true, /busy/],
    [400, { error: { message: "'messages' is too long", type: 'invalid_request_error', param: 'messages' } }, false, /refused/],
  ])('maps HTTP %i to the writer\'s error (retryable: %s)', async (status, body, retryable, message) => {
    fake.failNext(status, body);
    const error = await ideas().next(brief('space')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ScriptWriterError);
    expect((error as ScriptWriterError).retryable).toBe(retryable);
    expect((error as ScriptWriterError).message).toMatch(message);
  });

  it('rejects an answer with no usable title', async () => {
    answers = ['   '];
    await expect(ideas().next(brief('space'))).rejects.toThrow(/not a topic title/);
  });

  it('reads titles defensively', () => {
    expect(titleOf('**Title:** The last flight of the Hindenburg')).toBe('The last flight of the Hindenburg');
    expect(titleOf('1. "Why Venus spins backwards"\nIt is a fun one.')).toBe('Why Venus spins backwards');
    expect(titleOf('```json\n{"title": "Octopus cities"}\n```')).toBe('Octopus cities');
    expect(titleOf('« Les secrets du Louvre »')).toBe('Les secrets du Louvre');
    expect(titleOf('')).toBeNull();
    expect(titleOf('x'.repeat(200))).toBeNull();
  });

  it('gives up after the timeout', async () => {
    const silent = await startFake(() => undefined);
    try {
      const slow = new OpenAiCompatibleTopicIdeas({ baseUrl: silent.url, model: 'm', timeoutMs: 200 });
      await expect(slow.next(brief('space'))).rejects.toThrow(/did not answer in time/);
    } finally {
      await silent.close();
    }
  });

  it('is chosen when an endpoint is configured, the offline engine otherwise', () => {
    expect(createTopicIdeas({}).id).toBe('offline-topic-ideas');
    expect(createTopicIdeas({}).label).toMatch(/offline/i);
    expect(createTopicIdeas({ baseUrl: 'http://127.0.0.1:1/v1', model: 'm' }).id).toBe('openai-compatible');
  });
});
