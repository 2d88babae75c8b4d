// Reads the Idempotency-Key header and sends an idempotent result, marking replays so a client
// (or a test) can tell a remembered answer from a fresh one.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdempotentRequest } from '../domain/idempotency/idempotency';
import { currentAuth } from './auth';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';

export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_HEADER];
  return typeof value === 'string' ? value : undefined;
}

/** The route's path without the query string: part of what a key is bound to. */
export function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? request.url;
}

/**
 * What the request's Idempotency-Key is bound to: its user, method, path and JSON body. Every
 * route that takes a body-level request through runIdempotent or answerOnce describes it the same
 * way (routes that fingerprint a file or validated fields pass their own `body`).
 */
export function idempotentRequestOf(request: FastifyRequest, body: unknown = request.body ?? null): IdempotentRequest {
  return { userId: currentAuth(request).user.id, key: idempotencyKeyOf(request), method: request.method, path: pathOf(request), body };
}

export function sendResult(reply: FastifyReply, result: { status: number; body: unknown; replayed?: boolean }): FastifyReply {
  if (result.replayed) void reply.header(REPLAYED_HEADER, 'true');
  return reply.code(result.status).send(result.body);
}
