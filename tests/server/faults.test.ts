// The fault-injection switch for the browser tests: it exists only in
// test mode (REELFLOW_TEST_MODE=1); there it fails a share of API requests with 5xx/429 or drops
// the connection before or after the change is committed.
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scripts } from '../../server/db/schema';
import { as, bodyOf, createTestApp, errorsOf, uniqueEmail, type TestApp } from './helpers';

const FAULTS = '/internal/test/faults';

describe('fault injection outside test mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REELFLOW_TEST_MODE: '' });
  });
  afterAll(async () => t.close());

  it('has no /internal/test/faults route and fails no request', async () => {
    expect(t.config.testMode).toBe(false);
    const set = await t.app.inject({ method: 'POST', url: FAULTS, payload: { rate: 1, kinds: ['500'] } });
    expect(set.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: FAULTS })).statusCode).toBe(404);
    const token = (await t.client.register(uniqueEmail('nofault'))).token;
    for (let i = 0; i < 20; i += 1) expect((await t.client.get('/api/scripts', as(token))).statusCode).toBe(200);
  });

  it('is not enabled by other values of REELFLOW_TEST_MODE', async () => {
    const { loadConfig } = await import('../../server/config');
    for (const value of ['0', 'false', 'no', 'yes']) expect(loadConfig({ REELFLOW_TEST_MODE: value }).testMode, value).toBe(false);
    for (const value of ['1', 'true']) expect(loadConfig({ REELFLOW_TEST_MODE: value }).testMode, value).toBe(true);
  });
});

describe('fault injection in test mode', () => {
  let t: TestApp;
  let token: string;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp({ REELFLOW_TEST_MODE: '1' });
    token = (await t.client.register(uniqueEmail('faults'))).token;
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t.close());

  const setFaults = (settings: unknown) => t.app.inject({ method: 'POST', url: FAULTS, payload: settings as object });
  const rowsWithTitle = async (title: string) => t.database.db.select().from(scripts).where(eq(scripts.title, title));
  const post = (body: Record<string, unknown>, key = randomUUID()) =>
    fetch(`${baseUrl}/api/scripts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key },
      body: JSON.stringify(body),
    });
  const draft = (title: string) => ({ id: randomUUID(), title, body: 'words' });

  it("with rate 1 and kind '500' fails API calls with 500, but never /api/health", async () => {
    const set = await setFaults({ rate: 1, kinds: ['500'] });
    expect(set.statusCode).toBe(200);
    expect(bodyOf(set)).toMatchObject({ rate: 1, kinds: ['500'], paths: ['/api/'], seed: 1 });
    const failed = await t.client.post('/api/scripts', { title: 'never stored', body: 'b' }, as(token));
    expect(failed.statusCode).toBe(500);
    expect(bodyOf(failed)).toEqual({ message: 'Server Error.' });
    expect((await t.client.get('/api/scripts', as(token))).statusCode).toBe(500);
    expect(await rowsWithTitle('never stored')).toEqual([]);
    expect((await t.client.get('/api/health')).statusCode).toBe(200);
    // The switch itself and non-API paths are never failed.
    const state = await t.app.inject({ method: 'GET', url: FAULTS });
    expect(bodyOf(state).injected).toEqual({ '500': 2 });
    expect((await t.client.csrfCookie()).length).toBeGreaterThan(0);
    await setFaults({ rate: 0 });
    expect((await t.client.get('/api/scripts', as(token))).statusCode).toBe(200);
  });

  it('never fails the switch itself, even when every path is eligible', async () => {
    expect((await setFaults({ rate: 1, kinds: ['500'], paths: ['/'] })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: FAULTS })).statusCode).toBe(200);
    expect((await setFaults({ rate: 0 })).statusCode).toBe(200);
    expect((await t.client.get('/api/scripts', as(token))).statusCode).toBe(200);
  });

  it('answers 503 and 429 with Retry-After', async () => {
    await setFaults({ rate: 1, kinds: ['503'] });
    const unavailable = await t.client.get('/api/scripts', as(token));
    expect(unavailable.statusCode).toBe(503);
    expect(unavailable.headers['retry-after']).toBe('1');
    await setFaults({ rate: 1, kinds: ['429'] });
    const limited = await t.client.get('/api/scripts', as(token));
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('1');
    await setFaults({ rate: 0 });
  });

  it("'drop-after' applies the change, then drops the connection; the retry is a replay", async () => {
    await setFaults({ rate: 1, kinds: ['drop-after'] });
    const key = randomUUID();
    const change = draft('dropped after commit');
    await expect(post(change, key)).rejects.toThrow();
    await setFaults({ rate: 0 });
    expect(await rowsWithTitle('dropped after commit')).toHaveLength(1);
    // What the outbox does next: send it again with the same key; it gets the stored answer.
    const retry = await post(change, key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(((await retry.json()) as { id: string }).id).toBe(change.id);
    expect(await rowsWithTitle('dropped after commit')).toHaveLength(1);
  });

  it("'drop-before' drops the connection without applying the change", async () => {
    await setFaults({ rate: 1, kinds: ['drop-before'] });
    await expect(post(draft('dropped before'))).rejects.toThrow();
    await setFaults({ rate: 0 });
    expect(await rowsWithTitle('dropped before')).toEqual([]);
  });

  it('fails about the configured share of requests, reproducibly per seed', async () => {
    const outcomes = async () => {
      await setFaults({ rate: 0.3, kinds: ['500'], seed: 42 });
      const codes: number[] = [];
      for (let i = 0; i < 100; i += 1) codes.push((await t.client.get('/api/scripts', as(token))).statusCode);
      return codes;
    };
    const first = await outcomes();
    const failures = first.filter((c) => c === 500).length;
    expect(failures).toBeGreaterThan(15);
    expect(failures).toBeLessThan(45);
    expect(await outcomes()).toEqual(first);
    await setFaults({ rate: 0 });
  });

  it('validates the settings with 422', async () => {
    for (const [settings, field] of [
      [{}, 'rate'],
      [{ rate: 2 }, 'rate'],
      [{ rate: -0.1 }, 'rate'],
      [{ rate: 'half' }, 'rate'],
      [{ rate: 0.5, kinds: [] }, 'kinds'],
      [{ rate: 0.5, kinds: ['explode'] }, 'kinds.0'],
      [{ rate: 0.5, seed: 1.5 }, 'seed'],
    ] as const) {
      const response = await setFaults(settings);
      expect(response.statusCode, JSON.stringify(settings)).toBe(422);
      expect(errorsOf(response), JSON.stringify(settings)).toHaveProperty(field);
    }
  });
});
