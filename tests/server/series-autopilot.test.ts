// The series autopilot end to end, in process on a simulated clock: a series in Europe/Berlin
// posting at 18:00 and 21:00 runs across the change to summer time (2026-03-29), ticked twice at
// every step (two jobs sent and two ticks run side by side), its episodes written, rendered by the
// render queue and published through the publish engine; a short balance, a failing render and
// an account that needs reconnecting each take their documented way; review mode approves and
// rejects through the routes.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FailedJob } from '../../contract/publishing';
import { seriesStyle, type SeriesEpisode } from '../../contract/series';
import type { WrittenScript } from '../../contract/scripts';
import { posts, socialAccounts, users } from '../../server/db/schema';
import { series, seriesEpisodes } from '../../server/db/schema-series';
import { aiVideos } from '../../server/db/schema-videos';
import { grantCredits } from '../../server/domain/credits/ledger';
import type { ScriptBrief, ScriptWriter } from '../../server/domain/ports/script-writer';
import type { TopicBrief, TopicIdeas } from '../../server/domain/ports/topic-ideas';
import { notEnoughCredits, reconnectAccount, weeklyCapReached } from '../../server/domain/series/autopilot/gates';
import { missedReason, planSlots } from '../../server/domain/series/autopilot/plan-slots';
import { nextPrepareAt, runTick } from '../../server/domain/series/autopilot/tick';
import { LIST_USED_UP } from '../../server/domain/series/autopilot/topic';
import { describeSlot, slotsBetween } from '../../contract/series-cadence';
import { closestMatch, SIMILARITY_THRESHOLD } from '../../server/domain/series/similarity';
import { SpeechProviderError } from '../../server/providers/tts/types';
import { databaseClock, setSimulatedTime, type Clock } from '../../server/jobs/clock';
import { sendEpisode } from '../../server/jobs/series-hand-on';
import { SERIES_TICK_QUEUE } from '../../server/jobs/series-tick';
import { as, createTestApp, createTestDatabase, type TestApp } from './helpers';
import { allowPublishing, FakeAccountTokens, ScriptedAdapter, seedAccount } from './publishing-fixtures';
import { fakeRenderPieces } from './videos-fixtures';

const HOUR = 3_600_000;
const TOPICS = ['octopus camouflage', 'whale songs', 'coral reef colours', 'sea turtle journeys', 'jellyfish without brains', 'shark senses', 'penguin huddles', 'seahorse fathers', 'manta ray dances', 'clownfish homes', 'deep sea lights', 'starfish arms'];

/** A clock the test moves by hand. */
class SettableClock implements Clock {
  constructor(public at: Date) {}
  now() {
    return Promise.resolve(this.at);
  }
}

/** The next topic of the list not yet in the history (the series' past titles). */
class ListedTopics implements TopicIdeas {
  readonly id = 'listed-topics';
  readonly label = 'Listed topics (tests)';
  next(brief: TopicBrief) {
    const used = new Set(brief.history.map((title) => title.toLowerCase()));
    return Promise.resolve(TOPICS.find((topic) => !used.has(topic)) ?? null);
  }
}

/** Writes a short script about the prompt and remembers every prompt it was given. */
class RecordingWriter implements ScriptWriter {
  readonly id = 'recording-writer';
  readonly label = 'Recording writer (tests)';
  readonly prompts: string[] = [];
  /** Thrown by the next write (a model that is away). */
  failNext: Error | null = null;
  write(brief: ScriptBrief): Promise<WrittenScript> {
    const failure = this.failNext;
    this.failNext = null;
    if (failure) return Promise.reject(failure);
    this.prompts.push(brief.prompt);
    const topic = brief.prompt.split('. ')[0]!;
    const body = `${topic}. A quick look at ${topic}.`;
    return Promise.resolve({ title: topic, hook: topic, beats: [body], call_to_action: '', body });
  }
}

