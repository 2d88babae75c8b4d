// The refresh-tokens job (issue 10): every 15 minutes, and once when a process starts, refreshes
// the tokens that are about to end (server/domain/social/token-refresh.ts says which). Queue policy
// 'stately': the cron's job and the start's job of the server and of `npm run worker` collapse into
// one queued run; two runs overlapping would still be harmless (the token service's single flight
// and row lock).
import type PgBoss from 'pg-boss';
import type { Db } from '../db/client';
import { refreshDueTokens, TOKEN_REFRESH_CRON } from '../domain/social/token-refresh';
import type { AccountTokenService } from '../domain/social/types';

export const REFRESH_TOKENS_QUEUE = 'refresh-tokens';

export interface RefreshTokensJobDeps {
  db: Db;
  tokens: AccountTokenService;
  log: (message: string) => void;
}

export async function registerRefreshTokens(boss: PgBoss, deps: RefreshTokensJobDeps): Promise<void> {
  await boss.createQueue(REFRESH_TOKENS_QUEUE, { name: REFRESH_TOKENS_QUEUE, policy: 'stately', retryLimit: 0, expireInSeconds: 15 * 60 });
  await boss.schedule(REFRESH_TOKENS_QUEUE, TOKEN_REFRESH_CRON, {}, { tz: 'UTC' });
  await boss.work(REFRESH_TOKENS_QUEUE, async () => {
    await refreshDueTokens({ db: deps.db, tokens: deps.tokens, log: deps.log });
  });
  // Once at start: tokens that ran down while no process was up are renewed now, not in 15 minutes.
  await boss.send(REFRESH_TOKENS_QUEUE, {});
}
