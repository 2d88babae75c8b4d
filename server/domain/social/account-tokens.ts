// Access tokens for the publish engine (AccountTokenService): decrypted on use and
// refreshed when expired, about to expire (60 s) or rejected (forceRefresh after a 401).
//
// Refreshes of one account never race: within a process they share one flight (the second caller
// awaits the first's result); across processes on Postgres (server + `npm run worker`) the refresh
// runs under a row lock, and a process that waited re-reads the row and uses the token the other
// one just stored. That matters for platforms that rotate refresh tokens (TikTok): two parallel
// refreshes would leave one of them holding a dead token. PGlite is one process with one
// connection, and holding its only connection during an HTTP call (to the in-process sandbox,
// which uses the database too) would deadlock, so it relies on the single flight alone.
//
// A refresh the platform refuses for good (invalid_grant → SocialError 'disconnect') marks the
// account 'reconnect' and blocks its queued targets with one "Reconnect <name> to publish." —
// instead of failing them one by one — until the creator reconnects (accounts.ts unblocks them).
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { PLATFORM_LABELS, type TargetStatus } from '../../../contract/publishing';
import type { Db } from '../../db/client';
import { postTargets, socialAccounts, type SocialAccountRow } from '../../db/schema';
import { SocialError, type SocialAdapters } from '../ports/social';
import { readToken, tokenContext } from './accounts';
import type { TokenCipher } from './token-crypto';
import type { AccountTokenService } from './types';

/** A token this close to its expiry is refreshed before use. */
export const REFRESH_MARGIN_MS = 60_000;

export interface AccountTokenDeps {
  db: Db;
  cipher: TokenCipher;
  adapters: SocialAdapters;
  /** Refresh under a row lock (Postgres, several processes). Leave false on PGlite. */
  lockRows?: boolean;
  now?: () => Date;
}

export const reconnectTargetError = (name: string) => `Reconnect ${name} to publish.`;

function needsRefresh(row: SocialAccountRow, now: Date): boolean {
  if (!row.accessTokenEnc) return true;
  return row.tokenExpiresAt !== null && row.tokenExpiresAt.getTime() - now.getTime() <= REFRESH_MARGIN_MS;
}

/** Throws unless the account can be used at all (exists, connected, not waiting for a reconnect). */
function assertUsable(row: SocialAccountRow | undefined): asserts row is SocialAccountRow {
  if (!row || row.disconnectedAt !== null) throw new SocialError('The account was disconnected.', 'disconnect', 'account_disconnected');
  if (row.status === 'reconnect') {
    throw new SocialError(row.statusReason ?? `Reconnect ${row.name} to publish.`, 'disconnect', 'reconnect_needed');
  }
}

