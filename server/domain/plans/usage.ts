// GET /api/user/usage: how much of each limit the user has used, counted from stored rows. Only
// limits the server can count are listed (generated scripts and queued videos, from the credits
// ledger — the same counts the quota checks use; transcriptions, connected social accounts, series
// and this month's series episodes, from their tables); a limit without a counter is not reported
// rather than shown as a made-up 0.
import type { LimitUsage } from '../../../contract/plans';
import type { Db } from '../../db/client';
import { monthWindowUtc } from '../credits/monthly-charge';
import { scriptsGeneratedThisMonth } from '../scripts/generate';
import { countSeries } from '../series/series';
import { episodesThisMonth } from '../series/series-stats';
import { countConnectedAccounts } from '../social/accounts';
import { transcriptionsThisMonth } from '../transcriptions/transcriptions';
import { videosQueuedThisMonth } from '../videos/billing';

export async function usageOf(db: Db, userId: number, now = new Date()): Promise<LimitUsage[]> {
  const { start, end } = monthWindowUtc(now);
  return [
    {
      limit: 'scripts_per_month',
      used: await scriptsGeneratedThisMonth(db, userId, now),
      period_start: start.toISOString(),
      period_end: end.toISOString(),
    },
    {
      limit: 'videos_per_month',
      used: await videosQueuedThisMonth(db, userId, now),
      period_start: start.toISOString(),
      period_end: end.toISOString(),
    },
    {
      limit: 'transcriptions_per_month',
      used: await transcriptionsThisMonth(db, userId, now),
      period_start: start.toISOString(),
      period_end: end.toISOString(),
    },
    // Connected accounts are a total, not a monthly count (disconnected ones do not count).
    { limit: 'social_accounts', used: await countConnectedAccounts(db, userId), period_start: null, period_end: null },
    // Series are a total too: drafts, active and paused series all take a place.
    { limit: 'series', used: await countSeries(db, userId), period_start: null, period_end: null },
    {
      limit: 'series_episodes_per_month',
      used: await episodesThisMonth(db, userId, now),
      period_start: start.toISOString(),
      period_end: end.toISOString(),
    },
  ];
}
