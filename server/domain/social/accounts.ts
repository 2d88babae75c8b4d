// Connected social accounts: stored on the OAuth callback, listed on the connect screen
// with their token health, disconnected by the creator. Tokens are only ever stored encrypted
// (token-crypto.ts), bound to the account id and which token they are; account-tokens.ts hands
// the engine decrypted, fresh access tokens.
//
// One row per (user, platform, platform account): connecting the same channel again updates it
// — a reconnect clears 'reconnect' and unblocks the targets waiting for it; a disconnected row is
// revived. A platform that sends no refresh token (Google does not on a repeated consent without
// prompt=consent) never wipes the one already stored.
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Paginated } from '../../../contract/http';
import { PLATFORM_LABELS, type SocialAccount, type SocialPlatform, type TargetStatus, type TokenHealth } from '../../../contract/publishing';
import type { Db } from '../../db/client';
import { posts, postTargets, socialAccounts, users, type SocialAccountRow } from '../../db/schema';
import { containsPattern, paginated } from '../media-library/paginate';
import { permissionsForPlan } from '../plans/permissions';
import { planFor } from '../plans/plans';
import { ClientProblem, NotFoundError, PlanLimitError } from '../problems';
import { refreshPostStatus } from '../publishing/status';
import type { OAuthTokens, SocialProfile } from '../ports/social';
import type { TokenCipher } from './token-crypto';
import type { PublishScheduler } from './types';

export const PUBLISH_FORBIDDEN = 'Your plan does not include publishing. Upgrade your plan to connect accounts and publish posts.';
export const ACCOUNT_NOT_FOUND = 'This account is not connected.';
export const DISCONNECTED_TARGET_ERROR = 'The account was disconnected.';

/** Refresh tokens this close to their end make an account 'expiring'. */
const EXPIRING_WITHIN_MS = 2 * 86_400_000;
/** Google drops refresh tokens unused for 6 months; warn after 5 (150 days). */
const UNUSED_WARNING_MS = 150 * 86_400_000;

/** What the access and refresh tokens of an account are bound to (token-crypto's context). */
export const tokenContext = (accountId: string, which: 'access' | 'refresh') => `social_account:${accountId}:${which}`;

/** Whether the plan holds can_publish_post (full access holds everything). */
export function canPublish(plan: string): boolean {
  const permissions = permissionsForPlan(plan);
  return permissions.full_access === true || permissions.can_publish_post === true;
}

/** The plan's social_accounts limit (null: unlimited). */
export function socialAccountLimit(plan: string): number | null {
  const definition = planFor(plan);
  if (definition.fullAccess) return null;
  return definition.limits.social_accounts?.value ?? null;
}

export function accountLimitMessage(limit: number): string {
  if (limit === 0) return 'Your plan does not include connected accounts. Upgrade your plan to connect one.';
  return `Your plan allows ${limit} connected account${limit === 1 ? '' : 's'}. Disconnect one or upgrade your plan to connect another.`;
}

const activeAccountsOf = (userId: number) => and(eq(socialAccounts.userId, userId), isNull(socialAccounts.disconnectedAt));

/** Connected (not disconnected) accounts of the user: what the social_accounts limit counts. */
export async function countConnectedAccounts(db: Db, userId: number, platform?: SocialPlatform): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(socialAccounts)
    .where(and(activeAccountsOf(userId), platform ? eq(socialAccounts.platform, platform) : undefined));
  return row?.n ?? 0;
}

/**
 * The check before sending the browser to the platform. Which account the creator will pick is
 * not known yet, so at the limit connecting is still allowed when an account of this platform is
 * connected (it may be a reconnect); the callback checks exactly (storeConnectedAccount).
 */
export async function assertMayStartConnect(db: Db, userId: number, plan: string, platform: SocialPlatform): Promise<void> {
  if (!canPublish(plan)) throw new ClientProblem(403, PUBLISH_FORBIDDEN);
  const limit = socialAccountLimit(plan);
  if (limit === null) return;
  if ((await countConnectedAccounts(db, userId)) < limit) return;
  if ((await countConnectedAccounts(db, userId, platform)) > 0) return;
  throw new PlanLimitError(accountLimitMessage(limit));
}

