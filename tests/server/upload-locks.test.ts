// Upload locks shared by API processes (Postgres advisory locks, domain/uploads/pg-locker.ts),
// two lockers standing for two processes: one that wants a held lock asks the holder to let go
// (tus' release callback, called in the holder's process) and gets it once released; a holder
// that does not let go makes the other wait until its time is up (tus then answers 500).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresLocker } from '../../server/domain/uploads/pg-locker';
import { createTestDatabase, usingPostgres, type TestDatabase } from './helpers';

describe.skipIf(!usingPostgres)('upload locks across processes (Postgres)', () => {
  let testDb: TestDatabase;
  let first: PostgresLocker;
  let second: PostgresLocker;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    first = new PostgresLocker(testDb.config.databaseUrl!, 1_500);
    second = new PostgresLocker(testDb.config.databaseUrl!, 1_500);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await testDb?.cleanup();
  });

  const signal = () => new AbortController().signal;

  it('asks the holder in the other process to let go, then takes the lock', async () => {
    const held = first.newLock('u1_aaaa');
    let asked = 0;
    await held.lock(signal(), async () => {
      asked += 1;
      await held.unlock();
    });
    const wanted = second.newLock('u1_aaaa');
    await wanted.lock(signal(), () => {});
    expect(asked).toBe(1);
    // Another upload's lock is not this one's.
    const other = first.newLock('u1_bbbb');
    await other.lock(signal(), () => {});
    await other.unlock();
    await wanted.unlock();
  });

  it('waits no longer than its time for a holder that does not let go, and the holder keeps it', async () => {
    const held = first.newLock('u2_aaaa');
    await held.lock(signal(), () => {});
    const started = Date.now();
    await expect(second.newLock('u2_aaaa').lock(signal(), () => {})).rejects.toMatchObject({ status_code: 500 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
    await held.unlock();
    const after = second.newLock('u2_aaaa');
    await after.lock(signal(), () => {});
    await after.unlock();
  });

  it('gives up at once when its request is aborted', async () => {
    const held = first.newLock('u3_aaaa');
    await held.lock(signal(), () => {});
    const controller = new AbortController();
    const waiting = second.newLock('u3_aaaa').lock(controller.signal, () => {});
    const started = Date.now();
    setTimeout(() => controller.abort(), 200);
    await expect(waiting).rejects.toMatchObject({ status_code: 500 });
    expect(Date.now() - started).toBeLessThan(1_000);
    await held.unlock();
  });
});
