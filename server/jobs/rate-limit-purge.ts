// Hourly purge of rate-limit counters whose window has passed (server/domain/rate-limits). An
// expired counter already starts over on its next hit, so this only keeps the table small.
import { purgeExpiredRateLimits } from '../domain/rate-limits/rate-limits';
import { defineJob } from './job';

export const PURGE_RATE_LIMITS_QUEUE = 'purge-rate-limits';
export const PURGE_RATE_LIMITS_CRON = '23 * * * *';

export const rateLimitPurgeJob = defineJob({
  queue: PURGE_RATE_LIMITS_QUEUE,
  cron: PURGE_RATE_LIMITS_CRON,
  async run(_data, services) {
    const deleted = await purgeExpiredRateLimits(services.database.db);
    return { outcome: `purged ${deleted} expired rate-limit counters` };
  },
});
