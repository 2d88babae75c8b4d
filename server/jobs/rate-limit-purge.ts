// Hourly purge of rate-limit counters whose window has passed (server/domain/rate-limits). An
// expired counter already starts over on its next hit, so this only keeps the table small.
import type PgBoss from 'pg-boss';
import type { Db } from '../db/client';
import { purgeExpiredRateLimits } from '../domain/rate-limits/rate-limits';

export const PURGE_RATE_LIMITS_QUEUE = 'purge-rate-limits';
export const PURGE_RATE_LIMITS_CRON = '23 * * * *';

export async function registerRateLimitPurge(boss: PgBoss, db: Db, log: (message: string) => void = () => {}): Promise<void> {
  await boss.createQueue(PURGE_RATE_LIMITS_QUEUE);
  await boss.schedule(PURGE_RATE_LIMITS_QUEUE, PURGE_RATE_LIMITS_CRON, {}, { tz: 'UTC' });
  await boss.work(PURGE_RATE_LIMITS_QUEUE, async () => {
    const deleted = await purgeExpiredRateLimits(db);
    if (deleted > 0) log(`purged ${deleted} expired rate-limit counters`);
  });
}
