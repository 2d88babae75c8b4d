// Per-user storage bounds (docs/decisions/server.md "Per-user limits"): saved scripts
// are capped with a clear 422; error-log rows keep the newest MAX_ERROR_LOG_ROWS_PER_USER.
import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorLogs } from '../../server/db/schema';
import { MAX_ERROR_LOG_ROWS_PER_USER } from '../../server/domain/error-logs/error-logs';
import { MAX_SCRIPTS_PER_USER, SCRIPT_LIMIT_REACHED } from '../../server/domain/scripts/scripts';
import { as, bodyOf, createTestApp, uniqueEmail, type TestApp } from './helpers';

describe('per-user storage limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it(`refuses script ${MAX_SCRIPTS_PER_USER + 1} with a 422 saying what to do, for writing and generating alike`, async () => {
    const { token, user } = await t.client.register(uniqueEmail('hoarder'));
    await t.database.db.execute(sql`
      insert into scripts (id, user_id, title, body, source)
      select gen_random_uuid(), ${user.id}, 'old ' || n, 'b', 'manual' from generate_series(1, ${MAX_SCRIPTS_PER_USER - 1}) as n`);
    expect((await t.client.post('/api/scripts', { id: randomUUID(), title: 'last one', body: 'b' }, as(token))).statusCode).toBe(201);
    const refused = await t.client.post('/api/scripts', { id: randomUUID(), title: 'one too many', body: 'b' }, as(token));
    expect(refused.statusCode).toBe(422);
    expect(bodyOf(refused)).toEqual({ message: SCRIPT_LIMIT_REACHED, errors: { scripts: [SCRIPT_LIMIT_REACHED] } });
    const generated = await t.client.post('/api/generate-script', { prompt: 'a video about tea', video_duration: 30 }, as(token));
    expect(generated.statusCode).toBe(422);
    // Another user is not affected.
    const other = await t.client.register(uniqueEmail('tidy'));
    expect((await t.client.post('/api/scripts', { title: 't', body: 'b' }, as(other.token))).statusCode).toBe(201);
  });

  it(`keeps the newest ${MAX_ERROR_LOG_ROWS_PER_USER} error-log rows of a user, never refusing a report`, async () => {
    const { token, user } = await t.client.register(uniqueEmail('crashy'));
    await t.database.db.execute(sql`
      insert into error_logs (user_id, path, message) select ${user.id}, '/old', 'old ' || n from generate_series(1, ${MAX_ERROR_LOG_ROWS_PER_USER}) as n`);
    const response = await t.client.post('/api/create/error', { path: '/new', message: 'newest' }, as(token));
    expect(response.statusCode).toBe(201);
    const rows = await t.database.db.select({ message: errorLogs.message }).from(errorLogs).where(eq(errorLogs.userId, user.id)).orderBy(asc(errorLogs.id));
    expect(rows).toHaveLength(MAX_ERROR_LOG_ROWS_PER_USER);
    expect(rows[0]!.message).toBe('old 2');
    expect(rows.at(-1)!.message).toBe('newest');
  });
});
