// Posts: create/schedule, drafts, reschedule, delete, the posts list, the calendar, the
// videos that can be posted, the failed-jobs list and its dismissal (docs/decisions/publishing.md,
// "Posts and the publish engine"). Every route needs can_publish_post. Mutations honour
// Idempotency-Key (the PWA's outbox may send them twice); the targets they queue go to the
// scheduler only after the change committed, so a worker never looks for a row that is not there
// yet.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  calendarQuery,
  createDraftRequest,
  createPostRequest,
  listFailedJobsQuery,
  listPostsQuery,
  reschedulePostRequest,
  rescheduleFailedJobRequest,
} from '../../../contract/publishing';
import { runIdempotent, type StoredResponse } from '../../domain/idempotency/idempotency';
import { permissionsForPlan } from '../../domain/plans/permissions';
import { dismissFailedJob, listFailedJobs, restartFailedRender } from '../../domain/publishing/failed-jobs';
import { calendarEntries, calendarWindow, findPost, listPosts } from '../../domain/publishing/post-view';
import {
  createPost,
  deletePost,
  PostFieldsError,
  rescheduleFailedTarget,
  reschedulePost,
  saveDraft,
  type PostChange,
} from '../../domain/publishing/posts';
import { publishableVideos } from '../../domain/publishing/publishable-videos';
import type { QueuedTarget } from '../../domain/publishing/targets';
import type { PublishScheduler } from '../../domain/social/types';
import { currentAuth, requireAuth } from '../auth';
import type { AppContext } from '../context';
import { idempotencyKeyOf, pathOf, sendResult } from '../idempotency';
import { parseBody, RequestValidationError } from '../validation';

const idParams = z.object({ id: z.uuid('The post id must be a valid UUID.') });
const failedJobParams = z.object({ id: z.uuid('The failed job id must be a valid UUID.') });

export const PUBLISH_FORBIDDEN = 'Your plan does not include publishing to social accounts. Upgrade your plan to publish.';

/** True when the plan holds can_publish_post (full access holds everything). */
export function planCanPublish(plan: string): boolean {
  const permissions = permissionsForPlan(plan);
  return permissions.full_access === true || permissions.can_publish_post === true;
}

/** 403 unless the user's plan holds can_publish_post (full access holds everything). */
export async function requirePublish(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  if (planCanPublish(currentAuth(request).user.plan)) return undefined;
  return reply.code(403).send({ message: PUBLISH_FORBIDDEN });
}

/** The domain's several-fields error as the API's 422. */
export async function fieldErrorsAs422<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PostFieldsError) throw new RequestValidationError(error.errors);
    throw error;
  }
}

/**
 * Hands queued targets to the scheduler. If it is down the targets stay 'scheduled' in the
 * database and the next start queues them, so the request still succeeds.
 */
export async function handOffTargets(publisher: PublishScheduler, request: FastifyRequest, queued: QueuedTarget[]): Promise<void> {
  for (const { targetId, at } of queued) {
    try {
      await publisher.schedule(targetId, at);
    } catch (error) {
      request.log.error({ err: error, targetId }, 'could not queue the publish target');
    }
  }
}

