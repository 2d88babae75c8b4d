// The version calls: POST /api/ai-videos/{id}/versions (the revision and price the creator saw,
// charged once, v1 recorded beside the new one, one render at a time, owner scoping) and DELETE
// /api/ai-videos/{id}/versions/{version} (an earlier version's files; never the current one, never
// one a waiting post uses). The renders themselves: tests/server/editor-render.test.ts.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timelineEtag, type TimelineResponse, type VideoVersion } from '../../contract/timeline';
import type { AiVideo } from '../../contract/videos';
import { posts } from '../../server/db/schema';
import { aiVideos, aiVideoVersions } from '../../server/db/schema-videos';
import { NOTHING_TO_RENDER, priceChanged, TIMELINE_MOVED_ON, VERSION_ALREADY_RENDERING } from '../../server/domain/editor/render/request';
import { VERSION_IN_POSTS, VERSION_IS_CURRENT, VERSION_NOT_FOUND } from '../../server/domain/editor/render/delete';
import type { RenderServices } from '../../server/domain/videos/pipeline/services';
import * as segmentRenderer from '../../server/media/segments';
import { as, createTestApp, messageOf, uniqueEmail, type TestApp } from './helpers';
import { fakeRenderPieces } from './videos-fixtures';

const SCRIPT = 'Octopuses have three hearts.\n\nTwo pump blood to the gills.\n\nTheir blood is blue.';

