// Bearer authentication. Every request's `Authorization: Bearer id|secret` is resolved once, in
// onRequest, so the CSRF check can tell bearer clients apart; routes that need a user add
// `requireAuth`, and read the user only from `request.auth` — that is what scopes every query.
// Hot read routes that need only the user's id declare `config: { authIdentityOnly: true }` and
// may be answered from a token verified a few seconds ago (domain/auth/token-cache.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UNAUTHENTICATED_MESSAGE } from '../../contract/http';
import type { Db } from '../db/client';
import { authenticateToken, authenticateTokenRecently, type AuthenticatedToken } from '../domain/auth/tokens';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthenticatedToken | null;
  }
  interface FastifyContextConfig {
    /**
     * The handler uses only `request.auth.user.id` / `tokenId` (never other user fields), and
     * only reads: its token may have been verified up to TOKEN_CACHE_TTL_MS ago, and the user row
     * may be that old.
     */
    authIdentityOnly?: boolean;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

export function registerBearerAuth(app: FastifyInstance, db: Db): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    const authenticate = request.routeOptions.config.authIdentityOnly === true ? authenticateTokenRecently : authenticateToken;
    request.auth = token ? await authenticate(db, token) : null;
  });
}

export async function requireAuth(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  // Returning the reply tells Fastify the hook answered; the handler does not run.
  if (!request.auth) return reply.code(401).send({ message: UNAUTHENTICATED_MESSAGE });
  return undefined;
}

/** The signed-in user of a route guarded by requireAuth. */
export function currentAuth(request: FastifyRequest): AuthenticatedToken {
  if (!request.auth) throw new Error('currentAuth used on a route without requireAuth');
  return request.auth;
}
