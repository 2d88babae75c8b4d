// pg-boss drops the errors of its fetch (it answers "no jobs"), so a queue that cannot fetch only
// looks idle. The server's pg-boss (server/jobs/boss.ts) reports it: once when a queue's fetch
// starts failing, once when it works again — not at every poll. The failure here is the one a
// dead job's singleton key caused on a 'stately' queue: a job with the key still running, another
// waiting, and the fetch that would start the second breaks the queue's unique index.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { sqlState } from '../../server/db/errors';
import { createBoss, stopBoss } from '../../server/jobs/boss';
import { createTestDatabase, type TestDatabase } from './helpers';

const QUEUE = 'stately-test';
const POLL_SECONDS = 0.5;

describe('a queue whose fetch fails', () => {
  let testDb: TestDatabase;
  let database: Database;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = await testDb.open();
  });
  afterAll(async () => {
    await database?.close();
    await testDb?.cleanup();
  });

  it('is reported once when it starts failing and once when it works again', { timeout: 60_000 }, async () => {
    const reports: string[] = [];
    const boss = createBoss(testDb.config, database, {
      supervise: false,
      fetchErrors: {
        failing: (queue, error) => reports.push(`failing ${queue} (${sqlState(error)})`),
        recovered: (queue) => reports.push(`recovered ${queue}`),
      },
    });
    await boss.start();
    try {
      await boss.createQueue(QUEUE, { name: QUEUE, policy: 'stately' });
      await boss.send(QUEUE, {}, { singletonKey: 'key' });
      const [running] = await boss.fetch(QUEUE);
      await boss.send(QUEUE, {}, { singletonKey: 'key' });
      const worked: string[] = [];
      await boss.work(QUEUE, { pollingIntervalSeconds: POLL_SECONDS }, (jobs) => {
        worked.push(...jobs.map((job) => job.id));
        return Promise.resolve();
      });
      await expect.poll(() => reports, { timeout: 10_000 }).toEqual([`failing ${QUEUE} (23505)`]);
      // Several more polls fail the same way: nothing more is reported.
      await new Promise((resolve) => setTimeout(resolve, 4 * POLL_SECONDS * 1000));
      expect(reports).toEqual([`failing ${QUEUE} (23505)`]);
      expect(worked).toEqual([]);

      await boss.complete(QUEUE, running!.id);
      await expect.poll(() => worked.length, { timeout: 10_000 }).toBe(1);
      expect(reports).toEqual([`failing ${QUEUE} (23505)`, `recovered ${QUEUE}`]);
    } finally {
      await stopBoss(boss);
    }
  });
});
