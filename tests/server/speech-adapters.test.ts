// The speech adapters against local fakes that speak each provider's documented protocol
// (tests/server/fakes): voice lists, word timings, chunking of long text, and error mapping.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ElevenLabsSpeech, LemonfoxSpeech, OpenAiCompatibleSpeech, SpeechProviderError, synthesizeNarration } from '../../server/providers/tts';
import { decodeWav } from '../../server/providers/tts/wav';
import { spokenWords } from '../../server/providers/tts/words';
import { ELEVEN_SECONDS_PER_CHARACTER, startElevenLabsFake, type ElevenLabsFake } from './fakes/elevenlabs';
import { startLemonfoxFake, type LemonfoxFake } from './fakes/lemonfox';
import { startOpenAiSpeechFake } from './fakes/openai-speech';
import type { FakeServer } from './fakes/http-fake';
import { speechLikeWav } from './fakes/speech-audio';

const TEXT = 'Octopuses have three hearts. Two pump blood to the gills, one to the body; their blood is blue!';
const words = (text: string) => spokenWords(text).map((word) => word.word);

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(SpeechProviderError);
  return error as SpeechProviderError;
};

describe('ElevenLabs adapter', () => {
  let fake: ElevenLabsFake;
  const adapter = (options: { apiKey?: string; model?: string; maxChars?: number } = {}) =>
    new ElevenLabsSpeech({ baseUrl: fake.url, apiKey: 'eleven-test-key', model: 'eleven_multilingual_v2', timeoutMs: 5000, ...options });
  beforeAll(async () => (fake = await startElevenLabsFake()));
  afterAll(() => fake.close());

  it('lists voices with gender, accent and verified languages, sending xi-api-key', async () => {
    const voices = await adapter().listVoices();
    expect(voices).toEqual([
      { provider: 'elevenlabs', voice_id: '21m00Tcm4TlvDq8ikWAM', name: 'Rachel', languages: ['en', 'es'], gender: 'female', accent: 'american', description: 'calm' },
      { provider: 'elevenlabs', voice_id: 'pNInz6obpgDQGcFmaJgB', name: 'Adam', languages: ['en'], gender: 'male', accent: 'american', description: 'Deep narrator' },
    ]);
    expect(fake.requests.at(-1)!.headers['xi-api-key']).toBe('eleven-test-key');
  });

  it('turns the character alignment into one timing per word', async () => {
    const speech = await adapter().synthesize({ text: TEXT, voiceId: '21m00Tcm4TlvDq8ikWAM', language: 'en', speed: 1.1 });
    expect(speech.format).toBe('mp3');
    expect(speech.audio.subarray(0, 3).toString('latin1')).toMatch(/^(ID3|\xff)/);
    expect(speech.words.map((word) => word.word)).toEqual(words(TEXT));
    // "three" is characters 15 to 19 (60 ms each).
    expect(speech.words[2]!.word).toBe('three');
    expect(speech.words[2]!.start).toBeCloseTo(15 * ELEVEN_SECONDS_PER_CHARACTER, 3);
    expect(speech.words[2]!.end).toBeCloseTo(20 * ELEVEN_SECONDS_PER_CHARACTER, 3);
    // MP3 adds encoder padding: within a tenth of a second of the audio asked for.
    expect(Math.abs(speech.duration - (TEXT.length * ELEVEN_SECONDS_PER_CHARACTER + 0.1))).toBeLessThan(0.1);
    const body = fake.requests.at(-1)!.body!;
    expect(fake.requests.at(-1)!.path).toBe('/v1/text-to-speech/21m00Tcm4TlvDq8ikWAM/with-timestamps?output_format=mp3_44100_128');
    expect(body).toMatchObject({ text: TEXT, model_id: 'eleven_multilingual_v2', voice_settings: { speed: 1.1 } });
    // Multilingual v2 refuses language_code; the v2.5 models take it.
    expect(body).not.toHaveProperty('language_code');
    await adapter({ model: 'eleven_flash_v2_5' }).synthesize({ text: 'Hola amigos', voiceId: '21m00Tcm4TlvDq8ikWAM', language: 'es', speed: 3 });
    expect(fake.requests.at(-1)!.body).toMatchObject({ language_code: 'es', voice_settings: { speed: 1.2 } });
  });

  it('splits text over the model limit at sentences and offsets the later timings', async () => {
    fake.requests.length = 0;
    const speech = await adapter({ maxChars: 40 }).synthesize({ text: TEXT, voiceId: '21m00Tcm4TlvDq8ikWAM', language: 'en', speed: 1 });
    const sent = fake.requests.map((request) => request.body!.text as string);
    expect(sent.length).toBeGreaterThan(1);
    expect(sent.every((text) => text.length <= 40)).toBe(true);
    expect(sent[0]).toBe('Octopuses have three hearts.');
    expect(speech.words.map((word) => word.word)).toEqual(words(TEXT));
    const second = speech.words[4]!; // "Two" opens the second request, after the first one's audio
    expect(second.word).toBe('Two');
    expect(second.start).toBeGreaterThanOrEqual(sent[0]!.length * ELEVEN_SECONDS_PER_CHARACTER);
    speech.words.forEach((word, index) => {
      expect(word.end).toBeGreaterThanOrEqual(word.start);
      if (index > 0) expect(word.start).toBeGreaterThanOrEqual(speech.words[index - 1]!.end);
    });
    expect(speech.duration).toBeGreaterThanOrEqual(speech.words.at(-1)!.end);
  });

  it.each([
    [401, { detail: { status: 'invalid_api_key', message: 'Invalid API key' } }, 'auth', /API key/],
    [401, { detail: { status: 'quota_exceeded', message: 'This request exceeds your quota.' } }, 'quota', /no characters left/],
    [404, { detail: { status: 'voice_not_found', message: 'not found' } }, 'bad', /does not know this voice/],
    [400, { detail: { status: 'max_character_limit_exceeded', message: 'too long' } }, 'bad', /longer than/],
    [429, { detail: { status: 'too_many_concurrent_requests', message: 'busy' } }, 'rate', /try again in a moment/],
    [429, { detail: { status: 'system_busy', message: 'busy' } }, 'retry', /overloaded/],
    [422, { detail: [{ loc: ['body', 'text'], msg: 'field required', type: 'value_error.missing' }] }, 'bad', /field required/],
    [503, { detail: 'Service Unavailable' }, 'retry', /failing/],
  ])('maps HTTP %i %j to a %s error', async (status, body, kind, message) => {
    fake.failNext(status, body);
    const error = await failure(adapter().synthesize({ text: 'Hi there', voiceId: '21m00Tcm4TlvDq8ikWAM', language: 'en', speed: 1 }));
    expect(error.kind).toBe(kind);
    expect(error.message).toMatch(message);
  });

  it('answers the real fake errors for a wrong key and an unknown voice', async () => {
    expect((await failure(adapter({ apiKey: 'wrong' }).listVoices())).kind).toBe('auth');
    expect((await failure(adapter().synthesize({ text: 'Hi', voiceId: 'nope', language: 'en', speed: 1 }))).kind).toBe('bad');
  });

  it('is unconfigured without a key and refuses to speak', async () => {
    const unconfigured = new ElevenLabsSpeech({ baseUrl: fake.url, apiKey: undefined, model: 'eleven_multilingual_v2' });
    expect(unconfigured.configured).toBe(false);
    const error = await failure(unconfigured.synthesize({ text: 'Hi', voiceId: 'x', language: 'en', speed: 1 }));
    expect(error.message).toMatch(/not configured.*ELEVENLABS_API_KEY/);
  });
});

