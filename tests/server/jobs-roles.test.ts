// Process roles and the job log: an API-only process (ROLE=api) serves HTTP and queues jobs but
// works none of them, until a worker (ROLE=worker) on the same database runs them; and every
// finished job leaves one info line saying what ran, for whom, how long and where.
import { hostname } from 'node:os';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { buildServices } from '../../server/composition';
import { mailOutbox } from '../../server/db/schema';
import type { Database } from '../../server/db/client';
import { RunningRenders } from '../../server/domain/videos/runner';
import { createJobRunner, type JobLogger } from '../../server/jobs';
import { defineJob, type JobServices } from '../../server/jobs/job';
import { PASSWORD_RESET_MAIL_QUEUE } from '../../server/jobs/password-reset-mail';
import { ApiClient, createTestDatabase, uniqueEmail, usingPostgres, type TestDatabase } from './helpers';

const silent = pino({ level: 'silent' });

describe('job roles and log lines', () => {
  /** Undone last first after each test. */
  let cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    cleanups = [];
  });
  const testDatabase = async (): Promise<TestDatabase> => {
    const testDb = await createTestDatabase();
    cleanups.push(() => testDb.cleanup());
    return testDb;
  };
  const opened = async (testDb: TestDatabase): Promise<Database> => {
    const database = await testDb.open();
    cleanups.push(() => database.close());
    return database;
  };

  it('ROLE=api serves HTTP and queues a job but runs it not; a ROLE=worker process on the same database does', async () => {
    const testDb = await testDatabase();
    const apiDatabase = await opened(testDb);
    const api = await buildServices(testDb.config, apiDatabase, { role: 'api', log: silent });
    const app = await buildApp({ config: testDb.config, database: apiDatabase, services: api });
    app.addHook('onClose', () => api.close());
    cleanups.push(() => app.close());
    await app.ready();
    await api.start();

    const client = new ApiClient(app);
    const email = uniqueEmail('api-role');
    await client.register(email);
    expect((await client.post('/api/forgot-password', { email })).statusCode).toBe(200);
    const states = async () =>
      (await apiDatabase.raw.query(`SELECT state FROM pgboss.job WHERE name = $1`, [PASSWORD_RESET_MAIL_QUEUE])).rows.map((row) => (row as { state: string }).state);
    const mails = async () => apiDatabase.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    // Longer than pg-boss's polling interval (2 s): a worker of this process would have taken it by now.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await states()).toEqual(['created']);
    expect(await mails()).toHaveLength(0);

    // The embedded database has one handle per process; on Postgres the worker opens its own.
    const workerDatabase = usingPostgres ? await opened(testDb) : apiDatabase;
    const worker = await buildServices(testDb.config, workerDatabase, { role: 'worker', log: silent });
    cleanups.push(() => worker.close());
    await worker.start();
    await worker.jobRunner.drain();
    expect(await states()).toEqual(['completed']);
    expect(await mails()).toHaveLength(1);
  });

  it('logs one info line per finished job: the queue and its subject, for which user, how long, on which host and process', async () => {
    const testDb = await testDatabase();
    const database = await opened(testDb);
    const lines: { level: string; message: string }[] = [];
    const logger: JobLogger = {
      info: (_details, message) => lines.push({ level: 'info', message }),
      debug: (_details, message) => lines.push({ level: 'debug', message }),
      error: (_details, message) => lines.push({ level: 'error', message }),
    };
    const example = defineJob<{ thingId: string; ownerId: number }>({
      queue: 'log-line-example',
      subject: (data) => ({ thingId: data.thingId }),
      run: ({ ownerId }) => Promise.resolve({ outcome: 'made', userId: ownerId ?? null }),
    });
    const runner = createJobRunner(testDb.config, database, { role: 'all', logger, jobs: [example] });
    // This job uses none of the services; the runner itself only stops running renders.
    await runner.start({ runningRenders: new RunningRenders() } as unknown as JobServices);
    cleanups.push(() => runner.stop());
    await runner.queue.send('log-line-example', { thingId: 'thing-7', ownerId: 42 });
    await runner.drain();

    const jobLines = lines.filter((line) => line.message.startsWith('log-line-example'));
    expect(jobLines).toHaveLength(1);
    expect(jobLines[0]!.level).toBe('info');
    const where = `${hostname()} pid ${process.pid} (all)`;
    expect(jobLines[0]!.message).toMatch(new RegExp(`^log-line-example thingId thing-7 for user 42: made in \\d+ ms on ${where.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  });
});
