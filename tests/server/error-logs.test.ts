// POST /api/create/error (server side): reports are stored, folded into
// one row with a counter within the fold window, validated, authenticated, idempotent and rate
// limited per user.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorLogs } from '../../server/db/schema';
import { countErrorLogs, ERROR_FOLD_WINDOW_MINUTES } from '../../server/domain/error-logs/error-logs';
import { as, bodyOf, createTestApp, errorsOf, uniqueEmail, type TestApp } from './helpers';

// Above the 7 validation cases of one user below, which count towards the limit too.
const RATE_LIMIT = 10;

describe('error logs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ERROR_LOG_RATE_LIMIT_MAX: String(RATE_LIMIT) });
  });
  afterAll(async () => t.close());

  const newUser = async () => {
    const registered = await t.client.register(uniqueEmail('errors'));
    return { token: registered.token, id: registered.user.id };
  };
  const report = (token: string, body: unknown, key?: string) => t.client.post('/api/create/error', body, as(token, key));

  it('stores a report (201) with the user agent', async () => {
    const user = await newUser();
    const response = await t.client.post('/api/create/error', { path: '/scripts', message: 'TypeError: x is undefined' }, { token: user.token, headers: { 'user-agent': 'TestBrowser/1.0' } });
    expect(response.statusCode).toBe(201);
    expect(bodyOf(response)).toMatchObject({ message: 'Error logged.', occurrences: 1 });
    const rows = await t.database.db.select().from(errorLogs).where(eq(errorLogs.userId, user.id));
    expect(rows).toEqual([expect.objectContaining({ path: '/scripts', message: 'TypeError: x is undefined', occurrences: 1, userAgent: 'TestBrowser/1.0' })]);
  });

  it('folds the same error within the window into one row, and starts a new row after it', async () => {
    const user = await newUser();
    const error = { path: '/scripts', message: 'Failed to fetch' };
    const first = bodyOf(await report(user.token, error));
    const second = bodyOf(await report(user.token, error));
    const third = bodyOf(await report(user.token, error));
    expect(second.id).toBe(first.id);
    expect(third).toMatchObject({ id: first.id, occurrences: 3 });
    // Another message or path is another row.
    await report(user.token, { ...error, path: '/calendar' });
    expect(await countErrorLogs(t.database.db, user.id)).toEqual({ rows: 2, occurrences: 4 });

    // Once the row is older than the window, the same error starts a new row.
    await t.database.db
      .update(errorLogs)
      .set({ createdAt: sql`now() - make_interval(mins => ${ERROR_FOLD_WINDOW_MINUTES + 1})` })
      .where(eq(errorLogs.id, first.id as number));
    const later = bodyOf(await report(user.token, error));
    expect(later.id).not.toBe(first.id);
    expect(later.occurrences).toBe(1);
    expect(await countErrorLogs(t.database.db, user.id)).toEqual({ rows: 3, occurrences: 5 });
  });

  it('folds a burst of identical reports arriving at once into one row', async () => {
    const user = await newUser();
    const responses = await Promise.all(Array.from({ length: 5 }, () => report(user.token, { path: '/burst', message: 'same time' })));
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(responses.map((r) => bodyOf(r).id)).size).toBe(1);
    expect(await countErrorLogs(t.database.db, user.id)).toEqual({ rows: 1, occurrences: 5 });
  });

  it('does not fold the same error of two users together', async () => {
    const a = await newUser();
    const b = await newUser();
    const error = { path: '/', message: 'shared message' };
    const fromA = bodyOf(await report(a.token, error));
    const fromB = bodyOf(await report(b.token, error));
    expect(fromB.id).not.toBe(fromA.id);
    expect(fromB.occurrences).toBe(1);
  });

  it('validates path and message with 422, storing nothing', async () => {
    const user = await newUser();
    const cases: [unknown, string][] = [
      [{ message: 'm' }, 'path'],
      [{ path: '/' }, 'message'],
      [{ path: '  ', message: 'm' }, 'path'],
      [{ path: '/', message: 42 }, 'message'],
      [{ path: '/', message: 'm'.repeat(5001) }, 'message'],
      [{ path: '/'.repeat(2001), message: 'm' }, 'path'],
      [[], 'path'],
    ];
    for (const [payload, field] of cases) {
      const response = await report(user.token, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(422);
      expect(errorsOf(response)).toHaveProperty(field);
    }
    expect(await countErrorLogs(t.database.db, user.id)).toEqual({ rows: 0, occurrences: 0 });
  });

  it('requires authentication (401)', async () => {
    const before = (await t.database.db.select().from(errorLogs)).length;
    const response = await t.client.post('/api/create/error', { path: '/', message: 'anonymous' });
    expect(response.statusCode).toBe(401);
    expect(bodyOf(response)).toEqual({ message: 'Unauthenticated.' });
    expect((await t.database.db.select().from(errorLogs)).length).toBe(before);
  });

  it('replays the same Idempotency-Key without counting the report twice', async () => {
    const user = await newUser();
    const key = randomUUID();
    const error = { path: '/x', message: 'once' };
    const first = await report(user.token, error, key);
    const replay = await report(user.token, error, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(bodyOf(replay)).toEqual(bodyOf(first));
    expect(await countErrorLogs(t.database.db, user.id)).toEqual({ rows: 1, occurrences: 1 });
  });

  it(`answers 429 with Retry-After after ERROR_LOG_RATE_LIMIT_MAX (${RATE_LIMIT}) reports a minute, per user`, async () => {
    const noisy = await newUser();
    for (let i = 0; i < RATE_LIMIT; i += 1) {
      expect((await report(noisy.token, { path: '/loop', message: `crash ${i}` })).statusCode).toBe(201);
    }
    const limited = await report(noisy.token, { path: '/loop', message: 'one too many' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(bodyOf(limited)).toEqual({ message: expect.stringMatching(/^Too many attempts\. Try again in \d+ seconds?\.$/) as unknown });
    expect(await countErrorLogs(t.database.db, noisy.id)).toEqual({ rows: RATE_LIMIT, occurrences: RATE_LIMIT });
    // Another user is not affected.
    const quiet = await newUser();
    expect((await report(quiet.token, { path: '/', message: 'fine' })).statusCode).toBe(201);
  });
});
