// Hourly purge of Idempotency-Key rows past their retention (24 h, see
// server/domain/idempotency). Expired keys already count as new when they come back, so the purge
// only keeps the table small; running it late or twice is harmless.
import type { Db } from '../db/client';
import { purgeExpiredIdempotencyKeys } from '../domain/idempotency/idempotency';
import { defineJob } from './job';

export const PURGE_IDEMPOTENCY_QUEUE = 'purge-idempotency-keys';
/** Every hour at minute 17 (off the top of the hour, when other cron work tends to pile up). */
export const PURGE_IDEMPOTENCY_CRON = '17 * * * *';

/** The job's work, exported so tests can run it without waiting for the cron. */
export async function purgeIdempotencyKeysJob(db: Db, log: (message: string) => void = () => {}): Promise<number> {
  const deleted = await purgeExpiredIdempotencyKeys(db);
  if (deleted > 0) log(`purged ${deleted} expired idempotency keys`);
  return deleted;
}

export const idempotencyPurgeJob = defineJob({
  queue: PURGE_IDEMPOTENCY_QUEUE,
  cron: PURGE_IDEMPOTENCY_CRON,
  async run(_data, services) {
    const deleted = await purgeIdempotencyKeysJob(services.database.db);
    return { outcome: `purged ${deleted} expired idempotency keys` };
  },
});
