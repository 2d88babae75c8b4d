// Transcriptions through the app: a video with a synthesised speech track goes in through
// POST /api/transcriptions (multipart, or JSON naming a finished upload), the background job
// transcribes it with the OpenAI-compatible engine (a local fake speaking its protocol), and the
// words, list, SRT and VTT come back — owner-scoped, idempotent, within the plan, and nothing
// partial left behind when a create is refused.
import { randomUUID } from 'node:crypto';
import { copyFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { processTempRoot } from '../../server/media/temp-roots';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paginated } from '../../contract/http';
import type { SpeechEngineStatus, Transcription, TranscriptionResponse, TranscriptionSummary } from '../../contract/transcriptions';
import { isUploadSizeFailure, serverLimitText } from '../../src/api/upload';
import { transcriptions } from '../../server/db/schema';
import { PLANS, type PlanDefinition } from '../../server/domain/plans/plans';
import type { FinishedUpload } from '../../server/http/context';
import { uploadSpoolDir } from '../../server/http/multipart';
import { runFfmpeg } from '../../server/media/ffmpeg';
import { mediaDirOf } from '../../server/media/storage';
import { startTranscriptionFake, type TranscriptionFake } from './fakes/openai-transcription';
import { MAX_ATTEMPTS } from '../../server/domain/transcriptions/run';
import { TRANSCRIBE_QUEUE } from '../../server/jobs/transcribe';
import { runServer, type RunningServer } from '../../server/server';
import { ApiClient, as, crashedHeartbeat, bodyOf, createTestApp, createTestDatabase, errorsOf, messageOf, uniqueEmail, type TestApp, type TestDatabase } from './helpers';
import { filesUnder, multipart, type FilePart } from './media-fixtures';
import { expectTimingsValid, speechSample, type SpeechSample } from './stt-speech-sample';

const LIMIT_MB = 1;

let dir: string;
let sample: SpeechSample;
let video: Buffer;
let fake: TranscriptionFake;

/** Finished uploads by user and id, as the tus uploads would hand them over. */
const finished = new Map<string, FinishedUpload>();
const uploads = { finishedUpload: (userId: number, uploadId: string) => Promise.resolve(finished.get(`${userId}:${uploadId}`) ?? null) };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'transcriptions-api-'));
  sample = await speechSample(join(dir, 'speech.wav'));
  // A phone-like video: a test pattern with the speech as its sound track.
  const videoPath = join(dir, 'clip.mp4');
  await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=10', '-i', sample.path, '-shortest', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-y', videoPath]);
  video = await readFile(videoPath);
  fake = await startTranscriptionFake('openai');
});
afterAll(async () => {
  await fake.close();
  await rm(dir, { recursive: true, force: true });
});

const engineEnv = () => ({
  STT_PROVIDER: 'openai',
  STT_OPENAI_BASE_URL: `${fake.url}/v1`,
  STT_OPENAI_API_KEY: 'stt-test-key',
  TRANSCRIPTION_MAX_UPLOAD_MB: String(LIMIT_MB),
  RATE_LIMIT_TRANSCRIPTIONS: '100000 per minute',
});

