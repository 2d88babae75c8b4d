// Reads the Idempotency-Key header and sends an idempotent result, marking replays so a client
// (or a test) can tell a remembered answer from a fresh one.
import type { FastifyReply, FastifyRequest } from 'fastify';

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

export function sendResult(reply: FastifyReply, result: { status: number; body: unknown; replayed?: boolean }): FastifyReply {
  if (result.replayed) void reply.header(REPLAYED_HEADER, 'true');
  return reply.code(result.status).send(result.body);
}
