// Publishing, the whole flow through the app (server side): a creator
// connects a YouTube sandbox account through the real routes (connect → the sandbox's consent
// form → callback), posts a finished video, and the app's own engine publishes it with the real
// YouTube adapter against the built-in sandbox — no scripted adapter, no fake tokens. Every
// simulation of the consent form is driven to its documented end: ok (and a replayed create),
// flaky, expired, revoked (blocked until a reconnect), quota (waits for the reset, fails once its
// attempts are spent, then rescheduled), reject (failed, listed, rescheduled without a second
// upload), and a run that dies mid-upload and is resumed by the next app on the same database.
import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paginated } from '../../contract/http';
import type { ConnectResponse, FailedJob, Post, PostTarget, SandboxSimulation, SocialAccount } from '../../contract/publishing';
import type { Database } from '../../server/db/client';
import { postTargets, socialAccounts } from '../../server/db/schema';
import { sandboxUploads } from '../../server/db/schema-sandbox';
import { DEFAULT_TIMINGS, pendingTargets, type EngineTimings } from '../../server/domain/publishing/engine';
import { createMediaStorage } from '../../server/media/storage';
import type { MediaStorage } from '../../server/media/storage/types';
import type { ChannelView } from '../../server/sandbox/pages';
import { CHUNK_UNIT } from '../../server/providers/social/youtube';
import { submitConsent } from './fakes/youtube-sandbox-consent';
import { ApiClient, as, buildTestServices, createTestApp, createTestDatabase, startTestApp, uniqueEmail, type TestApp } from './helpers';
import { allowPublishing, seedVideo } from './publishing-fixtures';

/** Small chunks so a short file is several of them; a visible processing time so polls happen. */
const ENV = { RATE_LIMIT_CONNECT: '1000 per minute', YOUTUBE_UPLOAD_CHUNK_BYTES: String(CHUNK_UNIT), SANDBOX_PROCESSING_SECONDS: '0.3' };
/** Retries and polls in tenths of a second instead of minutes. */
const TIMINGS: Partial<EngineTimings> = { backoffBaseMs: 100, backoffMaxMs: 1_000, pollIntervalMs: 100, maxPolls: 300 };
/** Polls stop as soon as they hold; the ceiling is for a loaded machine (flaky's retries back off for seconds). */
const WAIT = { timeout: 50_000, interval: 100 };

/** Deterministic bytes of a "video" of `size` bytes. */
function videoBytes(size: number, seed: string): Buffer {
  const bytes = Buffer.alloc(size);
  let block = createHash('sha256').update(seed).digest();
  for (let offset = 0; offset < size; offset += block.length) {
    block.copy(bytes, offset);
    block = createHash('sha256').update(block).digest();
  }
  return bytes;
}
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** What a browser and the PWA do against one app: sign up, connect, post, look. */
class Creator {
  /** The browser's sandbox session, left by its last consent: the channel pages of this creator's channels. */
  sandboxSession = '';

  constructor(
    readonly app: FastifyInstance,
    readonly client: ApiClient,
    readonly token: string,
    readonly id: number,
  ) {}

  static async register(app: FastifyInstance, database: Database, label: string): Promise<Creator> {
    const client = new ApiClient(app);
    const registered = await client.register(uniqueEmail(label.toLowerCase().replace(/[^a-z0-9]+/g, '-')));
    await allowPublishing(database.db, registered.user.id);
    return new Creator(app, client, registered.token, registered.user.id);
  }

