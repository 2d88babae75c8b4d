import 'fake-indexeddb/auto';
import { Dexie, type Table } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACKOFF_CAP_MS } from '../../src/sync/backoff';
import type { LockManagerLike } from '../../src/sync/lock';
import { createOutbox, type Outbox, type OutboxEvent, type OutboxItem, type OutboxRequest, type OutboxResponse } from '../../src/sync/outbox';
import { createMutationRegistry, type MutationRegistry } from '../../src/sync/registry';
import { createFakeClock, createIdempotentServer, type FakeClock } from '../../src/sync/testing';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let db: Dexie & { outbox: Table<OutboxItem, string> };
let clock: FakeClock;
let registry: MutationRegistry;
let outbox: Outbox;

const saveScript = () =>
  registry.define({
    kind: 'script.save',
    schemaVersion: 2,
    entityKey: (p: { id: string; title: string }) => `script:${p.id}`,
    toRequest: (p: { id: string; title: string }) => ({ method: 'PUT', url: `/api/scripts/${p.id}`, body: { title: p.title } }),
  });

function makeDb(): Dexie & { outbox: Table<OutboxItem, string> } {
  const d = new Dexie(`sync-outbox-${crypto.randomUUID()}`) as Dexie & { outbox: Table<OutboxItem, string> };
  d.version(1).stores({ outbox: 'id, status, [entityKey+createdAt], nextAttemptAt' });
  return d;
}

function reply(status: number, body?: unknown, headers: Record<string, string> = {}): OutboxResponse {
  return { status, statusText: `Status ${status}`, headers, body };
}

/** A transport answering from a queue of scripted outcomes (then 200). */
function scripted(...outcomes: Array<OutboxResponse | 'network'>) {
  const requests: OutboxRequest[] = [];
  const send = (request: OutboxRequest): Promise<OutboxResponse> => {
    requests.push(request);
    const next = outcomes.shift() ?? reply(200, { ok: true });
    return next === 'network' ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(next);
  };
  return { send, requests };
}

beforeEach(() => {
  db = makeDb();
  clock = createFakeClock();
  registry = createMutationRegistry();
  outbox = createOutbox({ table: db.outbox, registry, now: clock.now, random: () => 0.5, locks: null });
});

afterEach(async () => {
  await db.delete();
});

describe('enqueue', () => {
  it('stores a typed, pending row whose id is a uuid v4', async () => {
    const def = saveScript();
    const item = await outbox.enqueue(def, { id: 'abc', title: 'Hello' });
    expect(item.id).toMatch(UUID_V4);
    const row = await db.outbox.get(item.id);
    expect(row).toMatchObject({
      kind: 'script.save',
      entityKey: 'script:abc',
      method: 'PUT',
      url: '/api/scripts/abc',
      payload: { id: 'abc', title: 'Hello' },
      body: { title: 'Hello' },
      schemaVersion: 2,
      attempts: 0,
      nextAttemptAt: clock.now(),
      status: 'pending',
      lastError: null,
    });
    expect(await outbox.pendingCount()).toBe(1);
  });

  it('accepts a registered kind by name and rejects an unknown one', async () => {
    saveScript();
    await outbox.enqueue('script.save', { id: 'a', title: 't' });
    await expect(outbox.enqueue('nope', {})).rejects.toThrow(/unknown mutation kind/);
    const stranger = createMutationRegistry().define({ kind: 'elsewhere', schemaVersion: 1, entityKey: () => 'x', toRequest: () => ({ method: 'POST', url: '/x' }) });
    await expect(outbox.enqueue(stranger, {})).rejects.toThrow(/unknown mutation kind "elsewhere"/);
  });

  it('keeps enqueue order even within one millisecond', async () => {
    const def = saveScript();
    for (let i = 0; i < 5; i += 1) await outbox.enqueue(def, { id: 'a', title: String(i) });
    const titles = (await outbox.list()).map((row) => (row.payload as { title: string }).title);
    expect(titles).toEqual(['0', '1', '2', '3', '4']);
  });
});

