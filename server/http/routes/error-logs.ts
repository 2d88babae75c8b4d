// POST /api/create/error (spec §7): the PWA's error reports, delivered through its outbox.
import type { FastifyInstance } from 'fastify';
import { errorLogRequest } from '../../../contract/error-logs';
import { recordError } from '../../domain/error-logs/error-logs';
import { runIdempotent } from '../../domain/idempotency/idempotency';
import { currentAuth, requireAuth } from '../auth';
import type { AppContext } from '../context';
import { idempotencyKeyOf, pathOf, sendResult } from '../idempotency';
import { byUser, rateLimited } from '../rate-limits';
import { parseBody, toStorableText } from '../validation';

export function errorLogRoutes(app: FastifyInstance, { database, config }: AppContext): void {
  const { db } = database;
  app.post(
    '/api/create/error',
    {
      // A broken client must not be able to flood the log: generous for real use, bounded
      // (ERROR_LOG_RATE_LIMIT_MAX per user and minute).
      preHandler: [requireAuth, rateLimited(db, [{ bucket: 'error-log:user', limit: config.errorLogRateLimit, key: byUser }])],
    },
    async (request, reply) => {
      const input = parseBody(errorLogRequest, request.body);
      const userId = currentAuth(request).user.id;
      // Headers skip parseBody: drop what the database cannot store (NUL, lone surrogates).
      const userAgent = typeof request.headers['user-agent'] === 'string' ? toStorableText(request.headers['user-agent'].slice(0, 500)) : undefined;
      const result = await runIdempotent(db, { userId, key: idempotencyKeyOf(request), method: 'POST', path: pathOf(request), body: request.body }, async (tx) => {
        const logged = await recordError(tx, { userId, path: input.path, message: input.message, userAgent });
        return { status: 201, body: { message: 'Error logged.', id: logged.id, occurrences: logged.occurrences } };
      });
      return sendResult(reply, result);
    },
  );
}