  /** GET /api/youtube/connect → the sandbox's consent form → the callback it redirects to: the account id. */
  async connect(accountName: string, simulate: SandboxSimulation): Promise<string> {
    const started = await this.client.get('/api/youtube/connect?path=/connect', as(this.token));
    expect(started.statusCode).toBe(200);
    const { url, sandbox } = started.json<ConnectResponse>();
    expect(sandbox).toBe(true);
    const consent = await submitConsent(this.app, url, { account_name: accountName, simulate });
    expect(consent.submit.statusCode).toBe(302);
    this.sandboxSession = consent.session;
    // The browser follows the redirect to the callback (no bearer token there: the state binds it).
    const callback = await this.app.inject({ method: 'GET', url: `${consent.callback!.pathname}${consent.callback!.search}` });
    expect(callback.statusCode).toBe(302);
    const back = new URL(String(callback.headers.location), 'http://reelflow.test');
    expect(back.pathname).toBe('/connect');
    expect(back.searchParams.get('connect_error')).toBeNull();
    expect(back.searchParams.get('connected')).toBe('youtube');
    return back.searchParams.get('account')!;
  }

  async accounts(): Promise<SocialAccount[]> {
    const response = await this.client.get('/api/accounts?per_page=100', as(this.token));
    expect(response.statusCode).toBe(200);
    return response.json<Paginated<SocialAccount>>().data;
  }

  async account(id: string): Promise<SocialAccount> {
    const found = (await this.accounts()).find((account) => account.id === id);
    if (!found) throw new Error(`account ${id} is not listed`);
    return found;
  }

  createPost(body: Record<string, unknown>, idempotencyKey?: string): Promise<LightMyRequestResponse> {
    return this.client.post('/api/create/post', body, as(this.token, idempotencyKey));
  }

  /** A post now (or at `scheduledAt`) of `videoId` on `accountId` with this YouTube title: its id. */
  async post(videoId: string, accountId: string, title: string, scheduledAt?: Date): Promise<Post> {
    const response = await this.createPost({
      video_id: videoId,
      account_ids: [accountId],
      caption: `${title} #shorts`,
      ...(scheduledAt ? { scheduled_at: scheduledAt.toISOString() } : {}),
      options: { youtube: { title, privacy: 'unlisted' } },
    });
    expect(response.statusCode, response.body).toBe(202);
    return response.json<Post>();
  }

  async postById(id: string): Promise<Post> {
    const response = await this.client.get('/api/get/posts?per_page=100', as(this.token));
    expect(response.statusCode).toBe(200);
    const found = response.json<Paginated<Post>>().data.find((post) => post.id === id);
    if (!found) throw new Error(`post ${id} is not listed`);
    return found;
  }

  /** The post's only target, as GET /api/get/posts shows it. */
  async target(postId: string): Promise<PostTarget> {
    const { targets } = await this.postById(postId);
    expect(targets).toHaveLength(1);
    return targets[0]!;
  }

  async failedJobs(): Promise<FailedJob[]> {
    const response = await this.client.get('/api/get/failed-jobs?per_page=100', as(this.token));
    expect(response.statusCode).toBe(200);
    return response.json<Paginated<FailedJob>>().data;
  }

  /** The sandbox channel's JSON (what the channel page shows): by the handle GET /api/accounts lists. */
  async channel(accountId: string): Promise<ChannelView> {
    const { handle } = await this.account(accountId);
    const response = await this.app.inject({ method: 'GET', url: `/sandbox/youtube/channel/${encodeURIComponent(handle!)}?format=json`, headers: { cookie: this.sandboxSession } });
    expect(response.statusCode).toBe(200);
    return response.json<ChannelView>();
  }
}

/** The sandbox's upload sessions of the channel behind a connected account. */
async function uploadsOf(database: Database, accountId: string) {
  const [account] = await database.db.select({ channel: socialAccounts.platformAccountId }).from(socialAccounts).where(eq(socialAccounts.id, accountId));
  return database.db.select().from(sandboxUploads).where(eq(sandboxUploads.accountId, account!.channel));
}

