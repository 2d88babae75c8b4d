// The pure parts of speech to text: rejoining pieces on one clock, reading each
// engine's output, language names, error mapping, engine selection and its configuration.
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { cutPoints, parseSegmentList, parseSilences, rejoinChunks, sequential } from '../../server/providers/stt/chunks';
import { transcriptionError } from '../../server/providers/stt/http';
import { languageCode, whisperLanguageName } from '../../server/providers/stt/languages';
import { findPocketsphinx, parseContinuousOutput, parseSingleOutput } from '../../server/providers/stt/pocketsphinx';
import { parseVerboseJson, spreadSegment } from '../../server/providers/stt/verbose-json';
import { createSpeechToText, LemonfoxTranscription, NoSpeechEngineError, OpenAiCompatibleTranscription, SpeechToText, TranscriptionProviderError, type TranscriptionSettings } from '../../server/providers/stt';

describe('rejoinChunks', () => {
  it('moves each piece’s words by the piece’s start and joins the texts', () => {
    const joined = rejoinChunks(
      [
        { start: 600, end: 1200, text: 'second piece', words: [{ word: 'second', start: 0.5, end: 1 }, { word: 'piece', start: 1.1, end: 1.6 }] },
        { start: 0, end: 600, text: ' first piece ', words: [{ word: 'first', start: 1, end: 1.5 }, { word: 'piece', start: 599.5, end: 599.9 }] },
      ],
      1201,
    );
    expect(joined.text).toBe('first piece second piece');
    expect(joined.words).toEqual([
      { word: 'first', start: 1, end: 1.5 },
      { word: 'piece', start: 599.5, end: 599.9 },
      { word: 'second', start: 600.5, end: 601 },
      { word: 'piece', start: 601.1, end: 601.6 },
    ]);
  });

  it('keeps words inside their piece and the recording, never overlapping', () => {
    const joined = rejoinChunks(
      [
        // An engine that runs past the end of its piece, and one that starts before 0.
        { start: 0, end: 2, text: 'a b', words: [{ word: 'a', start: -0.2, end: 0.5 }, { word: 'b', start: 1.8, end: 2.4 }] },
        { start: 2, end: 3.5, text: 'c d', words: [{ word: 'c', start: 0, end: 0.3 }, { word: 'd', start: 1.2, end: 9 }] },
      ],
      3,
    );
    expect(joined.words).toEqual([
      { word: 'a', start: 0, end: 0.5 },
      { word: 'b', start: 1.8, end: 2 },
      { word: 'c', start: 2, end: 2.3 },
      { word: 'd', start: 3, end: 3 },
    ]);
  });

  it('makes overlapping words follow each other', () => {
    expect(sequential([{ word: 'x', start: 1, end: 2 }, { word: 'y', start: 1.5, end: 2.5 }, { word: 'z', start: 1.2, end: 1.4 }], 10)).toEqual([
      { word: 'x', start: 1, end: 2 },
      { word: 'y', start: 2, end: 2.5 },
      { word: 'z', start: 2.5, end: 2.5 },
    ]);
  });

  it('cuts in the pause closest to each piece’s end, else at the end', () => {
    // No pauses: every chunkSeconds.
    expect(cutPoints(25, 10, [])).toEqual([10, 20]);
    expect(cutPoints(10, 10, [])).toEqual([]);
    // A pause in the last quarter of the first piece moves the cut to its middle; the next piece
    // is counted from there. A pause too early (before 7.5 s) is ignored.
    expect(cutPoints(25, 10, [{ start: 3, end: 4 }, { start: 8, end: 9 }, { start: 9.6, end: 9.8 }])).toEqual([9.7, 19.7]);
    // A long pause over the end: cut at the end of the piece, never later.
    expect(cutPoints(15, 10, [{ start: 6, end: 14 }])).toEqual([10]);
    // Pieces never exceed chunkSeconds, whatever the pauses.
    const cuts = cutPoints(3600, 600, [{ start: 100, end: 101 }, { start: 590, end: 591 }, { start: 1170, end: 1171.5 }]);
    [0, ...cuts, 3600].reduce((previous, cut) => (expect(cut - previous).toBeLessThanOrEqual(600), cut));
    expect(cuts.slice(0, 2)).toEqual([590.5, 1170.75]);
  });

  it('reads silencedetect’s log', () => {
    const log = '[silencedetect @ 0x1] silence_start: -0.01\n[silencedetect @ 0x1] silence_end: 0.18 | silence_duration: 0.19\nsize=N/A\n[silencedetect @ 0x1] silence_start: 5.53\n[silencedetect @ 0x1] silence_end: 7.43 | silence_duration: 1.9\n[silencedetect @ 0x1] silence_start: 12.9';
    expect(parseSilences(log)).toEqual([{ start: 0, end: 0.18 }, { start: 5.53, end: 7.43 }]);
  });

  it('reads ffmpeg’s segment list', () => {
    expect(parseSegmentList('chunk0001.mp3,2.016000,4.032000\nchunk0000.mp3,0.000000,2.016000\n\n', 'pieces')).toEqual([
      { path: join('pieces', 'chunk0000.mp3'), start: 0, end: 2.016 },
      { path: join('pieces', 'chunk0001.mp3'), start: 2.016, end: 4.032 },
    ]);
  });
});

