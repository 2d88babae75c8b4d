// The refresh-tokens job: every 15 minutes, and once when a process starts, refreshes
// the tokens that are about to end (server/domain/social/token-refresh.ts says which). Queue policy
// 'stately': the cron's job and the start's job of the server and of `npm run worker` collapse into
// one queued run; two runs overlapping would still be harmless (the token service's single flight
// and row lock).
import { refreshDueTokens, TOKEN_REFRESH_CRON } from '../domain/social/token-refresh';
import { defineJob } from './job';

export const REFRESH_TOKENS_QUEUE = 'refresh-tokens';

export const refreshTokensJob = defineJob<Record<string, never>>({
  queue: REFRESH_TOKENS_QUEUE,
  options: { policy: 'stately', retryLimit: 0, expireInSeconds: 15 * 60 },
  cron: TOKEN_REFRESH_CRON,
  async run(_data, services) {
    const summary = await refreshDueTokens({ db: services.database.db, tokens: services.accountTokens, log: (message) => services.note(message) });
    return { outcome: `refreshed ${summary.refreshed.length}, reconnect ${summary.reconnect.length}, failed ${summary.failed.length}` };
  },
  async resume(services) {
    // Once at start: tokens that ran down while no process was up are renewed now, not in 15 minutes.
    await services.jobs.send(REFRESH_TOKENS_QUEUE, {});
  },
});