export interface ConnectedAccount {
  userId: number;
  platform: SocialPlatform;
  sandbox: boolean;
  profile: SocialProfile;
  tokens: OAuthTokens;
  now?: Date;
}

export interface StoredAccount {
  accountId: string;
  /** True when the row was created now or a disconnected one was revived. */
  added: boolean;
  /** Targets that waited for this account ('blocked') and are 'scheduled' again. */
  unblockedTargetIds: string[];
  /** Targets the scheduler refused (they stay 'scheduled'; the engine's scan picks them up). */
  unscheduledTargetIds: string[];
}

export interface AccountDeps {
  db: Db;
  cipher: TokenCipher;
  scheduler: PublishScheduler;
}

/**
 * Stores the account the creator just allowed (the OAuth callback). Runs under a lock of the
 * user's row, so two callbacks racing at the plan's limit cannot both add an account.
 */
export async function storeConnectedAccount(deps: AccountDeps, input: ConnectedAccount): Promise<StoredAccount> {
  const { db, cipher } = deps;
  const now = input.now ?? new Date();
  const { profile, tokens } = input;
  const result = await db.transaction(async (tx) => {
    const [user] = await tx.select({ plan: users.plan }).from(users).where(eq(users.id, input.userId)).for('update');
    if (!user) throw new NotFoundError('This user no longer exists.');
    if (!canPublish(user.plan)) throw new ClientProblem(403, PUBLISH_FORBIDDEN);
    const [existing] = await tx
      .select()
      .from(socialAccounts)
      .where(and(eq(socialAccounts.userId, input.userId), eq(socialAccounts.platform, input.platform), eq(socialAccounts.platformAccountId, profile.platformAccountId)))
      .for('update');
    const active = existing !== undefined && existing.disconnectedAt === null;
    // Reconnecting an account that is connected is always allowed; adding one counts.
    const limit = socialAccountLimit(user.plan);
    if (!active && limit !== null && (await countConnectedAccounts(tx, input.userId)) >= limit) throw new PlanLimitError(accountLimitMessage(limit));

    const id = existing?.id ?? randomUUID();
    const newRefresh = tokens.refreshToken ? cipher.encrypt(tokens.refreshToken, tokenContext(id, 'refresh')) : null;
    const values = {
      name: profile.name.slice(0, 200) || PLATFORM_LABELS[input.platform],
      handle: profile.handle?.slice(0, 200) ?? null,
      avatarUrl: profile.avatarUrl && /^https?:\/\//.test(profile.avatarUrl) ? profile.avatarUrl.slice(0, 2000) : null,
      sandbox: input.sandbox,
      accessTokenEnc: cipher.encrypt(tokens.accessToken, tokenContext(id, 'access')),
      // Never replace a stored refresh token with nothing (a disconnected row has none left).
      refreshTokenEnc: newRefresh ?? existing?.refreshTokenEnc ?? null,
      tokenExpiresAt: tokens.expiresAt,
      refreshExpiresAt: newRefresh ? tokens.refreshExpiresAt : (existing?.refreshExpiresAt ?? null),
      scope: tokens.scope ?? existing?.scope ?? null,
      status: 'active' as const,
      statusReason: null,
      lastRefreshedAt: now,
      disconnectedAt: null,
      updatedAt: now,
    };
    if (existing) {
      await tx
        .update(socialAccounts)
        .set({ ...values, ...(active ? {} : { connectedAt: now }) })
        .where(eq(socialAccounts.id, id));
    } else {
      await tx.insert(socialAccounts).values({ id, userId: input.userId, platform: input.platform, platformAccountId: profile.platformAccountId, connectedAt: now, createdAt: now, ...values });
    }
    // Each waits for its post's time again (a past or absent one: now). Blocking cleared
    // next_attempt_at; left empty, a restart's scan of pending targets would publish a post meant
    // for later at once (the engine runs a 'scheduled' target without a time immediately).
    const at = sql`${now.toISOString()}::timestamptz`;
    const unblocked = await tx
      .update(postTargets)
      .set({
        status: 'scheduled',
        error: null,
        errorCode: null,
        errorClass: null,
        nextAttemptAt: sql`greatest(coalesce((select p.scheduled_at from posts p where p.id = post_targets.post_id), ${at}), ${at})`,
        updatedAt: now,
      })
      .where(and(eq(postTargets.userId, input.userId), eq(postTargets.accountId, id), eq(postTargets.status, 'blocked')))
      .returning({ id: postTargets.id, postId: postTargets.postId });
    return { id, added: !active, unblocked };
  });
  const unscheduledTargetIds = await scheduleTargets(deps, result.unblocked, now);
  return { accountId: result.id, added: result.added, unblockedTargetIds: result.unblocked.map((target) => target.id), unscheduledTargetIds };
}

