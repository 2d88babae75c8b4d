// Sanctum-style CSRF for cookie-less SPAs: GET /sanctum/csrf-cookie sets a readable XSRF-TOKEN
// cookie; a state-changing request must echo it in X-XSRF-TOKEN (double submit: a foreign site
// can make the browser send the cookie but cannot read it to set the header). Requests carrying
// a bearer token pass without it — a browser never attaches an Authorization header on its own
// (a cross-site page cannot set one without a CORS preflight we never grant), so the header
// already proves the request was made deliberately. Whether the token is valid is the auth
// check's business: a revoked or bad token gets 401 "Unauthenticated." on every method, never a
// misleading 419 (a client would refresh its CSRF cookie instead of signing in again).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CSRF_MISMATCH_MESSAGE, XSRF_COOKIE } from '../../contract/http';
import { constantTimeEqual, randomSecret } from '../domain/auth/secrets';
import { bearerToken } from './auth';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Paths that carry their own proof: the admin channel's secret; the built-in platform sandboxes
 * (a stand-in for another site: their consent form has its own form token, their APIs OAuth
 * client credentials, bearer tokens or upload session ids, as on the real platform).
 */
const EXEMPT_PREFIXES = ['/internal/', '/sandbox/'];
const COOKIE_MAX_AGE_SECONDS = 2 * 60 * 60;

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export function csrfTokenMatches(request: FastifyRequest): boolean {
  const cookie = request.cookies[XSRF_COOKIE];
  const header = request.headers['x-xsrf-token'];
  if (!cookie || typeof header !== 'string' || header.length === 0) return false;
  return constantTimeEqual(safeDecode(cookie), safeDecode(header));
}

export function registerCsrf(app: FastifyInstance, options: { secureCookie: boolean }): void {
  app.get('/sanctum/csrf-cookie', async (_request, reply) => {
    reply.setCookie(XSRF_COOKIE, randomSecret(30), {
      path: '/',
      sameSite: 'lax',
      httpOnly: false,
      secure: options.secureCookie,
      maxAge: COOKIE_MAX_AGE_SECONDS,
    });
    return reply.code(204).send();
  });

  // Runs after the bearer hook (registration order), before the body is parsed.
  app.addHook('onRequest', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method) || request.auth || bearerToken(request) !== null) return undefined;
    if (EXEMPT_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return undefined;
    if (!csrfTokenMatches(request)) return reply.code(419).send({ message: CSRF_MISMATCH_MESSAGE });
    return undefined;
  });
}
