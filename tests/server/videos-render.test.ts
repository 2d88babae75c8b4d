// A real render with no keys: the built-in voice, the built-in visuals
// and the real one-pass compose, checked with ffprobe. And checkpointing: a render stopped in its
// last stage resumes in the next process without recording the voice or drawing the scenes
// again, and a render that failed in its last stage resumes there after a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiVideo } from '../../contract/videos';
import type { Database } from '../../server/db/client';
import { aiVideos } from '../../server/db/schema-videos';
import type { RenderServices } from '../../server/domain/videos/pipeline/services';
import { STALE_HEARTBEAT_MS } from '../../server/domain/shared/claim';
import { composeVideo } from '../../server/media/compose';
import { meanVolume, probe } from '../../server/media/ffmpeg';
import type { ComposeInput } from '../../server/media/types';
import { countingBuiltinVisuals, offlineSpeechProviders, recordingSpeech } from './builtin-engines';
import { ApiClient, as, buildTestServices, createTestDatabase, startTestApp, uniqueEmail, type TestDatabase } from './helpers';

const SCRIPT = 'Octopuses have three hearts, and two of them stop when they swim. Their blood is blue because it carries copper. They can even taste things with their arms.';

describe('rendering a real video with no keys', () => {
  let testDb: TestDatabase;
  let database: Database;
  const speech = offlineSpeechProviders();
  const voice = recordingSpeech(speech.builtin);
  const visuals = countingBuiltinVisuals();
  /** What the next compose does instead of composing: hang until stopped, or fail. */
  const composeHooks: Array<'hang' | 'fail'> = [];
  let renderStarted: () => void = () => {};
  const compose: RenderServices['compose'] = async (input: ComposeInput, onProgress, signal) => {
    const hook = composeHooks.shift();
    if (hook === 'fail') throw new Error('simulated encoder crash');
    if (hook === 'hang') {
      renderStarted();
      await new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(new Error('stopped')), { once: true }));
    }
    return composeVideo(input, onProgress, signal);
  };
  const work = mkdtempSync(join(tmpdir(), 'reelflow-render-test-'));

  const start = async () => {
    database = await testDb.open();
    const services = await buildTestServices(testDb.config, database, { speech, renderOverrides: { speech: { builtin: voice }, visuals, compose } });
    const app = await startTestApp(services);
    return { app, services, client: new ApiClient(app) };
  };

  beforeAll(async () => {
    testDb = await createTestDatabase({ RATE_LIMIT_VIDEOS: '1000 per minute' });
  });
  afterAll(async () => {
    await speech.close?.();
    await testDb.cleanup();
    rmSync(work, { recursive: true, force: true });
  });

  it('renders 1080x1920 H.264/AAC at 30 fps as long as the narration, resuming after a crash in the last stage', { timeout: 240_000 }, async () => {
    let { app, client } = await start();
    const { token } = await client.register(uniqueEmail('render'));
    const rendering = new Promise<void>((resolve) => (renderStarted = resolve));
    composeHooks.push('hang');
    const created = (await client.request('POST', '/api/ai-videos', { script: SCRIPT }, as(token))).json<AiVideo>();
    await rendering;
    const midway = (await client.request('GET', `/api/ai-videos/${created.id}`, undefined, as(token))).json<AiVideo>();
    expect(midway).toMatchObject({ status: 'processing', stage: 'render' });
    expect(midway.stages.map((stage) => stage.status)).toEqual(['done', 'done', 'done', 'done', 'skipped', 'done', 'running']);
    const scenes = visuals.drawn;
    expect(scenes).toBeGreaterThanOrEqual(2);

    // The process goes away mid-render; what a crash leaves is a processing row with a heartbeat.
    await app.close();
    await database.db.update(aiVideos).set({ status: 'processing', heartbeatAt: sql`now()` }).where(eq(aiVideos.id, created.id));
    await database.close();
    const restarted = await start();
    ({ app, client } = restarted);
    const { services } = restarted;
    // With the embedded database the restarted process owns every unfinished job and resumes it at
    // once; on Postgres other processes may be running, so the render is taken over once its
    // heartbeat has gone stale (and its retry comes due): wait through that.
    await services.jobRunner.drain({ withinMs: STALE_HEARTBEAT_MS + 20_000 });

    const video = (await client.request('GET', `/api/ai-videos/${created.id}`, undefined, as(token))).json<AiVideo>();
    expect(video.status).toBe('completed');
    expect(voice.calls).toBe(1);
    expect(visuals.drawn).toBe(scenes);
    const [row] = await database.db.select().from(aiVideos).where(eq(aiVideos.id, created.id));
    expect(row!.attempts).toBe(2);
    const narration = row!.checkpoint.voice!.duration;
    const file = await services.render.storage.download(row!.videoKey!, join(work, 'video.mp4'));
    const probed = await probe(file);
    expect(probed).toMatchObject({ width: 1080, height: 1920, videoCodec: 'h264', audioCodec: 'aac', fps: 30 });
    // The narration plus its short tail.
    expect(probed.duration).toBeGreaterThan(narration);
    expect(probed.duration).toBeLessThan(narration + 1.2);
    expect(video.ai_video.duration).toBeCloseTo(probed.duration, 0);
    expect((await meanVolume(file)).mean).toBeGreaterThan(-45);
    await app.close();
    await database.close();
  });

  it('resumes a failed render at the stage that failed after a restart', { timeout: 240_000 }, async () => {
    const { app, services, client } = await start();
    const { token } = await client.register(uniqueEmail('restart'));
    composeHooks.push('fail');
    const voiceBefore = voice.calls;
    const created = (await client.request('POST', '/api/ai-videos', { script: SCRIPT, aspect_ratio: '1:1' }, as(token))).json<AiVideo>();
    await services.jobRunner.drain();
    const failed = (await client.request('GET', `/api/ai-videos/${created.id}`, undefined, as(token))).json<AiVideo>();
    expect(failed).toMatchObject({ status: 'failed', stage: 'render', credits_charged: 0 });
    expect(failed.error).toBe('Something went wrong on our side while rendering the video. Your credits were refunded; you can restart the video.');
    const drawnBefore = visuals.drawn;
    expect((await client.request('POST', `/api/ai-videos/${created.id}/restart`, undefined, as(token))).statusCode).toBe(202);
    await services.jobRunner.drain();
    const done = (await client.request('GET', `/api/ai-videos/${created.id}`, undefined, as(token))).json<AiVideo>();
    expect(done.status).toBe('completed');
    expect(done.ai_video).toMatchObject({ width: 1080, height: 1080 });
    expect(voice.calls).toBe(voiceBefore + 1);
    expect(visuals.drawn).toBe(drawnBefore);
    await app.close();
    await database.close();
  });
});
