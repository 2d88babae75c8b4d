import 'fake-indexeddb/auto';
import { Dexie, type Table } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { drainForBackgroundSync, startDrainScheduler } from '../../src/sync/drain-scheduler';
import { createOutbox, type Outbox, type OutboxItem } from '../../src/sync/outbox';
import { createMutationRegistry } from '../../src/sync/registry';
import { createIdempotentServer, type Fault } from '../../src/sync/testing';

type TestDb = Dexie & { outbox: Table<OutboxItem, string> };

const registry = createMutationRegistry();
const note = registry.define({
  kind: 'note',
  schemaVersion: 1,
  entityKey: (p: { id: string }) => `note:${p.id}`,
  toRequest: (p: { id: string }) => ({ method: 'POST', url: '/api/notes', body: p }),
});

let db: TestDb;
let outbox: Outbox;
const wait = (ms = 40) => new Promise<void>((resolve) => setTimeout(resolve, ms));

beforeEach(() => {
  db = new Dexie(`sync-drain-scheduler-${crypto.randomUUID()}`) as TestDb;
  db.version(1).stores({ outbox: 'id, status, [entityKey+createdAt], nextAttemptAt' });
  // random 0: the backoff is 0 ms, so the wake-up timer fires at once.
  outbox = createOutbox({ table: db.outbox, registry, random: () => 0, locks: null });
});

afterEach(async () => {
  await db.delete();
});

describe('startDrainScheduler', () => {
  it('drains on start, on enqueue, and again when the backoff expires', async () => {
    await outbox.enqueue(note, { id: 'early' });
    const faults: Fault[] = [{ type: 'ok' }, { type: 'status', status: 503 }];
    const server = createIdempotentServer({ fault: () => faults.shift() ?? { type: 'ok' } });
    const scheduler = startDrainScheduler({ outbox, deps: { send: server.send }, interval: 0, target: null, visibilityTarget: null, isOnline: () => true, backgroundSyncTag: null });
    await expect.poll(() => server.applied.length, { timeout: 5_000 }).toBe(1);
    await outbox.enqueue(note, { id: 'later' });
    // First attempt got a 503, the wake-up timer retried it.
    await expect.poll(() => server.applied.length, { timeout: 5_000 }).toBe(2);
    expect(server.requests).toHaveLength(3);
    expect(await db.outbox.count()).toBe(0);
    scheduler.stop();
  });

  it("waits while offline and drains on 'online' and on becoming visible", async () => {
    const target = new EventTarget();
    const doc = new EventTarget();
    let online = false;
    let visible = true;
    const server = createIdempotentServer();
    const scheduler = startDrainScheduler({ outbox, deps: () => ({ send: server.send }), interval: 0, target, visibilityTarget: doc, isOnline: () => online, isVisible: () => visible, backgroundSyncTag: null });
    await outbox.enqueue(note, { id: '1' });
    await wait();
    expect(server.requests).toHaveLength(0);
    online = true;
    target.dispatchEvent(new Event('online'));
    await expect.poll(() => server.applied.length, { timeout: 5_000 }).toBe(1);

    scheduler.stop();
    online = false;
    visible = false;
    const again = startDrainScheduler({ outbox, deps: { send: server.send }, interval: 0, target, visibilityTarget: doc, isOnline: () => online, isVisible: () => visible, immediate: false, backgroundSyncTag: null });
    await outbox.enqueue(note, { id: '2' });
    await wait();
    online = true;
    doc.dispatchEvent(new Event('visibilitychange'));
    await wait();
    expect(server.applied).toHaveLength(1);
    visible = true;
    doc.dispatchEvent(new Event('visibilitychange'));
    await expect.poll(() => server.applied.length, { timeout: 5_000 }).toBe(2);
    expect(await db.outbox.count()).toBe(0);
    again.stop();
  });

  it('picks up the backoff another drainer (the service worker) left behind once that drainer is done', async () => {
    // The "worker": its own outbox on the same table and lock, backoff 500 ms after a 503.
    const worker = createOutbox({ table: db.outbox, registry, random: () => 0.5, locks: null });
    await worker.enqueue(note, { id: 'queued' });
    let release = () => {};
    const slow = new Promise<void>((resolve) => (release = resolve));
    const faults: Fault[] = [{ type: 'status', status: 503 }];
    const server = createIdempotentServer({ delay: () => slow, fault: () => faults.shift() ?? { type: 'ok' } });
    // One worker drain holds the lock and a second one waits behind it: the page gets no turn.
    const first = worker.drain({ send: server.send });
    const second = worker.drain({ send: server.send });
    await expect.poll(() => server.requests.length, { timeout: 5_000 }).toBe(1);
    const scheduler = startDrainScheduler({ outbox, deps: { send: server.send }, interval: 0, target: null, visibilityTarget: null, isOnline: () => true, backgroundSyncTag: null });
    await wait();
    expect(server.requests).toHaveLength(1);
    release();
    await Promise.all([first, second]);
    // The worker's pass ended with the item in backoff; the page drains it when that expires.
    expect(server.applied).toHaveLength(0);
    await expect.poll(() => server.applied.length, { timeout: 3_000 }).toBe(1);
    expect(await db.outbox.count()).toBe(0);
    scheduler.stop();
  });

  it('drainNow works while offline (a manual retry) and stop() ends everything', async () => {
    const server = createIdempotentServer();
    const scheduler = startDrainScheduler({ outbox, deps: { send: server.send }, interval: 0, target: null, visibilityTarget: null, isOnline: () => false, backgroundSyncTag: null });
    await outbox.enqueue(note, { id: '1' });
    await wait();
    expect(server.requests).toHaveLength(0);
    const result = await scheduler.drainNow();
    expect(result?.delivered).toBe(1);
    scheduler.stop();
    expect(await scheduler.drainNow()).toBeNull();
  });
});

describe('drainForBackgroundSync', () => {
  it('rejects while changes wait (so the browser retries) and resolves when nothing is left to send', async () => {
    await outbox.enqueue(note, { id: '1' });
    const down = createIdempotentServer({ fault: () => ({ type: 'network' }) });
    await expect(drainForBackgroundSync(outbox, { send: down.send })).rejects.toThrow(/still waiting/);
    const refused = createIdempotentServer({ fault: () => ({ type: 'status', status: 422 }) });
    await expect(drainForBackgroundSync(outbox, { send: refused.send })).resolves.toMatchObject({ failed: 1 });
    await outbox.enqueue(note, { id: '2' });
    const expired = createIdempotentServer({ fault: () => ({ type: 'status', status: 401 }) });
    await expect(drainForBackgroundSync(outbox, { send: expired.send })).resolves.toMatchObject({ authRequired: true });
  });
});
