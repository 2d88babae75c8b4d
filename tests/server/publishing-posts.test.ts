// The posts API, server side: create/schedule with validation,
// drafts, the posts list with filter and search, the calendar, the videos that can be posted,
// failed jobs (publish targets and renders) and rescheduling — all owner-scoped and behind
// can_publish_post. Publishing runs through the in-process scheduler and a scripted platform.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paginated } from '../../contract/http';
import type { CalendarEntry, FailedJob, Post, PublishableVideo } from '../../contract/publishing';
import { posts, postTargets } from '../../server/db/schema';
import { aiVideos } from '../../server/db/schema-videos';
import type { VideoRenderer } from '../../server/domain/videos/runner';
import { SocialError } from '../../server/domain/ports/social';
import { as, createTestApp, errorsOf, messageOf, uniqueEmail, type TestApp } from './helpers';
import { allowPublishing, FakeAccountTokens, ScriptedAdapter, seedAccount, seedVideo } from './publishing-fixtures';

describe('posts API', () => {
  let t: TestApp;
  const adapter = new ScriptedAdapter();
  const tokens = new FakeAccountTokens(() => t.database.db);
  const enqueued: string[] = [];
  const renderer: VideoRenderer = { enqueue: (id) => (enqueued.push(id), Promise.resolve()), stop: () => {} };
  let me: { token: string; id: number };
  let other: { token: string; id: number };
  let videoId: string;
  let accountId: string;

  const register = async (label: string, plan = 'creator') => {
    const registered = await t.client.register(uniqueEmail(label));
    await allowPublishing(t.database.db, registered.user.id, plan);
    return { token: registered.token, id: registered.user.id };
  };
  const idle = () => t.jobs.drain({ withinMs: 60_000 });
  const create = (body: unknown, token = me.token, key?: string) => t.client.post('/api/create/post', body, as(token, key));
  const draft = (body: unknown, token = me.token) => t.client.post('/api/create/post/draft', body, as(token));
  const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();
  const storage = () => t.services.publishEngine.storage;

  beforeAll(async () => {
    t = await createTestApp({}, undefined, {
      social: { youtube: adapter },
      accountTokens: tokens,
      renderer,
      publishTimings: { pollIntervalMs: 5, backoffBaseMs: 5, backoffMaxMs: 20 },
    });
    adapter.processingPolls = 1;
    me = await register('poster');
    other = await register('other');
    ({ id: videoId } = await seedVideo(t.database.db, storage(), me.id, { title: 'Octopus facts' }));
    accountId = await seedAccount(t.database.db, me.id, { name: 'Octo channel' });
  });
  afterAll(async () => t.close());

  it('needs can_publish_post (a clear 403 on every route)', async () => {
    const free = await register('free', 'free');
    const calls = [
      t.client.post('/api/create/post', { video_id: videoId, account_ids: [accountId] }, as(free.token)),
      t.client.post('/api/create/post/draft', {}, as(free.token)),
      t.client.post(`/api/posts/${randomUUID()}/reschedule`, { scheduled_at: inAnHour() }, as(free.token)),
      t.client.delete(`/api/posts/${randomUUID()}`, as(free.token)),
      t.client.get('/api/get/posts', as(free.token)),
      t.client.get('/api/get/calendar/', as(free.token)),
      t.client.get('/api/get/videos', as(free.token)),
      t.client.get('/api/get/failed-jobs', as(free.token)),
      t.client.post('/api/reschedule/failed-jobs', { id: randomUUID() }, as(free.token)),
      t.client.delete(`/api/failed-jobs/${randomUUID()}`, as(free.token)),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(403);
      expect(messageOf(response)).toMatch(/plan does not include publishing/);
    }
    expect((await t.client.get('/api/get/posts')).statusCode).toBe(401);
  });

  it('publishes now: 202 with the post and its targets, then the engine publishes it', async () => {
    const id = randomUUID();
    const response = await create({ id, video_id: videoId, account_ids: [accountId, accountId], caption: 'Three hearts #octopus' });
    expect(response.statusCode, response.body).toBe(202);
    const post = response.json<Post>();
    expect(post).toMatchObject({ id, status: 'scheduled', video_id: videoId, caption: 'Three hearts #octopus', scheduled_at: null });
    expect(post.video).toMatchObject({ id: videoId, title: 'Octopus facts' });
    expect(post.video!.thumbnail_url).toMatch(/thumbnail\.jpg\?exp=/);
    // One target per account (duplicates collapse), with the account as the creator saw it.
    expect(post.targets).toHaveLength(1);
    expect(post.targets[0]).toMatchObject({ account_id: accountId, platform: 'youtube', account_name: 'Octo channel', sandbox: false, status: 'scheduled', attempts: 0 });
    // YouTube needs a title: the video's, with YouTube's defaults.
    expect(post.options.youtube).toEqual({ title: 'Octopus facts', description: '', tags: [], privacy: 'public', made_for_kids: false, ai_disclosure: true, category_id: '22' });

    await idle();
    const listed = (await t.client.get('/api/get/posts', as(me.token))).json<Paginated<Post>>();
    const published = listed.data.find((entry) => entry.id === id)!;
    expect(published.status).toBe('published');
    expect(published.published_at).not.toBeNull();
    expect(published.targets[0]).toMatchObject({ status: 'published', attempts: 1, url: expect.stringMatching(/^https:\/\/scripted\.invalid\/watch\//) as unknown });
  });

  it('answers a resent create (same id, same video and accounts) without a change, and refuses a different one', async () => {
    const id = randomUUID();
    const body = { id, video_id: videoId, account_ids: [accountId], caption: 'Once', scheduled_at: inAnHour() };
    expect((await create(body)).statusCode).toBe(202);
    const again = await create({ ...body, caption: 'Twice' });
    expect(again.statusCode).toBe(200);
    expect(again.json<Post>().caption).toBe('Once');
    const second = await seedAccount(t.database.db, me.id, { name: 'Second channel' });
    const different = await create({ ...body, account_ids: [accountId, second] });
    expect(different.statusCode).toBe(409);
    // With an Idempotency-Key the first answer is replayed as it was.
    const keyed = { ...body, id: randomUUID() };
    const first = await create(keyed, me.token, 'create-post-key-1');
    const replay = await create(keyed, me.token, 'create-post-key-1');
    expect(replay.statusCode).toBe(202);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json<Post>().id).toBe(first.json<Post>().id);
  });

  it('schedules a later post without publishing it yet', async () => {
    const at = inAnHour();
    const response = await create({ video_id: videoId, account_ids: [accountId], scheduled_at: at, timezone: 'Europe/Berlin' });
    expect(response.statusCode).toBe(202);
    const post = response.json<Post>();
    expect(post).toMatchObject({ status: 'scheduled', scheduled_at: new Date(at).toISOString(), timezone: 'Europe/Berlin' });
    expect(post.targets[0]!.next_attempt_at).toBe(new Date(at).toISOString());
    await idle();
    const [row] = await t.database.db.select().from(postTargets).where(eq(postTargets.postId, post.id));
    expect(row!.status).toBe('scheduled');
    expect(row!.attempts).toBe(0);
  });

  it('refuses a time more than two years ahead (year 9999 too) on create, draft and reschedule: 422, nothing stored', async () => {
    const user = await register('far-future');
    const video = await seedVideo(t.database.db, storage(), user.id, { title: 'Someday' });
    const account = await seedAccount(t.database.db, user.id, { name: 'Someday channel' });
    const rowsOf = async () => t.database.db.select({ id: posts.id, scheduledAt: posts.scheduledAt }).from(posts).where(eq(posts.userId, user.id));
    const far = ['9999-01-01T00:00:00Z', '9999-12-31T23:59:59-05:00', new Date(Date.now() + 732 * 86_400_000).toISOString()];
    for (const scheduled_at of far) {
      const created = await create({ video_id: video.id, account_ids: [account], scheduled_at }, user.token);
      expect(created.statusCode, scheduled_at).toBe(422);
      expect(errorsOf(created).scheduled_at, scheduled_at).toHaveLength(1);
      const drafted = await draft({ caption: 'Later', scheduled_at }, user.token);
      expect(drafted.statusCode, scheduled_at).toBe(422);
      expect(errorsOf(drafted).scheduled_at, scheduled_at).toHaveLength(1);
    }
    expect(await rowsOf()).toEqual([]);

    const at = inAnHour();
    const post = (await create({ video_id: video.id, account_ids: [account], scheduled_at: at }, user.token)).json<Post>();
    for (const scheduled_at of far) {
      const moved = await t.client.post(`/api/posts/${post.id}/reschedule`, { scheduled_at }, as(user.token));
      expect(moved.statusCode, scheduled_at).toBe(422);
      expect(errorsOf(moved).scheduled_at, scheduled_at).toHaveLength(1);
    }
    expect(await rowsOf()).toEqual([{ id: post.id, scheduledAt: new Date(at) }]);
    // Within the two years is fine.
    const within = new Date(Date.now() + 730 * 86_400_000).toISOString();
    expect((await t.client.post(`/api/posts/${post.id}/reschedule`, { scheduled_at: within }, as(user.token))).statusCode).toBe(202);
    expect((await draft({ caption: 'In two years', scheduled_at: within }, user.token)).statusCode).toBe(201);
  });

  it('refuses what cannot be published with 422s on the fields', async () => {
    const missing = await create({});
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(errorsOf(missing)).sort()).toEqual(['account_ids', 'video_id']);
    expect(errorsOf(await create({ video_id: videoId, account_ids: [] })).account_ids).toEqual(['Choose at least one account.']);

    const past = await create({ video_id: videoId, account_ids: [accountId], scheduled_at: new Date(Date.now() - 3600_000).toISOString() });
    expect(errorsOf(past).scheduled_at).toEqual(['The scheduled time must not be in the past.']);
    // A minute ago still means now (a slow outbox, a clock a little off).
    expect((await create({ video_id: videoId, account_ids: [accountId], scheduled_at: new Date(Date.now() - 60_000).toISOString() })).statusCode).toBe(202);

    const rendering = await seedVideo(t.database.db, storage(), me.id, { status: 'processing' });
    expect(errorsOf(await create({ video_id: rendering.id, account_ids: [accountId] })).video_id).toEqual(['Only a finished video can be published; this one is not finished yet.']);

    const longTitle = await create({ video_id: videoId, account_ids: [accountId], options: { youtube: { title: 'x'.repeat(101) } } });
    expect(errorsOf(longTitle)['options.youtube.title']).toEqual(['The YouTube title must not be greater than 100 characters.']);

    const tiktok = await seedAccount(t.database.db, me.id, { platform: 'tiktok', name: 'Tok' });
    expect(errorsOf(await create({ video_id: videoId, account_ids: [tiktok] }))['options.tiktok.privacy_level']).toEqual(['Choose who can see the TikTok post.']);
    const gone = await seedAccount(t.database.db, me.id, { name: 'Gone channel', disconnected: true });
    expect(errorsOf(await create({ video_id: videoId, account_ids: [gone] })).account_ids).toEqual(['Gone channel is disconnected; connect it again to publish.']);
  });

  it('never uses another user’s video, account or post', async () => {
    const theirVideo = await seedVideo(t.database.db, storage(), other.id, { title: 'Their video' });
    const theirAccount = await seedAccount(t.database.db, other.id, { name: 'Their channel' });
    const video = await create({ video_id: theirVideo.id, account_ids: [accountId] });
    expect(video.statusCode).toBe(422);
    expect(errorsOf(video).video_id).toEqual(['The selected video does not exist.']);
    const account = await create({ video_id: videoId, account_ids: [theirAccount] });
    expect(errorsOf(account).account_ids).toEqual(['One of the selected accounts is not connected to your profile.']);
    expect(errorsOf(await draft({ account_ids: [theirAccount] })).account_ids).toHaveLength(1);

    const theirs = (await create({ video_id: theirVideo.id, account_ids: [theirAccount], scheduled_at: inAnHour() }, other.token)).json<Post>();
    expect((await create({ id: theirs.id, video_id: videoId, account_ids: [accountId] })).statusCode).toBe(404);
    expect((await draft({ id: theirs.id, caption: 'mine now' })).statusCode).toBe(404);
    expect((await t.client.post(`/api/posts/${theirs.id}/reschedule`, { scheduled_at: inAnHour() }, as(me.token))).statusCode).toBe(404);
    const deleted = await t.client.delete(`/api/posts/${theirs.id}`, as(me.token));
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json<{ deleted: boolean }>().deleted).toBe(false);
    expect(await t.database.db.select().from(posts).where(eq(posts.id, theirs.id))).toHaveLength(1);
    const mine = (await t.client.get('/api/get/posts?per_page=100', as(me.token))).json<Paginated<Post>>();
    expect(mine.data.some((post) => post.id === theirs.id)).toBe(false);
    const videos = (await t.client.get('/api/get/videos', as(me.token))).json<{ data: PublishableVideo[] }>();
    expect(videos.data.some((entry) => entry.id === theirVideo.id)).toBe(false);
  });

  it('saves drafts with partial data, edits them, and turns one into a post', async () => {
    const created = await draft({ caption: 'Idea for later' });
    expect(created.statusCode, created.body).toBe(201);
    const first = created.json<Post>();
    expect(first).toMatchObject({ status: 'draft', video_id: null, caption: 'Idea for later', targets: [] });

    const edited = await draft({ id: first.id, video_id: videoId, account_ids: [accountId], options: { youtube: { description: 'No title yet' } } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Post>()).toMatchObject({ status: 'draft', caption: 'Idea for later', video_id: videoId, options: { youtube: { description: 'No title yet' } } });
    expect(edited.json<Post>().targets).toMatchObject([{ account_id: accountId, status: 'draft' }]);
    // Drafts stay off the engine and off the failed list.
    await idle();
    const published = adapter.posts.size;
    await idle();
    expect(adapter.posts.size).toBe(published);
    expect((await t.database.db.select().from(postTargets).where(eq(postTargets.postId, first.id)))[0]).toMatchObject({ status: 'draft', attempts: 0 });

    const scheduled = await create({ id: first.id, video_id: videoId, account_ids: [accountId], caption: 'Ready', scheduled_at: inAnHour() });
    expect(scheduled.statusCode).toBe(202);
    expect(scheduled.json<Post>()).toMatchObject({ id: first.id, status: 'scheduled', caption: 'Ready' });
    expect(scheduled.json<Post>().targets).toMatchObject([{ status: 'scheduled' }]);
    const notADraft = await draft({ id: first.id, caption: 'back to draft?' });
    expect(notADraft.statusCode).toBe(409);
  });

  it('lists posts newest first with a status filter and a search over caption, video title and YouTube title', async () => {
    const user = await register('lister');
    const video = await seedVideo(t.database.db, storage(), user.id, { title: 'Deep sea squid' });
    const account = await seedAccount(t.database.db, user.id, { name: 'Squid channel' });
    const a = (await create({ video_id: video.id, account_ids: [account], caption: 'Giant eyes', scheduled_at: inAnHour() }, user.token)).json<Post>();
    const b = (await create({ video_id: video.id, account_ids: [account], caption: 'Ink clouds', scheduled_at: inAnHour(), options: { youtube: { title: 'Cephalopod camouflage' } } }, user.token)).json<Post>();
    const d = (await t.client.post('/api/create/post/draft', { caption: 'A draft about krill' }, as(user.token))).json<Post>();
    const page = (await t.client.get('/api/get/posts', as(user.token))).json<Paginated<Post>>();
    expect(page.data.map((post) => post.id)).toEqual([d.id, b.id, a.id]);
    expect(page).toMatchObject({ current_page: 1, total: 3, per_page: 20, last_page: 1, from: 1, to: 3 });
    const ids = async (query: string) => (await t.client.get(`/api/get/posts?${query}`, as(user.token))).json<Paginated<Post>>().data.map((post) => post.id);
    expect(await ids('status=draft')).toEqual([d.id]);
    expect(await ids('status=scheduled')).toEqual([b.id, a.id]);
    expect(await ids('query=giant')).toEqual([a.id]);
    expect(await ids('query=camouflage')).toEqual([b.id]);
    expect(await ids('query=squid')).toEqual([b.id, a.id]);
    expect(await ids('query=100%25')).toEqual([]);
    expect(await ids('per_page=1&page=2')).toEqual([b.id]);
    expect((await t.client.get('/api/get/posts?status=nope', as(user.token))).statusCode).toBe(422);
  });

  it('shows posts on the calendar by their time, within the range asked for', async () => {
    const user = await register('calendar');
    const video = await seedVideo(t.database.db, storage(), user.id, { title: 'Calendar video' });
    const account = await seedAccount(t.database.db, user.id, { name: 'Cal channel' });
    const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const later = (await create({ video_id: video.id, account_ids: [account], scheduled_at: inTwoDays, options: { youtube: { title: 'Two days out' } } }, user.token)).json<Post>();
    await t.client.post('/api/create/post/draft', { caption: 'Timeless draft' }, as(user.token));
    const timedDraft = (await t.client.post('/api/create/post/draft', { caption: 'Draft with a time', scheduled_at: inTwoDays }, as(user.token))).json<Post>();

    const all = (await t.client.get('/api/get/calendar/', as(user.token))).json<{ data: CalendarEntry[] }>().data;
    expect(all.map((entry) => entry.id).sort()).toEqual([later.id, timedDraft.id].sort());
    const entry = all.find((x) => x.id === later.id)!;
    expect(entry).toMatchObject({ title: 'Two days out', status: 'scheduled', start: new Date(inTwoDays).toISOString(), platforms: ['youtube'] });
    expect(entry.thumbnail_url).toMatch(/thumbnail\.jpg/);
    expect(all.find((x) => x.id === timedDraft.id)).toMatchObject({ title: 'Draft with a time', status: 'draft', platforms: [] });

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const before = (await t.client.get(`/api/get/calendar/?to=${encodeURIComponent(tomorrow)}`, as(user.token))).json<{ data: CalendarEntry[] }>().data;
    expect(before).toEqual([]);
    const after = (await t.client.get(`/api/get/calendar/?from=${encodeURIComponent(tomorrow)}`, as(user.token))).json<{ data: CalendarEntry[] }>().data;
    expect(after).toHaveLength(2);
    expect((await t.client.get('/api/get/calendar/?from=yesterday', as(user.token))).statusCode).toBe(422);
  });

  it('offers the owner’s finished videos with signed thumbnails', async () => {
    const user = await register('videos');
    const done = await seedVideo(t.database.db, storage(), user.id, { title: 'Done one' });
    await seedVideo(t.database.db, storage(), user.id, { status: 'processing' });
    await seedVideo(t.database.db, storage(), user.id, { status: 'failed' });
    const { data } = (await t.client.get('/api/get/videos', as(user.token))).json<{ data: PublishableVideo[] }>();
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ id: done.id, title: 'Done one', duration: 12.5, width: 1080, height: 1920 });
    expect(data[0]!.thumbnail_url).toMatch(new RegExp(`^/media/users/${user.id}/videos/${done.id}/thumbnail\\.jpg\\?exp=\\d+.*&sig=`));
  });

  it('lists failed publish targets and failed renders together, and reschedules either', async () => {
    const user = await register('failures');
    const video = await seedVideo(t.database.db, storage(), user.id, { title: 'Rejected video' });
    const account = await seedAccount(t.database.db, user.id, { name: 'Strict channel' });
    adapter.failNext = [{ at: 'start', error: new SocialError('YouTube rejected the video: it is too long for a Short.', 'bad', 'invalidVideo', 400) }];
    const post = (await create({ video_id: video.id, account_ids: [account] }, user.token)).json<Post>();
    await idle();
    const failedRender = await seedVideo(t.database.db, storage(), user.id, { status: 'failed', title: 'Broken render', error: 'The voice service is down.' });
    // The render failed after the publish did: it is listed first.
    await t.database.db.update(aiVideos).set({ updatedAt: new Date(Date.now() + 1000) }).where(eq(aiVideos.id, failedRender.id));

    const listed = (await t.client.get('/api/get/failed-jobs', as(user.token))).json<Paginated<FailedJob>>();
    expect(listed.total).toBe(2);
    expect(listed.data[0]).toMatchObject({ id: failedRender.id, kind: 'render', video_id: failedRender.id, video_title: 'Broken render', reason: 'The voice service is down.', code: 'voice', platform: null });
    expect(listed.data[1]).toMatchObject({
      id: post.targets[0]!.id,
      kind: 'publish',
      platform: 'youtube',
      account_id: account,
      account_name: 'Strict channel',
      post_id: post.id,
      video_id: video.id,
      video_title: 'Rejected video',
      attempts: 1,
      reason: 'YouTube rejected the video: it is too long for a Short.',
      code: 'invalidVideo',
      error_class: 'bad',
    });
    const search = async (query: string) => (await t.client.get(`/api/get/failed-jobs?query=${query}`, as(user.token))).json<Paginated<FailedJob>>().data.map((job) => job.kind);
    expect(await search('strict')).toEqual(['publish']);
    expect(await search('voice%20service')).toEqual(['render']);
    expect((await t.client.get('/api/get/failed-jobs', as(me.token))).json<Paginated<FailedJob>>().data.some((job) => job.id === failedRender.id)).toBe(false);

    // Another user cannot reschedule them.
    expect((await t.client.post('/api/reschedule/failed-jobs', { id: post.targets[0]!.id }, as(other.token))).statusCode).toBe(404);
    expect((await t.client.post('/api/reschedule/failed-jobs', { id: failedRender.id }, as(other.token))).statusCode).toBe(404);

    const at = inAnHour();
    const again = await t.client.post('/api/reschedule/failed-jobs', { id: post.targets[0]!.id, scheduled_at: at }, as(user.token));
    expect(again.statusCode, again.body).toBe(202);
    const requeued = again.json<{ kind: string; post: Post }>();
    expect(requeued.kind).toBe('publish');
    expect(requeued.post.status).toBe('scheduled');
    expect(requeued.post.targets[0]).toMatchObject({ status: 'scheduled', attempts: 0, error: null, next_attempt_at: new Date(at).toISOString() });
    expect((await t.client.post('/api/reschedule/failed-jobs', { id: post.targets[0]!.id }, as(user.token))).statusCode).toBe(409);

    const restarted = await t.client.post('/api/reschedule/failed-jobs', { id: failedRender.id }, as(user.token));
    expect(restarted.statusCode, restarted.body).toBe(202);
    expect(restarted.json<{ kind: string; video: { status: string } }>()).toMatchObject({ kind: 'render', video: { status: 'queued' } });
    expect(enqueued).toContain(failedRender.id);
    expect((await t.client.get('/api/get/failed-jobs', as(user.token))).json<Paginated<FailedJob>>().total).toBe(0);
    expect((await t.client.post('/api/reschedule/failed-jobs', { id: randomUUID() }, as(user.token))).statusCode).toBe(404);
  });

  it('dismisses a failed job: off the list until it is queued again; owner-scoped, replay-safe', async () => {
    const user = await register('dismisser');
    const video = await seedVideo(t.database.db, storage(), user.id, { title: 'Soon gone' });
    const account = await seedAccount(t.database.db, user.id, { name: 'Dismiss channel' });
    adapter.failNext = [{ at: 'start', error: new SocialError('YouTube rejected the video.', 'bad', 'invalidVideo', 400) }];
    const post = (await create({ video_id: video.id, account_ids: [account], caption: 'Tide pools at dawn\n#sea' }, user.token)).json<Post>();
    await idle();
    const failedRender = await seedVideo(t.database.db, storage(), user.id, { status: 'failed', title: 'Broken render' });
    const targetId = post.targets[0]!.id;
    const list = async () => (await t.client.get('/api/get/failed-jobs', as(user.token))).json<Paginated<FailedJob>>();

    // The video is deleted afterwards: the job keeps a name, the post's own (its YouTube title,
    // which was the video's).
    await t.client.delete(`/api/ai-videos/${video.id}`, as(user.token));
    expect((await list()).data.find((job) => job.id === targetId)).toMatchObject({ kind: 'publish', video_id: null, video_title: null, post_title: 'Soon gone' });

    expect(errorsOf(await t.client.delete('/api/failed-jobs/not-a-uuid', as(user.token)))).toEqual({ id: ['The failed job id must be a valid UUID.'] });
    // Another user's dismissal changes nothing.
    const foreign = await t.client.delete(`/api/failed-jobs/${targetId}`, as(other.token));
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json()).toEqual({ message: 'Failed job dismissed.', dismissed: false });
    expect((await list()).total).toBe(2);

    const dismissed = await t.client.delete(`/api/failed-jobs/${targetId}`, as(user.token, 'dismiss-key-1'));
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json()).toEqual({ message: 'Failed job dismissed.', dismissed: true });
    // The outbox sending it again gets the same answer; another device's dismissal is no error.
    expect((await t.client.delete(`/api/failed-jobs/${targetId}`, as(user.token, 'dismiss-key-1'))).json()).toEqual({ message: 'Failed job dismissed.', dismissed: true });
    expect((await t.client.delete(`/api/failed-jobs/${targetId}`, as(user.token))).json()).toEqual({ message: 'Failed job dismissed.', dismissed: false });
    expect((await list()).data.map((job) => job.id)).toEqual([failedRender.id]);
    // The post itself is unchanged: its target is still failed.
    expect((await t.client.get('/api/get/posts', as(user.token))).json<Paginated<Post>>().data.find((row) => row.id === post.id)!.targets[0]).toMatchObject({ status: 'failed' });

    // A failed render: off the list, still failed in My videos.
    expect((await t.client.delete(`/api/failed-jobs/${failedRender.id}`, as(user.token))).json()).toEqual({ message: 'Failed job dismissed.', dismissed: true });
    expect((await list()).total).toBe(0);
    expect((await t.client.get(`/api/ai-videos/${failedRender.id}`, as(user.token))).json()).toMatchObject({ status: 'failed' });

    // Queued again, it fails again: the new failure is listed.
    expect((await t.client.post('/api/reschedule/failed-jobs', { id: targetId }, as(user.token))).statusCode).toBe(202);
    await idle();
    expect((await list()).data).toMatchObject([{ id: targetId, reason: 'The video was deleted, so there is nothing to publish.' }]);
  });

  it('reschedules a scheduled or failed post (the calendar drag) and refuses a published one', async () => {
    const user = await register('mover');
    const video = await seedVideo(t.database.db, storage(), user.id, { title: 'Mover video' });
    const account = await seedAccount(t.database.db, user.id, { name: 'Mover channel' });
    const post = (await create({ video_id: video.id, account_ids: [account], scheduled_at: inAnHour() }, user.token)).json<Post>();
    const at = new Date(Date.now() + 5 * 3600_000).toISOString();
    const moved = await t.client.post(`/api/posts/${post.id}/reschedule`, { scheduled_at: at }, as(user.token));
    expect(moved.statusCode, moved.body).toBe(202);
    expect(moved.json<Post>()).toMatchObject({ status: 'scheduled', scheduled_at: new Date(at).toISOString() });
    expect(moved.json<Post>().targets[0]!.next_attempt_at).toBe(new Date(at).toISOString());
    expect(errorsOf(await t.client.post(`/api/posts/${post.id}/reschedule`, { scheduled_at: 'soon' }, as(user.token)))).toHaveProperty('scheduled_at');

    // Moved to now: it goes out.
    const now = await t.client.post(`/api/posts/${post.id}/reschedule`, { scheduled_at: new Date().toISOString() }, as(user.token));
    expect(now.statusCode).toBe(202);
    await idle();
    const published = (await t.client.get('/api/get/posts', as(user.token))).json<Paginated<Post>>().data[0]!;
    expect(published.status).toBe('published');
    const refused = await t.client.post(`/api/posts/${post.id}/reschedule`, { scheduled_at: at }, as(user.token));
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toBe('Only a scheduled or failed post can be rescheduled; this one is published.');
  });

  it('deletes a post (not while it is publishing)', async () => {
    const post = (await create({ video_id: videoId, account_ids: [accountId], scheduled_at: inAnHour() })).json<Post>();
    await t.database.db.update(postTargets).set({ status: 'publishing' }).where(eq(postTargets.postId, post.id));
    const busy = await t.client.delete(`/api/posts/${post.id}`, as(me.token));
    expect(busy.statusCode).toBe(409);
    await t.database.db.update(postTargets).set({ status: 'scheduled' }).where(eq(postTargets.postId, post.id));
    const deleted = await t.client.delete(`/api/posts/${post.id}`, as(me.token));
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json<{ deleted: boolean }>().deleted).toBe(true);
    expect(await t.database.db.select().from(postTargets).where(eq(postTargets.postId, post.id))).toHaveLength(0);
    // Again (another device, a replayed outbox item): not an error.
    expect((await t.client.delete(`/api/posts/${post.id}`, as(me.token))).statusCode).toBe(200);
  });

  it('deleting a video cancels the posts still waiting to publish it, in the same change', async () => {
    const user = await register('video-remover');
    const video = await seedVideo(t.database.db, storage(), user.id, { title: 'Short-lived video' });
    const first = await seedAccount(t.database.db, user.id, { name: 'First channel' });
    const second = await seedAccount(t.database.db, user.id, { name: 'Second channel' });
    const waiting = (await create({ video_id: video.id, account_ids: [first], scheduled_at: inAnHour() }, user.token)).json<Post>();
    // Out on one account already, still waiting on the other.
    const halfway = (await create({ video_id: video.id, account_ids: [first, second], scheduled_at: inAnHour() }, user.token)).json<Post>();
    const outTarget = halfway.targets.find((target) => target.account_id === second)!;
    await t.database.db
      .update(postTargets)
      .set({ status: 'published', platformPostId: 'yt-1', url: 'https://example.invalid/yt-1', publishedAt: new Date() })
      .where(eq(postTargets.id, outTarget.id));
    const kept = (await draft({ video_id: video.id, account_ids: [first], caption: 'Later' }, user.token)).json<Post>();

    // Another user's delete of this id changes nothing.
    expect((await t.client.delete(`/api/ai-videos/${video.id}`, as(other.token))).json()).toMatchObject({ posts_cancelled: 0 });
    expect(await t.database.db.select().from(posts).where(eq(posts.id, waiting.id))).toHaveLength(1);

    const deleted = await t.client.delete(`/api/ai-videos/${video.id}`, as(user.token));
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ message: 'Video deleted.', posts_cancelled: 1 });
    const listed = (await t.client.get('/api/get/posts', as(user.token))).json<Paginated<Post>>().data;
    expect(listed.map((post) => post.id).sort()).toEqual([halfway.id, kept.id].sort());
    expect(listed.find((post) => post.id === halfway.id)).toMatchObject({ status: 'published', video_id: null, targets: [{ id: outTarget.id, status: 'published' }] });
    expect(listed.find((post) => post.id === kept.id)).toMatchObject({ status: 'draft', video_id: null });
    // Nothing is left to fail at its time.
    await idle();
    expect((await t.client.get('/api/get/failed-jobs', as(user.token))).json<Paginated<FailedJob>>().total).toBe(0);
  });
});
