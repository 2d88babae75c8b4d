// Series: list, show, create, change and delete, and an episode timeline (docs/decisions/series.md,
// "The calls"). Every route needs can_create_series, as the screens do; every write honours
// Idempotency-Key (the PWA's outbox may deliver it twice). The autopilot's calls (approve,
// reject, generate-next, sample) are in series-episodes.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { createSeriesRequest, listEpisodesQuery, listSeriesQuery, updateSeriesRequest } from '../../../contract/series';
import { runIdempotent } from '../../domain/idempotency/idempotency';
import { permissionsForPlan } from '../../domain/plans/permissions';
import { createSeries, deleteSeries, findSeries, listEpisodes, listSeries, SeriesFieldsError, updateSeries } from '../../domain/series/series';
import { currentAuth, requireAuth } from '../auth';
import type { Clock } from '../../jobs/clock';
import type { AppContext } from '../context';
import { idempotencyKeyOf, pathOf, sendResult } from '../idempotency';
import { parseBody, RequestValidationError } from '../validation';

const idParams = z.object({ id: z.uuid('The series id must be a valid UUID.') });

export const CREATE_SERIES_FORBIDDEN = 'Your plan does not include series. Upgrade your plan to make videos that publish themselves.';

/** True when the plan holds can_create_series (full access holds everything). */
export function planCanCreateSeries(plan: string): boolean {
  const permissions = permissionsForPlan(plan);
  return permissions.full_access === true || permissions.can_create_series === true;
}

/** 403 unless the user's plan holds can_create_series. */
export async function requireCreateSeries(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  if (planCanCreateSeries(currentAuth(request).user.plan)) return undefined;
  return reply.code(403).send({ message: CREATE_SERIES_FORBIDDEN });
}

/** The domain's several-fields error as the API's 422. */
async function fieldErrorsAs422<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SeriesFieldsError) throw new RequestValidationError(error.errors);
    throw error;
  }
}

/** The time the series' schedule is counted from: the job port's clock, as the autopilot's. */
export interface SeriesRouteDeps {
  clock: Clock;
}

export function seriesRoutes(app: FastifyInstance, { database }: AppContext, { clock }: SeriesRouteDeps): void {
  const { db } = database;
  const guarded = { preHandler: [requireAuth, requireCreateSeries] };
  const reads = { preHandler: [requireAuth, requireCreateSeries], config: { authIdentityOnly: true } };
  const ownerOf = (request: FastifyRequest) => {
    const { user } = currentAuth(request);
    return { id: user.id, plan: user.plan };
  };

  app.get('/api/series', reads, async (request) => {
    const query = parseBody(listSeriesQuery, request.query);
    return listSeries(db, ownerOf(request), query, await clock.now());
  });

  app.get('/api/series/:id', reads, async (request) => {
    const { id } = parseBody(idParams, request.params);
    return findSeries(db, ownerOf(request), id, await clock.now());
  });

  app.get('/api/series/:id/episodes', reads, async (request) => {
    const { id } = parseBody(idParams, request.params);
    const query = parseBody(listEpisodesQuery, request.query);
    return listEpisodes(db, currentAuth(request).user.id, id, query);
  });

  app.post('/api/series', guarded, async (request, reply) => {
    const input = parseBody(createSeriesRequest, request.body);
    const owner = ownerOf(request);
    const now = await clock.now();
    const result = await fieldErrorsAs422(() =>
      runIdempotent(db, { userId: owner.id, key: idempotencyKeyOf(request), method: 'POST', path: pathOf(request), body: request.body ?? null }, async (tx) => {
        const created = await createSeries(tx, owner, input, now);
        return { status: created.status, body: created.series };
      }),
    );
    return sendResult(reply, result);
  });

  app.put('/api/series/:id', guarded, async (request, reply) => {
    const { id } = parseBody(idParams, request.params);
    const input = parseBody(updateSeriesRequest, request.body);
    const owner = ownerOf(request);
    const now = await clock.now();
    const result = await fieldErrorsAs422(() =>
      runIdempotent(db, { userId: owner.id, key: idempotencyKeyOf(request), method: 'PUT', path: pathOf(request), body: request.body ?? null }, async (tx) => ({
        status: 200,
        body: await updateSeries(tx, owner, id, input, now),
      })),
    );
    return sendResult(reply, result);
  });

  app.delete('/api/series/:id', guarded, async (request, reply) => {
    const { id } = parseBody(idParams, request.params);
    const userId = currentAuth(request).user.id;
    const result = await runIdempotent(db, { userId, key: idempotencyKeyOf(request), method: 'DELETE', path: pathOf(request), body: null }, async (tx) => {
      const { postsCancelled } = await deleteSeries(tx, userId, id);
      return { status: 200, body: { message: 'Series deleted.', posts_cancelled: postsCancelled } };
    });
    return sendResult(reply, result);
  });
}
