// What must hold before an episode is written (docs/decisions/series.md, "Money" and "Failure"):
// the accounts it posts to are connected, the plan's monthly episodes and the series' weekly cap
// leave room, and the balance covers the price. A failed gate says why in the creator's words;
// an account problem also pauses the series (it would fail every slot until fixed).
import { and, eq, gte, inArray, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { SeriesAttention } from '../../../../contract/series';
import { videoCost } from '../../../../contract/videos';
import type { Db } from '../../../db/client';
import { socialAccounts, users } from '../../../db/schema';
import { seriesEpisodes, type SeriesEpisodeRow, type SeriesRow } from '../../../db/schema-series';
import { monthWindowUtc } from '../../credits/monthly-charge';
import { planFor } from '../../plans/plans';
import { weekWindow } from '../series-stats';

export type GateResult = { ok: true; price: number } | { ok: false; reason: string; attention?: SeriesAttention };

export const notEnoughCredits = (needed: number, left: number) => `Not enough credits: ${needed} needed, ${left} left`;
export const weeklyCapReached = (spent: number, cap: number, needed: number) => `Weekly cap reached: ${spent} of ${cap} credits spent this week, this episode needs ${needed}`;
export const ACCOUNT_MISSING = 'An account this series posts to is no longer connected. Choose its accounts again, then resume the series.';
export const reconnectAccount = (name: string) => `Reconnect ${name} so this series can post to it, then resume the series.`;

/** Every destination account exists, is connected and needs no reconnecting. */
async function accountsGate(db: Db, row: SeriesRow): Promise<GateResult | null> {
  const ids = [...new Set(row.destinations.account_ids)];
  const accounts = ids.length === 0 ? [] : await db.select().from(socialAccounts).where(and(eq(socialAccounts.userId, row.userId), inArray(socialAccounts.id, ids)));
  if (ids.length === 0 || accounts.length < ids.length) {
    return { ok: false, reason: ACCOUNT_MISSING, attention: { kind: 'account_missing', message: ACCOUNT_MISSING, account_id: ids.find((id) => !accounts.some((a) => a.id === id)) ?? null } };
  }
  const broken = accounts.find((account) => account.disconnectedAt !== null || account.status === 'reconnect');
  if (broken) {
    const message = reconnectAccount(broken.name);
    return { ok: false, reason: message, attention: { kind: 'reconnect', message, account_id: broken.id } };
  }
  return null;
}


/** Credits the series' episodes of that week were charged (a sample counts in the week it was made). */
async function spentInWeek(db: Db, seriesId: string, window: { start: Date; end: Date }, exceptId: string): Promise<number> {
  const when = sql`coalesce(${seriesEpisodes.slotAt}, ${seriesEpisodes.createdAt})`;
  const [row] = await db
    .select({ spent: sql<number>`coalesce(sum(${seriesEpisodes.credits}), 0)::int` })
    .from(seriesEpisodes)
    .where(and(eq(seriesEpisodes.seriesId, seriesId), ne(seriesEpisodes.id, exceptId), gte(when, window.start), lt(when, window.end)));
  return Number(row?.spent ?? 0);
}

/** Episodes of the creator whose slot falls in the month (UTC) that went past planning. */
async function episodesInMonth(db: Db, userId: number, at: Date, exceptId: string): Promise<number> {
  const { start, end } = monthWindowUtc(at);
  const [row] = await db
    .select({ made: sql<number>`count(*)::int` })
    .from(seriesEpisodes)
    .where(
      and(
        eq(seriesEpisodes.userId, userId),
        ne(seriesEpisodes.id, exceptId),
        gte(seriesEpisodes.slotAt, start),
        lt(seriesEpisodes.slotAt, end),
        notInArray(seriesEpisodes.status, ['planned', 'skipped']),
      ),
    );
  return Number(row?.made ?? 0);
}

export async function checkGates(db: Db, row: SeriesRow, episode: SeriesEpisodeRow, now: Date): Promise<GateResult> {
  if (!episode.sample) {
    const accounts = await accountsGate(db, row);
    if (accounts) return accounts;
  }
  const [user] = await db.select({ plan: users.plan, credits: users.credits }).from(users).where(eq(users.id, row.userId));
  if (!user) return { ok: false, reason: 'The creator of this series no longer exists.' };
  const plan = planFor(user.plan);
  const at = episode.slotAt ?? now;
  const monthly = plan.limits.series_episodes_per_month?.value ?? null;
  if (!episode.sample && monthly !== null && (await episodesInMonth(db, row.userId, at, episode.id)) >= monthly) {
    return { ok: false, reason: `Monthly episodes used up: your ${plan.name} plan includes ${monthly} episodes a month.` };
  }
  const price = videoCost(row.style?.duration ?? 30, plan.video.creditsPerSecond);
  if (row.weeklyCreditCap !== null) {
    const spent = await spentInWeek(db, row.id, weekWindow(at.getTime(), row.timeZone ?? 'UTC'), episode.id);
    if (spent + price > row.weeklyCreditCap) return { ok: false, reason: weeklyCapReached(spent, row.weeklyCreditCap, price) };
  }
  if (user.credits < price) return { ok: false, reason: notEnoughCredits(price, user.credits) };
  return { ok: true, price };
}
