// Scheduled jobs: the hourly purge of expired Idempotency-Key rows is scheduled when the server
// starts pg-boss, and its handler (run through pg-boss here) deletes only expired keys.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { idempotencyKeys, mailOutbox } from '../../server/db/schema';
import { IDEMPOTENCY_RETENTION_HOURS } from '../../server/domain/idempotency/idempotency';
import { PURGE_IDEMPOTENCY_CRON, PURGE_IDEMPOTENCY_QUEUE, purgeIdempotencyKeysJob } from '../../server/jobs/idempotency-purge';
import { PASSWORD_RESET_MAIL_QUEUE } from '../../server/jobs/password-reset-mail';
import { REFRESH_TOKENS_QUEUE } from '../../server/jobs/refresh-tokens';
import { PURGE_UPLOADS_CRON, PURGE_UPLOADS_QUEUE } from '../../server/jobs/purge-uploads';
import { TOKEN_REFRESH_CRON } from '../../server/domain/social/token-refresh';
import { runServer, type RunningServer } from '../../server/server';
import { ApiClient, as, createTestDatabase, uniqueEmail, type TestDatabase } from './helpers';

describe('idempotency purge job', () => {
  let testDb: TestDatabase;
  let server: RunningServer;
  let client: ApiClient;
  let user: { token: string; id: number };
  beforeAll(async () => {
    testDb = await createTestDatabase();
    server = await runServer({ ...testDb.config, port: 0 }, { logger: false });
    client = new ApiClient(server.app);
    const registered = await client.register(uniqueEmail('jobs'));
    user = { token: registered.token, id: registered.user.id };
  });
  afterAll(async () => {
    await server?.stop();
    await testDb?.cleanup();
  });

  const db = () => server.database.db;
  const keysOf = async () => (await db().select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id))).map((r) => r.key);
  const storeKey = async (key: string, ageHours: number) => {
    const response = await client.post('/api/scripts', { id: randomUUID(), title: key, body: 'b' }, as(user.token, key));
    expect(response.statusCode).toBe(201);
    await db()
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - make_interval(hours => ${ageHours})` })
      .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, key)));
  };

  it('is scheduled hourly when the server starts pg-boss', async () => {
    const schedules = await server.boss!.getSchedules();
    expect(schedules).toContainEqual(expect.objectContaining({ name: PURGE_IDEMPOTENCY_QUEUE, cron: PURGE_IDEMPOTENCY_CRON }));
    expect(PURGE_IDEMPOTENCY_CRON.split(' ')[1]).toBe('*');
  });

  it('schedules the cleanup of expired resumable uploads hourly', async () => {
    const schedules = await server.boss!.getSchedules();
    expect(schedules).toContainEqual(expect.objectContaining({ name: PURGE_UPLOADS_QUEUE, cron: PURGE_UPLOADS_CRON }));
    expect(PURGE_UPLOADS_CRON.split(' ')[1]).toBe('*');
  });

  it('schedules refresh-tokens every 15 minutes and runs it once at start', async () => {
    const schedules = await server.boss!.getSchedules();
    expect(schedules).toContainEqual(expect.objectContaining({ name: REFRESH_TOKENS_QUEUE, cron: TOKEN_REFRESH_CRON }));
    expect(TOKEN_REFRESH_CRON.split(' ')[0]!.split(',')).toHaveLength(4);
    const states = async () => {
      const result = await db().execute(sql`select state from pgboss.job where name = ${REFRESH_TOKENS_QUEUE}`);
      return (result as { rows: { state: string }[] }).rows.map((row) => row.state);
    };
    await expect.poll(states, { timeout: 20_000 }).toContain('completed');
  });

  it('its handler deletes expired keys and keeps live ones', async () => {
    const stale = randomUUID();
    const live = randomUUID();
    await storeKey(stale, IDEMPOTENCY_RETENTION_HOURS + 1);
    await storeKey(live, 1);
    const logged: string[] = [];
    // (At minute 17 the real cron run may beat us to it; the rows below are what matters.)
    const deleted = await purgeIdempotencyKeysJob(db(), (message) => logged.push(message));
    if (deleted > 0) expect(logged).toEqual([`purged ${deleted} expired idempotency keys`]);
    const left = await keysOf();
    expect(left).toContain(live);
    expect(left).not.toContain(stale);
  });

  it('runs through pg-boss: a job on the queue purges', async () => {
    const stale = randomUUID();
    await storeKey(stale, IDEMPOTENCY_RETENTION_HOURS + 5);
    expect(await keysOf()).toContain(stale);
    await server.boss!.send(PURGE_IDEMPOTENCY_QUEUE, {});
    const deadline = Date.now() + 20_000;
    while ((await keysOf()).includes(stale) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect(await keysOf()).not.toContain(stale);
  });

  it('forgot-password only queues a job, for known and unknown emails alike; the job sends the mail', async () => {
    const known = uniqueEmail('job-known');
    await client.register(known);
    const unknown = uniqueEmail('job-ghost');
    for (const email of [known, unknown]) {
      const response = await client.post('/api/forgot-password', { email });
      expect(response.statusCode).toBe(200);
    }
    const queued = await server.database.raw.query(`select data->>'email' as email from pgboss.job where name = $1 and data->>'email' = any($2)`, [
      PASSWORD_RESET_MAIL_QUEUE,
      [known, unknown],
    ]);
    expect(queued.rows.map((row) => row.email).sort()).toEqual([known, unknown].sort());
    await vi.waitFor(
      async () => {
        const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, known));
        expect(mails).toHaveLength(1);
      },
      { timeout: 30_000, interval: 250 },
    );
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, unknown))).toEqual([]);
  });
});
