// The OAuth `state` of a connect attempt. The callback is a public address the platform
// sends the browser to, with no bearer token: the state is the only thing that ties it to the
// user who started connecting. So the state is 32 random bytes, only its sha256 is stored (a copy
// of the table cannot be replayed), it is used once (an atomic UPDATE … WHERE used_at IS NULL)
// and it expires after 10 minutes. It also carries what the callback needs afterwards: where the
// browser returns (path, popup) and the PKCE code_verifier of the attempt.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { SocialPlatform } from '../../../contract/publishing';
import type { Db } from '../../db/client';
import { oauthStates, type OAuthStateRow } from '../../db/schema';
import { sha256Hex } from '../auth/secrets';

export const OAUTH_STATE_TTL_MS = 10 * 60_000;
/** Spent and expired states are deleted once this old (kept a while to tell "used" from "unknown"). */
const STATE_RETENTION_MS = 24 * 3_600_000;

export interface StartedConnect {
  /** Sent to the platform; comes back on the callback. */
  state: string;
  /** PKCE S256 challenge of the stored verifier, or null when the platform takes no PKCE. */
  codeChallenge: string | null;
}

export interface NewConnect {
  userId: number;
  platform: SocialPlatform;
  path: string;
  popup: boolean;
  sandbox: boolean;
  /** Whether to make a PKCE pair (every platform that supports it; Google does). */
  pkce: boolean;
  now?: Date;
}

/** RFC 7636 S256: base64url(sha256(verifier)). */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export async function startConnect(db: Db, input: NewConnect): Promise<StartedConnect> {
  const now = input.now ?? new Date();
  const state = randomBytes(32).toString('base64url');
  // 32 random bytes → 43 characters of [A-Za-z0-9-_], within RFC 7636's 43–128 unreserved characters.
  const codeVerifier = input.pkce ? randomBytes(32).toString('base64url') : null;
  // Old rows go on the way (indexed on expires_at): the table holds only recent attempts.
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, new Date(now.getTime() - STATE_RETENTION_MS)));
  await db.insert(oauthStates).values({
    stateHash: sha256Hex(state),
    userId: input.userId,
    platform: input.platform,
    path: input.path,
    popup: input.popup,
    sandbox: input.sandbox,
    codeVerifier,
    expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
    createdAt: now,
  });
  return { state, codeChallenge: codeVerifier === null ? null : pkceChallenge(codeVerifier) };
}

export type ConsumedState =
  | { ok: true; row: OAuthStateRow }
  /** Known but not usable: the callback can still send the browser back to the row's path. */
  | { ok: false; reason: 'used' | 'expired'; row: OAuthStateRow }
  | { ok: false; reason: 'unknown'; row: null };

/**
 * Spends the state: only the first callback with it gets `ok`. A state of another platform counts
 * as unknown (a YouTube state cannot finish a TikTok callback).
 */
export async function consumeState(db: Db, state: string, platform: SocialPlatform, now = new Date()): Promise<ConsumedState> {
  if (state.length < 20 || state.length > 200) return { ok: false, reason: 'unknown', row: null };
  const hash = sha256Hex(state);
  const [spent] = await db
    .update(oauthStates)
    .set({ usedAt: now })
    .where(and(eq(oauthStates.stateHash, hash), eq(oauthStates.platform, platform), isNull(oauthStates.usedAt), gt(oauthStates.expiresAt, now)))
    .returning();
  if (spent) return { ok: true, row: spent };
  const [row] = await db
    .select()
    .from(oauthStates)
    .where(and(eq(oauthStates.stateHash, hash), eq(oauthStates.platform, platform)));
  if (!row) return { ok: false, reason: 'unknown', row: null };
  return { ok: false, reason: row.usedAt ? 'used' : 'expired', row };
}

/**
 * The user of a connect attempt to a platform's sandbox that is still open (not spent, not
 * expired), or null. Read only: the callback spends the state. The sandbox's consent page signs
 * in as this user, so its channels are created for, and handed to, nobody but them.
 */
export async function sandboxConnectUser(db: Db, state: string, platform: SocialPlatform, now = new Date()): Promise<number | null> {
  if (state.length < 20 || state.length > 200) return null;
  const [row] = await db
    .select({ userId: oauthStates.userId })
    .from(oauthStates)
    .where(and(eq(oauthStates.stateHash, sha256Hex(state)), eq(oauthStates.platform, platform), eq(oauthStates.sandbox, true), isNull(oauthStates.usedAt), gt(oauthStates.expiresAt, now)));
  return row?.userId ?? null;
}