describe('engine output', () => {
  it('reads pocketsphinx_continuous -time yes, dropping fillers and pronunciation numbers', () => {
    const output = ['hello world the weather', '<s> 0.090 0.170 0.999600', 'hello(2) 0.180 0.650 0.999600', '<sil> 0.660 0.700 0.8', '[NOISE] 0.700 0.710 0.5', 'world 0.710 1.160 0.999700', '</s> 1.170 1.200 1.000000', 'the 9.950 10.110 0.849405', 'weather 10.120 10.450 0.977064'].join('\n');
    expect(parseContinuousOutput(output)).toEqual([
      { word: 'hello', start: 0.18, end: 0.65 },
      { word: 'world', start: 0.71, end: 1.16 },
      { word: 'the', start: 9.95, end: 10.11 },
      { word: 'weather', start: 10.12, end: 10.45 },
    ]);
  });

  it('reads pocketsphinx 5’s JSON lines (b = begin, d = duration)', () => {
    const output = [
      '{"b":0.000,"d":1.200,"p":1.000,"t":"go forward","w":[{"b":0.000,"d":0.100,"p":1.000,"t":"<sil>"},{"b":0.100,"d":0.400,"p":0.98,"t":"go"},{"b":0.500,"d":0.600,"p":0.9,"t":"forward(2)"}]}',
      '{"b":3.000,"d":0.500,"p":1.000,"t":"ten","w":[{"b":3.000,"d":0.500,"p":0.7,"t":"ten"}]}',
    ].join('\n');
    expect(parseSingleOutput(output)).toEqual([
      { word: 'go', start: 0.1, end: 0.5 },
      { word: 'forward', start: 0.5, end: 1.1 },
      { word: 'ten', start: 3, end: 3.5 },
    ]);
  });

  it('reads OpenAI’s verbose_json words, trimming spaces and dropping punctuation tokens', () => {
    const answer = { task: 'transcribe', language: 'english', duration: 2.5, text: ' Hello, world. ', words: [{ word: ' Hello,', start: 0.1, end: 0.5 }, { word: '—', start: 0.5, end: 0.6 }, { word: 'world.', start: 0.6, end: 1 }] };
    expect(parseVerboseJson('X', answer)).toEqual({ text: 'Hello, world.', language: 'en', words: [{ word: 'Hello,', start: 0.1, end: 0.5 }, { word: 'world.', start: 0.6, end: 1 }] });
  });

  it('refuses text without timings, and anything that is not verbose_json', () => {
    expect(() => parseVerboseJson('X', { text: 'hello there' })).toThrow(/without any timings/);
    expect(() => parseVerboseJson('X', 'hello')).toThrow(TranscriptionProviderError);
    // Silence is an empty transcript, not an error.
    expect(parseVerboseJson('X', { text: '', language: 'en', duration: 3, words: [] })).toEqual({ text: '', language: 'en', words: [] });
  });

  it('spreads a segment’s words over the segment by length', () => {
    expect(spreadSegment(' ab, — cd.', 1, 2)).toEqual([
      { word: 'ab,', start: 1, end: 1.5 },
      { word: 'cd.', start: 1.5, end: 2 },
    ]);
  });
});

