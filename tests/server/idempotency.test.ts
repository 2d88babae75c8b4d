// Idempotency-Key: what the PWA's outbox relies on when it sends the same
// change more than once — replays, key reuse, per-user keys, failures, races and expiry.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, scripts } from '../../server/db/schema';
import {
  IDEMPOTENCY_RETENTION_HOURS,
  KEY_FORMAT_MESSAGE,
  KEY_REUSED_MESSAGE,
  purgeExpiredIdempotencyKeys,
  runIdempotent,
} from '../../server/domain/idempotency/idempotency';
import { as, bodyOf, createTestApp, errorsOf, uniqueEmail, usingPostgres, type TestApp } from './helpers';

const REPLAYED = 'idempotent-replayed';

describe('Idempotency-Key', () => {
  let t: TestApp;
  let alice: { token: string; id: number };
  let bob: { token: string; id: number };
  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.client.register(uniqueEmail('alice'));
    const b = await t.client.register(uniqueEmail('bob'));
    alice = { token: a.token, id: a.user.id };
    bob = { token: b.token, id: b.user.id };
  });
  afterAll(async () => t.close());

  const scriptCount = async (userId: number) => (await t.database.db.select().from(scripts).where(eq(scripts.userId, userId))).length;
  const draft = (title = 'A draft') => ({ id: randomUUID(), title, body: 'one two three' });
  const ageKey = async (userId: number, key: string, hours: number) =>
    t.database.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));

  it('replays the first answer for the same key and body, applying the change once', async () => {
    const key = randomUUID();
    const payload = draft();
    const before = await scriptCount(alice.id);
    const first = await t.client.post('/api/scripts', payload, as(alice.token, key));
    expect(first.statusCode).toBe(201);
    expect(first.headers[REPLAYED]).toBeUndefined();
    const second = await t.client.post('/api/scripts', payload, as(alice.token, key));
    expect(second.statusCode).toBe(201);
    expect(second.headers[REPLAYED]).toBe('true');
    expect(bodyOf(second)).toEqual(bodyOf(first));
    expect(await scriptCount(alice.id)).toBe(before + 1);
  });

  it('replays PUT and DELETE too', async () => {
    const payload = draft('to edit');
    expect((await t.client.post('/api/scripts', payload, as(alice.token))).statusCode).toBe(201);
    const putKey = randomUUID();
    const edit = { title: 'edited once' };
    const put1 = await t.client.put(`/api/scripts/${payload.id}`, edit, as(alice.token, putKey));
    const put2 = await t.client.put(`/api/scripts/${payload.id}`, edit, as(alice.token, putKey));
    expect(put1.statusCode).toBe(200);
    expect(put2.statusCode).toBe(200);
    expect(put2.headers[REPLAYED]).toBe('true');
    // The replay did not touch the row again: updated_at is the first edit's.
    expect(bodyOf(put2).updated_at).toBe(bodyOf(put1).updated_at);
    const [row] = await t.database.db.select().from(scripts).where(eq(scripts.id, payload.id));
    expect(row!.updatedAt.toISOString()).toBe(bodyOf(put1).updated_at);

    const deleteKey = randomUUID();
    const del1 = await t.client.delete(`/api/scripts/${payload.id}`, as(alice.token, deleteKey));
    const del2 = await t.client.delete(`/api/scripts/${payload.id}`, as(alice.token, deleteKey));
    expect(del1.statusCode).toBe(200);
    expect(del2.statusCode).toBe(200);
    expect(del2.headers[REPLAYED]).toBe('true');
    expect(await t.database.db.select().from(scripts).where(eq(scripts.id, payload.id))).toEqual([]);
  });

  it('refuses the same key with a different body (422 on idempotency_key), changing nothing', async () => {
    const key = randomUUID();
    const first = draft('first');
    expect((await t.client.post('/api/scripts', first, as(alice.token, key))).statusCode).toBe(201);
    const before = await scriptCount(alice.id);
    const reused = await t.client.post('/api/scripts', draft('second'), as(alice.token, key));
    expect(reused.statusCode).toBe(422);
    expect(bodyOf(reused)).toEqual({ message: KEY_REUSED_MESSAGE, errors: { idempotency_key: [KEY_REUSED_MESSAGE] } });
    expect(await scriptCount(alice.id)).toBe(before);
    // Same key on another path is a different request as well.
    const otherPath = await t.client.put(`/api/scripts/${first.id}`, { title: 'x' }, as(alice.token, key));
    expect(otherPath.statusCode).toBe(422);
    expect(errorsOf(otherPath)).toHaveProperty('idempotency_key');
  });

  it('treats a body with the same fields in another order as the same request', async () => {
    const key = randomUUID();
    const payload = draft('ordered');
    const reordered = { body: payload.body, title: payload.title, id: payload.id };
    expect((await t.client.post('/api/scripts', payload, as(alice.token, key))).statusCode).toBe(201);
    const again = await t.client.post('/api/scripts', reordered, as(alice.token, key));
    expect(again.statusCode).toBe(201);
    expect(again.headers[REPLAYED]).toBe('true');
  });

  it('keeps keys per user: another user may use the same key independently', async () => {
    const key = randomUUID();
    const a = await t.client.post('/api/scripts', draft('alice'), as(alice.token, key));
    const bobBefore = await scriptCount(bob.id);
    const b = await t.client.post('/api/scripts', draft('bob'), as(bob.token, key));
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.headers[REPLAYED]).toBeUndefined();
    expect(bodyOf(b).title).toBe('bob');
    expect(await scriptCount(bob.id)).toBe(bobBefore + 1);
  });

  it('stores nothing for a failed request: the same key can be retried after a 404 or 422', async () => {
    const key = randomUUID();
    const id = randomUUID();
    const missing = await t.client.put(`/api/scripts/${id}`, { title: 'later' }, as(alice.token, key));
    expect(missing.statusCode).toBe(404);
    expect(await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
    expect((await t.client.post('/api/scripts', { id, title: 'now', body: 'b' }, as(alice.token))).statusCode).toBe(201);
    const retried = await t.client.put(`/api/scripts/${id}`, { title: 'later' }, as(alice.token, key));
    expect(retried.statusCode).toBe(200);
    expect(retried.headers[REPLAYED]).toBeUndefined();
    expect(bodyOf(retried).title).toBe('later');

    // A body the server refuses (422 in the domain: an id another user has) stores nothing either.
    const takenKey = randomUUID();
    const taken = await t.client.post('/api/scripts', { id, title: 'dup', body: 'b' }, as(bob.token, takenKey));
    expect(taken.statusCode).toBe(422);
    expect(errorsOf(taken)).toHaveProperty('id');
    const fresh = { id: randomUUID(), title: 'dup', body: 'b' };
    // Different body with the same key is allowed now, because the failure was not remembered.
    const afterFix = await t.client.post('/api/scripts', fresh, as(bob.token, takenKey));
    expect(afterFix.statusCode).toBe(201);
  });

  it('applies concurrent requests with the same key exactly once', async () => {
    const key = randomUUID();
    const payload = draft('raced');
    const before = await scriptCount(alice.id);
    const responses = await Promise.all(Array.from({ length: 5 }, () => t.client.post('/api/scripts', payload, as(alice.token, key))));
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(responses.filter((r) => r.headers[REPLAYED] === 'true')).toHaveLength(4);
    for (const response of responses) expect(bodyOf(response)).toEqual(bodyOf(responses[0]!));
    expect(await scriptCount(alice.id)).toBe(before + 1);
  });

  it('applies truly overlapping transactions with the same key once (slow change)', async () => {
    const key = randomUUID();
    let applied = 0;
    const request = { userId: alice.id, key, method: 'POST', path: '/test/slow', body: { n: 1 } };
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        runIdempotent(t.database.db, request, async (tx) => {
          applied += 1;
          // Holds the transaction open so the others really wait on the claimed key (Postgres).
          await tx.execute(sql`select pg_sleep(0.2)`);
          return { status: 201, body: { applied } };
        }),
      ),
    );
    expect(applied).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    for (const result of results) expect(result.body).toEqual({ applied: 1 });
  });

  it('lets a waiting request run when the first one with its key fails', async () => {
    const key = randomUUID();
    const request = { userId: alice.id, key, method: 'POST', path: '/test/fails-first', body: {} };
    let calls = 0;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 2 }, () =>
        runIdempotent(t.database.db, request, async (tx) => {
          calls += 1;
          await tx.execute(sql`select pg_sleep(0.1)`);
          if (calls === 1) throw new Error('first attempt fails');
          return { status: 200, body: { ok: true } };
        }),
      ),
    );
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(calls).toBe(2);
  });

  it(`counts a key older than ${IDEMPOTENCY_RETENTION_HOURS} h as new`, async () => {
    const key = randomUUID();
    expect((await t.client.post('/api/scripts', draft('old'), as(alice.token, key))).statusCode).toBe(201);
    await ageKey(alice.id, key, IDEMPOTENCY_RETENTION_HOURS + 1);
    const before = await scriptCount(alice.id);
    const renewed = draft('new body, same key');
    const again = await t.client.post('/api/scripts', renewed, as(alice.token, key));
    expect(again.statusCode).toBe(201);
    expect(again.headers[REPLAYED]).toBeUndefined();
    expect(await scriptCount(alice.id)).toBe(before + 1);
    // And it is remembered afresh, for the new body.
    const replay = await t.client.post('/api/scripts', renewed, as(alice.token, key));
    expect(replay.headers[REPLAYED]).toBe('true');
    expect(bodyOf(replay)).toEqual(bodyOf(again));
  });

  it('applies concurrent requests with one expired key once', async () => {
    const key = randomUUID();
    const request = { userId: alice.id, key, method: 'POST', path: '/test/expired-race', body: {} };
    await runIdempotent(t.database.db, request, () => Promise.resolve({ status: 200, body: { round: 0 } }));
    await ageKey(alice.id, key, IDEMPOTENCY_RETENTION_HOURS + 1);
    let applied = 0;
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        runIdempotent(t.database.db, request, async (tx) => {
          applied += 1;
          await tx.execute(sql`select pg_sleep(0.2)`);
          return { status: 200, body: { round: 1 } };
        }),
      ),
    );
    expect(applied).toBe(1);
    expect(results.filter((r) => r.replayed)).toHaveLength(3);
    for (const result of results) expect(result.body).toEqual({ round: 1 });
  });

  it('purgeExpiredIdempotencyKeys deletes only expired rows', async () => {
    const fresh = randomUUID();
    const stale = randomUUID();
    await t.client.post('/api/scripts', draft('fresh'), as(bob.token, fresh));
    await t.client.post('/api/scripts', draft('stale'), as(bob.token, stale));
    await ageKey(bob.id, stale, IDEMPOTENCY_RETENTION_HOURS + 2);
    // Just inside the retention: kept.
    const recent = randomUUID();
    await t.client.post('/api/scripts', draft('recent'), as(bob.token, recent));
    await ageKey(bob.id, recent, IDEMPOTENCY_RETENTION_HOURS - 1);

    const deleted = await purgeExpiredIdempotencyKeys(t.database.db);
    expect(deleted).toBeGreaterThanOrEqual(1);
    const left = (await t.database.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(eq(idempotencyKeys.userId, bob.id))).map((r) => r.key);
    expect(left).toContain(fresh);
    expect(left).toContain(recent);
    expect(left).not.toContain(stale);
    expect(await purgeExpiredIdempotencyKeys(t.database.db)).toBe(0);
  });

  it('refuses a malformed key with 422 on idempotency_key and applies nothing', async () => {
    const before = await scriptCount(alice.id);
    for (const key of ['x'.repeat(101), 'has space', '']) {
      const response = await t.client.post('/api/scripts', draft(), as(alice.token, key));
      expect(response.statusCode, JSON.stringify(key)).toBe(422);
      expect(errorsOf(response).idempotency_key).toEqual([KEY_FORMAT_MESSAGE]);
    }
    expect(await scriptCount(alice.id)).toBe(before);
  });

  it.runIf(usingPostgres)('on Postgres, parallel HTTP requests with one key over a real pool apply once', async () => {
    const key = randomUUID();
    const payload = draft('pool race');
    const before = await scriptCount(bob.id);
    const responses = await Promise.all(Array.from({ length: 10 }, () => t.client.post('/api/scripts', payload, as(bob.token, key))));
    expect(new Set(responses.map((r) => r.statusCode))).toEqual(new Set([201]));
    expect(await scriptCount(bob.id)).toBe(before + 1);
  });
});