/** Hands unblocked targets to the engine at their post's time (a past time: now). */
async function scheduleTargets(deps: AccountDeps, targets: { id: string; postId: string }[], now: Date): Promise<string[]> {
  if (targets.length === 0) return [];
  const times = await deps.db
    .select({ id: posts.id, scheduledAt: posts.scheduledAt })
    .from(posts)
    .where(
      inArray(
        posts.id,
        targets.map((target) => target.postId),
      ),
    );
  const timeOf = new Map(times.map((row) => [row.id, row.scheduledAt]));
  const failed: string[] = [];
  for (const target of targets) {
    const at = timeOf.get(target.postId) ?? null;
    try {
      await deps.scheduler.schedule(target.id, at && at.getTime() > now.getTime() ? at : null);
    } catch {
      failed.push(target.id);
    }
  }
  return failed;
}

// --- health -------------------------------------------------------------------------------------

export interface Health {
  health: TokenHealth;
  reason: string | null;
}

/** How the account's tokens stand, with the reason in plain words when not 'ok'. */
export function tokenHealth(row: SocialAccountRow, now = new Date()): Health {
  const label = PLATFORM_LABELS[row.platform];
  if (row.status === 'reconnect') return { health: 'reconnect', reason: row.statusReason ?? `${label} no longer accepts Reelflow's access to this account. Reconnect it to publish.` };
  if (!row.refreshTokenEnc && row.tokenExpiresAt && row.tokenExpiresAt.getTime() <= now.getTime()) {
    return { health: 'reconnect', reason: `${label} gave Reelflow no lasting access to this account. Reconnect it to publish.` };
  }
  if (row.refreshExpiresAt) {
    const left = row.refreshExpiresAt.getTime() - now.getTime();
    if (left <= 0) return { health: 'reconnect', reason: `${label}'s permission for this account has ended. Reconnect it to publish.` };
    if (left <= EXPIRING_WITHIN_MS) return { health: 'expiring', reason: `${label}'s permission for this account ends within 2 days. Reconnect it to keep publishing.` };
  }
  const lastUse = row.lastRefreshedAt ?? row.connectedAt;
  const accessExpired = row.tokenExpiresAt !== null && row.tokenExpiresAt.getTime() <= now.getTime();
  if (accessExpired && now.getTime() - lastUse.getTime() > UNUSED_WARNING_MS) {
    return { health: 'expiring', reason: `This account has not been used for 5 months and ${label} ends access unused for 6. Reconnect it or publish to keep it.` };
  }
  return { health: 'ok', reason: null };
}