describe('POST and DELETE /api/ai-videos/{id}/versions', () => {
  let t: TestApp;
  let token: string;
  let userId: number;
  const pieces = fakeRenderPieces();
  // The version job may pick a request up; its encoding waits until released (or the app stops),
  // so what these tests read is the request's doing alone.
  const held: Array<() => void> = [];
  const release = () => held.splice(0).forEach((fail) => fail());
  const segments: RenderServices['segments'] = {
    ...segmentRenderer,
    encodeSegment: (_input, _progress, signal) =>
      new Promise((_resolve, reject) => {
        held.push(() => reject(new Error('released by the test')));
        signal?.addEventListener('abort', () => reject(new Error('stopped')), { once: true });
      }),
  };

  const timelineOf = async (videoId: string) => (await t.client.get(`/api/ai-videos/${videoId}/timeline`, as(token))).json<TimelineResponse>();
  const save = async (videoId: string, change: (timeline: TimelineResponse['timeline']) => void) => {
    const held = await timelineOf(videoId);
    const timeline = structuredClone(held.timeline);
    change(timeline);
    const response = await t.client.put(`/api/ai-videos/${videoId}/timeline`, { timeline }, { token, headers: { 'if-match': timelineEtag(held.revision) } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TimelineResponse>();
  };
  const ask = (videoId: string, body: unknown, key = randomUUID(), asToken = token) => t.client.post(`/api/ai-videos/${videoId}/versions`, body, as(asToken, key));
  const makeVideo = async () => {
    const created = await t.client.post('/api/ai-videos', { script: SCRIPT }, as(token));
    expect(created.statusCode, created.body).toBe(202);
    await t.jobs.drain();
    return created.json<AiVideo>().id;
  };
  /** Lets a held render fail and waits for the queue (drain waits for every job). */
  const finishJobs = async () => {
    const waiting = t.jobs.drain();
    while (!(await Promise.race([waiting.then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), 50))]))) release();
  };
  const balance = async () => (await t.client.get('/api/user', as(token))).json<{ credits: number }>().credits;
  const versionsOf = (videoId: string) => t.database.db.select().from(aiVideoVersions).where(eq(aiVideoVersions.videoId, videoId)).orderBy(aiVideoVersions.version);

  beforeAll(async () => {
    // Versions are only asked for here, not rendered: the render job is not run.
    t = await createTestApp({ RATE_LIMIT_VIDEOS: '1000 per minute' }, undefined, { renderOverrides: { ...pieces.overrides, segments } });
    const registered = await t.client.register(uniqueEmail('versions'));
    token = registered.token;
    userId = registered.user.id;
  });
  afterAll(async () => t.close());

  it('charges the price shown once, records v1 beside v2, and refuses a stale revision, another price, nothing changed or a second render', async () => {
    const videoId = await makeVideo();
    const untouched = await timelineOf(videoId);
    expect(messageOf(await ask(videoId, { revision: untouched.revision, credits: 0 }))).toBe(NOTHING_TO_RENDER);

    const saved = await save(videoId, (timeline) => {
      timeline.scenes[1]!.text = 'Two of the three pump blood to the gills.';
    });
    expect(saved.price.credits).toBeGreaterThan(0);
    const wrongPrice = await ask(videoId, { revision: saved.revision, credits: saved.price.credits + 1 });
    expect(wrongPrice.statusCode).toBe(409);
    expect(messageOf(wrongPrice)).toBe(priceChanged(saved.price.credits));
    const stale = await ask(videoId, { revision: saved.revision - 1, credits: saved.price.credits });
    expect(stale.statusCode).toBe(409);
    expect(messageOf(stale)).toBe(TIMELINE_MOVED_ON);

    const before = await balance();
    const key = randomUUID();
    const first = await ask(videoId, { revision: saved.revision, credits: saved.price.credits }, key);
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json<VideoVersion>()).toMatchObject({ version: 2, status: 'queued', revision: saved.revision, credits_charged: saved.price.credits, video_src: null });
    // The outbox sends it again: the same answer, charged once.
    const replay = await ask(videoId, { revision: saved.revision, credits: saved.price.credits }, key);
    expect(replay.statusCode).toBe(202);
    expect(replay.json<VideoVersion>().version).toBe(2);
    expect(before - (await balance())).toBe(saved.price.credits);
    const rows = await versionsOf(videoId);
    expect(rows.map((row) => row.version)).toEqual([1, 2]);
    expect(rows[0]!.status).toBe('completed');
    expect(['queued', 'processing']).toContain(rows[1]!.status);
    const [video] = await t.database.db.select().from(aiVideos).where(eq(aiVideos.id, videoId));
    expect(rows[0]!.videoKey).toBe(video!.videoKey);

    // While v2 waits, a further edit cannot be rendered.
    const next = await save(videoId, (timeline) => {
      timeline.scenes[0]!.captions[0]!.word = 'Octopi';
    });
    const busy = await ask(videoId, { revision: next.revision, credits: next.price.credits });
    expect(busy.statusCode).toBe(409);
    expect(messageOf(busy)).toBe(VERSION_ALREADY_RENDERING);
    await finishJobs();
  });

  it('keeps versions to their owner and refuses a body that is not a render request', async () => {
    const videoId = await makeVideo();
    const saved = await save(videoId, (timeline) => {
      timeline.scenes[0]!.captions[0]!.word = 'Octopi';
    });
    const stranger = (await t.client.register(uniqueEmail('versions-stranger'))).token;
    const show = await t.client.get(`/api/ai-videos/${videoId}`, as(stranger));
    const foreign = await ask(videoId, { revision: saved.revision, credits: 0 }, randomUUID(), stranger);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(show.json());
    const foreignDelete = await t.client.request('DELETE', `/api/ai-videos/${videoId}/versions/1`, undefined, as(stranger));
    expect(foreignDelete.statusCode).toBe(404);
    expect(foreignDelete.json()).toEqual(show.json());
    expect((await ask(videoId, { revision: 'r2', credits: -1 })).statusCode).toBe(422);
    expect((await t.client.request('DELETE', `/api/ai-videos/${videoId}/versions/first`, undefined, as(token))).statusCode).toBe(422);
    expect(await versionsOf(videoId)).toEqual([]);
  });

  it('deletes an earlier version and its files, never the current one nor one a waiting post uses', async () => {
    const videoId = await makeVideo();
    const saved = await save(videoId, (timeline) => {
      timeline.scenes[0]!.captions[0]!.word = 'Octopi';
    });
    expect((await ask(videoId, { revision: saved.revision, credits: 0 })).statusCode).toBe(202);
    // As if v2 had rendered: its files stored, the video playing it.
    const [video] = await t.database.db.select().from(aiVideos).where(eq(aiVideos.id, videoId));
    const storage = t.services.render.storage;
    const v2Key = video!.videoKey!.replace(/video\.mp4$/, 'v2/video.mp4');
    await storage.putBuffer(v2Key, Buffer.from('v2'), 'video/mp4');
    await t.database.db.update(aiVideoVersions).set({ status: 'completed', videoKey: v2Key }).where(and(eq(aiVideoVersions.videoId, videoId), eq(aiVideoVersions.version, 2)));
    await t.database.db.update(aiVideos).set({ currentVersion: 2, videoKey: v2Key }).where(eq(aiVideos.id, videoId));
    const remove = (version: number | string) => t.client.request('DELETE', `/api/ai-videos/${videoId}/versions/${version}`, undefined, as(token));

    expect(messageOf(await remove(2))).toBe(VERSION_IS_CURRENT);
    expect(messageOf(await remove(7))).toBe(VERSION_NOT_FOUND);
    // A scheduled post made from v1 holds it.
    const postId = randomUUID();
    await t.database.db.insert(posts).values({ id: postId, userId, videoId, videoVersion: 1, status: 'scheduled', caption: '' });
    const held = await remove(1);
    expect(held.statusCode).toBe(409);
    expect(messageOf(held)).toBe(VERSION_IN_POSTS);
    await t.database.db.update(posts).set({ status: 'published' }).where(eq(posts.id, postId));
    const v1Key = video!.videoKey!;
    expect(await storage.stat(v1Key)).not.toBeNull();
    expect((await remove(1)).statusCode).toBe(204);
    expect(await storage.stat(v1Key)).toBeNull();
    expect(await storage.stat(v2Key)).not.toBeNull();
    expect((await versionsOf(videoId)).map((row) => row.version)).toEqual([2]);
    const listed = await timelineOf(videoId);
    expect(listed.versions.map((version) => version.version)).toEqual([2]);
    await finishJobs();
  });
});
