// Editing and rendering a transcription through the app: the creator's
// corrected words and caption settings (checked per field, text recomputed, SRT following, safe to
// replay), and the captioned video burned from them in the background — asked for or queued by
// render_video at create — served signed to its owner only, outdated (not deleted) by a later
// edit, refused for audio, for the style "none" and for another user.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WordTiming } from '../../contract/captions';
import type { Transcription, TranscriptionResponse } from '../../contract/transcriptions';
import { MAX_TRANSCRIPTION_WORDS } from '../../contract/transcriptions';
import { ffmpegPath, probe, runFfmpeg } from '../../server/media/ffmpeg';
import { startTranscriptionFake, type TranscriptionFake } from './fakes/openai-transcription';
import { eq } from 'drizzle-orm';
import { transcriptions } from '../../server/db/schema';
import { RENDER_CAPTIONS_QUEUE } from '../../server/jobs/transcribe';
import { runServer, type RunningServer } from '../../server/server';
import { ApiClient, as, createTestApp, createTestDatabase, errorsOf, messageOf, uniqueEmail, type TestApp, type TestDatabase } from './helpers';
import { multipart, type FilePart } from './media-fixtures';
import { speechSample, type SpeechSample } from './stt-speech-sample';

let dir: string;
let sample: SpeechSample;
let video: Buffer;
let fake: TranscriptionFake;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'transcription-edit-'));
  sample = await speechSample(join(dir, 'speech.wav'));
  // A black picture (so drawn captions show as brightness) with the speech as its sound track.
  const videoPath = join(dir, 'clip.mp4');
  await runFfmpeg(['-f', 'lavfi', '-i', 'color=c=black:size=320x240:rate=10', '-i', sample.path, '-shortest', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-y', videoPath]);
  video = await readFile(videoPath);
  fake = await startTranscriptionFake('openai');
});
afterAll(async () => {
  await fake.close();
  await rm(dir, { recursive: true, force: true });
});

