// The two script writers: the offline one sizes a real script to the duration; the
// OpenAI-compatible adapter speaks the real chat-completions protocol to a local fake server.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScriptWriter, OfflineScriptWriter, OpenAiCompatibleWriter, ScriptWriterError, wordCount, WORDS_PER_SECOND } from '../../server/providers/llm';
import { topicOf } from '../../server/providers/llm/offline-writer';
import { OFFLINE_LANGUAGES } from '../../server/providers/llm/offline-templates';

describe('offline script writer', () => {
  const writer = new OfflineScriptWriter();

  it.each([15, 30, 60, 120])('fills a %i second video at a natural pace', async (seconds) => {
    const script = await writer.write({ prompt: 'Write a video about morning routines for busy parents', videoDuration: seconds, language: 'english' });
    const target = seconds * WORDS_PER_SECOND;
    expect(wordCount(script.body)).toBeGreaterThanOrEqual(Math.min(target * 0.6, target - 15));
    expect(wordCount(script.body)).toBeLessThanOrEqual(target * 1.3 + 15);
    expect(script.body.startsWith(script.hook)).toBe(true);
    expect(script.body.endsWith(script.call_to_action)).toBe(true);
    expect(script.beats.length).toBeGreaterThan(0);
    expect(script.body).toContain('morning routines for busy parents');
  });

  it('longer videos get longer beats (always three), and a prompt without a nonce always gives the same script', async () => {
    const brief = { prompt: 'saving money on groceries', language: 'english' };
    const short = await writer.write({ ...brief, videoDuration: 20 });
    const long = await writer.write({ ...brief, videoDuration: 90 });
    expect(short.beats).toHaveLength(3);
    expect(long.beats).toHaveLength(3);
    expect(wordCount(long.beats.join(' '))).toBeGreaterThan(wordCount(short.beats.join(' ')) * 2);
    expect(await writer.write({ ...brief, videoDuration: 20 })).toEqual(short);
  });

  it('turns a request into a topic phrase that reads inside a sentence', () => {
    expect(topicOf('Write a short video script about Rome in winter.')).toBe('Rome in winter');
    expect(topicOf('How tides work')).toBe('how tides work');
    expect(topicOf('Three tips for better phone photos')).toBe('better phone photos');
    expect(topicOf('5 simple habits of productive people')).toBe('productive people');
    expect(topicOf('I want a video about saving money on groceries')).toBe('saving money on groceries');
    expect(topicOf('Tips')).toBe('tips');
  });

  it('titles the script with the whole subject as the creator phrased it', async () => {
    const script = await writer.write({ prompt: 'Write a video about three tips for better phone photos.', videoDuration: 30, language: 'english' });
    expect(script.title).toBe('Three tips for better phone photos');
    expect(script.body).toContain('better phone photos');
    expect(script.body.toLowerCase()).not.toContain('three tips for');
  });

  // Words that only English uses in these templates: none may appear in another language's script.
  const ENGLISH_ONLY = /\b(the|you|your|and|with|this|here|what|follow|save)\b/i;

  it.each(OFFLINE_LANGUAGES.filter((language) => language !== 'english'))('writes %s in that language, not English', async (language) => {
    const script = await writer.write({ prompt: 'Yoga', videoDuration: 60, language });
    const english = await writer.write({ prompt: 'Yoga', videoDuration: 60, language: 'english' });
    expect(script.body).not.toMatch(ENGLISH_ONLY);
    expect(script.body).not.toEqual(english.body);
    expect(script.beats.length).toBeGreaterThan(2);
    // German keeps the noun's capital; the others fit the topic into the sentence in lower case.
    expect(script.body).toContain(language === 'german' ? 'Yoga' : 'yoga');
  });

  it('refuses a language it does not write instead of answering in English', async () => {
    expect(writer.languages).not.toContain('hindi');
    await expect(writer.write({ prompt: 'Yoga', videoDuration: 30, language: 'hindi' })).rejects.toBeInstanceOf(ScriptWriterError);
  });

  it('is labelled as offline and chosen when no endpoint is configured', () => {
    const chosen = createScriptWriter({});
    expect(chosen.id).toBe('offline-writer');
    expect(chosen.label).toMatch(/offline/i);
    expect(createScriptWriter({ baseUrl: 'http://127.0.0.1:1/v1', model: 'm' }).id).toBe('openai-compatible');
  });
});

describe('OpenAI-compatible script writer', () => {
  type Handler = (body: Record<string, unknown>, req: IncomingMessage, res: ServerResponse) => void;
  let server: Server;
  let baseUrl: string;
  let handler: Handler;
  const received: Array<{ body: Record<string, unknown>; authorization: string | undefined; path: string | undefined }> = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const body = JSON.parse(raw) as Record<string, unknown>;
        received.push({ body, authorization: req.headers.authorization, path: req.url });
        handler(body, req, res);
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    await new Promise((done) => server.close(done));
  });

  const reply = (status: number, payload: unknown) => (_body: Record<string, unknown>, _req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(payload));
  };
  const completion = (content: string) => ({ id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content } }] });
  const writer = () => new OpenAiCompatibleWriter({ baseUrl, apiKey: 'sk-test', model: 'tiny-model', timeoutMs: 2000 });
  const brief = { prompt: 'three facts about octopuses', videoDuration: 30, language: 'spanish' };

  it('sends model, language and length, and splits the JSON answer into a script', async () => {
    const answer = { title: 'Pulpos', hook: '¿Sabías esto?', beats: ['Tienen tres corazones.', 'Su sangre es azul.'], call_to_action: 'Sígueme.' };
    handler = reply(200, completion(JSON.stringify(answer)));
    const script = await writer().write(brief);
    expect(script).toEqual({ ...answer, body: '¿Sabías esto?\n\nTienen tres corazones.\n\nSu sangre es azul.\n\nSígueme.' });
    const request = received.at(-1)!;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.authorization).toBe('Bearer sk-test');
    expect(request.body.model).toBe('tiny-model');
    expect(JSON.stringify(request.body.messages)).toContain('spanish');
    expect(JSON.stringify(request.body.messages)).toContain('75 spoken words');
  });

  it('accepts JSON wrapped in a code fence', async () => {
    handler = reply(200, completion('```json\n{"title":"T","hook":"H","beats":["B"],"call_to_action":"C"}\n```'));
    expect((await writer().write(brief)).title).toBe('T');
  });

  it.each([
    [401, false, /API key/],
    [429, true, /busy/],
    [503, true, /busy/],
    [400, false, /refused/],
  ])('maps HTTP %i to a clear error (retryable: %s)', async (status, retryable, message) => {
    handler = reply(status, { error: { message: 'nope' } });
    const error = await writer().write(brief).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScriptWriterError);
    expect((error as ScriptWriterError).retryable).toBe(retryable);
    expect((error as ScriptWriterError).message).toMatch(message);
  });

  it('rejects an answer that is not a script', async () => {
    handler = reply(200, completion('Sure! Here is a script about octopuses.'));
    await expect(writer().write(brief)).rejects.toThrow(/not a script/);
  });

  it('gives up after the timeout', async () => {
    handler = () => undefined; // never answers
    const slow = new OpenAiCompatibleWriter({ baseUrl, model: 'm', timeoutMs: 200 });
    await expect(slow.write(brief)).rejects.toThrow(/did not answer in time/);
  });
});