describe('series autopilot', { timeout: 600_000 }, () => {
  let t: TestApp;
  let token: string;
  let userId: number;
  let accountId: string;
  const clock = new SettableClock(new Date('2026-03-28T12:00:00Z'));
  const youtube = new ScriptedAdapter('youtube');
  const writer = new RecordingWriter();
  const pieces = fakeRenderPieces();
  const seriesId = randomUUID();

  const episodesOf = (id: string) => t.database.db.select().from(seriesEpisodes).where(eq(seriesEpisodes.seriesId, id)).orderBy(asc(seriesEpisodes.slotAt), asc(seriesEpisodes.createdAt));
  const seriesRow = async (id: string) => (await t.database.db.select().from(series).where(eq(series.id, id)))[0]!;

  /** One step of simulated time: two tick jobs sent, two ticks run at once, then every job drained. */
  async function step(at: Date) {
    clock.at = at;
    await t.jobs.queue.send(SERIES_TICK_QUEUE, {});
    await t.jobs.queue.send(SERIES_TICK_QUEUE, {});
    const handOn = (episodeId: string) => sendEpisode(t.jobs.queue, episodeId);
    await Promise.all([runTick(t.database.db, at, handOn), runTick(t.database.db, at, handOn)]);
    await t.jobs.drain({ withinMs: 2_000 });
  }

  async function runUntil(end: Date, before?: (at: Date) => Promise<void>) {
    for (let at = clock.at.getTime() + HOUR; at <= end.getTime(); at += HOUR) {
      await before?.(new Date(at));
      await step(new Date(at));
    }
  }

  async function createSeries(id: string, reviewMode: 'auto' | 'review', weeklyCreditCap: number | null = null) {
    const cadence = { days: [0, 1, 2, 3, 4, 5, 6], times: ['18:00', '21:00'], per_day: null };
    const start = clock.at;
    await t.database.db.insert(series).values({
      id,
      userId,
      name: reviewMode === 'auto' ? 'Ocean facts' : 'Ocean facts, reviewed',
      status: 'active',
      topic: { mode: 'niche', niche: 'ocean animals' },
      style: seriesStyle.parse({ duration: 5, music: null, caption_settings: { preset: 'none' } }),
      cadence,
      timeZone: 'Europe/Berlin',
      destinations: { account_ids: [accountId], options: {} },
      reviewMode,
      leadHours: 2,
      weeklyCreditCap,
      hashtags: ['#ocean'],
      tags: ['ocean'],
      startedAt: start,
      plannedThrough: start,
      nextPrepareAt: nextPrepareAt(cadence, 'Europe/Berlin', 2, start.getTime()),
    });
  }

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SERIES_EPISODES: '1000 per minute' }, undefined, {
      clock,
      topicIdeas: new ListedTopics(),
      scriptWriter: writer,
      renderOverrides: pieces.overrides,
      social: { youtube },
      accountTokens: new FakeAccountTokens(() => t.database.db),
      publishTimings: { pollIntervalMs: 10 },
    });
    const registered = await t.client.register('series-autopilot@example.com');
    token = registered.token;
    userId = registered.user.id;
    await allowPublishing(t.database.db, userId, 'creator');
    accountId = await seedAccount(t.database.db, userId, { name: 'Ocean channel' });
    youtube.processingPolls = 0;
    await createSeries(seriesId, 'auto');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('makes one episode per slot across the change to summer time, and posts each once', async () => {
    const setCredits = (credits: number) => t.database.db.update(users).set({ credits }).where(eq(users.id, userId));
    await runUntil(new Date('2026-03-31T00:00:00Z'), async (at) => {
      // The third slot (29 March 18:00, prepared from 16:00) finds a short balance; credits come back before the fourth.
      if (at.toISOString() === '2026-03-29T14:00:00.000Z') await setCredits(1);
      if (at.toISOString() === '2026-03-29T15:00:00.000Z') await grantCredits(t.database.db, userId, 100, 'test top-up');
      // The fifth slot's render fails twice.
      if (at.toISOString() === '2026-03-30T14:00:00.000Z') {
        pieces.speech.failNext.push(new SpeechProviderError('The voice service is not answering.', 'retry', 503));
        pieces.speech.failNext.push(new SpeechProviderError('The voice service is not answering.', 'retry', 503));
      }
    });
    const episodes = await episodesOf(seriesId);
    // 18:00 and 21:00 in Berlin: UTC+1 before the change, UTC+2 after it.
    expect(episodes.map((episode) => episode.slotAt!.toISOString())).toEqual([
      '2026-03-28T17:00:00.000Z',
      '2026-03-28T20:00:00.000Z',
      '2026-03-29T16:00:00.000Z',
      '2026-03-29T19:00:00.000Z',
      '2026-03-30T16:00:00.000Z',
      '2026-03-30T19:00:00.000Z',
    ]);
    expect(episodes.map((episode) => episode.status)).toEqual(['published', 'published', 'skipped', 'published', 'failed', 'published']);
    expect(episodes[2]!.reason).toBe(notEnoughCredits(2, 1));
    expect(episodes[4]!.renderAttempts).toBe(1);
    const [failedVideo] = await t.database.db.select().from(aiVideos).where(eq(aiVideos.id, episodes[4]!.videoId!));
    expect(failedVideo!.status).toBe('failed');
    expect(episodes[4]!.reason).toBe(failedVideo!.error);
    // The failed video is on the failed-jobs list, with the series named.
    const failedJobs = (await t.client.get('/api/get/failed-jobs', as(token))).json<{ data: FailedJob[] }>().data;
    expect(failedJobs.find((job) => job.video_id === failedVideo!.id)).toMatchObject({ kind: 'render', series_name: 'Ocean facts' });
    // Every published episode is one post, posted once on the channel, titled as the episode.
    const published = episodes.filter((episode) => episode.status === 'published');
    expect(youtube.posts.size).toBe(published.length);
    expect([...youtube.posts.values()].map((post) => post.title).sort()).toEqual(published.map((episode) => episode.title).sort());
    for (const episode of published) {
      const [post] = await t.database.db.select().from(posts).where(eq(posts.id, episode.postId!));
      expect(post!.status).toBe('published');
      expect(post!.caption).toContain('#ocean');
    }
    // No two titles too close.
    const titles = episodes.filter((episode) => episode.title !== null).map((episode) => ({ title: episode.title! }));
    titles.forEach((title, index) => expect(closestMatch(title, titles.slice(0, index))?.score ?? 0).toBeLessThan(SIMILARITY_THRESHOLD));
    // Planned through the last slot it prepared; the next one (31 March 18:00) is prepared from 16:00.
    expect(await seriesRow(seriesId)).toMatchObject({ status: 'active', plannedThrough: new Date('2026-03-30T19:00:00Z'), nextPrepareAt: new Date('2026-03-31T14:00:00Z') });
  });

  it('pauses the series when an account it posts to needs reconnecting', async () => {
    await t.database.db.update(socialAccounts).set({ status: 'reconnect' }).where(eq(socialAccounts.id, accountId));
    await runUntil(new Date('2026-03-31T15:00:00Z'));
    const episodes = await episodesOf(seriesId);
    const last = episodes.at(-1)!;
    expect(last.slotAt!.toISOString()).toBe('2026-03-31T16:00:00.000Z');
    expect(last.status).toBe('skipped');
    expect(last.reason).toBe(reconnectAccount('Ocean channel'));
    const row = await seriesRow(seriesId);
    expect(row.status).toBe('paused');
    expect(row.attention).toEqual({ kind: 'reconnect', message: reconnectAccount('Ocean channel'), account_id: accountId });
    await t.database.db.update(socialAccounts).set({ status: 'active' }).where(eq(socialAccounts.id, accountId));
  });

  it('in review mode, waits for approval; approve publishes, reject redoes it with the note', async () => {
    const reviewed = randomUUID();
    await createSeries(reviewed, 'review');
    const path = `/api/series/${reviewed}`;
    const next = await t.client.post(`${path}/generate-next`, undefined, as(token, randomUUID()));
    expect(next.statusCode).toBe(201);
    const first = next.json<SeriesEpisode>();
    await t.jobs.drain({ withinMs: 2_000 });
    expect((await episodesOf(reviewed))[0]).toMatchObject({ id: first.id, status: 'awaiting_review' });

    const approved = await t.client.post(`${path}/episodes/${first.id}/approve`, undefined, as(token, randomUUID()));
    expect(approved.statusCode).toBe(200);
    expect(approved.json<SeriesEpisode>().status).toBe('scheduled');
    await t.jobs.drain({ withinMs: 2_000 });
    expect((await episodesOf(reviewed))[0]!.status).toBe('published');

    const second = (await t.client.post(`${path}/generate-next`, undefined, as(token, randomUUID()))).json<SeriesEpisode>();
    await t.jobs.drain({ withinMs: 2_000 });
    const [before] = await t.database.db.select().from(seriesEpisodes).where(eq(seriesEpisodes.id, second.id));
    expect(before!.status).toBe('awaiting_review');
    const rejected = await t.client.post(`${path}/episodes/${second.id}/reject`, { note: 'Make it about their eyes' }, as(token, randomUUID()));
    expect(rejected.statusCode).toBe(200);
    await t.jobs.drain({ withinMs: 2_000 });
    const [redone] = await t.database.db.select().from(seriesEpisodes).where(eq(seriesEpisodes.id, second.id));
    expect(redone).toMatchObject({ status: 'awaiting_review', reviewNote: 'Make it about their eyes', topic: before!.topic });
    expect(redone!.videoId).not.toBe(before!.videoId);
    expect(writer.prompts).toContain(`${before!.topic}. Make it about their eyes`);
    // The rejected video stays in My videos.
    expect(await t.database.db.select({ id: aiVideos.id }).from(aiVideos).where(eq(aiVideos.id, before!.videoId!))).toHaveLength(1);

    // A sample is made like any episode, never posted: approving it is refused.
    const sample = (await t.client.post(`${path}/sample`, undefined, as(token, randomUUID()))).json<SeriesEpisode>();
    await t.jobs.drain({ withinMs: 2_000 });
    const [made] = await t.database.db.select().from(seriesEpisodes).where(and(eq(seriesEpisodes.id, sample.id), isNotNull(seriesEpisodes.videoId)));
    expect(made).toMatchObject({ status: 'awaiting_review', sample: true, slotAt: null });
    const refused = await t.client.post(`${path}/episodes/${sample.id}/approve`, undefined, as(token, randomUUID()));
    expect(refused.statusCode).toBe(409);
  });

  it("answers only the series' owner (404 for another creator), needs can_create_series and replays an Idempotency-Key", async () => {
    const [episode] = await episodesOf(seriesId);
    const stranger = await t.client.register('series-stranger@example.com');
    await allowPublishing(t.database.db, stranger.user.id, 'creator');
    const calls = [
      `/api/series/${seriesId}/episodes/${episode!.id}/approve`,
      `/api/series/${seriesId}/episodes/${episode!.id}/reject`,
      `/api/series/${seriesId}/generate-next`,
      `/api/series/${seriesId}/sample`,
    ];
    for (const url of calls) {
      const response = await t.client.post(url, { note: 'Another angle please' }, as(stranger.token, randomUUID()));
      expect(response.statusCode, url).toBe(404);
    }
    const free = await t.client.register('series-free@example.com');
    for (const url of calls) expect((await t.client.post(url, { note: 'Another angle please' }, as(free.token))).statusCode, url).toBe(403);
    // A reject without a usable note is the spec's 422 on the field.
    const bad = await t.client.post(calls[1]!, { note: 'x' }, as(token));
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ errors: Record<string, string[]> }>().errors.note).toEqual(['Say in a few words what to change.']);
    // The same key again answers the first answer and plans nothing more.
    const key = randomUUID();
    const reviewed = randomUUID();
    await createSeries(reviewed, 'review');
    const first = await t.client.post(`/api/series/${reviewed}/generate-next`, undefined, as(token, key));
    const again = await t.client.post(`/api/series/${reviewed}/generate-next`, undefined, as(token, key));
    expect(first.statusCode).toBe(201);
    expect(again.json<SeriesEpisode>().id).toBe(first.json<SeriesEpisode>().id);
    expect(await episodesOf(reviewed)).toHaveLength(1);
    await t.database.db.update(series).set({ status: 'paused' }).where(eq(series.id, reviewed));
    await t.jobs.drain({ withinMs: 2_000 });
  });

  it('keeps to the weekly cap, and passes a slot on when the writer fails', async () => {
    const capped = randomUUID();
    await createSeries(capped, 'review', 3);
    const generate = async () => {
      const response = await t.client.post(`/api/series/${capped}/generate-next`, undefined, as(token, randomUUID()));
      expect(response.statusCode).toBe(201);
      await t.jobs.drain({ withinMs: 2_000 });
      return (await t.database.db.select().from(seriesEpisodes).where(eq(seriesEpisodes.id, response.json<SeriesEpisode>().id)))[0]!;
    };
    const first = await generate();
    expect(first.status).toBe('awaiting_review');
    expect(first.credits).toBeGreaterThan(0);
    const second = await generate();
    expect(second).toMatchObject({ status: 'skipped', reason: weeklyCapReached(first.credits, 3, 2) });

    await t.database.db.update(series).set({ weeklyCreditCap: null }).where(eq(series.id, capped));
    writer.failNext = new Error('The model is away.');
    const third = await generate();
    expect(third).toMatchObject({ status: 'skipped', reason: 'The script could not be written: The model is away.' });
    expect((await generate()).status).toBe('awaiting_review');
    await t.database.db.update(series).set({ status: 'paused' }).where(eq(series.id, capped));
  });

  it("takes the creator's list in order, passes over a never-again topic, and pauses the series when the list is used up", async () => {
    const listed = randomUUID();
    await createSeries(listed, 'review');
    await t.database.db
      .update(series)
      .set({ topic: { mode: 'list', topics: ['Lighthouse keepers', 'Tide pools', 'Sea glass'] }, neverAgain: ['tide pools'] })
      .where(eq(series.id, listed));
    const generate = async () => {
      const response = await t.client.post(`/api/series/${listed}/generate-next`, undefined, as(token, randomUUID()));
      await t.jobs.drain({ withinMs: 2_000 });
      return (await t.database.db.select().from(seriesEpisodes).where(eq(seriesEpisodes.id, response.json<SeriesEpisode>().id)))[0]!;
    };
    expect(await generate()).toMatchObject({ status: 'awaiting_review', topic: 'Lighthouse keepers' });
    expect(await generate()).toMatchObject({ status: 'awaiting_review', topic: 'Sea glass' });
    expect(await generate()).toMatchObject({ status: 'skipped', reason: LIST_USED_UP });
    expect(await seriesRow(listed)).toMatchObject({ status: 'paused', attention: { kind: 'plan', message: LIST_USED_UP, account_id: null } });
  });

  it('hands on again an episode a dead process left planned, or left writing with a stale heartbeat', async () => {
    const orphaned = randomUUID();
    await createSeries(orphaned, 'review');
    const planned = randomUUID();
    const writing = randomUUID();
    const fresh = randomUUID();
    const ago = sql`now() - interval '3 minutes'`;
    await t.database.db.insert(seriesEpisodes).values([
      { id: planned, seriesId: orphaned, userId, slotAt: new Date('2026-04-03T16:00:00Z'), status: 'planned', updatedAt: ago },
      { id: writing, seriesId: orphaned, userId, slotAt: new Date('2026-04-03T19:00:00Z'), status: 'writing', heartbeatAt: ago, updatedAt: ago },
      { id: fresh, seriesId: orphaned, userId, slotAt: new Date('2026-04-04T16:00:00Z'), status: 'writing', heartbeatAt: sql`now()` },
    ]);
    const handedOn: string[] = [];
    const { resent } = await runTick(t.database.db, clock.at, (episodeId) => {
      handedOn.push(episodeId);
      return sendEpisode(t.jobs.queue, episodeId);
    });
    expect(resent).toEqual(expect.arrayContaining([planned, writing]));
    expect(handedOn).not.toContain(fresh);
    await t.jobs.drain({ withinMs: 2_000 });
    const byId = new Map((await episodesOf(orphaned)).map((episode) => [episode.id, episode.status]));
    expect([byId.get(planned), byId.get(writing), byId.get(fresh)]).toEqual(['awaiting_review', 'awaiting_review', 'writing']);
    await t.database.db.update(series).set({ status: 'paused' }).where(eq(series.id, orphaned));
    await t.database.db.delete(seriesEpisodes).where(eq(seriesEpisodes.id, fresh));
  });

  it('after a stop, makes up only the latest missed slot within the lead time and passes the older ones on', async () => {
    const missed = randomUUID();
    await createSeries(missed, 'auto');
    // Reelflow was "down" from 1 April 12:00 to 2 April 19:30 (Berlin summer time, lead 2 hours).
    const down = new Date('2026-04-01T10:00:00Z');
    await t.database.db.update(series).set({ plannedThrough: down, nextPrepareAt: new Date('2026-04-01T14:00:00Z') }).where(eq(series.id, missed));
    const up = new Date('2026-04-02T17:30:00Z');
    const handOn = (episodeId: string) => sendEpisode(t.jobs.queue, episodeId);
    const ticked = await runTick(t.database.db, up, handOn);
    const episodes = await episodesOf(missed);
    expect(episodes.map((episode) => [episode.slotAt!.toISOString(), episode.status, episode.reason])).toEqual([
      ['2026-04-01T16:00:00.000Z', 'skipped', missedReason(Date.parse('2026-04-01T16:00:00Z'), 'Europe/Berlin')],
      ['2026-04-01T19:00:00.000Z', 'skipped', 'Missed: Reelflow was not running at 21:00 on Wednesday 1 April'],
      ['2026-04-02T16:00:00.000Z', 'planned', null],
      ['2026-04-02T19:00:00.000Z', 'planned', null],
    ]);
    expect(ticked.planned).toEqual(expect.arrayContaining([episodes[2]!.id, episodes[3]!.id]));
    expect(ticked.planned).not.toContain(episodes[0]!.id);
    // A second tick at the same time plans nothing more.
    expect((await runTick(t.database.db, up, handOn)).planned).toEqual([]);
    await t.database.db.update(series).set({ status: 'paused' }).where(eq(series.id, missed));
    await t.jobs.drain({ withinMs: 2_000 });
  });
});

