// Jobs after a crash, with one process or many (server/jobs/takeover.ts): a pg-boss job whose
// process died stays 'active' — it is left here in pgboss.job as a kill -9 leaves it, with the
// claim its run held on the work's row. The server publishing to the YouTube sandbox and rendering
// for real must then: resume a dead upload at a restart and publish the post once; let nobody
// else's post wait behind a dead job's singleton key; take a dead run's upload or render over
// without any restart, within a minute of its last heartbeat, by its heartbeat alone — and do the
// work once (one upload on the platform, one more render run, no second charge). Time is driven
// by backdating the dead run's heartbeat and job, never by waiting for the staleness.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../contract/publishing';
import type { AiVideo } from '../../contract/videos';
import type { Database } from '../../server/db/client';
import { creditLedger, posts, postTargets, socialAccounts, users } from '../../server/db/schema';
import { sandboxUploads } from '../../server/db/schema-sandbox';
import { aiVideos } from '../../server/db/schema-videos';
import { DEFAULT_TIMINGS } from '../../server/domain/publishing/engine';
import { STALE_HEARTBEAT_MS } from '../../server/domain/shared/claim';
import { bossPublishScheduler, PUBLISH_TARGET_QUEUE } from '../../server/jobs/publish-target';
import { RENDER_VIDEO_QUEUE } from '../../server/jobs/render-video';
import { SWEEP_INTERVAL_MS } from '../../server/jobs/takeover';
import { runServer, type RunningServer, type RunServerOptions } from '../../server/server';
import { submitConsent } from './fakes/youtube-sandbox-consent';
import { ApiClient, as, crashedHeartbeat, createTestDatabase, uniqueEmail, usingPostgres, type TestDatabase } from './helpers';
import { allowPublishing, seedVideo } from './publishing-fixtures';

// One publish worker: its fetches come one after the other, so a fetch that a dead job's key can
// break would hold back every post behind it (with several workers it does so only now and then).
const ENV = { RATE_LIMIT_CONNECT: '1000 per minute', RATE_LIMIT_VIDEOS: '1000 per minute', SANDBOX_PROCESSING_SECONDS: '0.2', PUBLISH_CONCURRENCY: '1' };
/** Status polls in a fifth of a second; every other timing (the claims' staleness) as shipped. */
const OPTIONS: RunServerOptions = { logger: false, overrides: { publishTimings: { pollIntervalMs: 200 } } };
/** A sweep, a fetch (2 s) and the run itself, with room for a loaded machine. */
const TAKEOVER_WAIT = { timeout: SWEEP_INTERVAL_MS + 15_000, interval: 200 };
const SCRIPT = 'Hello there. This is a very short video.';

