// The AI-video API contract: 202 with the video at once and a background render, the
// defaults that make {"script": "…"} enough, validation, plan checks (art style, monthly count,
// length), credits charged once, refunds, settlement, restart and delete, and owner scoping.
// The render runs with test doubles (videos-fixtures.ts); videos-render.test.ts renders for real.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paginated } from '../../contract/http';
import type { AiVideo } from '../../contract/videos';
import type { AllVoicesResponse } from '../../contract/voices';
import { creditLedger, sceneMedia, users } from '../../server/db/schema';
import { aiVideos } from '../../server/db/schema-videos';
import { LEDGER_REASONS } from '../../server/domain/credits/costs';
import { renderVideo } from '../../server/domain/videos/pipeline/run';
import { SpeechProviderError } from '../../server/providers/tts/types';
import { as, createTestApp, errorsOf, messageOf, uniqueEmail, type TestApp } from './helpers';
import { filesUnder } from './media-fixtures';
import { fakeRenderPieces, FLAT_FIRST_SCENE_CREDIT, FLAT_FIRST_SCENE_LICENCE, FLAT_FIRST_SCENE_MOTION } from './videos-fixtures';

const SCRIPT = 'Octopuses have three hearts. Two pump blood to the gills, one to the body. Their blood is blue because it carries copper.';

