// Processes starting at once on a new Postgres database: two API processes (with their job
// runners) and two `npm run worker` processes, in-process here but each with its own pools, so
// the database sees four starts racing — migrations, pg-boss's schema and its queues. All must
// start, and serve. PGlite is left out: one process owns its data folder.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURGE_IDEMPOTENCY_QUEUE } from '../../server/jobs/idempotency-purge';
import { runServer, type RunningServer } from '../../server/server';
import { runWorker, type RunningWorker } from '../../server/worker-process';
import { createTestDatabase, usingPostgres, type TestDatabase } from './helpers';

describe.skipIf(!usingPostgres)('four processes starting together on a new database', () => {
  let testDb: TestDatabase;
  const started: (RunningServer | RunningWorker)[] = [];
  beforeAll(async () => {
    testDb = await createTestDatabase({}, { migrated: false });
  });
  afterAll(async () => {
    await Promise.allSettled(started.map((process) => process.stop()));
    await testDb?.cleanup();
  });

  it('all start and serve', { timeout: 120_000 }, async () => {
    const config = { ...testDb.config, port: 0 };
    const log = pino({ level: 'silent' });
    const starts = await Promise.allSettled([
      runServer(config, { logger: false }),
      runWorker(config, log),
      runServer(config, { logger: false }),
      runWorker(config, log),
    ]);
    for (const start of starts) if (start.status === 'fulfilled') started.push(start.value);
    expect(starts.map((start) => (start.status === 'rejected' ? String(start.reason) : 'started'))).toEqual(['started', 'started', 'started', 'started']);

    const [api1, worker1, api2, worker2] = started as [RunningServer, RunningWorker, RunningServer, RunningWorker];
    for (const api of [api1, api2]) {
      const response = await fetch(`${api.url}/api/health`);
      expect(response.status).toBe(200);
    }
    // And the job runners work: a job each process queues is done (by whichever takes it).
    const ids = await Promise.all([api1, worker1, api2, worker2].map(({ boss }) => boss!.send(PURGE_IDEMPOTENCY_QUEUE, {})));
    const states = async () => (await api1.database.raw.query(`SELECT state FROM pgboss.job WHERE id = ANY($1::uuid[])`, [ids])).rows.map((row) => row.state);
    await expect.poll(states, { timeout: 20_000, interval: 250 }).toEqual(['completed', 'completed', 'completed', 'completed']);
  });
});