describe('transcriptions API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engineEnv(), undefined, { uploads });
  });
  afterAll(() => t.close());

  const post = (token: string | null, fields: Record<string, string>, files: FilePart[], idempotencyKey?: string) => {
    const body = multipart(fields, files);
    return t.app.inject({
      method: 'POST',
      url: '/api/transcriptions',
      payload: body.payload,
      headers: {
        ...body.headers,
        accept: 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : { cookie: 'XSRF-TOKEN=x', 'x-xsrf-token': 'x' }),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
    });
  };
  const videoFile = (data = video, filename = 'My holiday.mp4'): FilePart => ({ field: 'video_file', filename, contentType: 'video/mp4', data });
  const standard = { process_now: '1', skip_size_check: '0', render_video: '0' };
  const userFiles = (userId: number) => filesUnder(join(mediaDirOf(t.config), 'users', String(userId)));
  const spoolFiles = () => filesUnder(uploadSpoolDir(t.config.dataDir));
  const rowsOf = (userId: number) => t.database.db.select().from(transcriptions).where(eq(transcriptions.userId, userId));
  // Work folders live under this process's temp root (server/media/temp-roots.ts).
  const workDirs = async () => (await readdir(await processTempRoot())).filter((name) => name.startsWith('reelflow-transcribe-'));
  const settle = async () => t.jobs.drain();

  it('says which engine is configured before any upload', async () => {
    const { token } = await t.client.register(uniqueEmail('engine'));
    const response = await t.client.get('/api/speech-engine', as(token));
    expect(response.statusCode).toBe(200);
    expect(response.json<SpeechEngineStatus>()).toEqual({
      configured: true,
      engine: { id: 'openai', label: 'The transcription endpoint' },
      rough_draft: false,
      max_upload_bytes: LIMIT_MB * 1024 * 1024,
      message: null,
    });
    expect((await t.client.get('/api/speech-engine')).statusCode).toBe(401);
  });

  it('transcribes an uploaded video in the background: words, text, language, list, SRT and VTT', async () => {
    const { token, user } = await t.client.register(uniqueEmail('creator'));
    fake.expect(sample.truth);
    const tempBefore = await workDirs();
    const created = await post(token, { ...standard, language: 'auto', caption_settings: JSON.stringify({ preset: 'clean', words_per_line: 2, lines: 1 }) }, [videoFile()]);
    expect(created.statusCode, created.body).toBe(202);
    const queued = created.json<TranscriptionResponse>().transcription;
    expect(queued).toMatchObject({ title: 'My holiday', status: 'queued', progress: 0, words: [], text: null, captions: null, render_video: false, media_type: 'video/mp4', media_size: video.length });
    expect(queued.caption_settings).toEqual({ preset: 'clean', words_per_line: 2, lines: 1 });
    expect(spoolFiles()).toEqual([]);

    await settle();
    const shown = await t.client.get(`/api/transcriptions/${queued.id}`, as(token));
    expect(shown.statusCode).toBe(200);
    const done = shown.json<TranscriptionResponse>().transcription;
    expect(done).toMatchObject({ status: 'completed', progress: 100, stage: null, error: null, language: 'en', engine: { id: 'openai', label: 'The transcription endpoint' }, rough_draft: false });
    expect(done.words.map((word) => word.word)).toEqual(sample.truth.map((word) => word.word));
    expect(done.text).toBe(sample.truth.map((word) => word.word).join(' '));
    expect(done.duration).toBeGreaterThan(sample.duration - 0.2);
    expectTimingsValid(done.words, done.duration!);
    expect(done.words.at(-1)!.end).toBeLessThanOrEqual(sample.duration + 0.1);
    // The engine got compact audio, not the video.
    expect(fake.uploads.at(-1)!.fileType).toBe('audio/mpeg');
    expect(await workDirs()).toEqual(tempBefore);

    // The media plays through its signed URL.
    const media = await t.app.inject({ method: 'GET', url: done.media_url });
    expect(media.statusCode).toBe(200);
    expect(media.rawPayload.equals(video)).toBe(true);
    expect(userFiles(user.id)).toHaveLength(1);

    const list = await t.client.get('/api/transcriptions?status=completed&search=holiday', as(token));
    expect(list.statusCode).toBe(200);
    const page = list.json<Paginated<TranscriptionSummary>>();
    expect(page).toMatchObject({ total: 1, current_page: 1, from: 1, to: 1 });
    expect(page.data[0]).toMatchObject({ id: done.id, status: 'completed', text: done.text });
    expect(page.data[0]).not.toHaveProperty('words');
    expect((await t.client.get('/api/transcriptions?status=failed', as(token))).json<Paginated<TranscriptionSummary>>().total).toBe(0);

    const srt = await t.client.get(done.captions!.srt, as(token));
    expect(srt.statusCode).toBe(200);
    expect(srt.headers['content-type']).toMatch(/^application\/x-subrip/);
    const cues = srt.body.trim().split(/\n\n/);
    // words_per_line 2 × lines 1 from the caption settings: at most two words a cue.
    expect(cues.length).toBeGreaterThanOrEqual(Math.ceil(done.words.length / 2));
    let previousEnd = 0;
    cues.forEach((cue, index) => {
      const [number, timing, ...text] = cue.split('\n');
      expect(number).toBe(String(index + 1));
      const match = /^(\d\d):(\d\d):(\d\d),(\d\d\d) --> (\d\d):(\d\d):(\d\d),(\d\d\d)$/.exec(timing!);
      expect(match, timing).not.toBeNull();
      const seconds = (h: string, m: string, s: string, ms: string) => Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000;
      const start = seconds(match![1]!, match![2]!, match![3]!, match![4]!);
      const end = seconds(match![5]!, match![6]!, match![7]!, match![8]!);
      expect(start).toBeGreaterThanOrEqual(previousEnd);
      expect(end).toBeGreaterThan(start);
      expect(text.join(' ').split(' ').length).toBeLessThanOrEqual(2);
      previousEnd = end;
    });
    const vtt = await t.client.get(done.captions!.vtt, as(token));
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toMatch(/^text\/vtt/);
    expect(vtt.body.startsWith('WEBVTT\n\n')).toBe(true);
    expect(vtt.body.match(/^\d\d:\d\d:\d\d\.\d\d\d --> \d\d:\d\d:\d\d\.\d\d\d$/gm)).toHaveLength(cues.length);

    const usage = (await t.client.get('/api/user/usage', as(token))).json<{ data: { limit: string; used: number }[] }>();
    expect(usage.data.find((entry) => entry.limit === 'transcriptions_per_month')?.used).toBe(1);
  });

  it('takes the Laravel-style caption_settings[key] fields the PWA form helper sends', async () => {
    const { token } = await t.client.register(uniqueEmail('form'));
    const created = await post(token, { ...standard, process_now: '0', 'caption_settings[preset]': 'neon', 'caption_settings[words_per_line]': '3', 'caption_settings[uppercase]': '0' }, [
      { field: 'video_file', filename: 'voice.wav', contentType: 'audio/wav', data: sample.wav },
    ]);
    expect(created.statusCode, created.body).toBe(202);
    const body = created.json<TranscriptionResponse>().transcription;
    expect(body).toMatchObject({ caption_settings: { preset: 'neon', words_per_line: 3, uppercase: false }, media_type: 'audio/wav', process_now: false, status: 'queued' });
    // Not processed now: no job ran.
    await settle();
    expect((await t.client.get(`/api/transcriptions/${body.id}`, as(token))).json<TranscriptionResponse>().transcription.status).toBe('queued');
    const srt = await t.client.get(`/api/transcriptions/${body.id}/captions.srt`, as(token));
    expect(srt.statusCode).toBe(409);
  });

  it('JSON form: transcribes a finished upload named by upload_id, and another user cannot use it', async () => {
    const alice = await t.client.register(uniqueEmail('alice'));
    const bob = await t.client.register(uniqueEmail('bob'));
    const uploadPath = join(dir, 'upload-alice.mp4');
    await copyFile(join(dir, 'clip.mp4'), uploadPath);
    finished.set(`${alice.user.id}:up-1`, { size: video.length, filename: 'Interview.mp4', mimeType: 'video/mp4', copyTo: (destination) => copyFile(uploadPath, destination) });

    const stolen = await t.client.post('/api/transcriptions', { upload_id: 'up-1', process_now: 1 }, as(bob.token));
    expect(stolen.statusCode).toBe(422);
    expect(errorsOf(stolen)).toEqual({ upload_id: ['The selected upload does not exist or has not finished.'] });

    fake.expect(sample.truth);
    const created = await t.client.post('/api/transcriptions', { upload_id: 'up-1', process_now: 1, render_video: 1, skip_size_check: 0, language: 'en', caption_settings: { preset: 'karaoke-box' } }, as(alice.token));
    expect(created.statusCode, created.body).toBe(202);
    const queued = created.json<TranscriptionResponse>().transcription;
    expect(queued).toMatchObject({ title: 'Interview', render_video: true, caption_settings: { preset: 'karaoke-box' }, language: 'en' });
    await settle();
    const done = (await t.client.get(`/api/transcriptions/${queued.id}`, as(alice.token))).json<TranscriptionResponse>().transcription;
    expect(done.status).toBe('completed');
    expect(fake.uploads.at(-1)!.fields.language).toEqual(['en']);
    expectTimingsValid(done.words, done.duration!);
    // The finished upload stays the upload server's own.
    expect((await readdir(dir)).includes('upload-alice.mp4')).toBe(true);

    // Owner scoping: bob sees nothing of alice's.
    for (const url of [`/api/transcriptions/${done.id}`, `/api/transcriptions/${done.id}/captions.srt`, `/api/transcriptions/${done.id}/captions.vtt`]) {
      expect((await t.client.get(url, as(bob.token))).statusCode, url).toBe(404);
    }
    expect((await t.client.get('/api/transcriptions', as(bob.token))).json<Paginated<TranscriptionSummary>>().total).toBe(0);
  });

  it('without the uploads service, upload_id is a 422', async () => {
    const other = await createTestApp(engineEnv());
    try {
      const { token } = await other.client.register(uniqueEmail('no-tus'));
      const response = await other.client.post('/api/transcriptions', { upload_id: 'anything', process_now: 1 }, as(token));
      expect(response.statusCode).toBe(422);
      expect(errorsOf(response)).toHaveProperty('upload_id');
    } finally {
      await other.close();
    }
  });

  it('a retried create with the same id (or Idempotency-Key) answers the same transcription once', async () => {
    const { token, user } = await t.client.register(uniqueEmail('retry'));
    const id = randomUUID();
    const fields = { ...standard, process_now: '0', id };
    const first = await post(token, fields, [videoFile()]);
    expect(first.statusCode).toBe(202);
    const again = await post(token, fields, [videoFile()]);
    expect(again.statusCode).toBe(200);
    expect(again.json<TranscriptionResponse>().transcription.id).toBe(id);
    const keyed = await post(token, { ...standard, process_now: '0' }, [videoFile()], 'key-1');
    const replay = await post(token, { ...standard, process_now: '0' }, [videoFile()], 'key-1');
    expect(keyed.statusCode).toBe(202);
    expect(replay.statusCode).toBe(202);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json<TranscriptionResponse>().transcription.id).toBe(keyed.json<TranscriptionResponse>().transcription.id);
    expect(await rowsOf(user.id)).toHaveLength(2);
    expect(userFiles(user.id)).toHaveLength(2);
    expect(spoolFiles()).toEqual([]);
    // Someone else's id is taken.
    const { token: other } = await t.client.register(uniqueEmail('retry-other'));
    const taken = await post(other, fields, [videoFile()]);
    expect(taken.statusCode).toBe(422);
    expect(errorsOf(taken)).toEqual({ id: ['The id has already been taken.'] });
  });

  it('refuses a missing, empty, non-media, silent or too-large file and keeps nothing', async () => {
    const { token, user } = await t.client.register(uniqueEmail('refused'));
    const missing = await post(token, standard, []);
    expect(missing.statusCode).toBe(422);
    expect(errorsOf(missing)).toEqual({ video_file: ['The video file field is required.'] });
    const empty = await post(token, standard, [videoFile(Buffer.alloc(0))]);
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(errorsOf(empty))).toEqual(['video_file']);
    const text = await post(token, standard, [videoFile(Buffer.from('this is not a video, only words in a file '.repeat(50)))]);
    expect(text.statusCode).toBe(422);
    expect(errorsOf(text).video_file?.[0]).toMatch(/^The file must be a video or audio file/);
    const silentPath = join(dir, 'silent.mp4');
    await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=10:duration=1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-y', silentPath]);
    const silent = await post(token, standard, [videoFile(await readFile(silentPath))]);
    expect(silent.statusCode).toBe(422);
    expect(errorsOf(silent)).toEqual({ video_file: ['This file has no sound to transcribe.'] });
    const big = Buffer.alloc(Math.round(LIMIT_MB * 1024 * 1024) + 10_000, 7);
    const tooLarge = await post(token, standard, [videoFile(big)]);
    expect(tooLarge.statusCode).toBe(413);
    expect(messageOf(tooLarge)).toBe(`The file is too large. The server accepts files up to ${LIMIT_MB} MB.`);
    // What the PWA turns into "Server file size limit exceeded … the server limit is 1.00 MB".
    expect(isUploadSizeFailure(413, bodyOf(tooLarge))).toBe(true);
    expect(serverLimitText(bodyOf(tooLarge))).toBe('1.00 MB');
    const badFields = await post(token, { process_now: 'yes', language: 'english!', caption_settings: '{oops' }, [videoFile()]);
    expect(badFields.statusCode).toBe(422);
    expect(Object.keys(errorsOf(badFields)).sort()).toEqual(['caption_settings', 'language', 'process_now']);
    expect(await rowsOf(user.id)).toEqual([]);
    expect(userFiles(user.id)).toEqual([]);
    expect(spoolFiles()).toEqual([]);
  });

  it('needs a token, the caption permission and room in the monthly limit', async () => {
    expect((await post(null, standard, [videoFile()])).statusCode).toBe(401);
    expect((await t.client.get('/api/transcriptions')).statusCode).toBe(401);

    const { token, user } = await t.client.register(uniqueEmail('limits'));
    const free = PLANS.free as PlanDefinition;
    const abilities = free.abilities;
    free.abilities = abilities.filter((ability) => ability !== 'can_create_video_caption');
    try {
      const forbidden = await post(token, standard, [videoFile()]);
      expect(forbidden.statusCode).toBe(403);
      expect(bodyOf(forbidden)).toEqual({ message: 'Your plan does not include transcribing videos. Upgrade your plan to create captions.' });
      expect((await t.client.get('/api/transcriptions', as(token))).statusCode).toBe(403);
    } finally {
      free.abilities = abilities;
    }

    const limit = free.limits.transcriptions_per_month!.value!;
    for (let index = 0; index < limit; index++) {
      const created = await post(token, { ...standard, process_now: '0' }, [{ field: 'video_file', filename: `take ${index}.wav`, data: sample.wav }]);
      expect(created.statusCode, created.body).toBe(202);
    }
    const over = await post(token, { ...standard, process_now: '0' }, [videoFile()]);
    expect(over.statusCode).toBe(403);
    expect(messageOf(over)).toBe(`Your Free plan includes ${limit} transcriptions a month and they are used up. Upgrade your plan to transcribe more this month.`);
    expect(await rowsOf(user.id)).toHaveLength(limit);
    const usage = (await t.client.get('/api/user/usage', as(token))).json<{ data: { limit: string; used: number }[] }>();
    expect(usage.data.find((entry) => entry.limit === 'transcriptions_per_month')?.used).toBe(limit);
  });

  it('an id that is not a uuid is a 422, an unknown one a 404', async () => {
    const { token } = await t.client.register(uniqueEmail('ids'));
    expect((await t.client.get('/api/transcriptions/nope', as(token))).statusCode).toBe(422);
    expect((await t.client.get(`/api/transcriptions/${randomUUID()}`, as(token))).statusCode).toBe(404);
    expect((await t.client.get(`/api/transcriptions/${randomUUID()}/captions.vtt`, as(token))).statusCode).toBe(404);
  });
});

