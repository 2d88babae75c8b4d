// Speech to text through HTTP engines: the OpenAI-compatible adapter and Lemonfox
// against a local fake that speaks the documented protocol (multipart in, verbose_json or the
// OpenAI error envelope out), on a speech sample synthesised by the built-in voice. Long
// recordings are split, sent piece by piece and rejoined on one clock.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '../../server/media/ffmpeg';
import {
  LemonfoxTranscription,
  OpenAiCompatibleTranscription,
  SpeechToText,
  TranscriptionProviderError,
  type Transcript,
} from '../../server/providers/stt';
import { startTranscriptionFake, type TranscriptionFake } from './fakes/openai-transcription';
import { expectTimingsValid, speechSample, type SpeechSample } from './stt-speech-sample';

let dir: string;
let sample: SpeechSample;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stt-http-'));
  sample = await speechSample(join(dir, 'speech.wav'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(TranscriptionProviderError);
  return error as TranscriptionProviderError;
};

function expectTruth(transcript: Transcript, tolerance: number) {
  expect(transcript.words.map((word) => word.word)).toEqual(sample.truth.map((word) => word.word));
  transcript.words.forEach((word, index) => {
    expect(Math.abs(word.start - sample.truth[index]!.start), `start of "${word.word}"`).toBeLessThanOrEqual(tolerance);
  });
  expectTimingsValid(transcript.words, transcript.duration);
}

describe('OpenAI-compatible transcription', () => {
  let fake: TranscriptionFake;
  const engine = (apiKey = 'stt-test-key') => new OpenAiCompatibleTranscription({ baseUrl: `${fake.url}/v1/`, apiKey, model: 'whisper-1', timeoutMs: 10_000 });
  beforeAll(async () => (fake = await startTranscriptionFake('openai')));
  afterAll(() => fake.close());

  it('sends the documented multipart request and reads verbose_json words', async () => {
    fake.expect(sample.truth);
    const transcript = await new SpeechToText(engine()).transcribe({ audioPath: sample.path, language: null });
    const request = fake.requests.at(-1)!;
    expect(request.path).toBe('/v1/audio/transcriptions');
    expect(request.headers.authorization).toBe('Bearer stt-test-key');
    expect(String(request.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
    const upload = fake.uploads.at(-1)!;
    expect(upload.fields).toEqual({ model: ['whisper-1'], response_format: ['verbose_json'], 'timestamp_granularities[]': ['word'] });
    expect(upload.fileName).toBe('audio.mp3');
    expect(upload.fileType).toBe('audio/mpeg');
    // 16 kHz mono MP3 at 64 kbit/s: about 8 kB a second.
    expect(upload.bytes).toBeLessThan(sample.duration * 9000 + 2000);
    expect(Math.abs(upload.duration - sample.duration)).toBeLessThan(0.1);

    expectTruth(transcript, 0.001);
    expect(transcript.text).toBe(sample.truth.map((word) => word.word).join(' '));
    expect(transcript.language).toBe('en');
    expect(transcript.engine).toEqual({ id: 'openai', label: 'The transcription endpoint' });
    expect(transcript.roughDraft).toBe(false);
    expect(Math.abs(transcript.duration - sample.duration)).toBeLessThan(0.05);
  });

  it('sends the chosen language as its ISO 639-1 code', async () => {
    fake.expect(sample.truth, 'english');
    const transcript = await new SpeechToText(engine()).transcribe({ audio: sample.wav, mimeType: 'audio/wav', language: 'EN' });
    expect(fake.uploads.at(-1)!.fields.language).toEqual(['en']);
    expect(transcript.language).toBe('en');
  });

  it('splits a long recording, sends each piece and rejoins the words on one clock', async () => {
    fake.expect(sample.truth);
    const before = fake.uploads.length;
    const progress: number[] = [];
    const transcript = await new SpeechToText(engine(), { chunkSeconds: 2, onProgress: (done) => progress.push(done) }).transcribe({ audioPath: sample.path });
    const pieces = fake.uploads.slice(before);
    expect(pieces.length).toBe(Math.ceil(sample.duration / 2));
    for (const piece of pieces) expect(piece.duration).toBeLessThanOrEqual(2.1);
    // The language found in the first piece is asked for in the rest.
    expect(pieces[0]!.fields.language).toBeUndefined();
    for (const piece of pieces.slice(1)) expect(piece.fields.language).toEqual(['en']);
    // Pieces are cut at MP3 frame boundaries (72 ms at 16 kHz); words keep their place on the clock.
    expectTruth(transcript, 0.001);
    expect(transcript.words.some((word) => word.start > 4)).toBe(true);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('cuts a long recording in a pause rather than through a word', async () => {
    // speech, 1.5 s of silence, the same speech again: a cut at 8 s would fall inside "world".
    const pause = 1.5;
    const paused = join(dir, 'paused.wav');
    await runFfmpeg(['-y', '-i', sample.path, '-f', 'lavfi', '-t', String(pause), '-i', 'anullsrc=r=16000:cl=mono', '-i', sample.path, '-filter_complex', '[0:a][1:a][2:a]concat=n=3:v=0:a=1', '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', paused]);
    const second = sample.duration + pause;
    const truth = [...sample.truth, ...sample.truth.map((word) => ({ word: word.word, start: word.start + second, end: word.end + second }))];
    expect(truth.some((word) => word.start < 8 && word.end > 8)).toBe(true);
    fake.expect(truth);
    const before = fake.uploads.length;
    const transcript = await new SpeechToText(engine(), { chunkSeconds: 8 }).transcribe({ audioPath: paused });
    const pieces = fake.uploads.slice(before);
    expect(pieces.length).toBe(2);
    expect(pieces[0]!.duration).toBeGreaterThan(sample.truth.at(-1)!.end);
    expect(pieces[0]!.duration).toBeLessThan(second);
    // Every word whole, where it was said: none clipped at the cut.
    expect(transcript.words.map((word) => word.word)).toEqual(truth.map((word) => word.word));
    transcript.words.forEach((word, index) => {
      expect(word.start, `start of "${word.word}"`).toBeCloseTo(truth[index]!.start, 2);
      expect(word.end, `end of "${word.word}"`).toBeCloseTo(truth[index]!.end, 2);
    });
  });

  it('stops between pieces when cancelled, sending nothing more', async () => {
    fake.expect(sample.truth);
    const before = fake.uploads.length;
    const controller = new AbortController();
    const run = new SpeechToText(engine(), { chunkSeconds: 2, onProgress: () => controller.abort(new Error('cancelled by the creator')) }).transcribe({ audioPath: sample.path, signal: controller.signal });
    await expect(run).rejects.toThrow('cancelled by the creator');
    expect(fake.uploads.length - before).toBe(1);
    const aborted = AbortSignal.abort(new Error('cancelled before it started'));
    await expect(new SpeechToText(engine()).transcribe({ audioPath: sample.path, signal: aborted })).rejects.toThrow('cancelled before it started');
    expect(fake.uploads.length - before).toBe(1);
  });

  it('reports a rejected key as an auth error', async () => {
    const error = await failure(new SpeechToText(engine('wrong-key')).transcribe({ audioPath: sample.path }));
    expect(error.kind).toBe('auth');
    expect(error.status).toBe(401);
    expect(error.message).toBe('The transcription endpoint rejected the configured API key.');
  });

  it('reports a 429 as rate limiting with the Retry-After it sent', async () => {
    fake.failNext(429, { error: { message: 'Rate limit reached for whisper-1 on requests per min (RPM): Limit 50.', type: 'requests', param: null, code: 'rate_limit_exceeded' } }, { 'retry-after': '7' });
    const error = await failure(new SpeechToText(engine(), { retries: 0 }).transcribe({ audioPath: sample.path }));
    expect(error.kind).toBe('rate');
    expect(error.retryable).toBe(true);
    expect(error.retryAfter).toBe(7);
    expect(error.message).toBe('The transcription endpoint is rate limiting this server; try again in 7 seconds.');
  });

  it('reports a 429 insufficient_quota as an exhausted account', async () => {
    fake.failNext(429, { error: { message: 'You exceeded your current quota, please check your plan and billing details.', type: 'insufficient_quota', param: null, code: 'insufficient_quota' } });
    const error = await failure(new SpeechToText(engine(), { retries: 0 }).transcribe({ audioPath: sample.path }));
    expect(error.kind).toBe('quota');
  });

  it('reports a 400 as bad input with the endpoint’s own reason', async () => {
    fake.failNext(400, { error: { message: 'Audio file might be corrupted or unsupported', type: 'invalid_request_error', param: 'file', code: 'invalid_value' } });
    const error = await failure(new SpeechToText(engine(), { retries: 0 }).transcribe({ audioPath: sample.path }));
    expect(error.kind).toBe('bad');
    expect(error.retryable).toBe(false);
    expect(error.message).toBe('The transcription endpoint refused the audio: Audio file might be corrupted or unsupported.');
  });

  it('reports a 500 as a temporary failure', async () => {
    fake.failNext(500, { error: { message: 'The server had an error while processing your request. Sorry about that!', type: 'server_error', param: null, code: null } });
    const error = await failure(new SpeechToText(engine(), { retries: 0 }).transcribe({ audioPath: sample.path }));
    expect(error.kind).toBe('retry');
    expect(error.message).toBe('The transcription endpoint is failing (HTTP 500); try again shortly.');
  });

  it('tries a piece again after a temporary failure, keeping the pieces already done', async () => {
    fake.expect(sample.truth);
    const before = fake.requests.length;
    let failed = false;
    const failOnce = () => {
      if (failed) return;
      failed = true;
      // The second piece's first attempt.
      fake.failNext(503, { error: { message: 'The engine is currently overloaded, please try again later.', type: 'server_error', param: null, code: null } });
    };
    const transcript = await new SpeechToText(engine(), { chunkSeconds: 2, onProgress: failOnce }).transcribe({ audioPath: sample.path });
    expect(fake.requests.length - before).toBe(Math.ceil(sample.duration / 2) + 1);
    expectTruth(transcript, 0.001);
  });

  it('waits the Retry-After the engine sent and tries again; a long one is left to the caller', async () => {
    fake.expect(sample.truth);
    fake.failNext(429, { error: { message: 'Rate limit reached', type: 'requests', param: null, code: 'rate_limit_exceeded' } }, { 'retry-after': '1' });
    expectTruth(await new SpeechToText(engine()).transcribe({ audioPath: sample.path }), 0.001);
    const before = fake.requests.length;
    fake.failNext(429, { error: { message: 'Rate limit reached', type: 'requests', param: null, code: 'rate_limit_exceeded' } }, { 'retry-after': '120' });
    const error = await failure(new SpeechToText(engine()).transcribe({ audioPath: sample.path }));
    expect([error.kind, error.retryAfter, fake.requests.length - before]).toEqual(['rate', 120, 1]);
  });

  it('gives up after its retries, and never retries a bad key', async () => {
    const before = fake.requests.length;
    fake.failNext(500, { error: { message: 'boom', type: 'server_error', param: null, code: null } });
    fake.failNext(500, { error: { message: 'boom', type: 'server_error', param: null, code: null } });
    expect((await failure(new SpeechToText(engine(), { retries: 1 }).transcribe({ audioPath: sample.path }))).kind).toBe('retry');
    expect(fake.requests.length - before).toBe(2);
    await failure(new SpeechToText(engine('wrong-key')).transcribe({ audioPath: sample.path }));
    expect(fake.requests.length - before).toBe(3);
  });

  it('reports an endpoint that cannot be reached as temporary', async () => {
    const closed = await startTranscriptionFake('openai');
    await closed.close();
    const error = await failure(new SpeechToText(new OpenAiCompatibleTranscription({ baseUrl: `${closed.url}/v1`, model: 'whisper-1' }), { retries: 0 }).transcribe({ audioPath: sample.path }));
    expect(error.kind).toBe('retry');
    expect(error.message).toBe('The transcription endpoint could not be reached.');
  });

  it('refuses an empty upload, an unreadable file, an unknown language and a video without sound before calling the endpoint', async () => {
    const before = fake.requests.length;
    expect((await failure(new SpeechToText(engine()).transcribe({ audio: Buffer.alloc(0), mimeType: 'audio/wav' }))).message).toBe('There is no audio to transcribe (the file is empty).');
    const unreadable = await failure(new SpeechToText(engine()).transcribe({ audio: Buffer.from('not audio at all'), mimeType: 'audio/wav' }));
    expect([unreadable.kind, unreadable.message]).toEqual(['bad', 'This file cannot be read as audio or video; it may be damaged or in a format that is not supported.']);
    expect((await failure(new SpeechToText(engine()).transcribe({ audioPath: sample.path, language: 'xx' }))).kind).toBe('bad');
    const silentVideo = join(dir, 'no-sound.mp4');
    await runFfmpeg(['-y', '-f', 'lavfi', '-i', 'color=c=black:s=64x64:d=1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', silentVideo]);
    expect((await failure(new SpeechToText(engine()).transcribe({ audioPath: silentVideo }))).message).toBe('This file has no sound to transcribe.');
    expect(fake.requests.length).toBe(before);
  });
});

describe('Lemonfox transcription', () => {
  let fake: TranscriptionFake;
  const engine = () => new LemonfoxTranscription({ baseUrl: `${fake.url}/v1`, apiKey: 'stt-test-key', timeoutMs: 10_000 });
  beforeAll(async () => (fake = await startTranscriptionFake('lemonfox')));
  afterAll(() => fake.close());

  it('sends the language as a name, no model, and reads word timings', async () => {
    fake.expect(sample.truth);
    const transcript = await new SpeechToText(engine()).transcribe({ audioPath: sample.path, language: 'en' });
    expect(fake.uploads.at(-1)!.fields).toEqual({ language: ['english'], response_format: ['verbose_json'], 'timestamp_granularities[]': ['word'] });
    expect(fake.requests.at(-1)!.headers.authorization).toBe('Bearer stt-test-key');
    expectTruth(transcript, 0.001);
    expect(transcript.engine.id).toBe('lemonfox');
  });

  it('reads word timings nested in segments (faster-whisper style)', async () => {
    fake.expect(sample.truth);
    fake.wordShape = 'segment-words';
    const transcript = await new SpeechToText(engine()).transcribe({ audioPath: sample.path });
    expectTruth(transcript, 0.001);
  });

  it('spreads words over their segment when it answers segments only', async () => {
    fake.expect(sample.truth);
    fake.wordShape = 'segments-only';
    const transcript = await new SpeechToText(engine()).transcribe({ audioPath: sample.path });
    expect(transcript.words.map((word) => word.word)).toEqual(sample.truth.map((word) => word.word));
    // Estimated inside each segment: the segment's first word starts exactly on time.
    expect(transcript.words[0]!.start).toBe(sample.truth[0]!.start);
    expect(transcript.words[5]!.start).toBe(sample.truth[5]!.start);
    expectTimingsValid(transcript.words, transcript.duration);
    fake.wordShape = 'words';
  });

  it('maps its errors like OpenAI’s', async () => {
    fake.failNext(401, { error: { message: 'Invalid API key', type: 'invalid_request_error', code: 'invalid_api_key' } });
    expect((await failure(new SpeechToText(engine()).transcribe({ audioPath: sample.path }))).message).toBe('Lemonfox rejected the configured API key.');
    fake.failNext(429, { error: { message: 'Too many requests' } });
    const rate = await failure(new SpeechToText(engine(), { retries: 0 }).transcribe({ audioPath: sample.path }));
    expect(rate.kind).toBe('rate');
    expect(rate.retryAfter).toBeNull();
  });
});
