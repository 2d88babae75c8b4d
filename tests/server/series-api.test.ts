// The series API, server side: create (draft or started, replays, validation per field, the plan's
// series limit), change (start, pause, resume and a new cadence move the autopilot's
// next_prepare_at), delete (waiting posts cancelled, published ones and videos kept, 409 while
// uploading), the list with its paginator, filters and stats, the episode timeline, the labels on
// videos and posts, usage, and the can_create_series guard and owner scoping on every route.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paginated } from '../../contract/http';
import type { UsageResponse } from '../../contract/plans';
import type { CalendarEntry, Post } from '../../contract/publishing';
import { videoCost, type AiVideo } from '../../contract/videos';
import type { Series, SeriesEpisode } from '../../contract/series';
import { posts, postTargets, series, seriesEpisodes } from '../../server/db/schema';
import { aiVideos } from '../../server/db/schema-videos';
import { PLANS } from '../../server/domain/plans/plans';
import { REPLAYED_HEADER } from '../../server/http/idempotency';
import { as, createTestApp, errorsOf, messageOf, uniqueEmail, type TestApp } from './helpers';
import { allowPublishing, seedAccount, seedVideo } from './publishing-fixtures';

const HOUR = 3_600_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** Every day at one UTC time about 12 hours away, so the next slot is unambiguous whenever the test runs. */
function farCadence(now = Date.now()) {
  const at = new Date(now + 12 * HOUR);
  return { days: [0, 1, 2, 3, 4, 5, 6], times: [`${pad(at.getUTCHours())}:00`] };
}

/** The first time a daily "HH:00" UTC comes after `afterMs`. */
function nextDaily(time: string, afterMs: number): number {
  const after = new Date(afterMs);
  const today = Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate(), Number(time.slice(0, 2)));
  return today > afterMs ? today : today + 24 * HOUR;
}