/** Every derived word must sit near the truth the fake audio was made from. */
function expectNearTruth(derived: Array<{ word: string; start: number; end: number }>, truth: Array<{ word: string; start: number; end: number }>, tolerance: number) {
  expect(derived.map((word) => word.word)).toEqual(truth.map((word) => word.word));
  derived.forEach((word, index) => {
    expect(Math.abs(word.start - truth[index]!.start), `${word.word} start`).toBeLessThanOrEqual(tolerance);
    expect(Math.abs(word.end - truth[index]!.end), `${word.word} end`).toBeLessThanOrEqual(tolerance);
  });
}

describe('OpenAI-compatible speech adapter', () => {
  let fake: FakeServer;
  const adapter = (apiKey = 'sk-speech-test') => new OpenAiCompatibleSpeech({ baseUrl: `${fake.url}/v1`, apiKey, model: 'gpt-4o-mini-tts', timeoutMs: 5000 });
  beforeAll(async () => (fake = await startOpenAiSpeechFake()));
  afterAll(() => fake.close());

  it('speaks WAV and derives word timings from the audio', async () => {
    const speech = await adapter().synthesize({ text: TEXT, voiceId: 'coral', language: 'en', speed: 1 });
    expect(fake.requests.at(-1)!.body).toEqual({ model: 'gpt-4o-mini-tts', input: TEXT, voice: 'coral', response_format: 'wav', speed: 1 });
    expect(fake.requests.at(-1)!.headers.authorization).toBe('Bearer sk-speech-test');
    expect(speech.format).toBe('wav');
    const truth = speechLikeWav(TEXT);
    expect(speech.duration).toBeCloseTo(truth.duration, 2);
    expectNearTruth(speech.words, truth.truth, 0.25);
    // Phrase edges come from the pauses themselves: much tighter than words inside a phrase.
    expect(Math.abs(speech.words[4]!.start - truth.truth[4]!.start)).toBeLessThanOrEqual(0.03);
  });

  it('chunks text over 4,000 characters and joins the audio', async () => {
    fake.requests.length = 0;
    const long = Array.from({ length: 120 }, (_, index) => `Sentence number ${index + 1} tells one more fact.`).join(' ');
    const speech = await adapter().synthesize({ text: long, voiceId: 'nova', language: 'en', speed: 1 });
    expect(fake.requests.length).toBe(2);
    expect(speech.words.map((word) => word.word)).toEqual(words(long));
    const pcm = decodeWav(speech.audio);
    expect(pcm.samples.length / pcm.sampleRate).toBeCloseTo(speech.duration, 2);
    const firstChunk = fake.requests[0]!.body!.input as string;
    const boundary = spokenWords(firstChunk).length;
    expect(speech.words[boundary]!.start).toBeGreaterThanOrEqual(speechLikeWav(firstChunk).duration);
  });

  it.each([
    [401, { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' } }, 'auth'],
    [429, { error: { message: 'You exceeded your current quota.', type: 'insufficient_quota', code: 'insufficient_quota' } }, 'quota'],
    [429, { error: { message: 'Rate limit reached.', type: 'requests', code: 'rate_limit_exceeded' } }, 'rate'],
    [400, { error: { message: "Invalid value for 'voice'.", type: 'invalid_request_error', code: 'invalid_value' } }, 'bad'],
    [500, { error: { message: 'The server had an error.', type: 'server_error', code: null } }, 'retry'],
  ])('maps HTTP %i to %s', async (status, body, kind) => {
    fake.failNext(status, body);
    expect((await failure(adapter().synthesize({ text: 'Hi there', voiceId: 'alloy', language: 'en', speed: 1 }))).kind).toBe(kind);
  });

  it('refuses a voice it does not offer, and is unconfigured without a base URL', async () => {
    expect((await failure(adapter().synthesize({ text: 'Hi', voiceId: 'bogus', language: 'en', speed: 1 }))).kind).toBe('bad');
    expect((await failure(adapter('wrong').synthesize({ text: 'Hi', voiceId: 'alloy', language: 'en', speed: 1 }))).kind).toBe('auth');
    const unconfigured = new OpenAiCompatibleSpeech({ model: 'm' });
    expect(unconfigured.configured).toBe(false);
    expect((await failure(unconfigured.synthesize({ text: 'Hi', voiceId: 'alloy', language: 'en', speed: 1 }))).message).toMatch(/OPENAI_TTS_BASE_URL/);
  });
});

describe('Lemonfox adapter', () => {
  let fake: LemonfoxFake;
  const adapter = (apiKey: string | undefined = 'lemonfox-test-key') => new LemonfoxSpeech({ baseUrl: `${fake.url}/v1`, apiKey, timeoutMs: 5000 });
  beforeAll(async () => (fake = await startLemonfoxFake()));
  afterAll(() => fake.close());

  it('ships its voice list with languages and genders', async () => {
    const voices = await adapter().listVoices();
    expect(voices.length).toBeGreaterThanOrEqual(40);
    expect(voices.find((voice) => voice.voice_id === 'sarah')).toMatchObject({ languages: ['en'], gender: 'female', accent: 'American', description: null });
    expect(new Set(voices.map((voice) => voice.voice_id)).size).toBe(voices.length);
  });

  it('derives timings from bare audio', async () => {
    fake.timestamps = 'none';
    const speech = await adapter().synthesize({ text: TEXT, voiceId: 'emma', language: 'en', speed: 0.9 });
    expect(fake.requests.at(-1)!.body).toEqual({ input: TEXT, voice: 'emma', language: 'en-gb', speed: 0.9, response_format: 'wav', word_timestamps: true });
    expectNearTruth(speech.words, speechLikeWav(TEXT).truth, 0.25);
  });

  it("uses Lemonfox's own word timestamps when it answers them", async () => {
    fake.timestamps = 'json';
    const speech = await adapter().synthesize({ text: TEXT, voiceId: 'sarah', language: 'en', speed: 1 });
    expect(speech.words).toEqual(speechLikeWav(TEXT).truth.map((word) => ({ ...word, start: Math.round(word.start * 1000) / 1000, end: Math.round(word.end * 1000) / 1000 })));
    fake.timestamps = 'none';
  });

  it('sends the Brazilian language for a shared Spanish/Portuguese voice, maps errors, refuses without a key', async () => {
    await adapter().synthesize({ text: 'Olá pessoal', voiceId: 'dora', language: 'pt', speed: 1 });
    expect(fake.requests.at(-1)!.body!.language).toBe('pt-br');
    expect((await failure(adapter('wrong').synthesize({ text: 'Hi', voiceId: 'sarah', language: 'en', speed: 1 }))).kind).toBe('auth');
    expect((await failure(adapter().synthesize({ text: 'Hi', voiceId: 'nobody', language: 'en', speed: 1 }))).kind).toBe('bad');
    fake.failNext(429, { error: { message: 'Too many requests' } });
    expect((await failure(adapter().synthesize({ text: 'Hi', voiceId: 'sarah', language: 'en', speed: 1 }))).kind).toBe('rate');
    const unconfigured = new LemonfoxSpeech({ baseUrl: `${fake.url}/v1`, apiKey: undefined });
    expect(unconfigured.configured).toBe(false);
    expect((await failure(unconfigured.listVoices())).message).toMatch(/LEMONFOX_API_KEY/);
  });

  it('gives the render pipeline one timing per word of the script, in order', async () => {
    const script = 'First line.\n\nSecond   line — with a dash, and more words!';
    const speech = await synthesizeNarration(adapter(), { text: script, voiceId: 'sarah', language: 'en' });
    expect(speech.words.map((word) => word.word)).toEqual(['First', 'line.', 'Second', 'line', 'with', 'a', 'dash,', 'and', 'more', 'words!']);
  });
});
