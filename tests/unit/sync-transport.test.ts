import 'fake-indexeddb/auto';
import axios, { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { Dexie, type Table } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import { createOutbox, type Outbox, type OutboxItem } from '../../src/sync/outbox';
import { createMutationRegistry } from '../../src/sync/registry';
import { createFakeClock } from '../../src/sync/testing';
import { axiosSend, fetchSend } from '../../src/sync/transport';
import { fakeServer, type FakeServer } from './helpers/fake-server';

type TestDb = Dexie & { outbox: Table<OutboxItem, string> };

const registry = createMutationRegistry();
const createPost = registry.define({
  kind: 'post.create',
  schemaVersion: 1,
  entityKey: (p: { id: string; caption: string }) => `post:${p.id}`,
  toRequest: (p: { id: string; caption: string }) => ({ method: 'POST', url: '/api/posts', body: p }),
});

let db: TestDb;
let outbox: Outbox;
const clock = createFakeClock();

beforeEach(() => {
  db = new Dexie(`sync-transport-${crypto.randomUUID()}`) as TestDb;
  db.version(1).stores({ outbox: 'id, status, [entityKey+createdAt], nextAttemptAt' });
  outbox = createOutbox({ table: db.outbox, registry, now: clock.now, random: () => 0.5, locks: null });
});

afterEach(async () => {
  await db.delete();
});

describe('axiosSend through the app api instance', () => {
  let server: FakeServer;
  beforeEach(() => {
    server = fakeServer();
  });
  afterEach(() => {
    server.restore();
  });

  it('delivers with the Idempotency-Key header and hands the response to onDelivered', async () => {
    server.on('POST', '/api/posts', { status: 201, body: { id: 42, caption: 'hi' } });
    const item = await outbox.enqueue(createPost, { id: 'tmp-1', caption: 'hi' });
    const bodies: unknown[] = [];
    const result = await outbox.drain({ send: axiosSend(api), onDelivered: (_i, r) => void bodies.push(r.body) });
    expect(result.delivered).toBe(1);
    const sent = server.calls('POST', '/api/posts');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers['idempotency-key']).toBe(item.id);
    expect(sent[0]?.data).toEqual({ id: 'tmp-1', caption: 'hi' });
    expect(bodies).toEqual([{ id: 42, caption: 'hi' }]);
  });

  it('keeps the status of a refusal (the interceptor would otherwise rethrow only the body)', async () => {
    server.on('POST', '/api/posts', { status: 422, body: { message: 'The caption is too long.', errors: { caption: ['too long'] } } });
    const item = await outbox.enqueue(createPost, { id: 'tmp-1', caption: 'x'.repeat(5000) });
    await outbox.drain({ send: axiosSend(api) });
    expect(await db.outbox.get(item.id)).toMatchObject({ status: 'failed', lastError: 'The caption is too long.' });
  });

  it('a network error stays pending; a 500 backs off; a 401 pauses', async () => {
    let reply: { status?: number; network?: boolean } = { network: true };
    server.on('POST', '/api/posts', () => reply);
    const item = await outbox.enqueue(createPost, { id: 'tmp-1', caption: 'hi' });
    await outbox.drain({ send: axiosSend(api) });
    expect(await db.outbox.get(item.id)).toMatchObject({ status: 'pending', attempts: 1 });
    reply = { status: 500 };
    clock.advance(600_000);
    await outbox.drain({ send: axiosSend(api) });
    expect(await db.outbox.get(item.id)).toMatchObject({ status: 'pending', attempts: 2 });
    reply = { status: 401 };
    clock.advance(600_000);
    const result = await outbox.drain({ send: axiosSend(api) });
    expect(result.authRequired).toBe(true);
    expect(await db.outbox.get(item.id)).toMatchObject({ status: 'auth-required' });
  });
});

describe('axiosSend with response headers', () => {
  it('honours Retry-After from AxiosHeaders', async () => {
    const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) =>
      Promise.reject(
        new AxiosError('Too Many Requests', AxiosError.ERR_BAD_REQUEST, config, {}, {
          status: 429,
          statusText: 'Too Many Requests',
          data: { message: 'Slow down' },
          headers: new AxiosHeaders({ 'Retry-After': '30' }),
          config,
        }),
      );
    const instance = axios.create({ adapter });
    const item = await outbox.enqueue(createPost, { id: 'a', caption: 'hi' });
    await outbox.drain({ send: axiosSend(instance) });
    expect(await db.outbox.get(item.id)).toMatchObject({ status: 'pending', nextAttemptAt: clock.now() + 30_000, lastError: 'Slow down' });
  });

  it('rejects when there is no response at all', async () => {
    const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => Promise.reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {}));
    const send = axiosSend(axios.create({ adapter }));
    await expect(send({ id: 'x', method: 'POST', url: '/x', body: {}, headers: { 'Idempotency-Key': 'x' } })).rejects.toThrow('Network Error');
  });
});

describe('fetchSend (service worker)', () => {
  it('sends JSON with the outbox and caller headers and reads status, headers and body', async () => {
    const seen: Array<{ url: string; init: RequestInit | undefined }> = [];
    const fakeFetch: typeof fetch = (url, init) => {
      seen.push({ url: url instanceof Request ? url.url : url instanceof URL ? url.href : url, init });
      return Promise.resolve(new Response(JSON.stringify({ message: 'Busy' }), { status: 503, statusText: 'Service Unavailable', headers: { 'Retry-After': '7' } }));
    };
    const send = fetchSend({ baseUrl: 'https://api.example.test', fetch: fakeFetch, headers: () => ({ Authorization: 'Bearer t0k' }) });
    const response = await send({ id: 'k1', method: 'PUT', url: '/api/posts/1', body: { a: 1 }, headers: { 'Idempotency-Key': 'k1' } });
    expect(seen[0]?.url).toBe('https://api.example.test/api/posts/1');
    expect(seen[0]?.init).toMatchObject({
      method: 'PUT',
      body: '{"a":1}',
      credentials: 'include',
      headers: { Authorization: 'Bearer t0k', 'Idempotency-Key': 'k1', 'Content-Type': 'application/json', Accept: 'application/json' },
    });
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ message: 'Busy' });

    // A change made on a version sends it as If-Match beside the key.
    await send({ id: 'k2', method: 'PUT', url: '/api/t/1', body: {}, headers: { 'Idempotency-Key': 'k2', 'If-Match': '"r3"' } });
    expect(seen[1]?.init?.headers).toMatchObject({ 'Idempotency-Key': 'k2', 'If-Match': '"r3"' });

    const item = await outbox.enqueue(createPost, { id: 'a', caption: 'hi' });
    await outbox.drain({ send });
    expect(await db.outbox.get(item.id)).toMatchObject({ status: 'pending', nextAttemptAt: clock.now() + 7_000, lastError: 'Busy' });
  });
});
