// Personal access tokens, Sanctum style: clients hold the opaque `id|secret`; the database holds
// only sha256(secret). Revoking is deleting the row (and forgetting the user's tokens in the
// in-process cache, see token-cache.ts).
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { personalAccessTokens, users, type UserRow } from '../../db/schema';
import { constantTimeEqual, randomSecret, sha256Hex } from './secrets';
import { createTokenCache } from './token-cache';

export interface AuthenticatedToken {
  tokenId: number;
  user: UserRow;
}

type Executor = Pick<Db, 'insert' | 'delete' | 'select' | 'update'>;

export async function issueToken(db: Executor, userId: number, name = 'api'): Promise<string> {
  const secret = randomSecret(30);
  const [row] = await db.insert(personalAccessTokens).values({ userId, name, tokenHash: sha256Hex(secret) }).returning({ id: personalAccessTokens.id });
  if (!row) throw new Error('token insert returned nothing');
  return `${row.id}|${secret}`;
}

const recentTokens = createTokenCache<AuthenticatedToken>({ userIdOf: (auth) => auth.user.id });

/** The token's user, or null for a malformed, unknown or revoked token. Always asks the database. */
export async function authenticateToken(db: Db, plainToken: string): Promise<AuthenticatedToken | null> {
  return recentTokens.load(plainToken, () => lookUpToken(db, plainToken));
}

/**
 * Like authenticateToken, but may answer from a verification made less than TOKEN_CACHE_TTL_MS
 * ago without a database round trip. The user row in the answer may be that old too: only for
 * callers that use nothing but `user.id` (and `tokenId`).
 */
export async function authenticateTokenRecently(db: Db, plainToken: string): Promise<AuthenticatedToken | null> {
  return recentTokens.get(plainToken) ?? authenticateToken(db, plainToken);
}

async function lookUpToken(db: Db, plainToken: string): Promise<AuthenticatedToken | null> {
  const match = /^(\d{1,10})\|([A-Za-z0-9_-]{20,100})$/.exec(plainToken);
  if (!match) return null;
  const tokenId = Number(match[1]);
  if (tokenId > 2_147_483_647) return null;
  const [row] = await db
    .select({ tokenHash: personalAccessTokens.tokenHash, user: users })
    .from(personalAccessTokens)
    .innerJoin(users, eq(users.id, personalAccessTokens.userId))
    .where(eq(personalAccessTokens.id, tokenId))
    .limit(1);
  if (!row || !constantTimeEqual(row.tokenHash, sha256Hex(match[2]!))) return null;
  return { tokenId, user: row.user };
}

export async function revokeToken(db: Executor, userId: number, tokenId: number): Promise<void> {
  recentTokens.forgetUser(userId);
  await db.delete(personalAccessTokens).where(and(eq(personalAccessTokens.id, tokenId), eq(personalAccessTokens.userId, userId)));
}

export async function revokeOtherTokens(db: Executor, userId: number, keepTokenId: number): Promise<void> {
  recentTokens.forgetUser(userId);
  await db.delete(personalAccessTokens).where(and(eq(personalAccessTokens.userId, userId), ne(personalAccessTokens.id, keepTokenId)));
}

export async function revokeAllTokens(db: Executor, userId: number): Promise<void> {
  recentTokens.forgetUser(userId);
  await db.delete(personalAccessTokens).where(eq(personalAccessTokens.userId, userId));
}