describe('publishing through the app against the YouTube sandbox', { timeout: 60_000 }, () => {
  let t: TestApp;
  const storage = () => t.services.publishEngine.storage;
  /** Until no run is under way and nothing is due soon (a quota wait is hours away). */
  const settled = () => t.jobs.drain({ withinMs: 10_000 });

  async function creatorWithVideo(label: string, size?: number) {
    const creator = await Creator.register(t.app, t.database, label);
    const video = await seedVideo(t.database.db, storage(), creator.id, { title: `${label} video` });
    let bytes: Buffer | null = null;
    if (size) {
      bytes = videoBytes(size, label);
      await storage().putBuffer(video.videoKey, bytes, 'video/mp4');
    }
    return { creator, videoId: video.id, bytes };
  }

  beforeAll(async () => {
    t = await createTestApp(ENV, undefined, { publishTimings: TIMINGS });
    // The defaults of the app under test: the sandbox adapter and the publish queue on pg-boss.
    expect(t.services.publishEngine.adapters.youtube?.sandbox).toBe(true);
    expect(t.jobs.boss).not.toBeNull();
  });
  afterAll(async () => {
    await t.close();
  });

  it('ok: connect, post now, published once on the channel; a replayed create changes nothing', async () => {
    const { creator, videoId, bytes } = await creatorWithVideo('Flow OK', 2 * CHUNK_UNIT + 1234);
    const accountId = await creator.connect('Flow OK channel', 'ok');
    expect(await creator.account(accountId)).toMatchObject({ platform: 'youtube', name: 'Flow OK channel', sandbox: true, health: 'ok', blocked_targets: 0 });

    const key = randomUUID();
    const body = { id: randomUUID(), video_id: videoId, account_ids: [accountId], caption: 'Octopus facts #shorts', options: { youtube: { title: 'Eight arms, three hearts', privacy: 'unlisted' } } };
    const created = await creator.createPost(body, key);
    expect(created.statusCode).toBe(202);
    const postId = created.json<Post>().id;
    expect(postId).toBe(body.id);

    await expect.poll(async () => (await creator.target(postId)).status, WAIT).toBe('published');
    await settled();
    const target = await creator.target(postId);
    expect(target).toMatchObject({ status: 'published', attempts: 1, error: null, error_class: null, sandbox: true });
    expect(target.platform_post_id).toMatch(/^[A-Za-z0-9_-]{11}$/);
    expect(target.url).toBe(`${t.config.appUrl}/sandbox/youtube/watch?v=${target.platform_post_id}`);
    const post = await creator.postById(postId);
    expect(post.status).toBe('published');
    expect(post.published_at).not.toBeNull();

    const channel = await creator.channel(accountId);
    expect(channel.sandbox).toBe(true);
    expect(channel.videos).toEqual([
      expect.objectContaining({ id: target.platform_post_id, title: 'Eight arms, three hearts', privacy: 'unlisted', upload_status: 'processed', size_bytes: bytes!.length, sha256: sha256(bytes!) }),
    ]);
    // The watch link the target shows leads to that video on the channel page (in the browser that connected it).
    const watch = await t.app.inject({ method: 'GET', url: new URL(target.url!).pathname + new URL(target.url!).search, headers: { cookie: creator.sandboxSession } });
    expect(watch.statusCode).toBe(302);
    expect(String(watch.headers.location)).toContain(`#video-${target.platform_post_id}`);

    // The outbox sends the create again: same key → the stored answer; same id without a key → 200, no change.
    const replayed = await creator.createPost(body, key);
    expect(replayed.statusCode).toBe(202);
    expect(replayed.json<Post>().id).toBe(postId);
    const resent = await creator.createPost(body, randomUUID());
    expect(resent.statusCode).toBe(200);
    await settled();
    expect((await creator.channel(accountId)).videos).toHaveLength(1);
    expect(await uploadsOf(t.database, accountId)).toHaveLength(1);
    expect((await creator.target(postId)).attempts).toBe(1);
  });

  it('flaky: half the upload requests fail or drop, the post still goes out exactly once', async () => {
    // 12 chunks: with half the PUTs failing, some fail in every run (none failing: 1 in 4,096).
    const { creator, videoId, bytes } = await creatorWithVideo('Flow Flaky', 11 * CHUNK_UNIT + 5);
    const accountId = await creator.connect('Flow Flaky channel', 'flaky');
    const post = await creator.post(videoId, accountId, 'Flaky but once');

    await expect.poll(async () => (await creator.target(post.id)).status, WAIT).toBe('published');
    await settled();
    const target = await creator.target(post.id);
    const channel = await creator.channel(accountId);
    expect(channel.videos).toEqual([expect.objectContaining({ id: target.platform_post_id, title: 'Flaky but once', sha256: sha256(bytes!) })]);
    // One upload session, resumed through every failure (and across engine attempts, if any).
    const uploads = await uploadsOf(t.database, accountId);
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.requests).toBeGreaterThan(12);
    expect((await creator.postById(post.id)).status).toBe('published');
  });

  it('expired: the access token is refreshed on the 401 and the publish carries on', async () => {
    const { creator, videoId } = await creatorWithVideo('Flow Expired', CHUNK_UNIT + 10);
    const accountId = await creator.connect('Flow Expired channel', 'expired');
    const [before] = await t.database.db.select().from(socialAccounts).where(eq(socialAccounts.id, accountId));
    const post = await creator.post(videoId, accountId, 'Fresh token please');

    await expect.poll(async () => (await creator.target(post.id)).status, WAIT).toBe('published');
    await settled();
    expect((await creator.target(post.id)).attempts).toBe(1);
    const [after] = await t.database.db.select().from(socialAccounts).where(eq(socialAccounts.id, accountId));
    // The token service refreshed (a new access token stored), the refresh token was kept.
    expect(after!.accessTokenEnc).not.toBe(before!.accessTokenEnc);
    expect(after!.lastRefreshedAt!.getTime()).toBeGreaterThan(before!.lastRefreshedAt!.getTime());
    expect(after!.refreshTokenEnc).toBe(before!.refreshTokenEnc);
    expect(await creator.account(accountId)).toMatchObject({ health: 'ok' });
    expect((await creator.channel(accountId)).videos.map((video) => video.title)).toEqual(['Fresh token please']);
  });

  it('revoked: one visible reconnect blocks every queued post; reconnecting the channel publishes them', async () => {
    const { creator, videoId } = await creatorWithVideo('Flow Revoked');
    const accountId = await creator.connect('Flow Revoked channel', 'revoked');
    expect(await creator.account(accountId)).toMatchObject({ health: 'ok' });
    // A post for later is queued first, then one for now: the one for now finds the access revoked.
    const laterAt = new Date(Date.now() + 3 * 3_600_000);
    const queued = await creator.post(videoId, accountId, 'Queued for later', laterAt);
    const now = await creator.post(videoId, accountId, 'Right now');

    await expect.poll(async () => (await creator.target(now.id)).status, WAIT).toBe('blocked');
    await settled();
    for (const post of [now, queued]) {
      const target = await creator.target(post.id);
      expect(target).toMatchObject({ status: 'blocked', error: 'Reconnect Flow Revoked channel to publish.', error_class: 'disconnect', platform_post_id: null });
      // A blocked post is still waiting, not failed.
      expect((await creator.postById(post.id)).status).toBe('scheduled');
    }
    const account = await creator.account(accountId);
    expect(account).toMatchObject({ health: 'reconnect', blocked_targets: 2 });
    expect(account.health_reason).toMatch(/^YouTube no longer accepts Reelflow's access to Flow Revoked channel .*Reconnect it to publish\.$/);
    expect((await creator.failedJobs()).filter((job) => job.account_id === accountId)).toEqual([]);
    expect((await creator.channel(accountId)).videos).toEqual([]);

    // Reconnecting the same channel (now behaving) through the consent flow: the same account, unblocked.
    expect(await creator.connect('Flow Revoked channel', 'ok')).toBe(accountId);
    expect(await creator.account(accountId)).toMatchObject({ health: 'ok', health_reason: null });
    await expect.poll(async () => (await creator.target(now.id)).status, WAIT).toBe('published');
    await settled();
    // The post for later waits for its own time, visibly.
    const waiting = await creator.target(queued.id);
    expect(waiting.status).toBe('scheduled');
    expect(waiting.error).toBeNull();
    expect(Date.parse(waiting.next_attempt_at!)).toBe(laterAt.getTime());
    // ...also for the next start, which queues every pending target at its next_attempt_at.
    expect((await pendingTargets(t.database.db)).find((pending) => pending.targetId === waiting.id)?.at?.getTime()).toBe(laterAt.getTime());
    expect((await creator.account(accountId)).blocked_targets).toBe(0);

    // Moved to now (the calendar's drag), it goes out too.
    const moved = await creator.client.post(`/api/posts/${queued.id}/reschedule`, { scheduled_at: new Date().toISOString() }, as(creator.token));
    expect(moved.statusCode, moved.body).toBe(202);
    await expect.poll(async () => (await creator.target(queued.id)).status, WAIT).toBe('published');
    await settled();
    const titles = (await creator.channel(accountId)).videos.map((video) => video.title).sort();
    expect(titles).toEqual(['Queued for later', 'Right now']);
  });

  it('quota: waits for the reset, not a failed job; once its attempts are spent it is one, and a reschedule publishes it', async () => {
    const { creator, videoId } = await creatorWithVideo('Flow Quota');
    const accountId = await creator.connect('Flow Quota channel', 'quota');
    const post = await creator.post(videoId, accountId, 'After the quota reset');

    await expect.poll(async () => (await creator.target(post.id)).error_class, WAIT).toBe('quota');
    await settled();
    let target = await creator.target(post.id);
    // engine.ts handleFailure: a quota error waits for its reset (midnight Pacific) instead of failing.
    expect(target).toMatchObject({ status: 'scheduled', attempts: 1, error_code: 'quotaExceeded', error: "YouTube's daily upload quota is used up; it resets at midnight Pacific time." });
    const wait = Date.parse(target.next_attempt_at!) - Date.now();
    expect(wait).toBeGreaterThan(60_000);
    expect(wait).toBeLessThanOrEqual(25 * 3_600_000);
    expect((await creator.postById(post.id)).status).toBe('scheduled');
    expect((await creator.failedJobs()).map((job) => job.id)).not.toContain(target.id);

    // The reset comes and the quota is still used up, until the attempts are spent (time moved
    // forward by hand: the target is made due and woken, as its timer would at midnight).
    for (let attempt = 2; attempt <= DEFAULT_TIMINGS.maxAttempts; attempt++) {
      await t.database.db.update(postTargets).set({ nextAttemptAt: new Date() }).where(eq(postTargets.id, target.id));
      await t.services.publisher.schedule(target.id, null);
      await expect.poll(async () => (await creator.target(post.id)).attempts, WAIT).toBe(attempt);
      await settled();
    }
    target = await creator.target(post.id);
    expect(target).toMatchObject({ status: 'failed', error_class: 'quota', error_code: 'quotaExceeded', next_attempt_at: null });
    expect((await creator.postById(post.id)).status).toBe('failed');
    const [job] = (await creator.failedJobs()).filter((entry) => entry.id === target.id);
    expect(job).toMatchObject({ kind: 'publish', platform: 'youtube', account_id: accountId, account_name: 'Flow Quota channel', post_id: post.id, video_id: videoId, video_title: 'Flow Quota video', attempts: DEFAULT_TIMINGS.maxAttempts, error_class: 'quota', code: 'quotaExceeded' });
    expect(job!.reason).toBe("YouTube's daily upload quota is used up; it resets at midnight Pacific time.");
    expect((await creator.channel(accountId)).videos).toEqual([]);

    // The channel has quota again (reconnected as 'ok'); the creator reschedules it from the list.
    expect(await creator.connect('Flow Quota channel', 'ok')).toBe(accountId);
    const rescheduled = await creator.client.post('/api/reschedule/failed-jobs', { id: target.id }, as(creator.token, randomUUID()));
    expect(rescheduled.statusCode, rescheduled.body).toBe(202);
    expect(rescheduled.json<{ kind: string }>().kind).toBe('publish');
    await expect.poll(async () => (await creator.target(post.id)).status, WAIT).toBe('published');
    await settled();
    expect((await creator.failedJobs()).map((entry) => entry.id)).not.toContain(target.id);
    expect((await creator.channel(accountId)).videos.map((video) => video.title)).toEqual(['After the quota reset']);
  });

  it('reject: failed with class bad and a plain reason, listed; a reschedule checks again and never uploads twice', async () => {
    const { creator, videoId } = await creatorWithVideo('Flow Reject');
    const accountId = await creator.connect('Flow Reject channel', 'reject');
    const post = await creator.post(videoId, accountId, 'Not for this platform');

    await expect.poll(async () => (await creator.target(post.id)).status, WAIT).toBe('failed');
    await settled();
    const target = await creator.target(post.id);
    expect(target).toMatchObject({ status: 'failed', error_class: 'bad', error_code: 'inappropriate', error: 'YouTube rejected the video as inappropriate content.', attempts: 1 });
    // The platform holds the (rejected) video: its id is kept, it is never uploaded again.
    expect(target.platform_post_id).not.toBeNull();
    expect((await creator.postById(post.id)).status).toBe('failed');
    const [job] = (await creator.failedJobs()).filter((entry) => entry.id === target.id);
    expect(job).toMatchObject({ kind: 'publish', platform: 'youtube', account_name: 'Flow Reject channel', video_title: 'Flow Reject video', error_class: 'bad', code: 'inappropriate', reason: 'YouTube rejected the video as inappropriate content.' });
    expect((await creator.channel(accountId)).videos).toEqual([expect.objectContaining({ id: target.platform_post_id, upload_status: 'rejected', status_reason: 'inappropriate' })]);

    // Rescheduled from the list: queued again with fresh attempts, out of the list...
    const rescheduled = await creator.client.post('/api/reschedule/failed-jobs', { id: target.id }, as(creator.token, randomUUID()));
    expect(rescheduled.statusCode, rescheduled.body).toBe(202);
    const requeued = rescheduled.json<{ post: Post }>().post.targets[0]!;
    expect(requeued).toMatchObject({ id: target.id, status: 'scheduled', attempts: 0, error: null });
    // ...then the engine asks YouTube about the video it holds: still rejected, failed again.
    await expect.poll(async () => (await creator.target(post.id)).status, WAIT).toBe('failed');
    await settled();
    expect(await creator.target(post.id)).toMatchObject({ error_class: 'bad', error_code: 'inappropriate', platform_post_id: target.platform_post_id });
    expect((await creator.failedJobs()).map((entry) => entry.id)).toContain(target.id);
    expect((await creator.channel(accountId)).videos).toHaveLength(1);
    expect(await uploadsOf(t.database, accountId)).toHaveLength(1);
  });
});