describe('drain outcomes', () => {
  it('2xx deletes the item and reports the response to onDelivered, with Idempotency-Key = id', async () => {
    const def = saveScript();
    const item = await outbox.enqueue(def, { id: 'a', title: 'x' });
    const t = scripted(reply(201, { id: 'a', title: 'x', version: 3 }));
    const delivered: Array<[OutboxItem, OutboxResponse]> = [];
    const result = await outbox.drain({ send: t.send, onDelivered: (i, r) => void delivered.push([i, r]) });
    expect(result).toMatchObject({ ran: true, delivered: 1, retrying: 0, failed: 0, authRequired: false });
    expect(t.requests).toEqual([
      { id: item.id, method: 'PUT', url: '/api/scripts/a', body: { title: 'x' }, headers: { 'Idempotency-Key': item.id } },
    ]);
    expect(await db.outbox.count()).toBe(0);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.[0].id).toBe(item.id);
    expect(delivered[0]?.[1].body).toEqual({ id: 'a', title: 'x', version: 3 });
  });

  it('an item made on a version carries If-Match, stored on the row and sent with every attempt', async () => {
    const def = registry.define({
      kind: 'timeline.save',
      schemaVersion: 1,
      entityKey: (p: { id: string; revision: number }) => `timeline:${p.id}`,
      toRequest: (p: { id: string; revision: number }) => ({ method: 'PUT', url: `/api/t/${p.id}`, body: { n: 1 }, ifMatch: `"r${p.revision}"` }),
    });
    const item = await outbox.enqueue(def, { id: 'a', revision: 4 });
    expect((await db.outbox.get(item.id))?.ifMatch).toBe('"r4"');
    const t = scripted('network', reply(200));
    await outbox.drain({ send: t.send });
    clock.advance(BACKOFF_CAP_MS);
    await outbox.drain({ send: t.send });
    expect(t.requests.map((r) => r.headers)).toEqual([
      { 'Idempotency-Key': item.id, 'If-Match': '"r4"' },
      { 'Idempotency-Key': item.id, 'If-Match': '"r4"' },
    ]);
    // A kind without a version sends no If-Match at all.
    const plainItem = await outbox.enqueue(saveScript(), { id: 'b', title: 'x' });
    expect(await db.outbox.get(plainItem.id)).not.toHaveProperty('ifMatch');
  });

  it('a refusal reaches onFailed with its response (a 412 body says what the server holds)', async () => {
    const def = saveScript();
    await outbox.enqueue(def, { id: 'a', title: 'x' });
    const failed: Array<[OutboxItem, OutboxResponse]> = [];
    await outbox.drain({ send: scripted(reply(412, { message: 'Stale.', current: { revision: 9 } })).send, onFailed: (i, r) => void failed.push([i, r]) });
    expect(failed).toHaveLength(1);
    expect(failed[0]?.[0]).toMatchObject({ status: 'failed', lastError: 'Stale.' });
    expect(failed[0]?.[1]).toMatchObject({ status: 412, body: { current: { revision: 9 } } });
  });

  it('an onDelivered error is reported but does not stop the drain', async () => {
    const def = saveScript();
    await outbox.enqueue(def, { id: 'a', title: '1' });
    await outbox.enqueue(def, { id: 'b', title: '2' });
    const onError = vi.fn();
    const result = await outbox.drain({
      send: scripted().send,
      onDelivered: () => {
        throw new Error('reconcile failed');
      },
      onError,
    });
    expect(result.delivered).toBe(2);
    expect(onError).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['500', reply(500)],
    ['503', reply(503)],
    ['network error', 'network' as const],
  ])('%s keeps the item pending with attempts+1 and a backoff', async (_name, outcome) => {
    const def = saveScript();
    const item = await outbox.enqueue(def, { id: 'a', title: 'x' });
    const t = scripted(outcome);
    const result = await outbox.drain({ send: t.send });
    expect(result.retrying).toBe(1);
    const row = await db.outbox.get(item.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    // full jitter with random 0.5 over base 1 s
    expect(row?.nextAttemptAt).toBe(clock.now() + 500);
    expect(row?.lastError).toBeTruthy();
    expect(result.nextAttemptAt).toBe(clock.now() + 500);

    // Not due yet: nothing is sent.
    await outbox.drain({ send: t.send });
    expect(t.requests).toHaveLength(1);

    clock.advance(500);
    await outbox.drain({ send: t.send });
    expect(t.requests).toHaveLength(2);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a request that never answers times out like a network error and frees the drain', async () => {
    const def = saveScript();
    const item = await outbox.enqueue(def, { id: 'a', title: 'x' });
    const hang = () => new Promise<OutboxResponse>(() => undefined);
    const result = await outbox.drain({ send: hang, timeoutMs: 20 });
    expect(result.stopped).toBe('offline');
    expect(await db.outbox.get(item.id)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Network error: No response within 20 ms' });
    clock.advance(BACKOFF_CAP_MS);
    expect((await outbox.drain({ send: scripted().send })).delivered).toBe(1);
  });

  it('treats an axios-style rejection carrying a response as that response', async () => {
    const def = saveScript();
    const item = await outbox.enqueue(def, { id: 'a', title: 'x' });
    const send = () => Promise.reject(Object.assign(new Error('Request failed with status code 422'), { response: { status: 422, data: { message: 'Title is too long' }, headers: {} } }));
    await outbox.drain({ send });
    expect(await db.outbox.get(item.id)).toMatchObject({ status: 'failed', lastError: 'Title is too long' });
  });

  it('a network error ends the pass; other entities are tried on the next drain', async () => {
    const def = saveScript();
    await outbox.enqueue(def, { id: 'a', title: 'x' });
    await outbox.enqueue(def, { id: 'b', title: 'y' });
    const t = scripted('network');
    const result = await outbox.drain({ send: t.send });
    expect(result.stopped).toBe('offline');
    expect(t.requests).toHaveLength(1);
    expect((await outbox.list()).map((r) => r.attempts)).toEqual([1, 0]);
  });

  it('429 honours Retry-After in seconds and ends the pass', async () => {
    const def = saveScript();
    const item = await outbox.enqueue(def, { id: 'a', title: 'x' });
    await outbox.enqueue(def, { id: 'b', title: 'y' });
    const t = scripted(reply(429, { message: 'Slow down' }, { 'Retry-After': '120' }));
    const result = await outbox.drain({ send: t.send });
    expect(result.stopped).toBe('rate-limited');
    expect(t.requests).toHaveLength(1);
    const row = await db.outbox.get(item.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Slow down', nextAttemptAt: clock.now() + 120_000 });
  });

  it('503 honours Retry-After as an HTTP date', async () => {
    const def = saveScript();
    const item = await outbox.enqueue(def, { id: 'a', title: 'x' });
    const at = new Date(clock.now() + 90_000).toUTCString();
    const t = scripted(reply(503, undefined, { 'retry-after': at }));
    await outbox.drain({ send: t.send });
    expect((await db.outbox.get(item.id))?.nextAttemptAt).toBe(clock.now() + 90_000);
    clock.advance(89_999);
    await outbox.drain({ send: t.send });
    expect(t.requests).toHaveLength(1);
    clock.advance(1);
    await outbox.drain({ send: t.send });
    expect(t.requests).toHaveLength(2);
  });

  it('Retry-After never shortens the backoff', async () => {
    const def = saveScript();
    const slow = createOutbox({ table: db.outbox, registry, now: clock.now, random: () => 0.99, locks: null });
    const item = await slow.enqueue(def, { id: 'a', title: 'x' });
    await db.outbox.update(item.id, { attempts: 5 });
    await slow.drain({ send: scripted(reply(429, undefined, { 'Retry-After': '1' })).send });
    // attempts 6 → ceiling 32 s; 0.99 of it beats the 1 s asked for
    expect((await db.outbox.get(item.id))?.nextAttemptAt).toBe(clock.now() + Math.floor(0.99 * 32_000));
  });

  it('401 pauses the whole queue, keeps everything, and resumes after sign-in', async () => {
    const def = saveScript();
    await outbox.enqueue(def, { id: 'a', title: '1' });
    await outbox.enqueue(def, { id: 'b', title: '2' });
    await outbox.enqueue(def, { id: 'a', title: '3' });
    const events: OutboxEvent['type'][] = [];
    outbox.subscribe((e) => events.push(e.type));
    const t = scripted(reply(401, { message: 'Unauthenticated.' }));
    const result = await outbox.drain({ send: t.send });
    expect(result).toMatchObject({ authRequired: true, stopped: 'auth-required', delivered: 0 });
    expect(events).toContain('auth-required');
    expect((await outbox.list()).map((r) => r.status)).toEqual(['auth-required', 'auth-required', 'auth-required']);
    expect((await outbox.list())[0]?.attempts).toBe(0);

    // Paused: drains send nothing, even much later; new changes join the paused queue.
    clock.advance(3_600_000);
    const again = await outbox.drain({ send: t.send });
    expect(again.authRequired).toBe(true);
    expect(t.requests).toHaveLength(1);
    const late = await outbox.enqueue(def, { id: 'c', title: '4' });
    expect(late.status).toBe('auth-required');
    expect(await outbox.counts()).toMatchObject({ pending: 4, authRequired: 4, failed: 0 });

    expect(await outbox.resumeAfterSignIn()).toBe(4);
    const resumed = await outbox.drain({ send: t.send });
    expect(resumed.delivered).toBe(4);
    expect(t.requests.slice(1).map((r) => (r.body as { title: string }).title)).toEqual(['1', '2', '3', '4']);
    expect(t.requests[1]?.headers['Idempotency-Key']).toBe(t.requests[0]?.id);
  });

  it('401 leaves failed items failed', async () => {
    const def = saveScript();
    const failed = await outbox.enqueue(def, { id: 'a', title: '1' });
    await outbox.enqueue(def, { id: 'b', title: '2' });
    await outbox.drain({ send: scripted(reply(422, { message: 'bad' }), reply(401)).send });
    expect(await db.outbox.get(failed.id)).toMatchObject({ status: 'failed', lastError: 'bad' });
    await outbox.resumeAfterSignIn();
    expect(await db.outbox.get(failed.id)).toMatchObject({ status: 'failed' });
  });

  it('other 4xx marks the item failed with the server message and blocks only its entity', async () => {
    const def = saveScript();
    const a1 = await outbox.enqueue(def, { id: 'a', title: '1' });
    const a2 = await outbox.enqueue(def, { id: 'a', title: '2' });
    const b1 = await outbox.enqueue(def, { id: 'b', title: '3' });
    const t = scripted(reply(422, { message: 'The title field is required.', errors: { title: ['required'] } }));
    const result = await outbox.drain({ send: t.send });
    expect(result).toMatchObject({ failed: 1, delivered: 1 });
    expect(t.requests.map((r) => r.id)).toEqual([a1.id, b1.id]);
    expect(await db.outbox.get(a1.id)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'The title field is required.' });
    expect(await db.outbox.get(a2.id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await outbox.counts()).toMatchObject({ pending: 1, failed: 1 });

    // Still blocked later on.
    clock.advance(600_000);
    await outbox.drain({ send: t.send });
    expect(t.requests).toHaveLength(2);

    // retry puts it back to pending, due now, and the entity flows in order.
    expect(await outbox.retry(a1.id)).toBe(true);
    expect(await db.outbox.get(a1.id)).toMatchObject({ status: 'pending', nextAttemptAt: clock.now(), lastError: null });
    await outbox.drain({ send: t.send });
    expect(t.requests.slice(2).map((r) => r.id)).toEqual([a1.id, a2.id]);
    expect(t.requests[2]?.headers['Idempotency-Key']).toBe(a1.id);
    expect(await db.outbox.count()).toBe(0);
  });

  it('discard removes a failed item and unblocks its entity', async () => {
    const def = saveScript();
    const a1 = await outbox.enqueue(def, { id: 'a', title: '1' });
    const a2 = await outbox.enqueue(def, { id: 'a', title: '2' });
    const t = scripted(reply(409, { errors: ['Version conflict'] }));
    await outbox.drain({ send: t.send });
    expect(await db.outbox.get(a1.id)).toMatchObject({ status: 'failed', lastError: 'Version conflict' });
    expect(await outbox.discard(a1.id)).toBe(true);
    expect(await outbox.discard(a1.id)).toBe(false);
    await outbox.drain({ send: t.send });
    expect(t.requests.map((r) => r.id)).toEqual([a1.id, a2.id]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('never sends a change discarded while the one before it was in flight (an Undo), even though it was claimed ahead', async () => {
    const def = saveScript();
    const a = await outbox.enqueue(def, { id: 'a', title: '1' });
    const b = await outbox.enqueue(def, { id: 'b', title: '1' });
    const c = await outbox.enqueue(def, { id: 'c', title: '1' });
    const sent: string[] = [];
    let release: () => void = () => undefined;
    const send = async (request: OutboxRequest): Promise<OutboxResponse> => {
      sent.push(request.id);
      if (request.id === a.id) {
        // While a is in flight the drainer claims b ahead; wait until it has, then discard b.
        await vi.waitFor(async () => expect((await db.outbox.get(b.id))?.status).toBe('sending'));
        expect(await outbox.discard(b.id)).toBe(true);
        await new Promise<void>((resolve) => (release = resolve));
      }
      return reply(200, { ok: true });
    };
    const draining = outbox.drain({ send });
    await vi.waitFor(() => expect(sent).toContain(a.id));
    await vi.waitFor(async () => expect(await db.outbox.get(b.id)).toBeUndefined());
    release();
    const result = await draining;
    expect(sent).toEqual([a.id, c.id]);
    expect(result.delivered).toBe(2);
    expect(await db.outbox.count()).toBe(0);
  });

  it('puts a change claimed ahead back to pending when the pass stops (offline)', async () => {
    const def = saveScript();
    await outbox.enqueue(def, { id: 'a', title: '1' });
    const b = await outbox.enqueue(def, { id: 'b', title: '1' });
    const t = scripted('network');
    const result = await outbox.drain({ send: t.send });
    expect(result.stopped).toBe('offline');
    expect(t.requests).toHaveLength(1);
    expect(await db.outbox.get(b.id)).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('a waiting item blocks later items of its entity while other entities go on', async () => {
    const def = saveScript();
    const a1 = await outbox.enqueue(def, { id: 'a', title: '1' });
    const a2 = await outbox.enqueue(def, { id: 'a', title: '2' });
    const b1 = await outbox.enqueue(def, { id: 'b', title: '3' });
    const b2 = await outbox.enqueue(def, { id: 'b', title: '4' });
    const t = scripted(reply(503));
    await outbox.drain({ send: t.send });
    expect(t.requests.map((r) => r.id)).toEqual([a1.id, b1.id, b2.id]);
    expect(await outbox.list()).toHaveLength(2);
    clock.advance(BACKOFF_CAP_MS);
    await outbox.drain({ send: t.send });
    expect(t.requests.slice(3).map((r) => r.id)).toEqual([a1.id, a2.id]);
  });

  it('sends every attempt of an item with Idempotency-Key equal to its id', async () => {
    const def = saveScript();
    const item = await outbox.enqueue(def, { id: 'a', title: 'x' });
    const t = scripted('network', reply(500), reply(429), reply(502), 'network', reply(200));
    for (let i = 0; i < 6; i += 1) {
      await outbox.drain({ send: t.send });
      clock.advance(BACKOFF_CAP_MS);
    }
    expect(t.requests).toHaveLength(6);
    for (const request of t.requests) {
      expect(request.id).toBe(item.id);
      expect(request.headers['Idempotency-Key']).toBe(item.id);
    }
    expect(await db.outbox.count()).toBe(0);
  });

  it('recovers a row left "sending" by a crash and resends it with the same key', async () => {
    const def = saveScript();
    const item = await outbox.enqueue(def, { id: 'a', title: 'x' });
    await db.outbox.update(item.id, { status: 'sending' });
    const t = scripted();
    const result = await outbox.drain({ send: t.send });
    expect(result.delivered).toBe(1);
    expect(t.requests[0]?.headers['Idempotency-Key']).toBe(item.id);
  });

  it('leaves rows of a newer schemaVersion (or an unknown kind) untouched and blocks their entity', async () => {
    const def = saveScript();
    const base = await outbox.enqueue(def, { id: 'a', title: 'x' });
    const newer: OutboxItem = { ...base, id: crypto.randomUUID(), schemaVersion: 3, status: 'sending', createdAt: new Date(clock.now() - 10).toISOString() };
    const alien: OutboxItem = { ...base, id: crypto.randomUUID(), kind: 'from.the.future', entityKey: 'x:1', schemaVersion: 1, createdAt: new Date(clock.now() - 5).toISOString() };
    await db.outbox.bulkAdd([newer, alien]);
    await outbox.enqueue(def, { id: 'b', title: 'y' });
    const t = scripted(reply(401));
    await outbox.drain({ send: t.send });
    // The 401 paused the known rows only.
    expect(await db.outbox.get(newer.id)).toEqual(newer);
    expect(await db.outbox.get(alien.id)).toEqual(alien);
    await outbox.resumeAfterSignIn();
    await outbox.retry(newer.id);
    const ok = scripted();
    const result = await outbox.drain({ send: ok.send });
    // 'a' stays blocked behind the newer row it cannot read; 'b' goes on.
    expect(ok.requests.map((r) => r.url)).toEqual(['/api/scripts/b']);
    expect(result.delivered).toBe(1);
    expect(await db.outbox.get(newer.id)).toEqual(newer);
    expect(await db.outbox.get(alien.id)).toEqual(alien);
    expect(await db.outbox.get(base.id)).toMatchObject({ status: 'pending', attempts: 0 });
  });
});

describe('owner', () => {
  it("sends only the signed-in user's items; another user's wait untouched until they are back", async () => {
    const def = saveScript();
    let user: string | null = 'alice';
    const owned = createOutbox({ table: db.outbox, registry, now: clock.now, random: () => 0.5, locks: null, owner: () => Promise.resolve(user) });
    const a1 = await owned.enqueue(def, { id: 'shared', title: 'alice 1' });
    const a2 = await owned.enqueue(def, { id: 'a', title: 'alice 2' });
    expect(a1.ownerId).toBe('alice');
    // Alice's token expires: her items pause.
    await owned.drain({ send: scripted(reply(401)).send });
    expect((await owned.list()).map((r) => r.status)).toEqual(['auth-required', 'auth-required']);

    // Bob signs in on the same device: Alice's items are neither sent, resumed nor counted for him.
    user = 'bob';
    expect(await owned.counts()).toMatchObject({ total: 0, pending: 0 });
    expect(await owned.resumeAfterSignIn()).toBe(0);
    const b1 = await owned.enqueue(def, { id: 'b', title: 'bob 1' });
    expect(b1.status).toBe('pending');
    const t = scripted();
    await owned.drain({ send: t.send });
    expect(t.requests.map((r) => r.id)).toEqual([b1.id]);
    expect(await db.outbox.get(a1.id)).toMatchObject({ status: 'auth-required', attempts: 0 });

    // Alice is back: her changes go, in order.
    user = 'alice';
    expect(await owned.resumeAfterSignIn()).toBe(2);
    await owned.drain({ send: t.send });
    expect(t.requests.slice(1).map((r) => r.id)).toEqual([a1.id, a2.id]);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('one drainer at a time', () => {
  const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

  async function fill(n: number) {
    const def = saveScript();
    for (let i = 0; i < n; i += 1) await outbox.enqueue(def, { id: `e${i % 3}`, title: String(i) });
  }

  it('concurrent drains never send one item twice at once (in-memory mutex)', async () => {
    await fill(6);
    const server = createIdempotentServer({ delay: tick });
    const second = createOutbox({ table: db.outbox, registry, now: clock.now, random: () => 0.5, locks: null });
    const results = await Promise.all([outbox.drain({ send: server.send }), second.drain({ send: server.send }), outbox.drain({ send: server.send })]);
    expect(server.maxInFlight).toBe(1);
    expect(server.overlapping).toEqual([]);
    expect(server.requests).toHaveLength(6);
    expect(results.map((r) => r.ran)).toEqual([true, true, false]);
    expect(results.reduce((n, r) => n + r.delivered, 0)).toBe(6);
  });

  it('uses navigator.locks-style ifAvailable locks when present', async () => {
    const held = new Set<string>();
    const waiting = new Map<string, Array<() => void>>();
    const calls: string[] = [];
    const locks: LockManagerLike = {
      async request<T>(name: string, ...args: unknown[]): Promise<T> {
        const callback = args[args.length - 1] as (lock: unknown) => Promise<T> | T;
        const options = args.length > 1 ? (args[0] as { ifAvailable?: boolean }) : {};
        calls.push(`${name}${options.ifAvailable ? ' ifAvailable' : ''}`);
        if (held.has(name)) {
          if (options.ifAvailable) return callback(null);
          await new Promise<void>((resolve) => waiting.set(name, [...(waiting.get(name) ?? []), resolve]));
        }
        held.add(name);
        try {
          return await callback({ name });
        } finally {
          const next = waiting.get(name)?.shift();
          if (next) next();
          else held.delete(name);
        }
      },
    };
    const locked = createOutbox({ table: db.outbox, registry, now: clock.now, random: () => 0.5, locks });
    await fill(4);
    const server = createIdempotentServer({ delay: tick });
    const results = await Promise.all([locked.drain({ send: server.send }), locked.drain({ send: server.send }), locked.drain({ send: server.send })]);
    expect(calls[0]).toBe('reelflow-outbox ifAvailable');
    expect(server.maxInFlight).toBe(1);
    expect(server.requests).toHaveLength(4);
    expect(results.map((r) => r.ran)).toEqual([true, true, false]);
  });

  it('a change enqueued while a drain runs is sent by a drain requested meanwhile', async () => {
    const def = saveScript();
    await outbox.enqueue(def, { id: 'a', title: '1' });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = createIdempotentServer({ delay: () => gate });
    const first = outbox.drain({ send: server.send });
    await tick();
    expect(outbox.isDraining()).toBe(true);
    const second = outbox.drain({ send: server.send });
    await outbox.enqueue(def, { id: 'b', title: '2' });
    release();
    await Promise.all([first, second]);
    expect(server.applied).toHaveLength(2);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('events', () => {
  it('reports state changes to subscribers until unsubscribed', async () => {
    const def = saveScript();
    const events: OutboxEvent['type'][] = [];
    const stop = outbox.subscribe((e) => events.push(e.type));
    const item = await outbox.enqueue(def, { id: 'a', title: '1' });
    await outbox.drain({ send: scripted(reply(400, { message: 'no' })).send });
    await outbox.retry(item.id);
    await outbox.discard(item.id);
    stop();
    await outbox.enqueue(def, { id: 'a', title: '2' });
    expect(events).toEqual(['enqueued', 'drain-start', 'sending', 'failed', 'drain-end', 'retried', 'discarded']);
  });
});
