// Scripts: generation (spec §7) and the saved-script calls the spec does not show (documented in
// docs/decisions/scripts.md). Every mutation honours Idempotency-Key, because the PWA's outbox
// may deliver the same change more than once.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Paginated } from '../../../contract/http';
import { createScriptRequest, generateScriptRequest, SCRIPT_LANGUAGES, updateScriptRequest, type Script } from '../../../contract/scripts';
import type { ScriptWriterInfo } from '../../../contract/script-writer';
import { runIdempotent } from '../../domain/idempotency/idempotency';
import { generateScript } from '../../domain/scripts/generate';
import { createScriptOnce, deleteScript, findScript, listScriptsJson, updateScript } from '../../domain/scripts/scripts';
import { createVersionedCache, scriptListVersion } from '../../domain/scripts/list-cache';
import { currentAuth, requireAuth } from '../auth';
import { weakEtag } from '../etag';
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

function pageMeta(count: number, total: number, page: number, perPage: number): Omit<Paginated<never>, 'data'> {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = count > 0 ? (page - 1) * perPage + 1 : null;
  return { current_page: page, last_page: lastPage, per_page: perPage, total, from, to: from === null ? null : from + count - 1 };
}

/** The JSON text of paginate(): `data` spliced in as the database serialised it. */
export function paginatedJson(dataJson: string, count: number, total: number, page: number, perPage: number): string {
  return `{"data":${dataJson},${JSON.stringify(pageMeta(count, total, page, perPage)).slice(1)}`;
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
      tone: input.tone,
    });
    return sendResult(reply, result);
  });

  // Which writer generates, in which languages and how many words at most: the picker says which
  // languages need a model, the create flow which lengths a topic's script can fill.
  app.get('/api/script-writer', { preHandler: requireAuth }, (): ScriptWriterInfo => ({
    id: scriptWriter.id,
    label: scriptWriter.label,
    languages: [...(scriptWriter.languages ?? SCRIPT_LANGUAGES)],
    max_words: scriptWriter.maxWords ?? null,
  }));

  // Answers Paginated<Script> as JSON text built by the database (listScriptsJson), kept in
  // memory with its ETag while the user's scripts stay at the same version (list-cache.ts).
  const listAnswers = createVersionedCache<{ body: string; etag: string }>();
  app.get('/api/scripts', { preHandler: requireAuth, config: { authIdentityOnly: true } }, async (request, reply) => {
    const query = parseBody(listQuery, request.query);
    const userId = currentAuth(request).user.id;
    const key = JSON.stringify([userId, query.page, query.per_page, query.search ?? null]);
    const version = await scriptListVersion(db, userId);
    let answer = listAnswers.get(key, version);
    if (!answer) {
      const page = await listScriptsJson(db, userId, { page: query.page, perPage: query.per_page, search: query.search });
      const body = paginatedJson(page.dataJson, page.count, page.total, query.page, query.per_page);
      answer = { body, etag: weakEtag(body) };
      listAnswers.set(key, version, answer, body.length);
    }
    return reply.type('application/json; charset=utf-8').header('etag', answer.etag).send(answer.body);
  });

  app.get('/api/scripts/:id', { preHandler: requireAuth, config: { authIdentityOnly: true } }, async (request): Promise<Script> => {
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