describe('transcriptions when the engine fails or is missing', () => {
  it('without a speech engine: 503 with the plain explanation, nothing stored', async () => {
    const t = await createTestApp({ STT_PROVIDER: 'none' });
    try {
      const { token, user } = await t.client.register(uniqueEmail('no-engine'));
      const engine = (await t.client.get('/api/speech-engine', as(token))).json<SpeechEngineStatus>();
      expect(engine).toMatchObject({ configured: false, engine: null, rough_draft: false });
      // Plain words for the creator; the settings are in the server's log, not in the answer.
      expect(engine.message).toBe('Transcription isn’t available on this server yet. Ask its administrator to set up a speech-to-text engine.');
      const body = multipart({ process_now: '1' }, [{ field: 'video_file', filename: 'a.mp4', data: video }]);
      const response = await t.app.inject({ method: 'POST', url: '/api/transcriptions', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
      expect(response.statusCode).toBe(503);
      expect(bodyOf(response)).toEqual({ message: engine.message, code: 'no_speech_engine' });
      expect(await t.database.db.select().from(transcriptions).where(eq(transcriptions.userId, user.id))).toEqual([]);
      expect(filesUnder(uploadSpoolDir(t.config.dataDir))).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('an engine that refuses the key: failed with a plain error, the media kept', async () => {
    const t = await createTestApp({ ...engineEnv(), STT_OPENAI_API_KEY: 'wrong-key' });
    try {
      const { token } = await t.client.register(uniqueEmail('bad-key'));
      const body = multipart({ process_now: '1' }, [{ field: 'video_file', filename: 'a.wav', data: sample.wav }]);
      const created = await t.app.inject({ method: 'POST', url: '/api/transcriptions', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
      expect(created.statusCode).toBe(202);
      await t.jobs.drain();
      const failed = (await t.client.get(`/api/transcriptions/${created.json<TranscriptionResponse>().transcription.id}`, as(token))).json<{ transcription: Transcription }>().transcription;
      expect(failed).toMatchObject({ status: 'failed', words: [], text: null, captions: null });
      expect(failed.error).toMatch(/^The speech engine refused this server's key/);
      // The upload is kept (a later try needs no new upload) and still plays for its owner.
      expect((await t.app.inject({ method: 'GET', url: failed.media_url })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('transcriptions when the engine cannot be reached', () => {
  it('is queued again after each temporary failure, then failed with a plain error after the last try', { timeout: 120_000 }, async () => {
    // Nothing listens on port 9: every request fails as "unreachable" (a temporary failure).
    const t = await createTestApp({ ...engineEnv(), STT_OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' }, undefined, { transcriptionRetryMs: 20 });
    try {
      const { token } = await t.client.register(uniqueEmail('unreachable'));
      const body = multipart({ process_now: '1' }, [{ field: 'video_file', filename: 'a.wav', data: sample.wav }]);
      const created = await t.app.inject({ method: 'POST', url: '/api/transcriptions', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
      expect(created.statusCode).toBe(202);
      const { id } = created.json<TranscriptionResponse>().transcription;
      // Each try comes back after the queue's retry delay (a second): wait for those too.
      await t.jobs.drain({ withinMs: 10_000 });
      const [row] = await t.database.db.select().from(transcriptions).where(eq(transcriptions.id, id));
      expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, heartbeatAt: null });
      expect(row!.error).toMatch(new RegExp(`^The speech engine could not be reached after ${MAX_ATTEMPTS} tries: .+ Try again later\\.$`));
    } finally {
      await t.close();
    }
  });
});

describe('transcribe queue on pg-boss', () => {
  let testDb: TestDatabase;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    testDb = await createTestDatabase(engineEnv());
  });
  afterAll(async () => {
    await server?.stop();
    await testDb.cleanup();
  });

  it('the server queues a created transcription on pg-boss, works it, and starts over one a crash left processing', { timeout: 240_000 }, async () => {
    server = await runServer({ ...testDb.config, port: 0 }, { logger: false });
    const { token } = await new ApiClient(server.app).register(uniqueEmail('queue'));
    const statusOf = async (id: string) => (await server!.database.db.select().from(transcriptions).where(eq(transcriptions.id, id)))[0];
    const waitFor = async (id: string, wanted: string) => {
      const deadline = Date.now() + 120_000;
      while ((await statusOf(id))?.status !== wanted && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
      return (await statusOf(id))?.status;
    };
    fake.expect(sample.truth);
    const body = multipart({ process_now: '1' }, [{ field: 'video_file', filename: 'queued.mp4', data: video }]);
    const created = await server.app.inject({ method: 'POST', url: '/api/transcriptions', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
    expect(created.statusCode, created.body).toBe(202);
    const { id } = created.json<TranscriptionResponse>().transcription;
    const jobs = await server.database.raw.query(`select count(*)::int as n from pgboss.job where name = $1 and data->>'transcriptionId' = $2`, [TRANSCRIBE_QUEUE, id]);
    expect(jobs.rows[0]!.n).toBe(1);
    expect(await waitFor(id, 'completed')).toBe('completed');

    // What a crash mid-run leaves behind: processing, with a heartbeat.
    await server.stop();
    server = undefined;
    await testDb.open().then(async (database) => {
      await database.db.update(transcriptions).set({ status: 'processing', stage: 'transcribing', words: null, heartbeatAt: crashedHeartbeat() }).where(eq(transcriptions.id, id));
      await database.close();
    });
    fake.expect(sample.truth);
    server = await runServer({ ...testDb.config, port: 0 }, { logger: false });
    expect(await waitFor(id, 'completed')).toBe('completed');
    const again = await statusOf(id);
    expect(again!.attempts).toBe(2);
    expectTimingsValid(again!.words!, again!.duration!);
  });
});