/** Mean brightness (0–255) of the frame at `seconds`. */
function brightness(path: string, seconds: number): number {
  const result = spawnSync(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-ss', String(seconds), '-i', path, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', '-'], { maxBuffer: 16 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(result.stderr.toString());
  return result.stdout.reduce((sum, value) => sum + value, 0) / result.stdout.length;
}

const engineEnv = () => ({
  STT_PROVIDER: 'openai',
  STT_OPENAI_BASE_URL: `${fake.url}/v1`,
  STT_OPENAI_API_KEY: 'stt-test-key',
  RATE_LIMIT_TRANSCRIPTIONS: '100000 per minute',
});

describe('editing and rendering transcriptions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engineEnv());
  });
  afterAll(() => t.close());

  const settle = async () => t.jobs.drain();
  const videoFile = (): FilePart => ({ field: 'video_file', filename: 'Talk.mp4', contentType: 'video/mp4', data: video });
  const create = async (token: string, fields: Record<string, string>, file: FilePart = videoFile()): Promise<Transcription> => {
    fake.expect(sample.truth);
    const body = multipart({ process_now: '1', skip_size_check: '0', render_video: '0', ...fields }, [file]);
    const response = await t.app.inject({ method: 'POST', url: '/api/transcriptions', payload: body.payload, headers: { ...body.headers, accept: 'application/json', authorization: `Bearer ${token}` } });
    expect(response.statusCode, response.body).toBe(202);
    await settle();
    return show(token, response.json<TranscriptionResponse>().transcription.id);
  };
  const show = async (token: string, id: string) => (await t.client.get(`/api/transcriptions/${id}`, as(token))).json<TranscriptionResponse>().transcription;
  const edit = (token: string, id: string, body: unknown) => t.client.put(`/api/transcriptions/${id}`, body, as(token));
  const render = (token: string, id: string) => t.client.post(`/api/transcriptions/${id}/render`, {}, as(token));
  const workDirs = async () => (await readdir(tmpdir())).filter((name) => name.startsWith('reelflow-caption-render-'));

  it('takes corrected words: text recomputed, SRT follows, a replay answers the same, a stale base is a 409', async () => {
    const { token } = await t.client.register(uniqueEmail('editor'));
    const done = await create(token, { caption_settings: JSON.stringify({ preset: 'clean' }) });
    expect(done).toMatchObject({ status: 'completed', render_status: 'none', render_progress: 0, render_error: null, render_outdated: false, captioned_url: null, captioned_download_url: null });
    const words: WordTiming[] = done.words.map((word, index) => (index === 0 ? { ...word, word: 'Howdy' } : word));
    // The second word moved a little later, still before the third.
    const second = words[1]!;
    words[1] = { ...second, start: second.start + 0.01, end: second.end + 0.01 < words[2]!.start ? second.end + 0.01 : second.end };

    const saved = await edit(token, done.id, { words, base_updated_at: done.updated_at });
    expect(saved.statusCode, saved.body).toBe(200);
    const edited = saved.json<TranscriptionResponse>().transcription;
    expect(edited.words).toEqual(words);
    expect(edited.text).toBe(['Howdy', ...done.words.slice(1).map((word) => word.word)].join(' '));
    expect(edited.updated_at).not.toBe(done.updated_at);
    expect((await show(token, done.id)).words).toEqual(words);
    const srt = await t.client.get(done.captions!.srt, as(token));
    expect(srt.body).toContain('Howdy');
    expect(srt.body).not.toMatch(/^Hello\b/m);

    // The outbox replays the same body (even with its old base): the same answer, nothing written.
    const replay = await edit(token, done.id, { words, base_updated_at: done.updated_at });
    expect(replay.statusCode).toBe(200);
    expect(replay.json<TranscriptionResponse>().transcription).toEqual({ ...edited, media_url: expect.any(String) as string });
    // A different edit made on the old version is refused; caption settings sent without a base: the last write wins.
    const stale = await edit(token, done.id, { caption_settings: { preset: 'neon' }, base_updated_at: done.updated_at });
    expect(stale.statusCode).toBe(409);
    expect(messageOf(stale)).toMatch(/changed somewhere else/);
    const latest = await edit(token, done.id, { caption_settings: { preset: 'neon', words_per_line: 1 } });
    expect(latest.statusCode).toBe(200);
    expect(latest.json<TranscriptionResponse>().transcription.caption_settings).toEqual({ preset: 'neon', words_per_line: 1 });
    expect((await t.client.get(done.captions!.srt, as(token))).body.match(/ --> /g)).toHaveLength(words.length);
  });

  it('saves words only against the version they were corrected on: stale is a 409, none is a 422, both leave the words alone', async () => {
    const { token } = await t.client.register(uniqueEmail('versions'));
    const done = await create(token, {});
    expect(done.words.length).toBeGreaterThan(1);
    const stored = async () => (await show(token, done.id)).words;
    // Another device saves first: the version this editor loaded is now an older one.
    const elsewhere = done.words.map((word, index) => (index === 0 ? { ...word, word: 'Elsewhere' } : word));
    const first = await edit(token, done.id, { words: elsewhere, base_updated_at: done.updated_at });
    expect(first.statusCode, first.body).toBe(200);
    const current = first.json<TranscriptionResponse>().transcription;
    expect(current.updated_at).not.toBe(done.updated_at);

    // An editor that never received the words saves "none" against the version it loaded.
    const stale = await edit(token, done.id, { words: [], base_updated_at: done.updated_at });
    expect(stale.statusCode).toBe(409);
    expect(messageOf(stale)).toMatch(/changed somewhere else/);
    expect(await stored()).toEqual(elsewhere);

    // Without a version, words are refused on that field, and nothing is written.
    const unversioned = await edit(token, done.id, { words: [] });
    expect(unversioned.statusCode).toBe(422);
    expect(errorsOf(unversioned).base_updated_at?.[0]).toMatch(/required with words/);
    expect(await stored()).toEqual(elsewhere);

    // Against the current version the save applies (an empty list included: all words removed).
    const applied = await edit(token, done.id, { words: elsewhere.slice(1), base_updated_at: current.updated_at });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await stored()).toEqual(elsewhere.slice(1));
    // The caption settings alone still need no version: they cannot replace a word.
    expect((await edit(token, done.id, { caption_settings: { preset: 'neon' } })).statusCode).toBe(200);
    expect(await stored()).toEqual(elsewhere.slice(1));
  });

  it('refuses broken edits with a 422 on the exact field, another user with a 404, an unfinished one with a 409', async () => {
    const { token } = await t.client.register(uniqueEmail('checks'));
    const done = await create(token, {});
    const words = done.words;
    const cases: [unknown, string, RegExp][] = [
      [{ words: words.map((w, i) => (i === 2 ? { ...w, start: words[1]!.start } : w)) }, 'words.2.start', /must not overlap/],
      [{ words: words.map((w, i) => (i === words.length - 1 ? { ...w, end: done.duration! + 5 } : w)) }, `words.${words.length - 1}.end`, /ends after the audio/],
      [{ words: words.map((w, i) => (i === 1 ? { ...w, word: '   ' } : w)) }, 'words.1.word', /cannot be empty/],
      [{ words: words.map((w, i) => (i === 0 ? { ...w, end: w.start - 0.01 } : w)) }, 'words.0.end', /ends before it starts/],
      [{ words: [{ word: 'x', start: -1, end: 0.1 }] }, 'words.0.start', /before the beginning/],
      [{ words: [{ word: 'x', start: null, end: 0.1 }] }, 'words.0.start', /number of seconds/],
      [{ words: [{ word: 'x', start: 'soon', end: 0.1 }] }, 'words.0.start', /number of seconds/],
      [{ words: [{ word: 'x'.repeat(101), start: 0, end: 0.1 }] }, 'words.0.word', /longer than 100/],
      [{ words: Array.from({ length: MAX_TRANSCRIPTION_WORDS + 1 }, () => ({ word: 'a', start: 0, end: 0 })) }, 'words', /at most/],
      [{ words: 'hello' }, 'words', /The words field must be/],
      [{ caption_settings: { preset: 'sparkles' } }, 'caption_settings.preset', /preset is invalid/],
      [{}, 'words', /words or caption settings/],
      [{ words, base_updated_at: 'yesterday' }, 'base_updated_at', /ISO date-time/],
    ];
    for (const [body, field, message] of cases) {
      // Versioned like the client's saves, so each body reaches the check it is about.
      const response = await edit(token, done.id, { base_updated_at: done.updated_at, ...(body as object) });
      expect(response.statusCode, `${field}: ${response.body.slice(0, 300)}`).toBe(422);
      expect(errorsOf(response)[field]?.[0], JSON.stringify(errorsOf(response)).slice(0, 300)).toMatch(message);
    }
    // A number JSON cannot hold as finite (1e999 parses to Infinity) is refused, not stored.
    const huge = await t.app.inject({
      method: 'PUT',
      url: `/api/transcriptions/${done.id}`,
      payload: `{"words":[{"word":"x","start":0,"end":1e999}],"base_updated_at":"${done.updated_at}"}`,
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token}` },
    });
    expect(huge.statusCode).toBe(422);
    expect(Object.keys(errorsOf(huge))).toEqual(['words.0.end']);
    expect((await show(token, done.id)).words).toEqual(words);

    const other = await t.client.register(uniqueEmail('other'));
    expect((await edit(other.token, done.id, { words })).statusCode).toBe(404);
    expect((await edit(other.token, done.id, { nonsense: true })).statusCode).toBe(404);
    expect((await render(other.token, done.id)).statusCode).toBe(404);

    // Stored without processing: still queued, so nothing to edit or render yet.
    fake.expect(sample.truth);
    const body = multipart({ process_now: '0' }, [videoFile()]);
    const waiting = (await t.app.inject({ method: 'POST', url: '/api/transcriptions', payload: body.payload, headers: { ...body.headers, accept: 'application/json', authorization: `Bearer ${token}` } })).json<TranscriptionResponse>().transcription;
    const early = await edit(token, waiting.id, { words, base_updated_at: waiting.updated_at });
    expect(early.statusCode).toBe(409);
    expect(messageOf(early)).toMatch(/not finished yet/);
    expect((await render(token, waiting.id)).statusCode).toBe(409);
  });

  it('renders the captioned video from the edited words, serves it to its owner, and outdates it on the next edit', async () => {
    const { token } = await t.client.register(uniqueEmail('render'));
    const done = await create(token, { caption_settings: JSON.stringify({ preset: 'none' }) });
    // The style "none" has no captions to burn.
    const none = await render(token, done.id);
    expect(none.statusCode).toBe(422);
    expect(messageOf(none)).toMatch(/Choose a caption style/);
    expect((await show(token, done.id)).render_status).toBe('none');

    // One big word at 0.3–1.5 s, so the frame at 1 s shows it.
    const words: WordTiming[] = [{ word: 'CAPTIONED', start: 0.3, end: 1.5 }, ...done.words.filter((word) => word.start >= 1.5)];
    expect((await edit(token, done.id, { words, caption_settings: { preset: 'bold-pop' }, base_updated_at: done.updated_at })).statusCode).toBe(200);
    const before = await workDirs();
    const queued = await render(token, done.id);
    expect(queued.statusCode, queued.body).toBe(202);
    expect(queued.json<TranscriptionResponse>().transcription.render_status).toBe('queued');
    await settle();
    const rendered = await show(token, done.id);
    expect(rendered).toMatchObject({ render_status: 'completed', render_progress: 100, render_error: null, render_outdated: false });
    expect(await workDirs()).toEqual(before);

    const served = await t.app.inject({ method: 'GET', url: rendered.captioned_url! });
    expect(served.statusCode).toBe(200);
    const local = join(dir, 'served.mp4');
    await writeFile(local, served.rawPayload);
    const facts = await probe(local);
    expect(facts).toMatchObject({ width: 320, height: 240, videoCodec: 'h264', audioCodec: 'aac' });
    expect(Math.abs(facts.duration - (await probe(join(dir, 'clip.mp4'))).duration)).toBeLessThan(0.3);
    expect(brightness(local, 1) - brightness(join(dir, 'clip.mp4'), 1)).toBeGreaterThan(2);
    const download = await t.app.inject({ method: 'GET', url: rendered.captioned_download_url! });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename=.*Talk \(captioned\)\.mp4/);
    // Signed: a changed signature or another path is nothing.
    expect((await t.app.inject({ method: 'GET', url: rendered.captioned_url!.replace(/sig=[^&]+/, 'sig=forged') })).statusCode).toBe(404);

    // Up to date: asking again answers it as it is.
    const again = await render(token, done.id);
    expect(again.statusCode).toBe(200);
    // An edit outdates the video but keeps it.
    const changed = (await edit(token, done.id, { caption_settings: { preset: 'neon' } })).json<TranscriptionResponse>().transcription;
    expect(changed).toMatchObject({ render_status: 'completed', render_outdated: true });
    expect((await t.app.inject({ method: 'GET', url: changed.captioned_url! })).rawPayload.equals(served.rawPayload)).toBe(true);
    // A render that fails (here: the stored media has gone) keeps the previous captioned video.
    const [stored] = await t.database.db.select().from(transcriptions).where(eq(transcriptions.id, done.id));
    await t.database.db.update(transcriptions).set({ mediaKey: `${stored!.mediaKey}.missing` }).where(eq(transcriptions.id, done.id));
    expect((await render(token, done.id)).statusCode).toBe(202);
    await settle();
    const failed = await show(token, done.id);
    expect(failed).toMatchObject({ render_status: 'failed', render_outdated: true });
    expect(failed.render_error).toMatch(/went wrong/);
    expect((await t.app.inject({ method: 'GET', url: failed.captioned_url! })).rawPayload.equals(served.rawPayload)).toBe(true);
    expect(await workDirs()).toEqual(before);
    await t.database.db.update(transcriptions).set({ mediaKey: stored!.mediaKey }).where(eq(transcriptions.id, done.id));

    expect((await render(token, done.id)).statusCode).toBe(202);
    await settle();
    const rerendered = await show(token, done.id);
    expect(rerendered).toMatchObject({ render_status: 'completed', render_outdated: false });
    expect((await t.app.inject({ method: 'GET', url: rerendered.captioned_url! })).rawPayload.equals(served.rawPayload)).toBe(false);
  });

  it('render_video at create renders once transcribed; audio cannot be rendered', async () => {
    const { token } = await t.client.register(uniqueEmail('auto'));
    const done = await create(token, { render_video: '1', caption_settings: JSON.stringify({ preset: 'karaoke-box' }) });
    expect(done).toMatchObject({ status: 'completed', render_video: true, render_status: 'completed', render_outdated: false });
    const served = await t.app.inject({ method: 'GET', url: done.captioned_url! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^video\/mp4/);

    const audio = await create(token, { render_video: '1' }, { field: 'video_file', filename: 'voice.wav', contentType: 'audio/wav', data: sample.wav });
    expect(audio).toMatchObject({ status: 'completed', render_status: 'failed', captioned_url: null });
    expect(audio.render_error).toMatch(/audio file/);
    const refused = await render(token, audio.id);
    expect(refused.statusCode).toBe(422);
    expect(messageOf(refused)).toMatch(/no picture to put captions on/);
  });
});

describe('render-captions queue on pg-boss', () => {
  let testDb: TestDatabase;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    testDb = await createTestDatabase(engineEnv());
  });
  afterAll(async () => {
    await server?.stop();
    await testDb.cleanup();
  });

  it('render_video: the transcribe job hands the finished transcription to the render-captions job', { timeout: 240_000 }, async () => {
    server = await runServer({ ...testDb.config, port: 0 }, { logger: false });
    const { token } = await new ApiClient(server.app).register(uniqueEmail('queue'));
    const rowOf = async (id: string) => (await server!.database.db.select().from(transcriptions).where(eq(transcriptions.id, id)))[0];
    fake.expect(sample.truth);
    const body = multipart({ process_now: '1', render_video: '1', caption_settings: JSON.stringify({ preset: 'clean' }) }, [{ field: 'video_file', filename: 'queued.mp4', data: video }]);
    const created = await server.app.inject({ method: 'POST', url: '/api/transcriptions', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
    expect(created.statusCode, created.body).toBe(202);
    const { id } = created.json<TranscriptionResponse>().transcription;
    const deadline = Date.now() + 120_000;
    while ((await rowOf(id))?.renderStatus !== 'completed' && (await rowOf(id))?.renderStatus !== 'failed' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await rowOf(id)).toMatchObject({ status: 'completed', renderStatus: 'completed', renderError: null });
    const jobs = await server.database.raw.query(`select count(*)::int as n from pgboss.job where name = $1 and data->>'transcriptionId' = $2`, [RENDER_CAPTIONS_QUEUE, id]);
    expect(jobs.rows[0]!.n).toBe(1);
    const shown = (await new ApiClient(server.app).get(`/api/transcriptions/${id}`, as(token))).json<TranscriptionResponse>().transcription;
    const served = await server.app.inject({ method: 'GET', url: shown.captioned_url! });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.length).toBeGreaterThan(1000);
  });
});