describe('languages', () => {
  it('maps Whisper’s names and codes to ISO 639-1, and codes to Lemonfox’s names', () => {
    expect(languageCode('english')).toBe('en');
    expect(languageCode('Castilian')).toBe('es');
    expect(languageCode('pt-BR')).toBe('pt');
    expect(languageCode('FR')).toBe('fr');
    expect(languageCode('klingon')).toBeNull();
    expect(languageCode(undefined)).toBeNull();
    expect(whisperLanguageName('de')).toBe('german');
    expect(whisperLanguageName('xx')).toBeNull();
  });
});

describe('error mapping', () => {
  const headers = (value: string) => new Headers({ 'retry-after': value });

  it('maps each documented status to its kind with a plain message', () => {
    expect(transcriptionError('E', 403, {}).kind).toBe('auth');
    expect(transcriptionError('E', 402, {}).kind).toBe('quota');
    const tooLarge = transcriptionError('E', 413, { error: { message: 'Maximum content size limit (26214400) exceeded.' } });
    expect([tooLarge.kind, tooLarge.message]).toEqual(['bad', 'E refused the audio as too large; use a smaller STT_CHUNK_SECONDS.']);
    expect(transcriptionError('E', 422, { detail: 'Unsupported language' }).message).toBe('E refused the audio: Unsupported language.');
    expect(transcriptionError('E', 503, 'upstream down', headers('3')).retryAfter).toBe(3);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(transcriptionError('E', 429, {}, headers('1')).message).toBe('E is rate limiting this server; try again in 1 second.');
    const date = new Date(Date.now() + 120_000).toUTCString();
    const wait = transcriptionError('E', 429, {}, headers(date)).retryAfter!;
    expect(wait).toBeGreaterThan(100);
    expect(wait).toBeLessThanOrEqual(121);
  });
});

