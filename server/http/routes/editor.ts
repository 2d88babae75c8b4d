// The editor's calls (docs/decisions/editor.md, "Calls"): GET and PUT
// /api/ai-videos/{id}/timeline. Any signed-in creator, for their own completed videos only
// (another creator's video is the same 404 as the video routes answer). The ETag is the timeline's
// revision; a PUT must name the revision it edited in If-Match (missing: 428), a stale one is a
// 412 carrying what the server holds. PUTs honour Idempotency-Key like every outbox write.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseTimelineEtag, putTimelineRequest, renderVersionRequest, timelineEtag, type TimelineConflict, type TimelineResponse } from '../../../contract/timeline';
import { deleteVersion } from '../../domain/editor/render/delete';
import { requestVersion, versionRow } from '../../domain/editor/render/request';
import { RENDER_VERSION_QUEUE, type RenderVersionJobData } from '../../jobs/render-version';
import { timelineResponse, toVideoVersion } from '../../domain/editor/timeline-response';
import { readTimeline, saveTimeline, TimelineConflictError } from '../../domain/editor/timeline-store';
import { runIdempotent } from '../../domain/idempotency/idempotency';
import { ClientProblem } from '../../domain/problems';
import { currentAuth, requireAuth } from '../auth';
import type { AppContext } from '../context';
import { idempotencyKeyOf, idempotentRequestOf, pathOf, sendResult } from '../idempotency';
import { byUser, rateLimited } from '../rate-limits';
import { parseBody } from '../validation';

const idParams = z.object({ id: z.uuid('The video id must be a valid UUID.') });
const versionParams = idParams.extend({ version: z.coerce.number({ message: 'The version must be a whole number.' }).int('The version must be a whole number.').min(1, 'The version must be a whole number.').max(100_000, 'The version must be a whole number.') });

export const IF_MATCH_REQUIRED = 'Send If-Match with the revision you edited (the ETag of GET /api/ai-videos/{id}/timeline).';
export const IF_MATCH_INVALID = 'The If-Match header must be a timeline revision such as "r3".';

/** The revision named by If-Match: 428 when there is none, 400 when it is not a revision. */
function ifMatchRevision(request: FastifyRequest): number {
  const header = request.headers['if-match'];
  if (header === undefined || header === '') throw new ClientProblem(428, IF_MATCH_REQUIRED);
  const revision = parseTimelineEtag(typeof header === 'string' ? header : null);
  if (revision === null) throw new ClientProblem(400, IF_MATCH_INVALID);
  return revision;
}

function withEtag(reply: FastifyReply, body: TimelineResponse): FastifyReply {
  return reply.header('etag', timelineEtag(body.revision));
}

export function editorRoutes(app: FastifyInstance, context: AppContext): void {
  const { database, storage, mediaUrls, jobs, config, pictureService } = context;
  const { db } = database;
  const responseDeps = { db, signer: mediaUrls, pictureService };
  const versionLimit = rateLimited(db, [{ bucket: 'versions:user', limit: config.rateLimits.versions, key: byUser }]);

  app.get('/api/ai-videos/:id/timeline', { preHandler: requireAuth, config: { authIdentityOnly: true } }, async (request, reply) => {
    const { id } = parseBody(idParams, request.params);
    // The ETag names the timeline's revision, not the versions' progress or the price beside it:
    // a 304 on the revision alone would hide a render that finished. Always answer in full.
    delete request.headers['if-none-match'];
    const body = await timelineResponse(responseDeps, await readTimeline(db, currentAuth(request).user.id, id));
    return withEtag(reply, body).send(body);
  });

  app.put('/api/ai-videos/:id/timeline', { preHandler: requireAuth }, async (request, reply) => {
    const { id } = parseBody(idParams, request.params);
    const { timeline } = parseBody(putTimelineRequest, request.body);
    const revision = ifMatchRevision(request);
    const userId = currentAuth(request).user.id;
    try {
      // The revision is part of what the key is bound to: the same body over another revision is another request.
      const result = await runIdempotent(db, idempotentRequestOf(request, { revision, body: request.body ?? null }), async (tx) => {
        const saved = await saveTimeline({ db: tx, storage }, userId, id, revision, timeline);
        return { status: 200, body: await timelineResponse({ ...responseDeps, db: tx }, saved) };
      });
      return sendResult(withEtag(reply, result.body as TimelineResponse), result);
    } catch (error) {
      if (!(error instanceof TimelineConflictError)) throw error;
      const current = await timelineResponse(responseDeps, error.current);
      const conflict: TimelineConflict = { message: error.message, current };
      return withEtag(reply, current).code(412).send(conflict);
    }
  });

  // Render the saved timeline as the next version: the revision and price the creator saw, charged
  // once (Idempotency-Key), then handed to the version queue.
  app.post('/api/ai-videos/:id/versions', { preHandler: [requireAuth, versionLimit] }, async (request, reply) => {
    const { id } = parseBody(idParams, request.params);
    const body = parseBody(renderVersionRequest, request.body);
    const userId = currentAuth(request).user.id;
    const result = await requestVersion(db, { userId, videoId: id, revision: body.revision, credits: body.credits, idempotencyKey: idempotencyKeyOf(request), path: pathOf(request), rawBody: request.body });
    const row = await versionRow(db, userId, result.versionId);
    try {
      await jobs.send(RENDER_VERSION_QUEUE, { versionId: result.versionId } satisfies RenderVersionJobData);
    } catch (error) {
      // Queued on the row: the next start of a worker sends it again.
      request.log.error({ err: error, videoId: id }, 'could not queue the version render');
    }
    return sendResult(reply, { status: result.status, body: row ? toVideoVersion(mediaUrls, row) : { id: result.versionId }, replayed: result.replayed });
  });

  app.delete('/api/ai-videos/:id/versions/:version', { preHandler: requireAuth }, async (request, reply) => {
    const { id, version } = parseBody(versionParams, request.params);
    await deleteVersion(db, storage, currentAuth(request).user.id, id, version);
    return reply.code(204).send();
  });
}
