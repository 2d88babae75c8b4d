// POST /api/create/error (spec §7): the PWA's error reports, delivered through its outbox.
import type { FastifyInstance } from 'fastify';
import { errorLogRequest } from '../../../contract/error-logs';
import { recordError } from '../../domain/error-logs/error-logs';
import { runIdempotent } from '../../domain/idempotency/idempotency';
import { currentAuth, requireAuth } from '../auth';
import type { AppContext } from '../context';
import { idempotencyKeyOf, pathOf, sendResult } from '../idempotency';
import { parseBody } from '../validation';

export function errorLogRoutes(app: FastifyInstance, { database, config }: AppContext): void {
  const { db } = database;
  app.post(
    '/api/create/error',
    {
      preHandler: requireAuth,
      // A broken client must not be able to flood the log: generous for real use, bounded
      // (ERROR_LOG_RATE_LIMIT_MAX per user and minute).
      config: { rateLimit: { max: config.errorLogRateLimit.max, timeWindow: config.errorLogRateLimit.timeWindow, keyGenerator: (request) => `error-log:${request.auth?.user.id ?? request.ip}` } },
    },
    async (request, reply) => {
      const input = parseBody(errorLogRequest, request.body);
      const userId = currentAuth(request).user.id;
      const userAgent = typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'].slice(0, 500) : undefined;
      const result = await runIdempotent(db, { userId, key: idempotencyKeyOf(request), method: 'POST', path: pathOf(request), body: request.body }, async (tx) => {
        const logged = await recordError(tx, { userId, path: input.path, message: input.message, userAgent });
        return { status: 201, body: { message: 'Error logged.', id: logged.id, occurrences: logged.occurrences } };
      });
      return sendResult(reply, result);
    },
  );
}