describe('the simulated clock', () => {
  it('is one instant for every clock on the database, set by the tests', async () => {
    const testDb = await createTestDatabase({ SIMULATED_CLOCK: 'database' });
    const database = await testDb.open();
    try {
      expect(testDb.config.simulatedClock).toBe('database');
      const first = databaseClock(database.raw);
      const second = databaseClock(database.raw);
      await setSimulatedTime(database.raw, new Date('2026-03-29T00:59:00Z'));
      expect((await first.now()).toISOString()).toBe('2026-03-29T00:59:00.000Z');
      await setSimulatedTime(database.raw, new Date('2026-03-29T01:00:00Z'));
      expect((await second.now()).toISOString()).toBe('2026-03-29T01:00:00.000Z');
      expect((await first.now()).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    } finally {
      await database.close();
      await testDb.cleanup();
    }
  });
});

describe('series slots', () => {
  const berlin = 'Europe/Berlin';
  it('takes a time in the spring-forward gap at the first minute after it, and a repeated time at its first occurrence', () => {
    const cadence = { days: [0], times: ['02:30'], per_day: null };
    expect(slotsBetween(cadence, berlin, Date.parse('2026-03-28T00:00:00Z'), Date.parse('2026-03-30T00:00:00Z'))).toEqual([Date.parse('2026-03-29T01:00:00Z')]);
    expect(slotsBetween(cadence, berlin, Date.parse('2026-10-24T00:00:00Z'), Date.parse('2026-10-26T00:00:00Z'))).toEqual([Date.parse('2026-10-25T00:30:00Z')]);
  });

  it('makes up the latest missed slot within the lead time only', () => {
    const now = Date.parse('2026-04-02T17:30:00Z');
    const slots = ['2026-04-01T16:00:00Z', '2026-04-02T16:00:00Z', '2026-04-02T19:00:00Z'].map(Date.parse);
    expect(planSlots(slots, now, 2 * HOUR)).toEqual({ make: [slots[1], slots[2]], missed: [slots[0]] });
    expect(planSlots(slots, now, HOUR)).toEqual({ make: [slots[2]], missed: [slots[0], slots[1]] });
    expect(describeSlot(slots[2]!, berlin, now)).toBe('Today at 21:00');
  });
});
