// The creator's actions on a series' episodes (docs/decisions/series.md, "The calls"): approve,
// reject with a note, generate the next slot's episode now, and make a sample. All need
// can_create_series, are scoped to the caller (another creator's ids answer 404) and honour
// Idempotency-Key; generate-next and sample are rate limited (each writes and renders a video).
// What a change hands on (the episode's next step, a post's targets) goes after the commit.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { rejectEpisodeRequest } from '../../../contract/series';
import { runIdempotent } from '../../domain/idempotency/idempotency';
import { findEpisodeView } from '../../domain/series/autopilot/episode-view';
import { approveEpisode, createSample, generateNextEpisode, rejectEpisode } from '../../domain/series/autopilot/review';
import type { QueuedTarget } from '../../domain/publishing/targets';
import type { Clock } from '../../jobs/clock';
import { sendEpisode } from '../../jobs/series-hand-on';
import { currentAuth, requireAuth } from '../auth';
import type { AppContext } from '../context';
import { idempotencyKeyOf, pathOf, sendResult } from '../idempotency';
import { byUser, rateLimited } from '../rate-limits';
import { parseBody } from '../validation';
import { handOffTargets } from './posts';
import { requireCreateSeries } from './series';

const seriesParams = z.object({ id: z.uuid('The series id must be a valid UUID.') });
const episodeParams = seriesParams.extend({ episodeId: z.uuid('The episode id must be a valid UUID.') });

export interface SeriesEpisodeRouteDeps {
  clock: Clock;
}

interface Change {
  status: number;
  episodeId: string;
  /** The episode's next step to send once committed. */
  handOn?: boolean;
  queued?: QueuedTarget[];
}

export function seriesEpisodeRoutes(app: FastifyInstance, context: AppContext, deps: SeriesEpisodeRouteDeps): void {
  const { database, jobs, publisher, config } = context;
  const { db } = database;
  const guarded = { preHandler: [requireAuth, requireCreateSeries] };
  const limited = { preHandler: [requireAuth, requireCreateSeries, rateLimited(db, [{ bucket: 'series-episodes:user', limit: config.rateLimits.seriesEpisodes, key: byUser }])] };

  /** Runs a change idempotently, answers the episode as it now stands, then hands on what it queued. */
  const change = async (request: FastifyRequest, reply: FastifyReply, apply: (tx: typeof db, userId: number) => Promise<Change>) => {
    const userId = currentAuth(request).user.id;
    let done: Change | null = null;
    const result = await runIdempotent(db, { userId, key: idempotencyKeyOf(request), method: 'POST', path: pathOf(request), body: request.body ?? null }, async (tx) => {
      done = await apply(tx, userId);
      return { status: done.status, body: await findEpisodeView(tx, userId, done.episodeId) };
    });
    const handed = done as Change | null;
    if (handed?.queued) await handOffTargets(publisher, request, handed.queued);
    if (handed?.handOn) {
      try {
        await sendEpisode(jobs, handed.episodeId);
      } catch (error) {
        // The tick hands on an episode nobody sent within minutes: the request still succeeds.
        request.log.error({ err: error, episodeId: handed.episodeId }, 'could not queue the series episode');
      }
    }
    return sendResult(reply, result);
  };

  app.post('/api/series/:id/episodes/:episodeId/approve', guarded, async (request, reply) => {
    const { id, episodeId } = parseBody(episodeParams, request.params);
    const now = await deps.clock.now();
    return change(request, reply, async (tx, userId) => ({ status: 200, ...(await approveEpisode(tx, userId, id, episodeId, now, config.publishChecks)) }));
  });

  app.post('/api/series/:id/episodes/:episodeId/reject', guarded, async (request, reply) => {
    const { id, episodeId } = parseBody(episodeParams, request.params);
    const { note } = parseBody(rejectEpisodeRequest, request.body);
    return change(request, reply, async (tx, userId) => ({ status: 200, handOn: true, ...(await rejectEpisode(tx, userId, id, episodeId, note)) }));
  });

  app.post('/api/series/:id/generate-next', limited, async (request, reply) => {
    const { id } = parseBody(seriesParams, request.params);
    const now = await deps.clock.now();
    return change(request, reply, async (tx, userId) => ({ status: 201, handOn: true, ...(await generateNextEpisode(tx, userId, id, now)) }));
  });

  app.post('/api/series/:id/sample', limited, async (request, reply) => {
    const { id } = parseBody(seriesParams, request.params);
    return change(request, reply, async (tx, userId) => ({ status: 201, handOn: true, ...(await createSample(tx, userId, id)) }));
  });
}
