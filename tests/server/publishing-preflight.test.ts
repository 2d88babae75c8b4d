// Pre-flight and doubles on the server: POST /api/create/post
// answers 422 per platform field with plain messages for what a platform would refuse; the engine
// checks again just before the upload and fails the target ('bad', plain reason) without uploading;
// doubles (same video on an account, posts too close together) are warnings in the create answer.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatePostResponse } from '../../contract/preflight';
import type { PublishableVideo } from '../../contract/publishing';
import { posts, postTargets } from '../../server/db/schema';
import { aiVideos } from '../../server/db/schema-videos';
import { runTarget, type PublishEngineDeps } from '../../server/domain/publishing/engine';
import { preflightErrors, videoFactsOf } from '../../server/domain/publishing/preflight';
import type { CreatorInfo } from '../../server/domain/ports/social';
import { as, createTestApp, errorsOf, type TestApp } from './helpers';
import { allowPublishing, FakeAccountTokens, RecordingScheduler, ScriptedAdapter, seedAccount, seedVideo } from './publishing-fixtures';

describe('publishing pre-flight', () => {
  let t: TestApp;
  let token: string;
  let userId: number;
  let videoId: string;
  let accountId: string;
  const scheduler = new RecordingScheduler();
  const tokens = new FakeAccountTokens(() => t.database.db);

  beforeAll(async () => {
    t = await createTestApp({}, undefined, { publishScheduler: scheduler, accountTokens: tokens });
    const registered = await t.client.register('preflight@example.com');
    token = registered.token;
    userId = registered.user.id;
    await allowPublishing(t.database.db, userId);
    ({ id: videoId } = await seedVideo(t.database.db, t.services.publishEngine.storage, userId, { title: 'Octopus facts' }));
    accountId = await seedAccount(t.database.db, userId, { name: 'My channel' });
  });
  afterAll(async () => t.close());

  const create = (body: Record<string, unknown>) => t.client.post('/api/create/post', { id: randomUUID(), video_id: videoId, account_ids: [accountId], ...body }, as(token));
  const inHours = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();
  const engineDeps = (adapters: PublishEngineDeps['adapters']): PublishEngineDeps => ({
    db: t.database.db,
    adapters,
    tokens,
    storage: t.services.publishEngine.storage,
    scheduler,
    random: () => 1,
  });

  it('GET /api/get/videos tells the pre-flight the size and encoding of our renders', async () => {
    const videos = (await t.client.get('/api/get/videos', as(token))).json<{ data: PublishableVideo[] }>().data;
    expect(videos.find((video) => video.id === videoId)).toMatchObject({ width: 1080, height: 1920, duration: 12.5, fps: 30, video_codec: 'h264', audio_codec: 'aac', container: 'mp4' });
    expect(typeof videos[0]!.size_bytes).toBe('number');
  });

  it('refuses with 422 per platform field, saying what to fix, and creates nothing', async () => {
    const title = 'T'.repeat(112);
    const response = await create({ options: { youtube: { title, description: 'é'.repeat(2600), tags: Array.from({ length: 30 }, (_, i) => `tag number ${i}`) } } });
    expect(response.statusCode, response.body).toBe(422);
    const errors = errorsOf(response);
    // The contract's own 100-character rule answers first (zod), in its words.
    expect(errors['options.youtube.title']?.[0]).toMatch(/100 characters/);

    const byBytes = await create({ options: { youtube: { title: 'Fine', description: 'é'.repeat(2600) } } });
    expect(byBytes.statusCode, byBytes.body).toBe(422);
    expect(errorsOf(byBytes)).toEqual({ 'options.youtube.description': ['YouTube: shorten the description to 5000 bytes (it has 5200; accented letters and emoji count 2–4 each).'] });

    const tags = Array.from({ length: 40 }, (_, i) => `tag ${String(i).padStart(6, '0')}`);
    const byTags = await create({ options: { youtube: { title: 'Fine', tags } } });
    // 40 tags of 10 characters with a space (+2 quotes each) and 39 commas: 519 > 500, though the contract's join(',') count is 439.
    expect(byTags.statusCode, byTags.body).toBe(422);
    expect(errorsOf(byTags)['options.youtube.tags']?.[0]).toBe('YouTube: remove tags until they take at most 500 characters in all (they take 519; a tag with spaces counts its quotes).');

    expect(await t.database.db.select({ id: posts.id }).from(posts).where(eq(posts.userId, userId))).toHaveLength(0);
  });

  it('refuses a video file the platform would refuse (video_id), and lets a fitting one through', async () => {
    await t.database.db.update(aiVideos).set({ sizeBytes: 300 * 1024 ** 3 }).where(eq(aiVideos.id, videoId));
    try {
      const response = await create({ options: { youtube: { title: 'Octopus facts' } } });
      expect(response.statusCode, response.body).toBe(422);
      expect(errorsOf(response).video_id).toEqual(['YouTube: use a smaller file: at most 256 GB (this one is 300 GB).']);
    } finally {
      await t.database.db.update(aiVideos).set({ sizeBytes: 68 }).where(eq(aiVideos.id, videoId));
    }
  });

  it('words TikTok and Instagram refusals per field (the create path once those platforms are available)', () => {
    const facts = videoFactsOf({ duration: 2, width: 2160, height: 3840, sizeBytes: 400 * 1024 * 1024 });
    const errors = preflightErrors(facts, ['tiktok', 'instagram'], { tiktok: {} }, 'x'.repeat(2201), { instagramMaxBytes: 300 * 1024 * 1024 });
    expect(errors['options.tiktok.privacy_level']).toEqual(['TikTok: choose who can see the post (TikTok requires the choice).']);
    expect(errors.caption).toEqual(['TikTok: shorten the caption to 2200 characters (it has 2201).', 'Instagram: shorten the caption to 2200 characters (it has 2201).']);
    expect(errors.video_id).toEqual([
      'Instagram: use a video of at least 3 s (this one is 2 s).',
      'Instagram: use a video at most 1920 pixels wide (this one is 2160).',
      'Instagram: use a smaller file: at most 300 MB (this one is 400 MB).',
    ]);
  });

  it('the engine checks again before the upload: an error fails the target as bad, with no upload', async () => {
    const adapter = new ScriptedAdapter();
    const response = await create({ options: { youtube: { title: 'Octopus facts' } }, scheduled_at: inHours(30) });
    expect(response.statusCode, response.body).toBe(202);
    const post = response.json<CreatePostResponse>();
    const targetId = post.targets[0]!.id;
    // The options changed behind the composer's back (an older client, an edit elsewhere).
    await t.database.db
      .update(posts)
      .set({ options: { youtube: { ...post.options.youtube!, title: 'T'.repeat(120) } } })
      .where(eq(posts.id, post.id));
    await t.database.db.update(postTargets).set({ nextAttemptAt: new Date() }).where(eq(postTargets.id, targetId));

    expect(await runTarget(engineDeps({ youtube: adapter }), targetId)).toBe('failed');
    const [row] = await t.database.db.select().from(postTargets).where(eq(postTargets.id, targetId));
    expect(row).toMatchObject({ status: 'failed', errorClass: 'bad', errorCode: 'preflight_failed' });
    expect(row!.error).toBe('Shorten the title to 100 characters (it has 120). Fix it and reschedule.');
    expect(adapter.uploadsStarted).toBe(0);
    expect(adapter.publishCalls).toBe(0);
  });

  it('a TikTok target without a privacy choice is refused before any upload', async () => {
    const adapter = new ScriptedAdapter('tiktok');
    const tiktokAccount = await seedAccount(t.database.db, userId, { name: 'My TikTok', platform: 'tiktok' });
    const postId = randomUUID();
    const targetId = randomUUID();
    await t.database.db.insert(posts).values({ id: postId, userId, videoId, caption: 'Hi', options: {}, status: 'scheduled' });
    await t.database.db.insert(postTargets).values({ id: targetId, postId, userId, accountId: tiktokAccount, platform: 'tiktok', accountName: 'My TikTok', sandbox: false, status: 'scheduled', nextAttemptAt: new Date() });

    expect(await runTarget(engineDeps({ tiktok: adapter }), targetId)).toBe('failed');
    const [row] = await t.database.db.select().from(postTargets).where(eq(postTargets.id, targetId));
    expect(row).toMatchObject({ status: 'failed', errorClass: 'bad', error: 'Choose who can see the post (TikTok requires the choice). Fix it and reschedule.' });
    expect(adapter.uploadsStarted).toBe(0);
  });

  it("a TikTok account's own limits (creator_info, asked just before the upload) are checked too", async () => {
    const adapter = Object.assign(new ScriptedAdapter('tiktok'), {
      creatorInfoCalls: 0,
      creatorInfo(): Promise<CreatorInfo> {
        this.creatorInfoCalls += 1;
        const limits = { privacy_level_options: ['SELF_ONLY'], max_video_post_duration_sec: 5 } as const;
        return Promise.resolve({ creator_avatar_url: null, creator_username: 'tok', creator_nickname: 'Tok', comment_disabled: false, duet_disabled: false, stitch_disabled: false, ...limits, privacy_level_options: [...limits.privacy_level_options] });
      },
    });
    const tiktokAccount = await seedAccount(t.database.db, userId, { name: 'Short TikTok', platform: 'tiktok' });
    const [video] = await t.database.db.select({ duration: aiVideos.duration }).from(aiVideos).where(eq(aiVideos.id, videoId));
    expect(video!.duration).toBeGreaterThan(5);
    const postId = randomUUID();
    const targetId = randomUUID();
    await t.database.db.insert(posts).values({ id: postId, userId, videoId, caption: 'Hi', options: { tiktok: { privacy_level: 'PUBLIC_TO_EVERYONE', disable_comment: false, disable_duet: false, disable_stitch: false, brand_organic_toggle: false, brand_content_toggle: false, is_aigc: true } }, status: 'scheduled' });
    await t.database.db.insert(postTargets).values({ id: targetId, postId, userId, accountId: tiktokAccount, platform: 'tiktok', accountName: 'Short TikTok', sandbox: false, status: 'scheduled', nextAttemptAt: new Date() });

    expect(await runTarget(engineDeps({ tiktok: adapter }), targetId)).toBe('failed');
    const [row] = await t.database.db.select().from(postTargets).where(eq(postTargets.id, targetId));
    expect(adapter.creatorInfoCalls).toBe(1);
    expect(row).toMatchObject({ status: 'failed', errorClass: 'bad', errorCode: 'preflight_failed' });
    expect(row!.error).toBe(`This account cannot post to “Everyone”; choose “Only me”. Use a video of at most 5 s: this account may post no longer (this one is ${Math.round(video!.duration!)} s). Fix it and reschedule.`);
    expect(adapter.uploadsStarted).toBe(0);
  });

  describe('doubles', () => {
    let doublesVideo: string;
    let otherVideo: string;
    let account: string;

    beforeAll(async () => {
      ({ id: doublesVideo } = await seedVideo(t.database.db, t.services.publishEngine.storage, userId, { title: 'Doubles' }));
      ({ id: otherVideo } = await seedVideo(t.database.db, t.services.publishEngine.storage, userId, { title: 'Other' }));
      account = await seedAccount(t.database.db, userId, { name: 'Doubles channel' });
    });
    const schedule = (video: string, at: string) =>
      t.client.post('/api/create/post', { id: randomUUID(), video_id: video, account_ids: [account], scheduled_at: at, timezone: 'UTC', options: { youtube: { title: 'Doubles' } } }, as(token));

    it('warns (202, not refused) when the same video is already scheduled on the account', async () => {
      const at = inHours(48);
      const first = await schedule(doublesVideo, at);
      expect(first.statusCode, first.body).toBe(202);
      expect(first.json<CreatePostResponse>().warnings).toBeUndefined();

      const again = await schedule(doublesVideo, inHours(96));
      expect(again.statusCode, again.body).toBe(202);
      const [warning] = again.json<CreatePostResponse>().warnings ?? [];
      expect(warning).toMatchObject({ kind: 'same_video', account_id: account, account_name: 'Doubles channel', post_id: first.json<CreatePostResponse>().id, status: 'scheduled' });
      expect(warning!.message).toMatch(/^This video is already scheduled on Doubles channel for \w{3} \d{1,2} \w{3}, \d{2}:\d{2}\.$/);
    });

    it('warns when two posts on one account are closer than PUBLISH_MIN_GAP_MINUTES (60), not when further apart', async () => {
      const base = Date.now() + 200 * 3600_000;
      const first = await schedule(doublesVideo, new Date(base).toISOString());
      expect(first.statusCode).toBe(202);
      const close = await schedule(otherVideo, new Date(base + 30 * 60_000).toISOString());
      expect(close.statusCode).toBe(202);
      const warnings = close.json<CreatePostResponse>().warnings ?? [];
      expect(warnings.map((warning) => warning.kind)).toEqual(['too_close']);
      expect(warnings[0]!.message).toMatch(/^Another post goes to Doubles channel at .+, less than 60 min apart\.$/);

      const far = await schedule(otherVideo, new Date(base + 5 * 3600_000).toISOString());
      expect(far.statusCode).toBe(202);
      // Same video as the close one, so only that warning: no "too close".
      expect((far.json<CreatePostResponse>().warnings ?? []).map((warning) => warning.kind)).toEqual(['same_video']);
    });
  });
});
