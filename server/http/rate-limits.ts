// Rate limits of the sensitive routes, as preHandlers: each route names the limits it counts
// against (per account, per client address, per user) and every attempt counts, successful ones
// too. Counters live in the database (server/domain/rate-limits), so flooding the limiter with
// other keys cannot reset anyone's counter. A spent limit is 429 with Retry-After and a message
// saying when to retry.
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { RateLimitSetting } from '../config';
import type { Db } from '../db/client';
import { consumeRateLimits } from '../domain/rate-limits/rate-limits';

export interface RateLimitRule {
  /** Names the counter, e.g. "login:account"; the key is appended. */
  bucket: string;
  limit: RateLimitSetting;
  /** The key within the bucket; null skips this rule for the request (e.g. no email sent). */
  key: (request: FastifyRequest) => string | null;
}

/** The email of a JSON body, normalised like the contract does; null when none was sent. */
export function submittedEmail(request: FastifyRequest): string | null {
  const body = request.body as { email?: unknown } | undefined;
  if (typeof body?.email !== 'string') return null;
  const email = body.email.trim().toLowerCase().slice(0, 254);
  return email === '' ? null : email;
}

export const byAddress = (request: FastifyRequest): string => request.ip;
export const byUser = (request: FastifyRequest): string | null => (request.auth ? String(request.auth.user.id) : null);

export function rateLimited(db: Db, rules: readonly RateLimitRule[]): preHandlerAsyncHookHandler {
  return async (request) => {
    const limits = rules.flatMap((rule) => {
      const key = rule.key(request);
      return key === null ? [] : [{ key: `${rule.bucket}|${key}`, limit: rule.limit }];
    });
    await consumeRateLimits(db, limits);
  };
}
