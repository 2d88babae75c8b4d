// Scripts: generation (spec §7) and the saved-script calls the spec does not show (documented in
// docs/decisions/scripts.md). Every mutation honours Idempotency-Key, because the PWA's outbox
// may deliver the same change more than once.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Paginated } from '../../../contract/http';
import { createScriptRequest, generateScriptRequest, updateScriptRequest, type Script } from '../../../contract/scripts';
import { runIdempotent } from '../../domain/idempotency/idempotency';
import { generateScript } from '../../domain/scripts/generate';
import { createScriptOnce, deleteScript, findScript, listScripts, updateScript } from '../../domain/scripts/scripts';
import { currentAuth, requireAuth } from '../auth';
import type { AppContext } from '../context';
import { idempotencyKeyOf, pathOf, sendResult } from '../idempotency';
import { byUser, rateLimited } from '../rate-limits';
import { parseBody } from '../validation';

const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(1000).default(50),
  search: z.string().max(200).optional(),
});

const idParams = z.object({ id: z.uuid('The script id must be a valid UUID.') });

export function paginate<T>(rows: T[], total: number, page: number, perPage: number): Paginated<T> {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = rows.length > 0 ? (page - 1) * perPage + 1 : null;
  return { data: rows, current_page: page, last_page: lastPage, per_page: perPage, total, from, to: from === null ? null : from + rows.length - 1 };
}

export function scriptRoutes(app: FastifyInstance, { database, scriptWriter, config }: AppContext): void {
  const { db } = database;
  const generateLimit = rateLimited(db, [{ bucket: 'generate:user', limit: config.rateLimits.generate, key: byUser }]);

  app.post('/api/generate-script', { preHandler: [requireAuth, generateLimit] }, async (request, reply) => {
    const input = parseBody(generateScriptRequest, request.body);
    const result = await generateScript(db, scriptWriter, {
      userId: currentAuth(request).user.id,
      idempotencyKey: idempotencyKeyOf(request),
      path: pathOf(request),
      prompt: input.prompt,
      videoDuration: input.video_duration,
      language: input.language,
    });
    return sendResult(reply, result);
  });

  app.get('/api/scripts', { preHandler: requireAuth }, async (request): Promise<Paginated<Script>> => {
    const query = parseBody(listQuery, request.query);
    const { rows, total } = await listScripts(db, currentAuth(request).user.id, { page: query.page, perPage: query.per_page, search: query.search });
    return paginate(rows, total, query.page, query.per_page);
  });

  app.get('/api/scripts/:id', { preHandler: requireAuth }, async (request): Promise<Script> => {
    const { id } = parseBody(idParams, request.params);
    return findScript(db, currentAuth(request).user.id, id);
  });

  app.post('/api/scripts', { preHandler: requireAuth }, async (request, reply) => {
    const input = parseBody(createScriptRequest, request.body);
    const userId = currentAuth(request).user.id;
    const result = await runIdempotent(db, { userId, key: idempotencyKeyOf(request), method: 'POST', path: pathOf(request), body: request.body }, async (tx) => {
      const { script, created } = await createScriptOnce(tx, userId, {
        id: input.id ?? randomUUID(),
        title: input.title,
        body: input.body,
        prompt: input.prompt,
        language: input.language,
        videoDuration: input.video_duration,
        source: 'manual',
      });
      return { status: created ? 201 : 200, body: script };
    });
    return sendResult(reply, result);
  });

  app.put('/api/scripts/:id', { preHandler: requireAuth }, async (request, reply) => {
    const { id } = parseBody(idParams, request.params);
    const input = parseBody(updateScriptRequest, request.body);
    const userId = currentAuth(request).user.id;
    const result = await runIdempotent(db, { userId, key: idempotencyKeyOf(request), method: 'PUT', path: pathOf(request), body: request.body }, async (tx) => {
      const script = await updateScript(tx, userId, id, {
        title: input.title,
        body: input.body,
        language: input.language,
        videoDuration: input.video_duration,
      });
      return { status: 200, body: script };
    });
    return sendResult(reply, result);
  });

  app.delete('/api/scripts/:id', { preHandler: requireAuth }, async (request, reply) => {
    const { id } = parseBody(idParams, request.params);
    const userId = currentAuth(request).user.id;
    const result = await runIdempotent(db, { userId, key: idempotencyKeyOf(request), method: 'DELETE', path: pathOf(request), body: null }, async (tx) => {
      await deleteScript(tx, userId, id);
      return { status: 200, body: { message: 'Script deleted.' } };
    });
    return sendResult(reply, result);
  });
}