describe('jobs of a dead process', () => {
  let testDb: TestDatabase;
  let server: RunningServer;
  const db = () => server.database.db;
  beforeAll(async () => {
    testDb = await createTestDatabase(ENV);
    server = await runServer({ ...testDb.config, port: 0 }, OPTIONS);
  });
  afterAll(async () => {
    await server?.stop();
    await testDb?.cleanup();
  });

  /** A creator with a finished video and a connected YouTube sandbox channel. */
  async function creator(label: string) {
    const client = new ApiClient(server.app);
    const { token, user } = await client.register(uniqueEmail(label));
    await allowPublishing(db(), user.id);
    const video = await seedVideo(db(), server.services.publishEngine.storage, user.id, { title: `${label} video` });
    const started = await client.get('/api/youtube/connect?path=/connect', as(token));
    const consent = await submitConsent(server.app, started.json<{ url: string }>().url, { account_name: `${label} channel`, simulate: 'ok' });
    const callback = await server.app.inject({ method: 'GET', url: `${consent.callback!.pathname}${consent.callback!.search}` });
    const accountId = new URL(String(callback.headers.location), 'http://reelflow.test').searchParams.get('account')!;
    expect(accountId).toBeTruthy();
    return { token, videoId: video.id, accountId };
  }

  async function post(who: Awaited<ReturnType<typeof creator>>, scheduledAt?: Date): Promise<string> {
    const response = await new ApiClient(server.app).post(
      '/api/create/post',
      { video_id: who.videoId, account_ids: [who.accountId], caption: 'Once #shorts', options: { youtube: { title: 'Once', privacy: 'unlisted' } }, ...(scheduledAt ? { scheduled_at: scheduledAt.toISOString() } : {}) },
      as(who.token, randomUUID()),
    );
    expect(response.statusCode, response.body).toBe(202);
    return response.json<Post>().targets[0]!.id;
  }

  const target = async (id: string, database: Database = server.database) => (await database.db.select().from(postTargets).where(eq(postTargets.id, id)))[0]!;
  const uploadsTo = async (accountId: string) => {
    const [account] = await db().select({ channel: socialAccounts.platformAccountId }).from(socialAccounts).where(eq(socialAccounts.id, accountId));
    return db().select().from(sandboxUploads).where(eq(sandboxUploads.accountId, account!.channel));
  };

  /** What a worker that fetched a job and was then killed leaves in pg-boss: the job, still active. */
  async function deadJob(database: Database, queue: string, data: object, key: string | null, ageSeconds: number): Promise<string> {
    const { rows } = await database.raw.query(
      `INSERT INTO pgboss.job (name, data, singleton_key, state, started_on, policy, retry_limit, retry_delay, retry_backoff, expire_in)
       SELECT name, $2::jsonb, $3, 'active', now() - make_interval(secs => $4), policy,
              COALESCE(retry_limit, 2), COALESCE(retry_delay, 0), COALESCE(retry_backoff, false), make_interval(secs => COALESCE(expire_seconds, 900))
       FROM pgboss.queue WHERE name = $1 RETURNING id`,
      [queue, JSON.stringify(data), key, ageSeconds],
    );
    return rows[0]!.id as string;
  }
  const jobState = async (id: string) => (await server.database.raw.query(`SELECT state FROM pgboss.job WHERE id = $1`, [id])).rows[0]?.state;

  /** The target as its killed run left it: claimed (attempt 1), mid-upload, its heartbeat `heartbeat`. */
  async function claimedByDeadRun(database: Database, targetId: string, heartbeat: ReturnType<typeof sql>) {
    await database.raw.query(`DELETE FROM pgboss.job WHERE name = $1 AND data->>'targetId' = $2`, [PUBLISH_TARGET_QUEUE, targetId]);
    const [row] = await database.db
      .update(postTargets)
      .set({ status: 'publishing', attempts: 1, startedAt: heartbeat, nextAttemptAt: null })
      .where(eq(postTargets.id, targetId))
      .returning({ postId: postTargets.postId });
    await database.db.update(posts).set({ status: 'publishing' }).where(eq(posts.id, row!.postId));
  }

  it("lets nobody else's post wait behind a dead job's key, and takes the dead run's upload over by its heartbeat, without a restart", { timeout: 120_000 }, async () => {
    const held = await creator('held');
    const heldTarget = await post(held, new Date(Date.now() + 3600_000));
    // Another process fetched the target's job and was killed a moment ago, holding the claim; the
    // step was queued again meanwhile (a restart elsewhere, a resent request) under the same key.
    await claimedByDeadRun(server.database, heldTarget, sql`now()`);
    const job = await deadJob(server.database, PUBLISH_TARGET_QUEUE, { targetId: heldTarget }, `${heldTarget}@now`, 0);
    await bossPublishScheduler(() => server.boss).schedule(heldTarget, null);

    // Someone else posts now: published at once, whatever the dead job holds.
    const bystander = await creator('bystander');
    const bystanderTarget = await post(bystander);
    await expect.poll(async () => (await target(bystanderTarget)).status, { timeout: 15_000, interval: 200 }).toBe('published');
    // The held target is not uploaded by anyone while its claim is fresh.
    expect(await target(heldTarget)).toMatchObject({ status: 'publishing', attempts: 1, platformPostId: null });
    expect(await uploadsTo(held.accountId)).toHaveLength(0);

    // Time passes: the dead run's last heartbeat (and its job's start) is now just past stale.
    const stale = Math.ceil(DEFAULT_TIMINGS.staleClaimMs / 1000) + 1;
    await db()
      .update(postTargets)
      .set({ startedAt: sql`now() - make_interval(secs => ${stale})` })
      .where(eq(postTargets.id, heldTarget));
    await server.database.raw.query(`UPDATE pgboss.job SET started_on = now() - make_interval(secs => $2) WHERE id = $1`, [job, stale]);
    await expect.poll(async () => (await target(heldTarget)).status, TAKEOVER_WAIT).toBe('published');
    expect(await target(heldTarget)).toMatchObject({ attempts: 2 });
    expect(await uploadsTo(held.accountId)).toHaveLength(1);
    // pg-boss marks the job done just after its work is.
    await expect.poll(() => jobState(job), { timeout: 5_000 }).not.toBe('active');
  });

  it('resumes a render whose worker died without any restart, renders it once and charges it once', { timeout: 300_000 }, async () => {
    const client = new ApiClient(server.app);
    const { token, user } = await client.register(uniqueEmail('render'));
    const created = await client.request('POST', '/api/ai-videos', { script: SCRIPT }, as(token));
    expect(created.statusCode).toBe(202);
    const { id } = created.json<AiVideo>();
    const statusOf = async () => (await db().select({ status: aiVideos.status }).from(aiVideos).where(eq(aiVideos.id, id)))[0]!.status;
    await expect.poll(statusOf, { timeout: 150_000, interval: 250 }).toBe('completed');
    const [done] = await db().select().from(aiVideos).where(eq(aiVideos.id, id));
    const credits = async () => (await db().select({ credits: users.credits }).from(users).where(eq(users.id, user.id)))[0]!.credits;
    const ledger = async () => (await db().select().from(creditLedger).where(eq(creditLedger.userId, user.id))).length;
    const [creditsBefore, ledgerBefore] = [await credits(), await ledger()];

    // A worker was killed in the last stage: the video processing without its render, the heartbeat
    // and the job just past stale — and no process starts.
    const stale = Math.ceil(STALE_HEARTBEAT_MS / 1000) + 1;
    const { render: _render, ...checkpoint } = done!.checkpoint;
    await db()
      .update(aiVideos)
      .set({ status: 'processing', checkpoint, videoKey: null, stage: 'render', heartbeatAt: sql`now() - make_interval(secs => ${stale})` })
      .where(eq(aiVideos.id, id));
    const job = await deadJob(server.database, RENDER_VIDEO_QUEUE, { videoId: id }, null, stale);

    await expect.poll(async () => (await db().select({ attempts: aiVideos.attempts }).from(aiVideos).where(eq(aiVideos.id, id)))[0]!.attempts, TAKEOVER_WAIT).toBe(done!.attempts + 1);
    await expect.poll(statusOf, { timeout: 150_000, interval: 250 }).toBe('completed');
    const [resumed] = await db().select().from(aiVideos).where(eq(aiVideos.id, id));
    // One more run (the takeover), from the checkpoint: the same file, nothing charged again.
    expect(resumed).toMatchObject({ attempts: done!.attempts + 1, videoKey: done!.videoKey });
    expect(await credits()).toBe(creditsBefore);
    expect(await ledger()).toBe(ledgerBefore);
    // pg-boss marks the job done just after its work is.
    await expect.poll(() => jobState(job), { timeout: 5_000 }).not.toBe('active');
  });

  it('publishes a post whose upload a kill -9 cut off once the server is started again, once', { timeout: 120_000 }, async () => {
    const cut = await creator('cut');
    const cutTarget = await post(cut, new Date(Date.now() + 3600_000));
    await server.stop();
    // The killed run: its claim and its job (under the key the start queues the step with again).
    // On Postgres the crash was two minutes ago, so its claim is stale; on PGlite the start knows
    // it is the only process, so even a fresh one is a dead run's. The queue is 'stately', as a
    // server made it before running jobs stopped holding their keys.
    const database = await testDb.open();
    await database.raw.query(`UPDATE pgboss.queue SET policy = 'stately' WHERE name = $1`, [PUBLISH_TARGET_QUEUE]);
    await claimedByDeadRun(database, cutTarget, crashedHeartbeat());
    const job = await deadJob(database, PUBLISH_TARGET_QUEUE, { targetId: cutTarget }, `${cutTarget}@now`, usingPostgres ? 120 : 5);
    await database.close();

    server = await runServer({ ...testDb.config, port: 0 }, OPTIONS);
    expect(await server.boss!.getQueue(PUBLISH_TARGET_QUEUE)).toMatchObject({ policy: 'short' });
    await expect.poll(async () => (await target(cutTarget)).status, { timeout: 30_000, interval: 200 }).toBe('published');
    expect(await target(cutTarget)).toMatchObject({ attempts: 2 });
    expect(await uploadsTo(cut.accountId)).toHaveLength(1);
    // pg-boss marks the job done just after its work is.
    await expect.poll(() => jobState(job), { timeout: 5_000 }).not.toBe('active');
  });
});