describe('engine selection', () => {
  let dir: string;
  let fakeSphinx: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'stt-select-'));
    fakeSphinx = join(dir, 'pocketsphinx_continuous');
    await writeFile(fakeSphinx, '#!/bin/sh\nexit 0\n');
    await chmod(fakeSphinx, 0o755);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const settings = (overrides: Partial<TranscriptionSettings> = {}): TranscriptionSettings => ({
    provider: undefined,
    openAi: { baseUrl: undefined, apiKey: undefined, model: 'whisper-1' },
    lemonfox: { apiKey: undefined, baseUrl: 'https://api.lemonfox.ai/v1' },
    pocketsphinxPath: undefined,
    chunkSeconds: 600,
    ...overrides,
  });
  const noPath = { PATH: '' };
  const withSphinx = () => ({ PATH: dir });

  it('prefers an OpenAI-compatible endpoint, then Lemonfox, then pocketsphinx', () => {
    const all = settings({ openAi: { baseUrl: 'http://127.0.0.1:9/v1', apiKey: undefined, model: 'whisper-1' }, lemonfox: { apiKey: 'k', baseUrl: 'https://api.lemonfox.ai/v1' } });
    expect(createSpeechToText(all, {}, withSphinx()).provider?.id).toBe('openai');
    expect(createSpeechToText(settings({ lemonfox: { apiKey: 'k', baseUrl: 'https://api.lemonfox.ai/v1' } }), {}, withSphinx()).provider?.id).toBe('lemonfox');
    expect(createSpeechToText(settings(), {}, withSphinx()).provider?.id).toBe('pocketsphinx');
    expect(createSpeechToText({ ...all, provider: 'pocketsphinx' }, {}, withSphinx()).provider?.id).toBe('pocketsphinx');
    expect(createSpeechToText({ ...all, provider: 'lemonfox' }, {}, withSphinx()).provider?.id).toBe('lemonfox');
  });

  it('says there is no speech engine in plain words, and keeps how to get one for the administrator', () => {
    const setup = createSpeechToText(settings(), {}, noPath);
    expect(setup.configured).toBe(false);
    if (setup.configured) return;
    expect(setup.error).toBeInstanceOf(NoSpeechEngineError);
    expect(setup.error.code).toBe('no_speech_engine');
    // The message reaches creators: no setting names in it.
    expect(setup.error.message).toBe('Transcription isn’t available on this server yet. Ask its administrator to set up a speech-to-text engine.');
    for (const option of ['STT_OPENAI_BASE_URL', 'self-hosted Whisper server', 'LEMONFOX_API_KEY', 'POCKETSPHINX_PATH', 'STT_PROVIDER', 'README, section "Speech to text"']) {
      expect(setup.error.adminHelp).toContain(option);
    }
  });

  it('says what is missing for an explicit choice, and honours STT_PROVIDER=none', () => {
    const explicit = createSpeechToText(settings({ provider: 'openai' }), {}, withSphinx());
    expect(explicit.configured ? '' : explicit.error.adminHelp).toContain('STT_PROVIDER is openai but STT_OPENAI_BASE_URL is not set.');
    const off = createSpeechToText(settings({ provider: 'none', lemonfox: { apiKey: 'k', baseUrl: 'https://api.lemonfox.ai/v1' } }), {}, withSphinx());
    expect(off.configured ? '' : off.error.adminHelp).toContain('Transcription is switched off (STT_PROVIDER=none).');
    const missing = createSpeechToText(settings({ pocketsphinxPath: join(dir, 'missing') }), {}, withSphinx());
    expect(missing.configured ? '' : missing.error.adminHelp).toContain('is not an executable program');
  });

  it('finds pocketsphinx by POCKETSPHINX_PATH or on PATH, and knows which command line it speaks', () => {
    expect(findPocketsphinx({ PATH: dir })).toEqual({ path: fakeSphinx, flavor: 'continuous' });
    expect(findPocketsphinx({ PATH: '', POCKETSPHINX_PATH: fakeSphinx })).toEqual({ path: fakeSphinx, flavor: 'continuous' });
    expect(findPocketsphinx({ PATH: '', POCKETSPHINX_PATH: join(dir, 'nope') })).toBeNull();
    expect(findPocketsphinx(noPath)).toBeNull();
  });

  it('shortens pieces to fit the engine’s upload limit', () => {
    const openAi = new OpenAiCompatibleTranscription({ baseUrl: 'http://127.0.0.1:9/v1', model: 'whisper-1' });
    expect(new SpeechToText(openAi, { chunkSeconds: 600 }).chunkSeconds()).toBe(600);
    // 64 kbit/s MP3 is 8 kB a second: 24 MiB holds a little under 53 minutes.
    expect(new SpeechToText(openAi, { chunkSeconds: 3600 }).chunkSeconds()).toBe(Math.floor(((24 * 1024 * 1024) / 8000) * 0.95));
    expect(new SpeechToText(new LemonfoxTranscription({ baseUrl: 'http://127.0.0.1:9/v1' })).chunkSeconds()).toBe(600);
  });
});

describe('configuration', () => {
  it('reads the STT_* variables, with whisper-1 and ten-minute pieces by default', () => {
    expect(loadConfig({}).transcription).toEqual({
      provider: undefined,
      openAi: { baseUrl: undefined, apiKey: undefined, model: 'whisper-1' },
      lemonfox: { apiKey: undefined, baseUrl: 'https://api.lemonfox.ai/v1' },
      pocketsphinxPath: undefined,
      chunkSeconds: 600,
    });
    const config = loadConfig({ STT_PROVIDER: 'openai', STT_OPENAI_BASE_URL: 'http://127.0.0.1:8000/v1', STT_OPENAI_API_KEY: 'k', STT_OPENAI_MODEL: 'Systran/faster-whisper-small', STT_CHUNK_SECONDS: '300', LEMONFOX_API_KEY: 'l' });
    expect(config.transcription).toMatchObject({ provider: 'openai', openAi: { baseUrl: 'http://127.0.0.1:8000/v1', apiKey: 'k', model: 'Systran/faster-whisper-small' }, lemonfox: { apiKey: 'l' }, chunkSeconds: 300 });
  });

  it('refuses an unknown STT_PROVIDER and a chunk length out of range', () => {
    expect(() => loadConfig({ STT_PROVIDER: 'whisper' })).toThrow(/STT_PROVIDER must be openai, lemonfox, pocketsphinx or none/);
    expect(() => loadConfig({ STT_CHUNK_SECONDS: '5' })).toThrow(/STT_CHUNK_SECONDS must be at least 30/);
  });
});
