// Per-route limits for credential endpoints, keyed by client IP + the submitted email so one
// attacker cannot lock a victim out from elsewhere and one IP cannot spray many accounts fast.
// The hook runs at preHandler, after body parsing, so the key can include the email.
import type { FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { Config } from '../config';
import { TOO_MANY_ATTEMPTS } from './errors';

function submittedEmail(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase().slice(0, 254) : '';
}

export function credentialRateLimit(config: Pick<Config, 'loginRateLimit'>, bucket: string): RateLimitOptions {
  return {
    hook: 'preHandler',
    max: config.loginRateLimit.max,
    timeWindow: config.loginRateLimit.timeWindow,
    groupId: bucket,
    keyGenerator: (request) => `${bucket}|${request.ip}|${submittedEmail(request)}`,
    errorResponseBuilder: (_request, context) => Object.assign(new Error(TOO_MANY_ATTEMPTS), { statusCode: context.statusCode }),
  };
}
