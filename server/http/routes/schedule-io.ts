// The schedule in and out (docs/decisions/publishing.md "The schedule in
// and out"): CSV export, the secret calendar feed (its token made, rotated, revoked; the feed
// itself authenticated by the token alone), and the CSV import with its preview. Every route but
// the feed needs a signed-in user whose plan holds can_publish_post.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { importPreviewRequest, importRequest, type FeedTokenCreated, type FeedTokenStatus, type ImportResponse } from '../../../contract/schedule-io';
import { findUserById } from '../../domain/auth/users';
import { answerOnce, runIdempotent, type StoredResponse } from '../../domain/idempotency/idempotency';
import { ImportFileError, importPosts, previewImport } from '../../domain/publishing/schedule-import';
import { feedTokenStatus, feedTokenUser, revokeFeedToken, rotateFeedToken, scheduleCalendar, scheduleCsv } from '../../domain/publishing/schedule-io';
import type { QueuedTarget } from '../../domain/publishing/targets';
import { currentAuth, requireAuth } from '../auth';
import type { AppContext } from '../context';
import { idempotencyKeyOf, idempotentRequestOf, pathOf, sendResult } from '../idempotency';
import { byAddress, byUser, rateLimited } from '../rate-limits';
import { parseBody, RequestValidationError } from '../validation';
import { fieldErrorsAs422, handOffTargets, planCanPublish, PUBLISH_FORBIDDEN, requirePublish } from './posts';

export const FEED_NOT_FOUND = 'This calendar feed does not exist; it may have been revoked or replaced by a new URL.';

const feedQuery = z.object({ token: z.string().max(200).default('') });

/** The feed's address; the token travels in the query (calendar apps cannot send headers). */
export const feedUrl = (appUrl: string, token: string) => `${appUrl}/api/schedule/calendar.ics?token=${encodeURIComponent(token)}`;

export function scheduleIoRoutes(app: FastifyInstance, context: AppContext): void {
  const { config, database, publisher } = context;
  const { db } = database;
  const guarded = { preHandler: [requireAuth, requirePublish] };
  const feedLimit = rateLimited(db, [{ bucket: 'calendar-feed:address', limit: config.rateLimits.calendarFeed, key: byAddress }]);
  const previewLimit = rateLimited(db, [{ bucket: 'import-preview:user', limit: config.rateLimits.importPreview, key: byUser }]);

  app.get('/api/schedule/export.csv', guarded, async (request, reply) => {
    const csv = await scheduleCsv(db, currentAuth(request).user.id);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="reelflow-schedule-${day}.csv"`)
      .send(csv);
  });

  app.get('/api/schedule/feed-token', guarded, async (request): Promise<FeedTokenStatus> => {
    const status = await feedTokenStatus(db, currentAuth(request).user.id);
    return { active: status !== null, created_at: status?.createdAt.toISOString() ?? null, last_used_at: status?.lastUsedAt?.toISOString() ?? null };
  });

  // Deliberately not idempotent: a stored answer would keep the secret URL in the database. A
  // resent request simply rotates again, and the caller keeps the URL of the last answer.
  app.post('/api/schedule/feed-token', guarded, async (request, reply) => {
    const { token, createdAt } = await rotateFeedToken(db, currentAuth(request).user.id);
    const body: FeedTokenCreated = {
      url: feedUrl(config.appUrl, token),
      created_at: createdAt.toISOString(),
      message: 'Copy this URL now: it is shown only once. Anyone with it can see your schedule.',
    };
    return reply.code(201).header('cache-control', 'no-store').send(body);
  });

  app.delete('/api/schedule/feed-token', guarded, async (request) => {
    const deleted = await revokeFeedToken(db, currentAuth(request).user.id);
    return { message: deleted ? 'The calendar feed URL no longer works.' : 'There was no calendar feed to revoke.', deleted };
  });

  // No bearer: the secret token is the authentication. Bad, old and revoked tokens are all 404.
  app.get('/api/schedule/calendar.ics', { preHandler: feedLimit }, async (request, reply) => {
    const { token } = parseBody(feedQuery, request.query);
    const userId = await feedTokenUser(db, token);
    if (userId === null) return reply.code(404).send({ message: FEED_NOT_FOUND });
    const user = await findUserById(db, userId);
    // A plan that no longer includes publishing no longer shows the schedule either.
    if (!planCanPublish(user?.plan ?? 'free')) return reply.code(403).send({ message: PUBLISH_FORBIDDEN });
    const calendar = await scheduleCalendar(db, userId, config.appUrl);
    return reply.header('content-type', 'text/calendar; charset=utf-8').header('content-disposition', 'inline; filename="reelflow-schedule.ics"').send(calendar);
  });

  // Reads the file and checks every row; creates nothing. An Idempotency-Key is still bound to its
  // request like on every route: a replay answers the stored preview, another file under the same
  // key is refused.
  app.post('/api/schedule/import/preview', { preHandler: [...guarded.preHandler, previewLimit] }, async (request, reply) => {
    const input = parseBody(importPreviewRequest, request.body);
    const result = await answerOnce(db, idempotentRequestOf(request), async () => {
      try {
        return { status: 200, body: await previewImport(db, currentAuth(request).user.id, input.csv, input.timezone) };
      } catch (error) {
        if (error instanceof ImportFileError) throw new RequestValidationError({ csv: [error.message] });
        throw error;
      }
    });
    return sendResult(reply, result);
  });

  app.post('/api/schedule/import', guarded, async (request, reply) => {
    const input = parseBody(importRequest, request.body);
    const userId = currentAuth(request).user.id;
    let queued: QueuedTarget[] = [];
    const result = await fieldErrorsAs422(() =>
      runIdempotent(db, { userId, key: idempotencyKeyOf(request), method: 'POST', path: pathOf(request), body: request.body ?? null }, async (tx): Promise<StoredResponse> => {
        const done = await importPosts(tx, userId, input.rows);
        queued = done.queued;
        const body: ImportResponse = { message: `${done.postIds.length} post${done.postIds.length === 1 ? '' : 's'} scheduled.`, ids: done.postIds };
        return { status: 202, body };
      }),
    );
    await handOffTargets(publisher, request, queued);
    return sendResult(reply, result);
  });
}
