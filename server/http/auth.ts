// Bearer authentication. Every request's `Authorization: Bearer id|secret` is resolved once, in
// onRequest, so the CSRF check can tell bearer clients apart; routes that need a user add
// `requireAuth`, and read the user only from `request.auth` — that is what scopes every query.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UNAUTHENTICATED_MESSAGE } from '../../contract/http';
import type { Db } from '../db/client';
import { authenticateToken, type AuthenticatedToken } from '../domain/auth/tokens';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthenticatedToken | null;
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
    request.auth = token ? await authenticateToken(db, token) : null;
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
