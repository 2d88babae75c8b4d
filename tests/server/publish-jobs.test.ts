// The publish queue on pg-boss: the server hands a post's targets to `publish-target`
// (the same registration `npm run worker` uses), scheduling one step twice queues it once, and a
// worker runs the engine on it. No platform adapter (nor sandbox) is configured in this server, so the run ends
// in a plain "not available" failure — which is what proves a worker took the job.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../contract/publishing';
import { postTargets } from '../../server/db/schema';
import { bossPublishScheduler, PUBLISH_TARGET_QUEUE } from '../../server/jobs/publish-target';
import { runServer, type RunningServer } from '../../server/server';
import { ApiClient, as, createTestDatabase, uniqueEmail, type TestDatabase } from './helpers';
import { allowPublishing, seedAccount, seedVideo } from './publishing-fixtures';

describe('publish-target queue', () => {
  let testDb: TestDatabase;
  let server: RunningServer;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await server?.stop();
    await testDb?.cleanup();
  });

  it('queues each target once per time and works it', { timeout: 240_000 }, async () => {
    // No sandbox either: the run must end in "not available" rather than reach a platform.
    const config = { ...testDb.config, port: 0, social: { ...testDb.config.social, sandbox: { ...testDb.config.social.sandbox, enabled: false } } };
    server = await runServer(config, { logger: false });
    const { db } = server.database;
    const client = new ApiClient(server.app);
    const registered = await client.register(uniqueEmail('queue'));
    await allowPublishing(db, registered.user.id);
    const video = await seedVideo(db, server.services.publishEngine.storage, registered.user.id);
    const account = await seedAccount(db, registered.user.id);
    const later = new Date(Date.now() + 3600_000);
    const scheduled = (await client.post('/api/create/post', { video_id: video.id, account_ids: [account], scheduled_at: later.toISOString() }, as(registered.token))).json<Post>();
    const targetId = scheduled.targets[0]!.id;
    const jobsOf = async (id: string) =>
      (await server.database.raw.query(`select state, start_after from pgboss.job where name = $1 and data->>'targetId' = $2`, [PUBLISH_TARGET_QUEUE, id])).rows;
    expect(await jobsOf(targetId)).toHaveLength(1);
    // Scheduling the same step again (a replayed request, a restart) queues nothing new.
    const scheduler = bossPublishScheduler(() => server.boss);
    await scheduler.schedule(targetId, later);
    const jobs = await jobsOf(targetId);
    expect(jobs).toHaveLength(1);
    expect(new Date(jobs[0]!.start_after as string).getTime()).toBeGreaterThanOrEqual(later.getTime() - 1000);

    const now = (await client.post('/api/create/post', { video_id: video.id, account_ids: [account] }, as(registered.token))).json<Post>();
    const nowTarget = now.targets[0]!.id;
    await expect
      .poll(async () => (await db.select().from(postTargets).where(eq(postTargets.id, nowTarget)))[0]!.status, { timeout: 120_000, interval: 250 })
      .toBe('failed');
    expect((await db.select().from(postTargets).where(eq(postTargets.id, nowTarget)))[0]).toMatchObject({ errorCode: 'platform_unavailable', error: 'YouTube publishing is not available on this server.' });
    // The later one is still waiting for its time.
    expect((await db.select().from(postTargets).where(eq(postTargets.id, targetId)))[0]!.status).toBe('scheduled');
  });
});
