// Tokens refreshed before they expire: the refresh-tokens job's work. Run
// every 15 minutes by pg-boss (server/jobs/refresh-tokens.ts) and once when a process that runs
// jobs starts. Each refresh goes through the AccountTokenService (its single
// flight and row lock), so a job racing the engine or another process never refreshes twice, and a
// grant the platform refuses marks the account 'reconnect' and blocks its queued targets — hours
// before the post is due, while the creator can still reconnect, instead of at publish time.
//
// Which accounts are due (only connected ones not already waiting for a reconnect):
// - a post is due within `postWindowMs` (24 h) and the access token ends within `horizonMs`: the
//   refresh proves the grant still works while there is time to warn (YouTube's 1-hour tokens
//   are refreshed about once an hour while a post is coming, not at all otherwise);
// - the access token or the refresh token ends within `lapseHorizonMs` (7 days) and the account
//   was not refreshed for `keepAliveMs` (a day): long-lived tokens (Instagram's 60 days, TikTok's
//   rotating refresh token) are renewed well before they lapse — at most daily, Instagram refuses
//   tokens younger than 24 h anyway — and an idle Google grant is used before its 6 months run out.
//   A refresh token that cannot be renewed (Google's "Testing" 7 days) is tried daily, harmlessly.
import { and, asc, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { TargetStatus } from '../../../contract/publishing';
import type { Db } from '../../db/client';
import { postTargets, socialAccounts } from '../../db/schema';
import { SocialError } from '../ports/social';
import type { AccountTokenService } from './types';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface TokenRefreshWindows {
  /** An access token ending within this is refreshed when a post of the account is coming. */
  horizonMs: number;
  /** How far ahead a coming post counts. */
  postWindowMs: number;
  /** A token (access or refresh) ending within this is renewed… */
  lapseHorizonMs: number;
  /** …when the account was not refreshed for this long. */
  keepAliveMs: number;
  /** Accounts per run (the soonest to expire first); the next run takes the rest. */
  batch: number;
}

export const TOKEN_REFRESH_DEFAULTS: TokenRefreshWindows = {
  // Twice the job's interval: a token is always refreshed at least one run before it ends.
  horizonMs: 30 * MINUTE,
  postWindowMs: DAY,
  lapseHorizonMs: 7 * DAY,
  keepAliveMs: DAY,
  batch: 200,
};

/** Every 15 minutes (off the quarter hours other cron work tends to pick). */
export const TOKEN_REFRESH_CRON = '7,22,37,52 * * * *';

/** Ids of the accounts whose tokens should be refreshed now, soonest to expire first. */
export async function accountsDueForRefresh(db: Db, now: Date, windows: TokenRefreshWindows = TOKEN_REFRESH_DEFAULTS): Promise<string[]> {
  const at = (ms: number) => new Date(now.getTime() + ms);
  const postComing = db
    .select({ one: sql`1` })
    .from(postTargets)
    .where(
      and(
        eq(postTargets.accountId, socialAccounts.id),
        inArray(postTargets.status, ['scheduled', 'publishing'] satisfies TargetStatus[]),
        isNull(postTargets.platformPostId),
        or(isNull(postTargets.nextAttemptAt), lte(postTargets.nextAttemptAt, at(windows.postWindowMs))),
      ),
    );
  const rows = await db
    .select({ id: socialAccounts.id })
    .from(socialAccounts)
    .where(
      and(
        isNull(socialAccounts.disconnectedAt),
        ne(socialAccounts.status, 'reconnect'),
        or(
          and(lte(socialAccounts.tokenExpiresAt, at(windows.horizonMs)), sql`exists (${postComing})`),
          and(
            or(lte(socialAccounts.tokenExpiresAt, at(windows.lapseHorizonMs)), lte(socialAccounts.refreshExpiresAt, at(windows.lapseHorizonMs))),
            or(lte(socialAccounts.lastRefreshedAt, at(-windows.keepAliveMs)), and(isNull(socialAccounts.lastRefreshedAt), lte(socialAccounts.connectedAt, at(-windows.keepAliveMs)))),
          ),
        ),
      ),
    )
    .orderBy(asc(sql`least(${socialAccounts.tokenExpiresAt}, ${socialAccounts.refreshExpiresAt})`), asc(socialAccounts.id))
    .limit(windows.batch);
  return rows.map((row) => row.id);
}

export interface TokenRefreshSummary {
  refreshed: string[];
  /** Accounts the platform refused: now 'reconnect', their queued targets blocked. */
  reconnect: string[];
  /** Passing failures (rate, outage) or unavailable platforms: tried again on the next run. */
  failed: string[];
}

export interface TokenRefreshDeps {
  db: Db;
  tokens: AccountTokenService;
  now?: () => Date;
  log?: (message: string) => void;
  windows?: Partial<TokenRefreshWindows>;
}

/**
 * The job's work, exported so an app without pg-boss (tests, tools) can run it directly. One
 * account at a time: refreshes are few (at most one per account an hour), and the platforms'
 * token endpoints are rate limited.
 */
export async function refreshDueTokens(deps: TokenRefreshDeps): Promise<TokenRefreshSummary> {
  const summary: TokenRefreshSummary = { refreshed: [], reconnect: [], failed: [] };
  const refreshAhead = deps.tokens.refreshAhead?.bind(deps.tokens);
  if (!refreshAhead) return summary;
  const now = deps.now ?? (() => new Date());
  const due = await accountsDueForRefresh(deps.db, now(), { ...TOKEN_REFRESH_DEFAULTS, ...deps.windows });
  for (const accountId of due) {
    try {
      await refreshAhead(accountId);
      summary.refreshed.push(accountId);
    } catch (error) {
      // 'disconnect': the token service has marked the account and blocked its targets.
      if (error instanceof SocialError && error.errorClass === 'disconnect') summary.reconnect.push(accountId);
      else summary.failed.push(accountId);
    }
  }
  const { refreshed, reconnect, failed } = summary;
  if (due.length > 0) deps.log?.(`token refresh: ${refreshed.length} refreshed, ${reconnect.length} need reconnecting, ${failed.length} to retry`);
  return summary;
}
