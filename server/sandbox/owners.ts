// Whose sandbox account this is. Every sandbox account belongs to one Reelflow user. The consent
// page signs in as the user whose connect attempt issued the request's OAuth state (the app's
// connect flow is the only way in: a state is bound to the user who started it), and it leaves
// the browser signed in to the sandbox as that user — an HttpOnly cookie under the platform's
// prefix, stored as sha256 only — so the account pages, video links and avatars show that user's
// accounts and answer "not found" for everyone else's, as if they did not exist.
import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SocialPlatform } from '../../contract/publishing';
import type { Db } from '../db/client';
import { sandboxSessions, type SandboxAccountRow, type SandboxPostRow } from '../db/schema-sandbox';
import { randomSecret, sha256Hex } from '../domain/auth/secrets';
import { sandboxConnectUser } from '../domain/social/oauth-state';
import { cookieValue, wellFormed } from './common';
import type { SandboxStore } from './store';

export const SESSION_COOKIE = 'sandbox_session';
const SESSION_SECONDS = 30 * 24 * 3600;

/** The error page of a consent request that no open connect attempt of a Reelflow user issued. */
export const NOT_CONNECTING = {
  title: 'Connect from Reelflow',
  message: 'This sign-in page works only for a connect attempt started on Reelflow’s Connect page in the last 10 minutes: sandbox accounts belong to the Reelflow user who connects them. Go back to Reelflow and connect again.',
};

/** Said on the "not found" pages: why an account that exists may not show here. */
export const OWN_ACCOUNTS_ONLY = 'Sandbox accounts show only to the Reelflow user who connected them, in the browser they connected them in.';

export interface SandboxOwners {
  /** The Reelflow user a consent request signs in as: the one whose open connect attempt issued `state`. */
  connecting(state: string): Promise<number | null>;
  /** Signs this browser in to the sandbox as `owner` (replacing whoever was signed in). */
  signIn(reply: FastifyReply, owner: number): Promise<void>;
  /** The owner's account behind an account page's id or handle; null when it is not this browser's user's. */
  account(request: FastifyRequest, key: string): Promise<SandboxAccountRow | null>;
  /** A video of the browser's user's accounts; null for anyone else's. */
  post(request: FastifyRequest, id: string): Promise<SandboxPostRow | null>;
}

export function sandboxOwners(options: { db: Db; platform: SocialPlatform; prefix: string; appUrl: string }, store: SandboxStore): SandboxOwners {
  const { db, platform, prefix } = options;
  const secure = new URL(options.appUrl).protocol === 'https:' ? '; Secure' : '';

  async function viewer(request: FastifyRequest): Promise<number | null> {
    const token = cookieValue(request, SESSION_COOKIE);
    if (!token || !/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
    const [row] = await db
      .select({ owner: sandboxSessions.ownerUserId })
      .from(sandboxSessions)
      .where(and(eq(sandboxSessions.tokenHash, sha256Hex(token)), eq(sandboxSessions.platform, platform), gt(sandboxSessions.expiresAt, new Date())));
    return row?.owner ?? null;
  }

  return {
    connecting: (state) => sandboxConnectUser(db, state, platform),
    async signIn(reply, owner) {
      const token = randomSecret(32);
      const now = new Date();
      // Expired sessions go on the way: the table holds only live ones.
      await db.delete(sandboxSessions).where(lt(sandboxSessions.expiresAt, now));
      await db.insert(sandboxSessions).values({ tokenHash: sha256Hex(token), platform, ownerUserId: owner, expiresAt: new Date(now.getTime() + SESSION_SECONDS * 1000) });
      reply.header('set-cookie', `${SESSION_COOKIE}=${token}; Path=${prefix}; HttpOnly; SameSite=Lax; Max-Age=${SESSION_SECONDS}${secure}`);
    },
    async account(request, key) {
      if (key.length > 100 || !wellFormed(key)) return null;
      const owner = await viewer(request);
      return owner === null ? null : store.findAccount(owner, key);
    },
    async post(request, id) {
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return null;
      const owner = await viewer(request);
      return owner === null ? null : store.ownedPost(owner, id);
    },
  };
}
