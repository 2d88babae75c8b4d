// AI videos: create (the contract of docs/decisions/videos.md), list, show, restart and
// delete. Creating answers 202 at once; the render runs in the background (domain/videos/runner).
// Mutations honour Idempotency-Key (the PWA's outbox may send them twice). Media URLs in the
// answers are signed and expiring; only the owner's answers ever contain them.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createAiVideoRequest, listAiVideosQuery, type AiVideo } from '../../../contract/videos';
import type { VoiceProviderId } from '../../../contract/voices';
import { runIdempotent } from '../../domain/idempotency/idempotency';
import { permissionsForPlan } from '../../domain/plans/permissions';
import { createdRow, createVideo } from '../../domain/videos/create';
import { removeVideoFiles, removeVideoRow, restartVideo } from '../../domain/videos/lifecycle';
import { paginated } from '../../domain/media-library/paginate';
import { findVideoRow, listVideoRows, toAiVideo, toLabelledAiVideos, VIDEO_URL_TTL_SECONDS } from '../../domain/videos/videos';
import { currentAuth, requireAuth } from '../auth';
import type { AppContext } from '../context';
import { idempotencyKeyOf, pathOf, sendResult } from '../idempotency';
import { byUser, rateLimited } from '../rate-limits';
import { parseBody } from '../validation';
import { speechProblem } from './voices';

const idParams = z.object({ id: z.uuid('The video id must be a valid UUID.') });

export const CREATE_VIDEO_FORBIDDEN = 'Your plan does not include creating videos. Upgrade your plan to create one.';

/** 403 unless the user's plan holds can_create_video (full access holds everything). */
async function requireCreateVideo(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  const permissions = permissionsForPlan(currentAuth(request).user.plan);
  if (permissions.full_access === true || permissions.can_create_video === true) return undefined;
  return reply.code(403).send({ message: CREATE_VIDEO_FORBIDDEN });
}

export function videoRoutes(app: FastifyInstance, context: AppContext): void {
  const { database, config, scriptWriter, renders, storage, mediaUrls, speech, voices } = context;
  const { db } = database;
  const createLimit = rateLimited(db, [{ bucket: 'videos:user', limit: config.rateLimits.videos, key: byUser }]);
  const restartLimit = rateLimited(db, [{ bucket: 'video-restart:user', limit: config.rateLimits.videoRestart, key: byUser }]);
  const signing = { signer: mediaUrls, ttlSeconds: VIDEO_URL_TTL_SECONDS };
  const voiceProviderConfigured = (provider: VoiceProviderId) => speech[provider]?.configured === true;
  const voiceExists = async (provider: VoiceProviderId, voiceId: string) => {
    try {
      return (await voices.find(provider, voiceId)) !== undefined;
    } catch (error) {
      // The list cannot be had (the provider is down, nothing kept): nothing is charged either.
      throw speechProblem(error, 'voice.voice_id');
    }
  };

  /**
   * Gives the video to the runner. Also on a replay: harmless (a render runs once) and it heals a
   * lost hand-off. If the queue is down the video stays queued (and charged): the next start
   * queues every unfinished video again, so the request still succeeds.
   */
  const handOff = async (request: FastifyRequest, videoId: string) => {
    try {
      await renders.enqueue(videoId);
    } catch (error) {
      request.log.error({ err: error, videoId }, 'could not queue the video render');
    }
  };

  const answer = async (userId: number, id: string): Promise<AiVideo> => (await toLabelledAiVideos(db, [await findVideoRow(db, userId, id)], signing))[0]!;

  app.post('/api/ai-videos', { preHandler: [requireAuth, requireCreateVideo, createLimit] }, async (request, reply) => {
    const settings = parseBody(createAiVideoRequest, request.body);
    const userId = currentAuth(request).user.id;
    const result = await createVideo(
      { db, scriptWriter, voiceProviderConfigured, voiceExists },
      { userId, idempotencyKey: idempotencyKeyOf(request), path: pathOf(request), rawBody: request.body, settings },
    );
    // The answer is the video as queued, read before the hand-off: a renderer may pick it up at once.
    const row = await createdRow(db, userId, result.videoId);
    const body = row ? toAiVideo(row, signing) : { id: result.videoId };
    await handOff(request, result.videoId);
    return sendResult(reply, { status: result.status, body, replayed: result.replayed });
  });

  app.get('/api/ai-videos', { preHandler: requireAuth, config: { authIdentityOnly: true } }, async (request) => {
    const query = parseBody(listAiVideosQuery, request.query);
    const userId = currentAuth(request).user.id;
    const page = { page: query.page, perPage: query.per_page, status: query.status, search: query.search };
    // The signed URLs are stable for a while (server/media/signed-urls.ts), so the default
    // payload ETag (server/http/etag.ts) turns an unchanged poll into a 304.
    const found = await listVideoRows(db, userId, page);
    return paginated(await toLabelledAiVideos(db, found.rows, signing), found.total, page);
  });

  app.get('/api/ai-videos/:id', { preHandler: requireAuth, config: { authIdentityOnly: true } }, async (request): Promise<AiVideo> => {
    const { id } = parseBody(idParams, request.params);
    return answer(currentAuth(request).user.id, id);
  });

  app.post('/api/ai-videos/:id/restart', { preHandler: [requireAuth, requireCreateVideo, restartLimit] }, async (request, reply) => {
    const { id } = parseBody(idParams, request.params);
    const userId = currentAuth(request).user.id;
    const result = await runIdempotent(db, { userId, key: idempotencyKeyOf(request), method: 'POST', path: pathOf(request), body: null }, async (tx) => {
      await restartVideo(tx, userId, id);
      return { status: 202, body: { id } };
    });
    const body = await answer(userId, id);
    await handOff(request, id);
    return sendResult(reply, { status: result.status, body, replayed: result.replayed });
  });

  app.delete('/api/ai-videos/:id', { preHandler: requireAuth }, async (request, reply) => {
    const { id } = parseBody(idParams, request.params);
    const userId = currentAuth(request).user.id;
    const result = await runIdempotent(db, { userId, key: idempotencyKeyOf(request), method: 'DELETE', path: pathOf(request), body: null }, async (tx) => {
      const { refunded, postsCancelled } = await removeVideoRow(tx, userId, id);
      return { status: 200, body: { message: 'Video deleted.', credits_refunded: refunded, posts_cancelled: postsCancelled } };
    });
    renders.stop(id);
    await removeVideoFiles(storage, userId, id);
    return sendResult(reply, result);
  });
}