describe('series API', () => {
  let t: TestApp;
  let alice: { token: string; id: number };
  let bob: { token: string; id: number };
  let aliceAccount: string;
  let bobAccount: string;

  const register = async (label: string, plan = 'creator') => {
    const registered = await t.client.register(uniqueEmail(label));
    await allowPublishing(t.database.db, registered.user.id, plan);
    return { token: registered.token, id: registered.user.id };
  };
  const db = () => t.database.db;
  const storage = () => t.services.publishEngine.storage;
  const started = (accountId: string, extra: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    name: 'Deep sea facts',
    status: 'active',
    topic: { mode: 'niche', niche: 'Deep sea animals' },
    style: { duration: 30 },
    cadence: farCadence(),
    time_zone: 'UTC',
    destinations: { account_ids: [accountId] },
    lead_hours: 2,
    ...extra,
  });
  const create = (body: unknown, token = alice.token, key?: string) => t.client.post('/api/series', body, as(token, key));
  const update = (id: string, body: unknown, token = alice.token) => t.client.put(`/api/series/${id}`, body, as(token));
  const rowOf = async (id: string) => (await db().select().from(series).where(eq(series.id, id)))[0]!;
  const json = <T>(response: LightMyRequestResponse) => response.json<T>();

  beforeAll(async () => {
    t = await createTestApp();
    alice = await register('series-alice');
    bob = await register('series-bob');
    aliceAccount = await seedAccount(db(), alice.id, { name: 'Alice channel' });
    bobAccount = await seedAccount(db(), bob.id, { name: 'Bob channel' });
  });
  afterAll(async () => t.close());

  it('needs can_create_series: a free plan gets 403 on every route, a guest 401', async () => {
    const free = await register('series-free', 'free');
    const id = randomUUID();
    const calls = [
      t.client.get('/api/series', as(free.token)),
      t.client.get(`/api/series/${id}`, as(free.token)),
      t.client.get(`/api/series/${id}/episodes`, as(free.token)),
      t.client.post('/api/series', { name: 'Mine' }, as(free.token)),
      t.client.put(`/api/series/${id}`, { name: 'Mine' }, as(free.token)),
      t.client.delete(`/api/series/${id}`, as(free.token)),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(403);
      expect(messageOf(response)).toMatch(/plan does not include series/);
    }
    expect((await t.client.get('/api/series')).statusCode).toBe(401);
    expect(await db().select().from(series).where(eq(series.userId, free.id))).toEqual([]);
  });

  it('creates a wizard draft with only a name; the same id again is 200 and unchanged; another creator’s id is taken', async () => {
    const id = randomUUID();
    const first = await create({ id, name: 'Space history', wizard_step: 2 });
    expect(first.statusCode).toBe(201);
    const made = json<Series>(first);
    expect(made).toMatchObject({
      id,
      name: 'Space history',
      status: 'draft',
      wizard_step: 2,
      topic: null,
      style: null,
      cadence: null,
      time_zone: null,
      destinations: { account_ids: [], options: {} },
      review_mode: 'review',
      lead_hours: 6,
      weekly_credit_cap: null,
      never_again: [],
      attention: null,
      stats: { next_slot_at: null, episodes_this_month: 0, credits_this_week: 0, estimated_credits_per_week: 0 },
    });
    expect((await rowOf(id)).nextPrepareAt).toBeNull();

    const again = await create({ id, name: 'Something else', wizard_step: 5 });
    expect(again.statusCode).toBe(200);
    expect(json<Series>(again)).toMatchObject({ id, name: 'Space history', wizard_step: 2 });

    const theirs = await create({ id, name: 'Bob’s' }, bob.token);
    expect(theirs.statusCode).toBe(422);
    expect(errorsOf(theirs)).toEqual({ id: ['The id has already been taken.'] });
    expect((await rowOf(id)).userId).toBe(alice.id);

    // An Idempotency-Key replays the stored answer.
    const key = `series-${randomUUID()}`;
    const keyed = await create({ name: 'Keyed' }, alice.token, key);
    const replayed = await create({ name: 'Keyed' }, alice.token, key);
    expect(keyed.statusCode).toBe(201);
    expect(replayed.statusCode).toBe(201);
    expect(replayed.headers[REPLAYED_HEADER]).toBe('true');
    expect(json<Series>(replayed).id).toBe(json<Series>(keyed).id);
  });

  it('refuses a started series that lacks what it needs, field by field, and accounts that are not the creator’s', async () => {
    const bare = await create({ name: 'Too soon', status: 'active' });
    expect(bare.statusCode).toBe(422);
    expect(errorsOf(bare)).toEqual({
      topic: ['Choose what the episodes are about before starting the series.'],
      style: ['Choose the voice and look before starting the series.'],
      cadence: ['Choose when episodes are posted before starting the series.'],
      time_zone: ['Choose the time zone before starting the series.'],
      destinations: ['Choose at least one account to post to before starting the series.'],
    });

    const foreign = await create(started(bobAccount));
    expect(foreign.statusCode).toBe(422);
    expect(errorsOf(foreign)).toEqual({ 'destinations.account_ids': ['One of the selected accounts is not connected to your profile.'] });

    const gone = await seedAccount(db(), alice.id, { name: 'Old channel', disconnected: true });
    const disconnected = await create({ name: 'Draft with a gone account', destinations: { account_ids: [gone] } });
    expect(errorsOf(disconnected)).toEqual({ 'destinations.account_ids': ['Old channel is disconnected; connect it again to post to it.'] });

    const shapes = await create({ name: '', time_zone: 'Mars/Olympus', cadence: { days: [], times: ['25:00'] }, lead_hours: 100, topic: { mode: 'list', topics: [] } });
    expect(shapes.statusCode).toBe(422);
    expect(Object.keys(errorsOf(shapes)).sort()).toEqual(['cadence.days', 'cadence.times.0', 'lead_hours', 'name', 'time_zone', 'topic.topics']);

    // The plan's length holds for a series as for a video.
    const longer = await create({ name: 'Too long', style: { duration: PLANS.creator.video.maxSeconds + 10 } });
    expect(errorsOf(longer)).toEqual({ 'style.duration': [`Your Creator plan makes videos up to ${PLANS.creator.video.maxSeconds} seconds.`] });
  });

  it('starts a series at once: started_at and planned_through now, the next slot minus the lead time to prepare at', async () => {
    const before = Date.now();
    const body = started(aliceAccount, { weekly_credit_cap: 200 });
    const slot = nextDaily(body.cadence.times[0]!, before);
    const response = await create(body);
    expect(response.statusCode).toBe(201);
    const made = json<Series>(response);
    expect(made.status).toBe('active');
    expect(made.stats.next_slot_at).toBe(new Date(slot).toISOString());
    expect(made.stats.estimated_credits_per_week).toBe(7 * videoCost(30, PLANS.creator.video.creditsPerSecond));
    const row = await rowOf(body.id);
    expect(row.nextPrepareAt?.getTime()).toBe(slot - 2 * HOUR);
    expect(row.startedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.plannedThrough!.getTime()).toBe(row.startedAt!.getTime());
  });

  it('pauses (nothing to prepare), resumes from now (attention cleared) and reschedules on a new cadence', async () => {
    const body = started(aliceAccount);
    expect((await create(body)).statusCode).toBe(201);

    const paused = await update(body.id, { status: 'paused' });
    expect(paused.statusCode).toBe(200);
    expect(json<Series>(paused)).toMatchObject({ status: 'paused', stats: { next_slot_at: null } });
    expect((await rowOf(body.id)).nextPrepareAt).toBeNull();

    // Paused for a while, with an account to reconnect; the autopilot left planned_through behind.
    const attention = { kind: 'reconnect' as const, message: 'Reconnect Alice channel.', account_id: aliceAccount };
    await db()
      .update(series)
      .set({ attention, plannedThrough: new Date(Date.now() - 48 * HOUR) })
      .where(eq(series.id, body.id));
    const before = Date.now();
    const resumed = await update(body.id, { status: 'active' });
    expect(resumed.statusCode).toBe(200);
    expect(json<Series>(resumed)).toMatchObject({ status: 'active', attention: null });
    const row = await rowOf(body.id);
    expect(row.plannedThrough!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.nextPrepareAt!.getTime()).toBe(nextDaily(body.cadence.times[0]!, before) - 2 * HOUR);

    // A new time and lead: the next slot is found again from now.
    const at = new Date(Date.now() + 30 * HOUR);
    const cadence = { days: [at.getUTCDay()], times: [`${pad(at.getUTCHours())}:00`] };
    const moved = await update(body.id, { cadence, lead_hours: 5 });
    expect(moved.statusCode).toBe(200);
    const slot = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate(), at.getUTCHours());
    expect(json<Series>(moved).stats.next_slot_at).toBe(new Date(slot).toISOString());
    expect((await rowOf(body.id)).nextPrepareAt!.getTime()).toBe(slot - 5 * HOUR);

    // A name change leaves the schedule alone.
    const renamed = await update(body.id, { name: 'Renamed', never_again: ['Giant squid', 'Giant squid'] });
    expect(json<Series>(renamed)).toMatchObject({ name: 'Renamed', never_again: ['Giant squid'] });
    expect((await rowOf(body.id)).nextPrepareAt!.getTime()).toBe(slot - 5 * HOUR);
  });

  it('refuses changes that would leave a series unable to run, or that go back to draft', async () => {
    const body = started(aliceAccount);
    await create(body);
    const emptied = await update(body.id, { destinations: { account_ids: [] } });
    expect(emptied.statusCode).toBe(422);
    expect(errorsOf(emptied)).toEqual({ destinations: ['Choose at least one account to post to before starting the series.'] });
    const back = await update(body.id, { status: 'draft' });
    expect(errorsOf(back)).toEqual({ status: ['A series that has started cannot become a draft again; pause it instead.'] });

    const draftId = randomUUID();
    await create({ id: draftId, name: 'Draft' });
    expect(errorsOf(await update(draftId, { status: 'paused' }))).toEqual({ status: ['Start the series before pausing it.'] });
    // A draft given what it lacks starts.
    const start = await update(draftId, { status: 'active', topic: { mode: 'prompt', prompt: 'Odd laws' }, style: {}, cadence: farCadence(), time_zone: 'UTC', destinations: { account_ids: [aliceAccount] } });
    expect(start.statusCode).toBe(200);
    expect(json<Series>(start).status).toBe('active');
    expect((await rowOf(draftId)).startedAt).not.toBeNull();
  });

  it('scopes every call to the owner: another creator’s series is 404 and unchanged', async () => {
    const body = started(aliceAccount);
    await create(body);
    const calls = [
      t.client.get(`/api/series/${body.id}`, as(bob.token)),
      t.client.get(`/api/series/${body.id}/episodes`, as(bob.token)),
      t.client.put(`/api/series/${body.id}`, { name: 'Mine now' }, as(bob.token)),
      t.client.delete(`/api/series/${body.id}`, as(bob.token)),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(404);
      expect(messageOf(response)).toBe('This series no longer exists.');
    }
    expect((await rowOf(body.id)).name).toBe('Deep sea facts');
    const list = json<Paginated<Series>>(await t.client.get('/api/series', as(bob.token)));
    expect(list.data.map((item) => item.id)).not.toContain(body.id);
  });

  it('counts drafts, active and paused series against the plan’s series limit (403 with the plan’s words)', async () => {
    const carol = await register('series-limit');
    const limit = PLANS.creator.limits.series.value ?? 0;
    expect(limit).toBeGreaterThan(0);
    await db()
      .insert(series)
      .values(Array.from({ length: limit - 1 }, (_, i) => ({ id: randomUUID(), userId: carol.id, name: `S${i}`, status: i % 3 === 0 ? ('paused' as const) : ('draft' as const) })));
    expect((await create({ name: 'The last one' }, carol.token)).statusCode).toBe(201);
    const beyond = await create({ name: 'One too many' }, carol.token);
    expect(beyond.statusCode).toBe(403);
    expect(messageOf(beyond)).toMatch(/Your Creator plan includes 10 series/);
    const usage = json<UsageResponse>(await t.client.get('/api/user/usage', as(carol.token)));
    expect(usage.data.find((entry) => entry.limit === 'series')).toMatchObject({ used: limit, period_start: null });
  });

  it('lists newest first as a Laravel paginator, filtered by status or attention', async () => {
    const dave = await register('series-list');
    const account = await seedAccount(db(), dave.id);
    const ids: string[] = [];
    for (const name of ['One', 'Two', 'Three']) {
      const body = name === 'Two' ? started(account, { name }) : { id: randomUUID(), name };
      ids.push(body.id);
      expect((await create(body, dave.token)).statusCode).toBe(201);
    }
    await db()
      .update(series)
      .set({ createdAt: new Date(Date.now() - 3 * HOUR) })
      .where(eq(series.id, ids[0]!));
    const page = json<Paginated<Series>>(await t.client.get('/api/series?per_page=2', as(dave.token)));
    expect(page).toMatchObject({ current_page: 1, last_page: 2, per_page: 2, total: 3, from: 1, to: 2 });
    expect(page.data.map((item) => item.name)).toEqual(['Three', 'Two']);
    const second = json<Paginated<Series>>(await t.client.get('/api/series?per_page=2&page=2', as(dave.token)));
    expect(second.data.map((item) => item.name)).toEqual(['One']);

    const active = json<Paginated<Series>>(await t.client.get('/api/series?status=active', as(dave.token)));
    expect(active.data.map((item) => item.name)).toEqual(['Two']);
    expect(active.data[0]!.stats.next_slot_at).not.toBeNull();
    const drafts = json<Paginated<Series>>(await t.client.get('/api/series?status=draft', as(dave.token)));
    expect(drafts.total).toBe(2);

    await db()
      .update(series)
      .set({ status: 'paused', attention: { kind: 'account_missing', message: 'The account is gone.', account_id: null } })
      .where(eq(series.id, ids[1]!));
    const attention = json<Paginated<Series>>(await t.client.get('/api/series?status=attention', as(dave.token)));
    expect(attention.data.map((item) => item.name)).toEqual(['Two']);
    expect((await t.client.get('/api/series?status=nonsense', as(dave.token))).statusCode).toBe(422);
  });

  describe('with episodes', () => {
    let erin: { token: string; id: number };
    let seriesId: string;
    let account: string;
    const now = Date.now();
    const episode = (values: Partial<typeof seriesEpisodes.$inferInsert>) =>
      db()
        .insert(seriesEpisodes)
        .values({ id: randomUUID(), seriesId, userId: erin.id, ...values })
        .returning()
        .then((rows) => rows[0]!);
    const post = async (videoId: string | null, status: 'scheduled' | 'published' | 'failed', targetStatus: 'scheduled' | 'published' | 'failed' | 'publishing' = status) => {
      const id = randomUUID();
      await db()
        .insert(posts)
        .values({ id, userId: erin.id, videoId, caption: 'Episode', options: {}, status, scheduledAt: new Date(now + 24 * HOUR) });
      await db()
        .insert(postTargets)
        .values({
          id: randomUUID(),
          postId: id,
          userId: erin.id,
          accountId: account,
          platform: 'youtube',
          accountName: 'Erin channel',
          sandbox: false,
          status: targetStatus,
          nextAttemptAt: new Date(now + 24 * HOUR),
          url: targetStatus === 'published' ? 'https://youtube.example/watch?v=1' : null,
        });
      return id;
    };

    beforeAll(async () => {
      erin = await register('series-episodes');
      account = await seedAccount(db(), erin.id, { name: 'Erin channel' });
      const body = started(account, { name: 'Erin’s series', time_zone: 'Europe/Berlin' });
      seriesId = body.id;
      expect((await create(body, erin.token)).statusCode).toBe(201);
    });

    it('shows the timeline latest slot first (samples first), each with its posts; a published post shows the episode published', async () => {
      const video = await seedVideo(db(), storage(), erin.id, { title: 'Anglerfish' });
      const published = await post(video.id, 'published');
      const sample = await episode({ sample: true, status: 'awaiting_review', title: 'Sample', credits: 12 });
      const older = await episode({ slotAt: new Date(now - 40 * 24 * HOUR), status: 'skipped', reason: 'Missed: Reelflow was not running.' });
      const latest = await episode({ slotAt: new Date(now - 60_000), status: 'scheduled', videoId: video.id, postId: published, title: 'Anglerfish', credits: 12 });
      const page = json<Paginated<SeriesEpisode>>(await t.client.get(`/api/series/${seriesId}/episodes`, as(erin.token)));
      expect(page.total).toBe(3);
      expect(page.data.map((item) => item.id)).toEqual([sample.id, latest.id, older.id]);
      expect(page.data[1]).toMatchObject({
        status: 'published',
        video_id: video.id,
        credits: 12,
        posts: [{ post_id: published, platform: 'youtube', account_name: 'Erin channel', status: 'published', url: 'https://youtube.example/watch?v=1' }],
      });
      expect(page.data[2]).toMatchObject({ status: 'skipped', reason: 'Missed: Reelflow was not running.', posts: [] });

      // The stats: this month's episodes (skipped and samples not counted), this week's credits.
      const shown = json<Series>(await t.client.get(`/api/series/${seriesId}`, as(erin.token)));
      expect(shown.stats.episodes_this_month).toBe(1);
      expect(shown.stats.credits_this_week).toBe(12);
      const usage = json<UsageResponse>(await t.client.get('/api/user/usage', as(erin.token)));
      expect(usage.data.find((entry) => entry.limit === 'series_episodes_per_month')).toMatchObject({ used: 1 });

      // The label on My videos, the posts list and the calendar.
      const label = { series_id: seriesId, series_name: 'Erin’s series', episode_id: latest.id };
      expect(json<AiVideo>(await t.client.get(`/api/ai-videos/${video.id}`, as(erin.token))).series).toEqual(label);
      const videos = json<Paginated<AiVideo>>(await t.client.get('/api/ai-videos', as(erin.token)));
      expect(videos.data.find((item) => item.id === video.id)?.series).toEqual(label);
      const other = await seedVideo(db(), storage(), erin.id, { title: 'Not an episode' });
      expect(json<AiVideo>(await t.client.get(`/api/ai-videos/${other.id}`, as(erin.token))).series).toBeNull();
      const postsList = json<Paginated<Post>>(await t.client.get('/api/get/posts', as(erin.token)));
      expect(postsList.data.find((item) => item.id === published)?.series).toEqual(label);
      const calendar = json<{ data: CalendarEntry[] }>(await t.client.get('/api/get/calendar/', as(erin.token)));
      expect(calendar.data.find((item) => item.id === published)?.series).toEqual(label);
    });

    it('deletes: 409 while a post is uploading; then waiting posts are cancelled, published ones and videos stay', async () => {
      const video = await seedVideo(db(), storage(), erin.id, { title: 'Vampire squid' });
      const waiting = await post(video.id, 'scheduled');
      const uploading = await post(video.id, 'scheduled', 'publishing');
      const kept = await post(video.id, 'published');
      await episode({ slotAt: new Date(now + 20 * HOUR), status: 'scheduled', videoId: video.id, postId: waiting });
      const busy = await episode({ slotAt: new Date(now + 21 * HOUR), status: 'scheduled', postId: uploading });
      await episode({ slotAt: new Date(now - 20 * HOUR), status: 'scheduled', postId: kept });

      const refused = await t.client.delete(`/api/series/${seriesId}`, as(erin.token));
      expect(refused.statusCode).toBe(409);
      expect((await rowOf(seriesId)).id).toBe(seriesId);
      expect(await db().select().from(posts).where(eq(posts.id, waiting))).toHaveLength(1);

      await db().update(postTargets).set({ status: 'scheduled' }).where(eq(postTargets.postId, uploading));
      const deleted = await t.client.delete(`/api/series/${seriesId}`, as(erin.token, `delete-${seriesId}`));
      expect(deleted.statusCode).toBe(200);
      expect(json<{ posts_cancelled: number }>(deleted).posts_cancelled).toBe(2);
      expect(await db().select().from(series).where(eq(series.id, seriesId))).toEqual([]);
      expect(await db().select().from(seriesEpisodes).where(eq(seriesEpisodes.id, busy.id))).toEqual([]);
      expect(await db().select().from(posts).where(eq(posts.id, waiting))).toEqual([]);
      expect(await db().select().from(posts).where(eq(posts.id, uploading))).toEqual([]);
      expect(await db().select().from(posts).where(eq(posts.id, kept))).toHaveLength(1);
      expect(await db().select().from(aiVideos).where(eq(aiVideos.id, video.id))).toHaveLength(1);
      // Its video has no label any more; the outbox's resend is a replay, a fresh call a 404.
      expect(json<AiVideo>(await t.client.get(`/api/ai-videos/${video.id}`, as(erin.token))).series).toBeNull();
      expect((await t.client.delete(`/api/series/${seriesId}`, as(erin.token, `delete-${seriesId}`))).statusCode).toBe(200);
      expect((await t.client.get(`/api/series/${seriesId}`, as(erin.token))).statusCode).toBe(404);
    });
  });
});