describe('a publish that dies mid-upload', { timeout: 60_000 }, () => {
  it('is resumed by the next app on the same database, with the same upload session: one video', async () => {
    const testDb = await createTestDatabase(ENV);
    const size = 3 * CHUNK_UNIT + 4321;
    const bytes = videoBytes(size, 'crash');
    // The first app reads the video through storage that stalls at the second chunk: the run is
    // stopped there, between two chunks, as by a killed process.
    const real = createMediaStorage(testDb.config);
    let stalled = false;
    let dies!: (error: Error) => void;
    const dying = new Promise<never>((_, reject) => {
      dies = reject;
    });
    // Only the stalled read awaits it; never an unhandled rejection if the run stalls elsewhere.
    dying.catch(() => undefined);
    const stalling: MediaStorage = new Proxy(real, {
      get(target, property, receiver) {
        if (property === 'read') {
          return async (key: string, range?: { start: number; end: number }) => {
            if (range && range.start >= CHUNK_UNIT) {
              stalled = true;
              return dying;
            }
            return target.read(key, range);
          };
        }
        const value = Reflect.get(target, property, receiver) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });

    let database = await testDb.open();
    const first = await startTestApp(await buildTestServices(testDb.config, database, { storage: stalling, publishTimings: TIMINGS }));
    let accountId: string;
    let postId: string;
    let session: string | null;
    let signedIn: string;
    try {
      const creator = await Creator.register(first, database, 'crash');
      const video = await seedVideo(database.db, real, creator.id, { title: 'Crash video' });
      await real.putBuffer(video.videoKey, bytes, 'video/mp4');
      accountId = await creator.connect('Flow Crash channel', 'ok');
      signedIn = creator.sandboxSession;
      const post = await creator.post(video.id, accountId, 'Survives a crash');
      postId = post.id;

      await expect.poll(() => stalled, WAIT).toBe(true);
      const [row] = await database.db.select().from(postTargets).where(eq(postTargets.postId, postId));
      // The session was saved before the first byte; the platform confirmed the first chunk.
      expect(row).toMatchObject({ status: 'publishing', attempts: 1, uploadedBytes: CHUNK_UNIT, platformPostId: null });
      session = row!.uploadSession;
      expect(session).toMatch(/upload_id=/);
      const uploads = await uploadsOf(database, accountId);
      expect(uploads).toEqual([expect.objectContaining({ receivedBytes: CHUNK_UNIT, postId: null })]);
    } finally {
      // The crash: the database goes away under the run, so nothing it does afterwards is written.
      await database.close();
      dies(new Error('the process was killed'));
      await first.close();
    }

    // The next start on the same database (and data dir, where the sandbox keeps partial uploads).
    database = await testDb.open();
    const [left] = await database.db.select().from(postTargets).where(eq(postTargets.postId, postId));
    expect(left).toMatchObject({ status: 'publishing', uploadSession: session });
    // On PGlite the next start releases the dead run's claim at once (it is the only runner). On
    // Postgres other live workers may share the queue, so a claim is only taken over once it has
    // gone stale: the second app's stale window is a second here instead of 45 s.
    const secondServices = await buildTestServices(testDb.config, database, { publishTimings: { ...TIMINGS, staleClaimMs: 1_000 } });
    const second = await startTestApp(secondServices);
    try {
      await expect
        .poll(async () => (await database.db.select().from(postTargets).where(eq(postTargets.postId, postId)))[0]!.status, WAIT)
        .toBe('published');
      await secondServices.jobRunner.drain({ withinMs: 10_000 });
      const [done] = await database.db.select().from(postTargets).where(eq(postTargets.postId, postId));
      // The same session resumed (a second claim), not a new upload.
      expect(done).toMatchObject({ status: 'published', uploadSession: session, attempts: 2, uploadedBytes: size });
      const uploads = await uploadsOf(database, accountId);
      expect(uploads).toHaveLength(1);
      expect(uploads[0]!.postId).toBe(done!.platformPostId);
      const [account] = await database.db.select({ channel: socialAccounts.platformAccountId }).from(socialAccounts).where(eq(socialAccounts.id, accountId));
      const channel = (await second.inject({ method: 'GET', url: `/sandbox/youtube/channel/${account!.channel}?format=json`, headers: { cookie: signedIn } })).json<ChannelView>();
      expect(channel.videos).toEqual([expect.objectContaining({ id: done!.platformPostId, title: 'Survives a crash', size_bytes: size, sha256: sha256(bytes) })]);
    } finally {
      await second.close();
      await database.close();
      await testDb.cleanup();
    }
  });
});