export function postRoutes(app: FastifyInstance, context: AppContext): void {
  const { database, mediaUrls, publisher, renders } = context;
  const { db } = database;
  const guarded = { preHandler: [requireAuth, requirePublish] };
  const reads = { preHandler: [requireAuth, requirePublish], config: { authIdentityOnly: true } };

  const handOff = (request: FastifyRequest, queued: QueuedTarget[]) => handOffTargets(publisher, request, queued);

  /** Runs a post change idempotently, answers the post as it now stands, then queues its targets. */
  const change = async (request: FastifyRequest, reply: FastifyReply, method: 'POST' | 'DELETE', apply: (tx: typeof db, userId: number) => Promise<PostChange>) => {
    const userId = currentAuth(request).user.id;
    let queued: QueuedTarget[] = [];
    const result = await fieldErrorsAs422(() =>
      runIdempotent(db, { userId, key: idempotencyKeyOf(request), method, path: pathOf(request), body: request.body ?? null }, async (tx): Promise<StoredResponse> => {
        const done = await apply(tx, userId);
        queued = done.queued;
        const post = await findPost(tx, userId, done.postId, mediaUrls);
        // Doubles are warnings: additive to the post, never a refusal.
        return { status: done.status, body: done.warnings ? { ...post, warnings: done.warnings } : post };
      }),
    );
    await handOff(request, queued);
    return sendResult(reply, result);
  };

  app.post('/api/create/post', guarded, async (request, reply) => {
    const input = parseBody(createPostRequest, request.body);
    return change(request, reply, 'POST', (tx, userId) => createPost(tx, userId, input, new Date(), context.config.publishChecks));
  });

  app.post('/api/create/post/draft', guarded, async (request, reply) => {
    const input = parseBody(createDraftRequest, request.body);
    const raw = request.body !== null && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
    return change(request, reply, 'POST', (tx, userId) => saveDraft(tx, userId, input, raw));
  });

  app.post('/api/posts/:id/reschedule', guarded, async (request, reply) => {
    const { id } = parseBody(idParams, request.params);
    const { scheduled_at } = parseBody(reschedulePostRequest, request.body);
    return change(request, reply, 'POST', (tx, userId) => reschedulePost(tx, userId, id, scheduled_at));
  });

  app.delete('/api/posts/:id', guarded, async (request, reply) => {
    const { id } = parseBody(idParams, request.params);
    const userId = currentAuth(request).user.id;
    const result = await runIdempotent(db, { userId, key: idempotencyKeyOf(request), method: 'DELETE', path: pathOf(request), body: null }, async (tx) => {
      const { deleted } = await deletePost(tx, userId, id);
      // Deleting here never deletes what a platform already published.
      return { status: 200, body: { message: 'Post deleted.', deleted } };
    });
    return sendResult(reply, result);
  });

  app.get('/api/get/posts', reads, async (request) => {
    const query = parseBody(listPostsQuery, request.query);
    return listPosts(db, currentAuth(request).user.id, { page: query.page, perPage: query.per_page, status: query.status, query: query.query }, mediaUrls);
  });

  const calendar = async (request: FastifyRequest) => {
    const query = parseBody(calendarQuery, request.query);
    const window = calendarWindow(query.from, query.to);
    if (window.to < window.from) throw new RequestValidationError({ to: ['The end of the range must be after its start.'] });
    return { data: await calendarEntries(db, currentAuth(request).user.id, window, mediaUrls) };
  };
  // The spec's path has the trailing slash; without it answers the same.
  app.get('/api/get/calendar/', reads, calendar);
  app.get('/api/get/calendar', reads, calendar);

  app.get('/api/get/videos', reads, async (request) => ({ data: await publishableVideos(db, currentAuth(request).user.id, mediaUrls) }));

  app.get('/api/get/failed-jobs', reads, async (request) => {
    const query = parseBody(listFailedJobsQuery, request.query);
    return listFailedJobs(db, currentAuth(request).user.id, { page: query.page, perPage: query.per_page, query: query.query });
  });

  /**
   * A failed publish target is queued again (now or at scheduled_at) with fresh attempts; a failed
   * render restarts (resuming at the stage that failed; scheduled_at does not apply to renders).
   */
  app.post('/api/reschedule/failed-jobs', guarded, async (request, reply) => {
    const input = parseBody(rescheduleFailedJobRequest, request.body);
    const userId = currentAuth(request).user.id;
    let queued: QueuedTarget[] = [];
    let restarted = false;
    const result = await fieldErrorsAs422(() =>
      runIdempotent(db, { userId, key: idempotencyKeyOf(request), method: 'POST', path: pathOf(request), body: request.body ?? null }, async (tx): Promise<StoredResponse> => {
        const target = await rescheduleFailedTarget(tx, userId, input.id, input.scheduled_at);
        if (target) {
          queued = target.queued;
          return { status: 202, body: { id: input.id, kind: 'publish', post: await findPost(tx, userId, target.postId, mediaUrls) } };
        }
        const video = await restartFailedRender(tx, userId, input.id, mediaUrls);
        restarted = true;
        return { status: 202, body: { id: input.id, kind: 'render', video } };
      }),
    );
    await handOff(request, queued);
    if (restarted || (result.replayed && (result.body as { kind?: string } | null)?.kind === 'render')) {
      try {
        await renders.enqueue(input.id);
      } catch (error) {
        request.log.error({ err: error, videoId: input.id }, 'could not queue the video render');
      }
    }
    return sendResult(reply, result);
  });

  /**
   * Takes a failed publish target or failed render off the failed-jobs list; nothing else about it
   * changes, and queuing it again brings a later failure back (docs/decisions/publishing.md).
   */
  app.delete('/api/failed-jobs/:id', guarded, async (request, reply) => {
    const { id } = parseBody(failedJobParams, request.params);
    const userId = currentAuth(request).user.id;
    const result = await runIdempotent(db, { userId, key: idempotencyKeyOf(request), method: 'DELETE', path: pathOf(request), body: null }, async (tx) => {
      const { dismissed } = await dismissFailedJob(tx, userId, id);
      return { status: 200, body: { message: 'Failed job dismissed.', dismissed } };
    });
    return sendResult(reply, result);
  });
}
