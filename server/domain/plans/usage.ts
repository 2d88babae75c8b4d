// GET /api/user/usage: how much of each limit the user has used, counted from stored rows. Only
// limits the server can count are listed (today: generated scripts, from the credits ledger — the
// same count the quota check uses); a limit without a counter is not reported rather than shown
// as a made-up 0.
import type { LimitUsage } from '../../../contract/plans';
import type { Db } from '../../db/client';
import { monthWindowUtc, scriptsGeneratedThisMonth } from '../scripts/generate';

export async function usageOf(db: Db, userId: number, now = new Date()): Promise<LimitUsage[]> {
  const { start, end } = monthWindowUtc(now);
  return [
    {
      limit: 'scripts_per_month',
      used: await scriptsGeneratedThisMonth(db, userId, now),
      period_start: start.toISOString(),
      period_end: end.toISOString(),
    },
  ];
}
