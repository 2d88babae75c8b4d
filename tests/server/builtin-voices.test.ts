// The built-in offline voices (Flite for English, eSpeak NG for every language, in a child
// process): real audio with word timings in every offered language — no key, no network.
import { readdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { BuiltinSpeechProvider, SpeechProviderError, synthesizeNarration } from '../../server/providers/tts';
import { fliteWords, parseTrace, phonesPerWord, timingsFromFlite } from '../../server/providers/tts/builtin/flite';
import { SpeechWorker } from '../../server/providers/tts/builtin/worker-client';
import { BUILTIN_VOICES, defaultBuiltinVoice } from '../../server/providers/tts/builtin/voices';
import { decodeWav, type Pcm } from '../../server/providers/tts/wav';
import { spokenWords } from '../../server/providers/tts/words';

const SAMPLES: Record<string, string> = {
  en: 'Welcome back! Today we learn three simple habits, and why they work.',
  es: '¡Bienvenidos! Hoy aprendemos tres hábitos sencillos, y por qué funcionan.',
  fr: "Bonjour à tous. Aujourd'hui, nous apprenons trois habitudes simples.",
  de: 'Willkommen zurück! Heute lernen wir drei einfache Gewohnheiten.',
  it: 'Bentornati! Oggi impariamo tre abitudini semplici, e perché funzionano.',
  pt: 'Bem-vindos! Hoje aprendemos três hábitos simples, e por que funcionam.',
};

function rms({ samples }: Pcm, from = 0, to = samples.length): number {
  let sum = 0;
  for (let index = from; index < to; index++) sum += samples[index]! ** 2;
  return Math.sqrt(sum / Math.max(1, to - from));
}

describe('built-in voices', () => {
  const engine = new SpeechWorker();
  const provider = new BuiltinSpeechProvider(engine);
  afterAll(() => provider.close());

  it('is offline, configured and labelled as built-in, with female and male voices per language', async () => {
    expect(provider.configured).toBe(true);
    expect(provider.label).toMatch(/built-in/i);
    const voices = await provider.listVoices();
    for (const language of ['en', 'es', 'fr', 'de', 'it', 'pt', 'nl', 'pl', 'tr', 'hi', 'ar', 'ko']) {
      const own = voices.filter((voice) => voice.languages[0] === language);
      expect(own.some((voice) => voice.gender === 'female'), language).toBe(true);
      expect(own.some((voice) => voice.gender === 'male'), language).toBe(true);
    }
    expect(new Set(voices.map((voice) => voice.voice_id)).size).toBe(voices.length);
  });

  it('offers only voices the engine has', async () => {
    const known = new Set((await engine.voices()).map((identifier) => identifier.split('/').at(-1)!.toLowerCase()));
    for (const voice of BUILTIN_VOICES.filter((candidate) => candidate.engine === 'espeak')) {
      expect(known.has(voice.engineVoice.split('+')[0]!), voice.engineVoice).toBe(true);
    }
  });

  it.each(Object.entries(SAMPLES))('speaks %s with one timing per word, in order', async (language, text) => {
    const voice = defaultBuiltinVoice(language)!;
    const speech = await synthesizeNarration(provider, { text, voiceId: voice.info.voice_id, language });
    expect(speech.format).toBe('wav');
    const pcm = decodeWav(speech.audio);
    expect(pcm.samples.length / pcm.sampleRate).toBeCloseTo(speech.duration, 3);
    expect(rms(pcm)).toBeGreaterThan(500); // audible speech, not silence
    const words = spokenWords(text).map((word) => word.word);
    expect(speech.words.map((word) => word.word)).toEqual(words);
    // A natural pace: between 1 and 5 words a second.
    expect(speech.duration).toBeGreaterThan(words.length / 5);
    expect(speech.duration).toBeLessThan(words.length / 1 + 1);
    speech.words.forEach((word, index) => {
      expect(word.end).toBeGreaterThanOrEqual(word.start);
      expect(word.end).toBeLessThanOrEqual(speech.duration);
      if (index > 0) expect(word.start).toBeGreaterThanOrEqual(speech.words[index - 1]!.start);
      // Each timed word is sound, not a pause.
      if (word.end - word.start >= 0.05) {
        expect(rms(pcm, Math.floor(word.start * pcm.sampleRate), Math.floor(word.end * pcm.sampleRate)), word.word).toBeGreaterThan(300);
      }
    });
    // The pause after the first sentence lies between its last word and the next one.
    const sentenceEnd = speech.words.findIndex((word) => /[.!?]$/.test(word.word));
    expect(speech.words[sentenceEnd + 1]!.start).toBeGreaterThan(speech.words[sentenceEnd]!.end + 0.05);
  });

  it.each(BUILTIN_VOICES.filter((voice) => voice.engine === 'flite' || voice.engineVoice.endsWith('+f3')).map((voice) => [voice.info.voice_id]))('%s speaks', async (voiceId) => {
    const speech = await provider.synthesize({ text: 'One two three', voiceId, language: 'en', speed: 1 });
    expect(speech.words).toHaveLength(3);
    expect(rms(decodeWav(speech.audio))).toBeGreaterThan(300);
  });

  it('sounds different per variant and follows the speed', async () => {
    const text = 'This is a short sentence for comparing voices.';
    const female = await provider.synthesize({ text, voiceId: 'en-us+f3', language: 'en', speed: 1 });
    const male = await provider.synthesize({ text, voiceId: 'en-us+m3', language: 'en', speed: 1 });
    const fast = await provider.synthesize({ text, voiceId: 'en-us+f3', language: 'en', speed: 1.5 });
    expect(female.audio.equals(male.audio)).toBe(false);
    expect(fast.duration).toBeLessThan(female.duration * 0.85);
  });

  it('keeps numbers and symbols in place: "2024" is one word, emoji and markup are not read', async () => {
    const speech = await provider.synthesize({ text: 'In 2024 we grew 😀 fast <b>really</b> & more.', voiceId: 'en-us+f3', language: 'en', speed: 1 });
    expect(speech.words.map((word) => word.word)).toEqual(['In', '2024', 'we', 'grew', 'fast', '<b>really</b>', 'more.']);
    const year = speech.words[1]!;
    expect(year.end - year.start).toBeGreaterThan(0.6); // "two thousand and twenty-four"
  });

  it('survives an engine crash: the request it held fails plainly, the next one starts a new engine', async () => {
    await provider.synthesize({ text: 'Ready.', voiceId: 'en-us+f3', language: 'en', speed: 1 });
    const pid = engine.pid!;
    const held = provider.synthesize({ text: 'A longer sentence that is being spoken when the engine dies.', voiceId: 'flite-slt', language: 'en', speed: 1 });
    process.kill(pid, 'SIGKILL');
    const error = await held.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SpeechProviderError);
    expect((error as SpeechProviderError).message).toMatch(/built-in voice failed: the speech engine stopped/);
    const again = await provider.synthesize({ text: 'Back again.', voiceId: 'en-us+f3', language: 'en', speed: 1 });
    expect(again.words).toHaveLength(2);
    expect(engine.pid).not.toBe(pid);
  });

  it('refuses a voice it does not have', async () => {
    const error = await provider.synthesize({ text: 'Hi', voiceId: 'xx+f9', language: 'en', speed: 1 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SpeechProviderError);
    expect((error as SpeechProviderError).kind).toBe('bad');
  });
});

describe('Flite word timings', () => {
  const engine = new SpeechWorker();
  afterAll(() => engine.close());

  it('deals the speech phones to the words using each word on its own (no fallback for ordinary text)', async () => {
    const text = "Hello world, the cat's 2024 toys. Don't stop now!";
    const result = await engine.flite({ text, voice: 'slt', stretch: 1, words: fliteWords(text) });
    const groups = phonesPerWord(result.analysis);
    const spoken = parseTrace(result.trace).filter((phone) => phone.phone !== 'pau');
    expect(groups).toHaveLength(spokenWords(text).length);
    expect(groups.flat()).toHaveLength(spoken.length);
    expect(groups[4]).toEqual(['t', 'w', 'eh', 'n', 't', 'iy', 't', 'w', 'eh', 'n', 't', 'iy', 'f', 'ao', 'r']); // 2024
    const { words, pcm } = timingsFromFlite(text, result);
    const year = words[4]!;
    expect(year.word).toBe('2024');
    expect(year.start).toBe(Math.round(spoken[groups.slice(0, 4).flat().length]!.start * 1000) / 1000);
    expect(words.at(-1)!.end).toBeLessThanOrEqual(pcm.samples.length / pcm.sampleRate);
  });

  it('runs Flite again and again in one engine: same audio, no crash, no descriptor left open per run', async () => {
    // Node 20's WASI crashed the engine after a few runs (fast API calls; worker-client.ts), and
    // each run left the preopened folder open (speech-worker.mjs).
    const text = 'Most people think productivity is about doing more. It is not.';
    const first = await engine.flite({ text, voice: 'slt', stretch: 1, words: fliteWords(text) });
    const pid = engine.pid!;
    const openFiles = () => readdirSync(`/proc/${pid}/fd`).length;
    const before = openFiles();
    for (let run = 0; run < 12; run += 1) {
      const again = await engine.flite({ text, voice: 'slt', stretch: 1, words: fliteWords(text) });
      expect(Buffer.compare(Buffer.from(again.wav), Buffer.from(first.wav))).toBe(0);
    }
    expect(engine.pid).toBe(pid);
    expect(openFiles()).toBe(before);
  });

  it('falls back to timings from the audio when the phones cannot be dealt out', async () => {
    const text = 'Hello there world';
    const result = await engine.flite({ text, voice: 'rms', stretch: 1, words: fliteWords(text) });
    const mismatched = { ...result, analysis: 'pau hh ax l ow pau' }; // one word's phones for three words
    const { words } = timingsFromFlite(text, mismatched);
    expect(words.map((word) => word.word)).toEqual(['Hello', 'there', 'world']);
    expect(words[1]!.start).toBeGreaterThan(0);
  });
});