export function createAccountTokens(deps: AccountTokenDeps): AccountTokenService {
  const { db, cipher, adapters } = deps;
  const now = deps.now ?? (() => new Date());
  const inFlight = new Map<string, Promise<string>>();

  const select = (q: Db, accountId: string, lock: boolean) => {
    const query = q.select().from(socialAccounts).where(eq(socialAccounts.id, accountId));
    return lock ? query.for('update') : query;
  };

  /** Marks the account 'reconnect', blocks its queued targets, and gives the error to throw. */
  async function markReconnect(q: Db, row: SocialAccountRow, reason: string, code: string | null): Promise<SocialError> {
    const at = now();
    // Both or neither (a savepoint when `q` is already the lock's transaction).
    await q.transaction(async (tx) => {
      await tx.update(socialAccounts).set({ status: 'reconnect', statusReason: reason, updatedAt: at }).where(eq(socialAccounts.id, row.id));
      // Targets the platform already holds (platform_post_id) are past the point of no return:
      // the engine only polls their status, so they are not blocked.
      await tx
        .update(postTargets)
        .set({ status: 'blocked', error: reconnectTargetError(row.name), errorCode: code, errorClass: 'disconnect', nextAttemptAt: null, updatedAt: at })
        .where(and(eq(postTargets.accountId, row.id), inArray(postTargets.status, ['scheduled', 'publishing'] satisfies TargetStatus[]), isNull(postTargets.platformPostId)));
    });
    return new SocialError(reason, 'disconnect', code);
  }

  /**
   * Refreshes (or, when another caller just did, reuses) the account's token; `q` may hold the row
   * lock. A dead refresh token is returned as the error to throw, not thrown: the transaction
   * must commit the 'reconnect' mark and the blocked targets.
   */
  async function refreshWith(q: Db, accountId: string, staleSince: Date | null, lock: boolean): Promise<string | SocialError> {
    const [row] = await select(q, accountId, lock);
    assertUsable(row);
    const at = now();
    const current = readToken(cipher, row, 'access');
    const refreshedSinceRead = staleSince === null || (row.lastRefreshedAt !== null && row.lastRefreshedAt.getTime() > staleSince.getTime());
    if (current && !needsRefresh(row, at) && refreshedSinceRead) return current;

    const label = PLATFORM_LABELS[row.platform];
    const adapter = adapters[row.platform];
    if (!adapter) throw new SocialError(`${label} publishing is not available on this server.`, 'policy', 'platform_unavailable');
    if (adapter.sandbox !== row.sandbox) {
      const was = row.sandbox ? `the ${label} sandbox` : `the real ${label}`;
      throw new SocialError(`${row.name} was connected through ${was}, which this server no longer uses. Connect the account again.`, 'policy', 'sandbox_mismatch');
    }
    const refreshToken = readToken(cipher, row, 'refresh');
    if (!refreshToken) {
      const reason = row.refreshTokenEnc
        ? `Reelflow can no longer read the sign-in of ${row.name} (the encryption key changed). Reconnect it to publish.`
        : `${label} gave Reelflow no lasting access to ${row.name}. Reconnect it to publish.`;
      return markReconnect(q, row, reason, row.refreshTokenEnc ? 'token_unreadable' : 'no_refresh_token');
    }
    let tokens;
    try {
      tokens = await adapter.oauth.refresh(refreshToken);
    } catch (error) {
      if (error instanceof SocialError && error.errorClass === 'disconnect') {
        const reason = `${label} no longer accepts Reelflow's access to ${row.name} (it was revoked or has expired). Reconnect it to publish.`;
        return markReconnect(q, row, reason, error.code);
      }
      throw error;
    }
    const refreshedAt = now();
    const rotated = tokens.refreshToken ? cipher.encrypt(tokens.refreshToken, tokenContext(row.id, 'refresh')) : null;
    await q
      .update(socialAccounts)
      .set({
        accessTokenEnc: cipher.encrypt(tokens.accessToken, tokenContext(row.id, 'access')),
        // A refresh usually sends no refresh token: the stored one stays (never overwritten by nothing).
        ...(rotated ? { refreshTokenEnc: rotated, refreshExpiresAt: tokens.refreshExpiresAt } : tokens.refreshExpiresAt ? { refreshExpiresAt: tokens.refreshExpiresAt } : {}),
        tokenExpiresAt: tokens.expiresAt,
        ...(tokens.scope ? { scope: tokens.scope } : {}),
        lastRefreshedAt: refreshedAt,
        updatedAt: refreshedAt,
      })
      .where(and(eq(socialAccounts.id, row.id), isNull(socialAccounts.disconnectedAt)));
    return tokens.accessToken;
  }

  function refresh(accountId: string, staleSince: Date | null): Promise<string> {
    const running = inFlight.get(accountId);
    if (running) return running;
    const run = deps.lockRows ? db.transaction((tx) => refreshWith(tx, accountId, staleSince, true)) : refreshWith(db, accountId, staleSince, false);
    const flight = run
      .then((result) => {
        if (result instanceof SocialError) throw result;
        return result;
      })
      .finally(() => {
        inFlight.delete(accountId);
      });
    inFlight.set(accountId, flight);
    return flight;
  }

  return {
    async accessToken(accountId, options = {}) {
      const [row] = await select(db, accountId, false);
      assertUsable(row);
      if (!options.forceRefresh && !needsRefresh(row, now())) {
        const token = readToken(cipher, row, 'access');
        if (token) return token;
      }
      // Forced: the token just read was refused; any refresh stored after this read is good.
      return refresh(accountId, options.forceRefresh ? (row.lastRefreshedAt ?? new Date(0)) : null);
    },
    async refreshAhead(accountId) {
      const [row] = await select(db, accountId, false);
      assertUsable(row);
      // Stale as of this read: refreshed unless another caller (the engine, another process) did since.
      await refresh(accountId, row.lastRefreshedAt ?? new Date(0));
    },
  };
}