describe('AI videos API', () => {
  let t: TestApp;
  const pieces = fakeRenderPieces();
  let token: string;
  let userId: number;

  const idle = () => t.jobs.drain();
  const credits = async (id = userId) => (await t.database.db.select({ credits: users.credits }).from(users).where(eq(users.id, id)))[0]!.credits;
  const ledger = (id = userId) => t.database.db.select().from(creditLedger).where(eq(creditLedger.userId, id)).orderBy(creditLedger.id);
  const create = (body: unknown, options = as(token)) => t.client.request('POST', '/api/ai-videos', body, options);
  const show = async (id: string, owner = token) => (await t.client.request('GET', `/api/ai-videos/${id}`, undefined, as(owner))).json<AiVideo>();
  const register = async (label: string) => {
    const registered = await t.client.register(uniqueEmail(label));
    return { token: registered.token, id: registered.user.id };
  };

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_VIDEOS: '1000 per minute' }, undefined, { renderOverrides: pieces.overrides });
    ({ token, id: userId } = await register('videos'));
  });
  afterAll(async () => t.close());

  it('answers 202 with the queued video and its defaults, then renders it in the background', async () => {
    const before = await credits();
    const response = await create({ script: SCRIPT });
    expect(response.statusCode).toBe(202);
    const video = response.json<AiVideo>();
    expect(video).toMatchObject({ status: 'queued', progress: 0, stage: null, error: null });
    expect(video.stages.map((stage) => [stage.name, stage.status])).toEqual(['script', 'scenes', 'voice', 'visuals', 'music', 'captions', 'render'].map((name) => [name, 'pending']));
    expect(video.settings).toMatchObject({ language: 'english', art_style: 'cinematic', aspect_ratio: '9:16', watermark: false, script: SCRIPT, id: video.id });
    expect(video.ai_video).toEqual({ video_src: null, thumbnail_src: null, duration: null, width: null, height: null, size_bytes: null });
    // 22 words ≈ 9 s at the free plan's 0.5 credits a second.
    expect(video.credits_charged).toBe(5);
    expect(await credits()).toBe(before - 5);
    expect(video.title).toBe('Octopuses have three hearts. Two pump blood to…');

    await idle();
    const done = await show(video.id);
    expect(done.status).toBe('completed');
    expect(done.progress).toBe(100);
    expect(done.stages.map((stage) => stage.status)).toEqual(['done', 'done', 'done', 'done', 'skipped', 'done', 'done']);
    expect(done.ai_video.video_src).toMatch(new RegExp(`^/media/users/${userId}/videos/${video.id}/video\\.mp4\\?exp=\\d+&dl=video-${video.id}\\.mp4&sig=`));
    expect(done.ai_video.thumbnail_src).toContain('thumbnail.jpg');
    expect(done.ai_video).toMatchObject({ width: 1080, height: 1920 });
    // 22 words at 0.3 s + the tail: 7.2 s costs 4, so 1 of the 5 came back.
    expect(done.ai_video.duration).toBeCloseTo(22 * 0.3 + 0.6, 1);
    expect(done.credits_charged).toBe(4);
    expect(await credits()).toBe(before - 4);
    // The visual provider's motion hint reaches the composer; scenes without one get none.
    const composed = pieces.composer.lastInput!.scenes;
    expect(composed[0]!.motion).toEqual(FLAT_FIRST_SCENE_MOTION);
    expect(composed.slice(1).every((scene) => scene.motion === undefined)).toBe(true);
    expect(composed.length).toBeGreaterThan(1);
    // Each scene's credit and licence are kept in the checkpoint and written into the description.
    const [row] = await t.database.db.select().from(aiVideos).where(eq(aiVideos.id, video.id));
    expect(row!.checkpoint.visuals![0]).toMatchObject({ attribution: FLAT_FIRST_SCENE_CREDIT, licence: FLAT_FIRST_SCENE_LICENCE });
    expect(row!.checkpoint.visuals!.slice(1).every((scene) => scene.attribution === null && scene.licence === undefined)).toBe(true);
    expect(done.description).toBe(`Visuals:\n${FLAT_FIRST_SCENE_CREDIT}`);
    expect(video.description).toBe('');
  });

  it('narrates a saved script as saved, and has the configured writer write one from a prompt', async () => {
    const writer = await register('sources');
    const saved = await t.client.request('POST', '/api/scripts', { id: randomUUID(), title: 'Saved octopus script', body: SCRIPT }, as(writer.token));
    const fromSaved = (await create({ script_id: saved.json<{ id: string }>().id }, as(writer.token))).json<AiVideo>();
    expect(fromSaved).toMatchObject({ title: 'Saved octopus script', credits_charged: 5 });
    // No duration: a prompt is priced at 30 seconds (15 credits on the free plan).
    const fromPrompt = (await create({ prompt: 'why octopuses are clever' }, as(writer.token))).json<AiVideo>();
    expect(fromPrompt.credits_charged).toBe(15);
    await idle();
    const [savedRow] = await t.database.db.select().from(aiVideos).where(eq(aiVideos.id, fromSaved.id));
    expect(savedRow!.checkpoint.script).toEqual({ text: SCRIPT, title: 'Saved octopus script', writer: 'saved script', attribution: null, targetSeconds: null });
    const [promptRow] = await t.database.db.select().from(aiVideos).where(eq(aiVideos.id, fromPrompt.id));
    expect(promptRow!.status).toBe('completed');
    expect(promptRow!.checkpoint.script!.writer).toBe(t.services.render.scriptWriter.label);
    expect(promptRow!.checkpoint.script!.text.toLowerCase()).toContain('octopus');
    expect(promptRow!.title).toBe(promptRow!.checkpoint.script!.title);
    // Settled to what the written narration actually took.
    expect((await show(fromPrompt.id, writer.token)).credits_charged).toBeLessThanOrEqual(15);
  });

  it('wants exactly one of script_id, script or prompt', async () => {
    const none = await create({ title: 'Nothing to say' });
    expect(none.statusCode).toBe(422);
    expect(errorsOf(none).script).toEqual(['Give exactly one of script_id, script or prompt.']);
    const two = await create({ script: SCRIPT, prompt: 'octopus facts' });
    expect(two.statusCode).toBe(422);
    const badStyle = await create({ script: SCRIPT, art_style: 'crayon' });
    expect(errorsOf(badStyle).art_style).toEqual(['The selected art style is invalid.']);
    const missingScript = await create({ script_id: randomUUID() });
    expect(errorsOf(missingScript).script_id).toEqual(['The selected script id is invalid.']);
  });

  it('refuses an art style the plan does not include, naming the plan that does, and charges nothing', async () => {
    const before = await credits();
    const response = await create({ script: SCRIPT, art_style: 'comic' });
    expect(response.statusCode).toBe(403);
    expect(messageOf(response)).toBe('The Comic art style is not included in your Free plan. It is included in the Creator plan. Choose another style or upgrade.');
    expect(await credits()).toBe(before);
  });

  it('refuses a video longer than the plan allows', async () => {
    const long = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} is here.`).join(' ');
    const response = await create({ script: long });
    expect(response.statusCode).toBe(403);
    expect(messageOf(response)).toBe('Your Free plan makes videos up to 60 seconds and this one would run about 80 seconds. Shorten the script, or upgrade to Creator for videos up to 180 seconds.');
    const prompt = await create({ prompt: 'octopus facts', duration: 90 });
    expect(prompt.statusCode).toBe(403);
  });

  it('enforces videos_per_month like scripts_per_month (403, nothing charged)', async () => {
    const other = await register('quota');
    for (let i = 0; i < 5; i++) expect((await create({ script: 'A short one.' }, as(other.token))).statusCode).toBe(202);
    const before = await credits(other.id);
    const sixth = await create({ script: 'A short one.' }, as(other.token));
    expect(sixth.statusCode).toBe(403);
    expect(messageOf(sixth)).toBe('Your Free plan includes 5 videos a month and they are used up. Upgrade your plan to make more this month.');
    expect(await credits(other.id)).toBe(before);
    await idle();
    const usage = (await t.client.request('GET', '/api/user/usage', undefined, as(other.token))).json<{ data: { limit: string; used: number }[] }>();
    expect(usage.data.find((entry) => entry.limit === 'videos_per_month')?.used).toBe(5);
  });

  it('answers 402 like script generation when the credits do not cover the price', async () => {
    const poor = await register('poor');
    await t.database.db.update(users).set({ credits: 2 }).where(eq(users.id, poor.id));
    const response = await create({ script: SCRIPT }, as(poor.token));
    expect(response.statusCode).toBe(402);
    expect(messageOf(response)).toBe('Not enough credits: this costs 5 credits and your balance is 2.');
  });

  it('charges once for a replayed Idempotency-Key or a repeated client id', async () => {
    const buyer = await register('replay');
    const key = randomUUID();
    const first = await create({ script: SCRIPT }, as(buyer.token, key));
    const second = await create({ script: SCRIPT }, as(buyer.token, key));
    expect(second.statusCode).toBe(202);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json<AiVideo>().id).toBe(first.json<AiVideo>().id);
    const id = randomUUID();
    expect((await create({ id, script: SCRIPT }, as(buyer.token))).statusCode).toBe(202);
    const again = await create({ id, script: SCRIPT }, as(buyer.token));
    expect(again.statusCode).toBe(200);
    expect(again.json<AiVideo>().id).toBe(id);
    const charges = (await ledger(buyer.id)).filter((row) => row.reason === LEDGER_REASONS.videoRender);
    expect(charges).toHaveLength(2);
    // Another user cannot take (or see) that id.
    const taken = await create({ id, script: SCRIPT });
    expect(taken.statusCode).toBe(422);
    expect(errorsOf(taken).id).toEqual(['The id has already been taken.']);
    await idle();
  });

  it('refunds a failure that is not the creator’s and says so; restart charges again once and resumes', async () => {
    const before = await credits();
    pieces.speech.failNext.push(new SpeechProviderError('The voice service is not answering.', 'retry', 503));
    const created = (await create({ script: SCRIPT })).json<AiVideo>();
    await idle();
    const failed = await show(created.id);
    expect(failed.status).toBe('failed');
    expect(failed.stage).toBe('voice');
    expect(failed.error).toBe('The voice service failed: The voice service is not answering. Your credits were refunded; you can restart the video.');
    expect(failed.stages.find((stage) => stage.name === 'voice')).toEqual({ name: 'voice', status: 'failed', error: failed.error });
    expect(failed.stages.slice(0, 2).map((stage) => stage.status)).toEqual(['done', 'done']);
    expect(failed.credits_charged).toBe(0);
    expect(await credits()).toBe(before);
    expect(failed.ai_video.video_src).toBeNull();

    const voiceCalls = pieces.speech.calls;
    const restarted = await t.client.request('POST', `/api/ai-videos/${created.id}/restart`, undefined, as(token, randomUUID()));
    expect(restarted.statusCode).toBe(202);
    expect(restarted.json<AiVideo>().status).toBe('queued');
    expect(await credits()).toBe(before - 5);
    await idle();
    const done = await show(created.id);
    expect(done.status).toBe('completed');
    expect(pieces.speech.calls).toBe(voiceCalls + 1);
    // Paid once in the end: the price, less the settlement.
    expect(done.credits_charged).toBe(4);
    expect(await credits()).toBe(before - 4);
    const again = await t.client.request('POST', `/api/ai-videos/${created.id}/restart`, undefined, as(token));
    expect(again.statusCode).toBe(409);
  });

  it('refuses music or scene media that is not in the creator’s library (422)', async () => {
    const music = await create({ script: SCRIPT, music: { track_id: randomUUID() } });
    expect(music.statusCode).toBe(422);
    expect(errorsOf(music)['music.track_id']).toEqual(['The selected music track is not in your library.']);
    const media = await create({ script: SCRIPT, scene_media: [null, randomUUID()] });
    expect(errorsOf(media).scene_media).toEqual(['An image or clip chosen for a scene is not in your library.']);
  });

  it('refuses a voice that is not in its provider’s list (422 on voice.voice_id) and charges nothing', async () => {
    const speaker = await register('voices');
    const before = await credits(speaker.id);
    for (const voiceId of ['https://voices.example/clone.mp3', 'no-such-voice']) {
      const refused = await create({ script: SCRIPT, voice: { provider: 'builtin', voice_id: voiceId } }, as(speaker.token));
      expect(refused.statusCode).toBe(422);
      expect(errorsOf(refused)['voice.voice_id']).toEqual(['The selected voice is invalid.']);
    }
    expect(await credits(speaker.id)).toBe(before);
    expect((await ledger(speaker.id)).filter((row) => row.reason === LEDGER_REASONS.videoRender)).toEqual([]);
    expect(await t.database.db.select({ id: aiVideos.id }).from(aiVideos).where(eq(aiVideos.userId, speaker.id))).toEqual([]);

    // A voice the picker offers is taken.
    const builtin = (await t.client.get('/api/voices', as(speaker.token))).json<AllVoicesResponse>().providers.find((provider) => provider.provider === 'builtin')!;
    const chosen = await create({ script: SCRIPT, voice: { provider: 'builtin', voice_id: builtin.data[0]!.voice_id } }, as(speaker.token));
    expect(chosen.statusCode, chosen.body).toBe(202);
    await idle();
  });

  it('deletes the row and every stored file; the video then 404s', async () => {
    const created = (await create({ script: SCRIPT })).json<AiVideo>();
    await idle();
    const [row] = await t.database.db.select().from(aiVideos).where(eq(aiVideos.id, created.id));
    const keys = [row!.videoKey!, row!.thumbnailKey!, row!.checkpoint.voice!.key, ...row!.checkpoint.visuals!.map((scene) => scene.key)];
    for (const key of keys) expect(await t.services.render.storage.stat(key)).not.toBeNull();
    expect(filesUnder(join(t.config.dataDir, 'media', 'users', String(userId), 'videos', created.id)).sort()).toEqual(
      ['thumbnail.jpg', 'video.mp4', 'work/voice.wav', 'work/scene-0.png', 'work/scene-1.png', 'work/captions.ass'].sort(),
    );
    const src = (await show(created.id)).ai_video.video_src!;
    expect((await t.app.inject({ method: 'GET', url: src })).statusCode).toBe(200);
    const deleted = await t.client.request('DELETE', `/api/ai-videos/${created.id}`, undefined, as(token, randomUUID()));
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Video deleted.', credits_refunded: 0, posts_cancelled: 0 });
    for (const key of keys) expect(await t.services.render.storage.stat(key)).toBeNull();
    expect(filesUnder(join(t.config.dataDir, 'media', 'users', String(userId), 'videos', created.id))).toEqual([]);
    expect((await t.client.request('GET', `/api/ai-videos/${created.id}`, undefined, as(token))).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: src })).statusCode).toBe(404);
    expect((await t.client.request('DELETE', `/api/ai-videos/${created.id}`, undefined, as(token))).statusCode).toBe(200);
    expect(await t.database.db.select().from(aiVideos).where(and(eq(aiVideos.id, created.id)))).toEqual([]);
  });

  it('stops a running render when its video is deleted, refunds it, and leaves no file behind', async () => {
    const before = await credits();
    const started = new Promise<void>((resolve) => (pieces.composer.hangNext = resolve));
    const created = (await create({ script: SCRIPT })).json<AiVideo>();
    await started;
    expect((await show(created.id)).status).toBe('processing');
    const deleted = await t.client.request('DELETE', `/api/ai-videos/${created.id}`, undefined, as(token));
    expect(deleted.json()).toEqual({ message: 'Video deleted.', credits_refunded: 5, posts_cancelled: 0 });
    await idle();
    expect(await credits()).toBe(before);
    // Disk storage (the default) keeps a video's files in one folder: nothing may be left in it.
    expect(filesUnder(join(t.config.dataDir, 'media', 'users', String(userId), 'videos', created.id))).toEqual([]);
    expect((await t.client.request('GET', `/api/ai-videos/${created.id}`, undefined, as(token))).statusCode).toBe(404);
  });

  it('lists newest first as a Laravel paginator with status and search filters, and 304s an unchanged list', async () => {
    const lister = await register('lister');
    const first = (await create({ script: 'Volcanoes are mountains that breathe fire.', title: 'Volcano facts' }, as(lister.token))).json<AiVideo>();
    const second = (await create({ script: 'Glaciers move slowly downhill.', title: 'Glacier facts' }, as(lister.token))).json<AiVideo>();
    await idle();
    const page = (await t.client.request('GET', '/api/ai-videos?per_page=1', undefined, as(lister.token))).json<Paginated<AiVideo>>();
    expect(page).toMatchObject({ current_page: 1, last_page: 2, per_page: 1, total: 2, from: 1, to: 1 });
    expect(page.data.map((video) => video.id)).toEqual([second.id]);
    const search = (await t.client.request('GET', '/api/ai-videos?search=volcano', undefined, as(lister.token))).json<Paginated<AiVideo>>();
    expect(search.data.map((video) => video.id)).toEqual([first.id]);
    const failedOnly = (await t.client.request('GET', '/api/ai-videos?status=failed', undefined, as(lister.token))).json<Paginated<AiVideo>>();
    expect(failedOnly.total).toBe(0);
    const list = await t.client.request('GET', '/api/ai-videos', undefined, as(lister.token));
    const etag = list.headers.etag as string;
    const again = await t.client.request('GET', '/api/ai-videos', undefined, { token: lister.token, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect((await t.client.request('GET', '/api/ai-videos?status=done', undefined, as(lister.token))).statusCode).toBe(422);
  });

  it('keeps every video to its owner: another user gets 404 on show, restart and delete', async () => {
    const created = (await create({ script: SCRIPT })).json<AiVideo>();
    await idle();
    const stranger = await register('stranger');
    for (const [method, url] of [
      ['GET', `/api/ai-videos/${created.id}`],
      ['POST', `/api/ai-videos/${created.id}/restart`],
    ] as const) {
      expect((await t.client.request(method, url, undefined, as(stranger.token))).statusCode).toBe(404);
    }
    // Deleting what you cannot see is the "already gone" answer, and nothing happens to it.
    await t.client.request('DELETE', `/api/ai-videos/${created.id}`, undefined, as(stranger.token));
    expect((await show(created.id)).status).toBe('completed');
    const list = (await t.client.request('GET', '/api/ai-videos', undefined, as(stranger.token))).json<Paginated<AiVideo>>();
    expect(list.total).toBe(0);
    expect((await t.client.request('GET', '/api/ai-videos')).statusCode).toBe(401);
  });
});

describe('AI videos: a failure the creator caused', () => {
  let t: TestApp;
  const queued: string[] = [];
  const pieces = fakeRenderPieces();
  beforeAll(async () => {
    // Renders run when the test says so, to delete the creator's image between queueing and rendering.
    t = await createTestApp({}, undefined, { renderOverrides: pieces.overrides, renderer: { enqueue: (id) => Promise.resolve(void queued.push(id)), stop: () => {} } });
  });
  afterAll(async () => t.close());

  it('is not refunded, says what happened, and a restart does not charge again', async () => {
    const { token, user } = await t.client.register(uniqueEmail('creator-cause'));
    const mediaId = randomUUID();
    const key = `users/${user.id}/scene-media/${mediaId}/image.png`;
    await t.services.render.storage.putBuffer(key, Buffer.from('picture'), 'image/png');
    await t.database.db.insert(sceneMedia).values({ id: mediaId, userId: user.id, kind: 'image', mimeType: 'image/png', sizeBytes: 7, storageKey: key });
    const before = user.credits;
    const created = (await t.client.request('POST', '/api/ai-videos', { script: SCRIPT, scene_media: [mediaId] }, as(token))).json<AiVideo>();
    expect(created.credits_charged).toBe(5);
    await t.database.db.delete(sceneMedia).where(eq(sceneMedia.id, mediaId));
    expect(await renderVideo(t.services.render, queued.shift()!)).toBe('failed');

    const failed = (await t.client.request('GET', `/api/ai-videos/${created.id}`, undefined, as(token))).json<AiVideo>();
    expect(failed).toMatchObject({ status: 'failed', stage: 'visuals', credits_charged: 5 });
    expect(failed.error).toBe('The image or clip you chose for scene 1 was deleted. Create the video again with another one.');
    const balance = async () => (await t.database.db.select({ credits: users.credits }).from(users).where(eq(users.id, user.id)))[0]!.credits;
    expect(await balance()).toBe(before - 5);

    expect((await t.client.request('POST', `/api/ai-videos/${created.id}/restart`, undefined, as(token))).statusCode).toBe(202);
    expect(queued).toEqual([created.id]);
    expect(await balance()).toBe(before - 5);
    expect(await renderVideo(t.services.render, queued.shift()!)).toBe('failed');
    // Deleting a video that never finished gives its credits back.
    const deleted = await t.client.request('DELETE', `/api/ai-videos/${created.id}`, undefined, as(token));
    expect(deleted.json()).toEqual({ message: 'Video deleted.', credits_refunded: 5, posts_cancelled: 0 });
    expect(await balance()).toBe(before);
  });
});
