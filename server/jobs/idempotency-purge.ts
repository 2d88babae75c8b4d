// Hourly purge of Idempotency-Key rows past their retention (24 h, see
// server/domain/idempotency). Expired keys already count as new when they come back, so the purge
// only keeps the table small; running it late or twice is harmless.
import type PgBoss from 'pg-boss';
import type { Db } from '../db/client';
import { purgeExpiredIdempotencyKeys } from '../domain/idempotency/idempotency';

export const PURGE_IDEMPOTENCY_QUEUE = 'purge-idempotency-keys';
/** Every hour at minute 17 (off the top of the hour, when other cron work tends to pile up). */
export const PURGE_IDEMPOTENCY_CRON = '17 * * * *';

/** The job's work, exported so tests can run it without waiting for the cron. */
export async function purgeIdempotencyKeysJob(db: Db, log: (message: string) => void = () => {}): Promise<number> {
  const deleted = await purgeExpiredIdempotencyKeys(db);
  if (deleted > 0) log(`purged ${deleted} expired idempotency keys`);
  return deleted;
}

/** Creates the queue, (re)installs the schedule (pg-boss upserts it by name) and a worker. */
export async function registerIdempotencyPurge(boss: PgBoss, db: Db, log: (message: string) => void = () => {}): Promise<void> {
  await boss.createQueue(PURGE_IDEMPOTENCY_QUEUE);
  await boss.schedule(PURGE_IDEMPOTENCY_QUEUE, PURGE_IDEMPOTENCY_CRON, {}, { tz: 'UTC' });
  await boss.work(PURGE_IDEMPOTENCY_QUEUE, async () => {
    await purgeIdempotencyKeysJob(db, log);
  });
}
