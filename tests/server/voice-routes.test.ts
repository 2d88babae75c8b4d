// Voice routes: the spec's eleven/lemonfox lists and Lemonfox preview, the picker's
// GET /api/voices and any-provider preview; caching, rate limits and provider failures mapped to
// 4xx/5xx with plain messages — against the local provider fakes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AllVoicesResponse, VoicesResponse } from '../../contract';
import { startElevenLabsFake, type ElevenLabsFake } from './fakes/elevenlabs';
import { startLemonfoxFake, type LemonfoxFake } from './fakes/lemonfox';
import { startOpenAiSpeechFake } from './fakes/openai-speech';
import type { FakeServer } from './fakes/http-fake';
import { as, createTestApp, errorsOf, messageOf, uniqueEmail, type TestApp } from './helpers';

describe('voice routes without provider keys', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_VOICE_PREVIEW: '3 per minute' });
    token = (await t.client.register(uniqueEmail('voices'))).token;
  });
  afterAll(() => t.close());

  it.each([
    ['GET', '/api/voices'],
    ['GET', '/api/eleven-voices'],
    ['GET', '/api/lemonfox-voices'],
    ['POST', '/api/lemonfox-preview'],
    ['POST', '/api/voices/preview'],
  ] as const)('%s %s needs a signed-in user', async (method, url) => {
    const response = await t.client.request(method, url, method === 'POST' ? { voice_id: 'x', provider: 'builtin' } : undefined);
    expect(response.statusCode).toBe(401);
  });

  it('lists the built-in voices and shows the other providers as not configured', async () => {
    const response = await t.client.get('/api/voices', as(token));
    expect(response.statusCode).toBe(200);
    const { providers } = response.json<AllVoicesResponse>();
    expect(providers.map((provider) => [provider.provider, provider.configured])).toEqual([
      ['builtin', true],
      ['elevenlabs', false],
      ['lemonfox', false],
      ['openai', false],
    ]);
    const builtin = providers[0]!;
    expect(builtin.label).toBe('Built-in voices (offline)');
    for (const language of ['en', 'es', 'fr', 'de', 'it', 'pt']) expect(builtin.data.some((voice) => voice.languages.includes(language))).toBe(true);
    expect(providers.slice(1).every((provider) => provider.data.length === 0)).toBe(true);
    const eleven = await t.client.get('/api/eleven-voices', as(token));
    expect(eleven.json<VoicesResponse>()).toEqual({ provider: 'elevenlabs', label: 'ElevenLabs', configured: false, data: [] });
  });

  it('previews a built-in voice as WAV, in the voice language when no text is sent', async () => {
    const response = await t.client.post('/api/voices/preview', { provider: 'builtin', voice_id: 'es+f3' }, as(token));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/wav');
    expect(response.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    expect(response.rawPayload.length).toBeGreaterThan(20_000);
  });

  it('answers 422 for a bad voice, provider, language or text, and for an unconfigured provider', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ provider: 'builtin', voice_id: 'nope+f3' }, 'voice_id'],
      [{ provider: 'builtin' }, 'voice_id'],
      [{ provider: 'martian', voice_id: 'x' }, 'provider'],
      [{ provider: 'builtin', voice_id: 'en-us+f3', text: 'x'.repeat(301) }, 'text'],
      [{ provider: 'builtin', voice_id: 'en-us+f3', language: 'klingon' }, 'language'],
      [{ provider: 'elevenlabs', voice_id: 'abc' }, 'provider'],
    ];
    for (const [body, field] of cases) {
      // Every attempt counts against the preview limit (3 here): one fresh user per case.
      const user = (await t.client.register(uniqueEmail('bad-input'))).token;
      const response = await t.client.post('/api/voices/preview', body, as(user));
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(errorsOf(response)), JSON.stringify(body)).toContain(field);
    }
    const lemonfox = await t.client.post('/api/lemonfox-preview', { voice_id: 'sarah' }, as(token));
    expect(lemonfox.statusCode).toBe(422);
    expect(messageOf(lemonfox)).toMatch(/Lemonfox is not configured/);
  });

  it('rate limits previews per user', async () => {
    const other = (await t.client.register(uniqueEmail('previewer'))).token;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      statuses.push((await t.client.post('/api/voices/preview', { provider: 'builtin', voice_id: 'en-us+m3', text: 'Hi' }, as(other))).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('voice routes with providers configured', () => {
  let t: TestApp;
  let token: string;
  let eleven: ElevenLabsFake;
  let lemonfox: LemonfoxFake;
  let openai: FakeServer;
  beforeAll(async () => {
    [eleven, lemonfox, openai] = await Promise.all([startElevenLabsFake(), startLemonfoxFake(), startOpenAiSpeechFake()]);
    t = await createTestApp({
      ELEVENLABS_API_KEY: 'eleven-test-key',
      ELEVENLABS_BASE_URL: eleven.url,
      LEMONFOX_API_KEY: 'lemonfox-test-key',
      LEMONFOX_BASE_URL: `${lemonfox.url}/v1`,
      OPENAI_TTS_BASE_URL: `${openai.url}/v1`,
      OPENAI_TTS_API_KEY: 'sk-speech-test',
    });
    token = (await t.client.register(uniqueEmail('voices'))).token;
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([eleven.close(), lemonfox.close(), openai.close()]);
  });

  it('answers a provider failure with nothing cached as 502 with a plain message, then lists once it recovers', async () => {
    eleven.failNext(401, { detail: { status: 'invalid_api_key', message: 'Invalid API key' } });
    const failed = await t.client.get('/api/eleven-voices', as(token));
    expect(failed.statusCode).toBe(502);
    expect(messageOf(failed)).toBe('ElevenLabs rejected the configured API key.');
    const recovered = await t.client.get('/api/eleven-voices', as(token));
    expect(recovered.statusCode).toBe(200);
    expect(recovered.json<VoicesResponse>()).toMatchObject({ provider: 'elevenlabs', configured: true, data: [{ voice_id: '21m00Tcm4TlvDq8ikWAM', gender: 'female' }, { name: 'Adam' }] });
  });

  it('keeps voice lists: a second read does not ask the provider again', async () => {
    const before = eleven.requests.length;
    const all = await t.client.get('/api/voices', as(token));
    expect(all.statusCode).toBe(200);
    const providers = all.json<AllVoicesResponse>().providers;
    expect(providers.every((provider) => provider.configured && provider.data.length > 0)).toBe(true);
    expect(eleven.requests.length).toBe(before);
    const lemonfoxList = await t.client.get('/api/lemonfox-voices', as(token));
    expect(lemonfoxList.json<VoicesResponse>().data.find((voice) => voice.voice_id === 'heart')).toMatchObject({ gender: 'female', languages: ['en'] });
  });

  it('previews Lemonfox (spec route) once per voice and text, then from the cache', async () => {
    const before = lemonfox.requests.length;
    const first = await t.client.post('/api/lemonfox-preview', { voice_id: 'sarah' }, as(token));
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('audio/wav');
    expect(lemonfox.requests.at(-1)!.body).toMatchObject({ input: 'Hi! This is how your next video will sound.', voice: 'sarah' });
    const second = await t.client.post('/api/lemonfox-preview', { voice_id: 'sarah' }, as(token));
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(lemonfox.requests.length).toBe(before + 1);
    await t.client.post('/api/lemonfox-preview', { voice_id: 'sarah', text: 'Something else entirely.' }, as(token));
    expect(lemonfox.requests.length).toBe(before + 2);
  });

  it('previews ElevenLabs as MP3 and OpenAI-compatible voices as WAV', async () => {
    const mp3 = await t.client.post('/api/voices/preview', { provider: 'elevenlabs', voice_id: '21m00Tcm4TlvDq8ikWAM', text: 'Hello there' }, as(token));
    expect(mp3.statusCode).toBe(200);
    expect(mp3.headers['content-type']).toBe('audio/mpeg');
    const wav = await t.client.post('/api/voices/preview', { provider: 'openai', voice_id: 'coral', language: 'spanish' }, as(token));
    expect(wav.statusCode).toBe(200);
    expect(wav.headers['content-type']).toBe('audio/wav');
    expect(openai.requests.at(-1)!.body!.input).toBe('¡Hola! Así sonará tu próximo vídeo.');
  });

  it.each([
    [{ detail: { status: 'too_many_concurrent_requests', message: 'busy' } }, 429, 429],
    [{ detail: { status: 'system_busy', message: 'busy' } }, 429, 503],
    [{ detail: { status: 'quota_exceeded', message: 'quota' } }, 401, 502],
    [{ detail: { status: 'voice_not_found', message: 'gone' } }, 404, 422],
  ])('maps an ElevenLabs preview failure %j to HTTP %i → %i', async (body, status, expected) => {
    eleven.failNext(status, body);
    const response = await t.client.post('/api/voices/preview', { provider: 'elevenlabs', voice_id: 'pNInz6obpgDQGcFmaJgB', text: `Try ${expected} ${status}` }, as(token));
    expect(response.statusCode).toBe(expected);
    expect(messageOf(response)).toMatch(/ElevenLabs/);
  });

  it('refuses a voice the provider does not list without calling it', async () => {
    const before = eleven.requests.length;
    const response = await t.client.post('/api/voices/preview', { provider: 'elevenlabs', voice_id: 'not-a-voice' }, as(token));
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response).voice_id).toEqual(['The selected voice is invalid.']);
    expect(eleven.requests.length).toBe(before);
  });
});