export function toSocialAccount(row: SocialAccountRow, blockedTargets: number, now = new Date()): SocialAccount {
  const { health, reason } = tokenHealth(row, now);
  return {
    id: row.id,
    platform: row.platform,
    name: row.name,
    handle: row.handle,
    avatar_url: row.avatarUrl,
    sandbox: row.sandbox,
    health,
    health_reason: reason,
    token_expires_at: row.tokenExpiresAt?.toISOString() ?? null,
    blocked_targets: blockedTargets,
    connected_at: row.connectedAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

// --- list ---------------------------------------------------------------------------------------

export interface AccountListQuery {
  page: number;
  perPage: number;
  search?: string | undefined;
}

/** Platforms whose name contains the term ("tube" finds YouTube accounts). */
function platformsMatching(term: string): SocialPlatform[] {
  const lower = term.toLowerCase();
  return (Object.keys(PLATFORM_LABELS) as SocialPlatform[]).filter((platform) => PLATFORM_LABELS[platform].toLowerCase().includes(lower));
}

/** The user's connected accounts, newest first, searched by name, handle or platform. */
export async function listAccounts(db: Db, userId: number, query: AccountListQuery, now = new Date()): Promise<Paginated<SocialAccount>> {
  const term = query.search?.trim();
  const conditions: (SQL | undefined)[] = [activeAccountsOf(userId)];
  if (term) {
    const pattern = containsPattern(term);
    const platforms = platformsMatching(term);
    conditions.push(or(ilike(socialAccounts.name, pattern), ilike(socialAccounts.handle, pattern), platforms.length > 0 ? inArray(socialAccounts.platform, platforms) : undefined));
  }
  const where = and(...conditions);
  // Written out with table names: drizzle leaves columns unqualified inside a select's sql.
  const blocked = sql<number>`(select count(*)::int from post_targets where post_targets.account_id = social_accounts.id and post_targets.status = ${'blocked' satisfies TargetStatus})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ account: socialAccounts, blocked })
      .from(socialAccounts)
      .where(where)
      .orderBy(desc(socialAccounts.connectedAt), desc(socialAccounts.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ n: count() }).from(socialAccounts).where(where),
  ]);
  return paginated(
    rows.map((row) => toSocialAccount(row.account, Number(row.blocked), now)),
    total?.n ?? 0,
    query,
  );
}

/** One connected account of the user, or 404. */
export async function findAccount(db: Db, userId: number, id: string): Promise<SocialAccountRow> {
  const [row] = await db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.id, id), activeAccountsOf(userId)));
  if (!row) throw new NotFoundError(ACCOUNT_NOT_FOUND);
  return row;
}

// --- disconnect ---------------------------------------------------------------------------------

export interface Disconnected {
  platform: SocialPlatform;
  sandbox: boolean;
  /** The token to revoke at the platform afterwards (best effort), decrypted; null if none is readable. */
  revokeToken: string | null;
  failedTargetIds: string[];
}

/**
 * Disconnects an account of the user (in the caller's transaction): wipes its tokens, fails its
 * queued targets with "The account was disconnected." and returns the token to revoke once the
 * change is committed. A target being uploaded right now is left to the engine: its next token
 * request finds the account disconnected and fails it the same way.
 */
export async function disconnectAccount(tx: Db, cipher: TokenCipher, userId: number, id: string, now = new Date()): Promise<Disconnected> {
  const [row] = await tx
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.id, id), activeAccountsOf(userId)))
    .for('update');
  if (!row) throw new NotFoundError(ACCOUNT_NOT_FOUND);
  const revokeToken = readToken(cipher, row, 'refresh') ?? readToken(cipher, row, 'access');
  await tx
    .update(socialAccounts)
    .set({ accessTokenEnc: null, refreshTokenEnc: null, tokenExpiresAt: null, refreshExpiresAt: null, status: 'active', statusReason: null, disconnectedAt: now, updatedAt: now })
    .where(eq(socialAccounts.id, id));
  const failed = await tx
    .update(postTargets)
    .set({ status: 'failed', error: DISCONNECTED_TARGET_ERROR, errorCode: null, errorClass: 'disconnect', failedAt: now, nextAttemptAt: null, updatedAt: now })
    .where(and(eq(postTargets.userId, userId), eq(postTargets.accountId, id), inArray(postTargets.status, ['scheduled', 'blocked'] satisfies TargetStatus[])))
    .returning({ id: postTargets.id, postId: postTargets.postId });
  // Their posts take the status their targets now give them (the engine's rule, status.ts).
  for (const postId of new Set(failed.map((target) => target.postId))) await refreshPostStatus(tx, postId);
  return { platform: row.platform, sandbox: row.sandbox, revokeToken, failedTargetIds: failed.map((target) => target.id) };
}

/** A stored token decrypted, or null when there is none or it can no longer be read. */
export function readToken(cipher: TokenCipher, row: Pick<SocialAccountRow, 'id' | 'accessTokenEnc' | 'refreshTokenEnc'>, which: 'access' | 'refresh'): string | null {
  const stored = which === 'access' ? row.accessTokenEnc : row.refreshTokenEnc;
  if (!stored) return null;
  try {
    return cipher.decrypt(stored, tokenContext(row.id, which));
  } catch {
    return null;
  }
}
