import 'fake-indexeddb/auto';
import { Dexie, type Table } from 'dexie';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOutbox, type OutboxItem } from '../../src/sync/outbox';
import { createCollectionSync, pendingInOutbox, startPullScheduler, type CollectionSync, type PullResponse, type PullResult, type SyncStateRow } from '../../src/sync/pull';
import { createMutationRegistry } from '../../src/sync/registry';
import { createFakeClock } from '../../src/sync/testing';

interface Script {
  id: string;
  title: string;
}

type TestDb = Dexie & { scripts: Table<Script, string>; syncState: Table<SyncStateRow, string>; outbox: Table<OutboxItem, string> };

let db: TestDb;
const clock = createFakeClock();

beforeEach(() => {
  db = new Dexie(`sync-pull-${crypto.randomUUID()}`) as TestDb;
  db.version(1).stores({ scripts: 'id', syncState: 'collection', outbox: 'id, status, [entityKey+createdAt], nextAttemptAt' });
});

afterEach(async () => {
  await db.delete();
});

function server(initial: Script[], etag = 'v1') {
  const calls: Array<string | null> = [];
  const state = { items: initial, etag };
  const fetch = (ifNoneMatch: string | null): Promise<PullResponse<Script>> => {
    calls.push(ifNoneMatch);
    if (ifNoneMatch !== null && ifNoneMatch === state.etag) return Promise.resolve({ status: 304 });
    return Promise.resolve({ status: 200, items: state.items.map((s) => ({ ...s })), etag: state.etag });
  };
  return { fetch, calls, state };
}

describe('createCollectionSync', () => {
  it('upserts, removes what the server no longer has, and records syncedAt and etag', async () => {
    await db.scripts.bulkPut([
      { id: 'a', title: 'old a' },
      { id: 'gone', title: 'deleted on the server' },
    ]);
    const api = server([
      { id: 'a', title: 'new a' },
      { id: 'b', title: 'b' },
    ]);
    const sync = createCollectionSync({ collection: 'scripts', table: db.scripts, syncState: db.syncState, fetch: api.fetch, key: (s) => s.id, now: clock.now });
    const result = await sync.run();
    expect(result).toMatchObject({ collection: 'scripts', status: 200, upserted: 2, removed: 1, keptPending: 0 });
    expect(await db.scripts.orderBy('id').toArray()).toEqual([
      { id: 'a', title: 'new a' },
      { id: 'b', title: 'b' },
    ]);
    expect(await db.syncState.get('scripts')).toEqual({ collection: 'scripts', syncedAt: new Date(clock.now()).toISOString(), etag: 'v1' });
    expect(api.calls).toEqual([null]);
  });

  it('sends the stored etag and treats 304 as "nothing changed"', async () => {
    const api = server([{ id: 'a', title: 'a' }]);
    const sync = createCollectionSync({ collection: 'scripts', table: db.scripts, syncState: db.syncState, fetch: api.fetch, key: (s) => s.id, now: clock.now });
    await sync.run();
    clock.advance(60_000);
    const result = await sync.run();
    expect(result).toMatchObject({ status: 304, upserted: 0, removed: 0 });
    expect(api.calls).toEqual([null, 'v1']);
    expect(await db.scripts.count()).toBe(1);
    expect(await db.syncState.get('scripts')).toEqual({ collection: 'scripts', syncedAt: new Date(clock.now()).toISOString(), etag: 'v1' });

    api.state.items = [];
    api.state.etag = 'v2';
    await sync.run();
    expect(await db.scripts.count()).toBe(0);
    expect((await db.syncState.get('scripts'))?.etag).toBe('v2');
  });

  it('never removes or overwrites rows with pending local changes', async () => {
    await db.scripts.bulkPut([
      { id: 'local-new', title: 'created offline' },
      { id: 'edited', title: 'edited offline' },
      { id: 'stale', title: 'stale' },
    ]);
    const api = server([
      { id: 'edited', title: 'server version' },
      { id: 'fresh', title: 'fresh' },
    ]);
    const pendingIds = new Set(['local-new', 'edited']);
    const sync = createCollectionSync({
      collection: 'scripts',
      table: db.scripts,
      syncState: db.syncState,
      fetch: api.fetch,
      key: (s) => s.id,
      isLocallyPending: (id) => pendingIds.has(id),
    });
    const result = await sync.run();
    expect(result).toMatchObject({ upserted: 1, removed: 1, keptPending: 2 });
    expect(await db.scripts.orderBy('id').toArray()).toEqual([
      { id: 'edited', title: 'edited offline' },
      { id: 'fresh', title: 'fresh' },
      { id: 'local-new', title: 'created offline' },
    ]);
  });

  it('does not resurrect a row whose local delete is still pending', async () => {
    const api = server([{ id: 'deleted-offline', title: 'server copy' }]);
    const sync = createCollectionSync({
      collection: 'scripts',
      table: db.scripts,
      syncState: db.syncState,
      fetch: api.fetch,
      key: (s) => s.id,
      isLocallyPending: (id) => id === 'deleted-offline',
    });
    const result = await sync.run();
    expect(result).toMatchObject({ upserted: 0, removed: 0 });
    expect(await db.scripts.count()).toBe(0);
  });

  it('pendingInOutbox reads the outbox inside the pull transaction', async () => {
    const registry = createMutationRegistry();
    const save = registry.define({
      kind: 'script.save',
      schemaVersion: 1,
      entityKey: (p: Script) => `script:${p.id}`,
      toRequest: (p: Script) => ({ method: 'POST', url: '/api/scripts', body: p }),
    });
    const outbox = createOutbox({ table: db.outbox, registry, locks: null });
    await db.scripts.bulkPut([
      { id: 'mine', title: 'created offline' },
      { id: 'other', title: 'deleted elsewhere' },
    ]);
    await outbox.enqueue(save, { id: 'mine', title: 'created offline' });
    const sync = createCollectionSync({
      collection: 'scripts',
      table: db.scripts,
      syncState: db.syncState,
      fetch: server([]).fetch,
      key: (s) => s.id,
      ...pendingInOutbox(db.outbox, (id: string) => `script:${id}`),
    });
    const result = await sync.run();
    expect(result).toMatchObject({ removed: 1, keptPending: 1 });
    expect(await db.scripts.toArray()).toEqual([{ id: 'mine', title: 'created offline' }]);
  });

  it('property: afterwards the table is the server list, except pending rows, which are untouched', async () => {
    const ids = fc.constantFrom<string>('a', 'b', 'c', 'd', 'e', 'f');
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(ids, { maxLength: 6 }),
        fc.uniqueArray(ids, { maxLength: 6 }),
        fc.uniqueArray(ids, { maxLength: 6 }),
        async (localIds, serverIds, pendingIds) => {
          await db.scripts.clear();
          await db.syncState.clear();
          await db.scripts.bulkPut(localIds.map((id) => ({ id, title: `local ${id}` })));
          const pending = new Set(pendingIds);
          const sync = createCollectionSync({
            collection: 'scripts',
            table: db.scripts,
            syncState: db.syncState,
            fetch: server(serverIds.map((id) => ({ id, title: `server ${id}` }))).fetch,
            key: (s) => s.id,
            isLocallyPending: (id) => pending.has(id),
          });
          await sync.run();
          const rows = new Map((await db.scripts.toArray()).map((r) => [r.id, r.title]));
          for (const id of ['a', 'b', 'c', 'd', 'e', 'f']) {
            const expected = pending.has(id)
              ? localIds.includes(id) ? `local ${id}` : undefined
              : serverIds.includes(id) ? `server ${id}` : undefined;
            expect(rows.get(id)).toBe(expected);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a failed fetch changes nothing', async () => {
    await db.scripts.put({ id: 'a', title: 'a' });
    const sync = createCollectionSync({
      collection: 'scripts',
      table: db.scripts,
      syncState: db.syncState,
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
      key: (s) => s.id,
    });
    await expect(sync.run()).rejects.toThrow('Failed to fetch');
    expect(await db.scripts.count()).toBe(1);
    expect(await db.syncState.count()).toBe(0);
  });
});

describe('startPullScheduler', () => {
  function fakeSync(collection: string, options: { fail?: boolean } = {}) {
    let running = 0;
    const stats = { runs: 0, maxConcurrent: 0 };
    const sync: CollectionSync = {
      collection,
      async run(): Promise<PullResult> {
        stats.runs += 1;
        running += 1;
        stats.maxConcurrent = Math.max(stats.maxConcurrent, running);
        await new Promise<void>((resolve) => setTimeout(resolve, 5));
        running -= 1;
        if (options.fail) throw new Error(`${collection} failed`);
        return { collection, status: 200, upserted: 0, removed: 0, keptPending: 0, syncedAt: new Date(0).toISOString() };
      },
    };
    return { sync, stats };
  }

  const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 30));

  it('runs on demand, all or by name, and reports results', async () => {
    const a = fakeSync('a');
    const b = fakeSync('b');
    const onSynced = vi.fn();
    const scheduler = startPullScheduler({ syncs: [a.sync, b.sync], interval: 0, target: null, visibilityTarget: null, onSynced });
    const all = await scheduler.run();
    expect(all.map((r) => r?.collection)).toEqual(['a', 'b']);
    await scheduler.run('b');
    expect([a.stats.runs, b.stats.runs]).toEqual([1, 2]);
    expect(onSynced).toHaveBeenCalledTimes(3);
    scheduler.stop();
  });

  it('never runs one collection twice at once; a trigger during a run queues one more run', async () => {
    const a = fakeSync('a');
    const scheduler = startPullScheduler({ syncs: [a.sync], interval: 0, target: null, visibilityTarget: null });
    const first = scheduler.run();
    await new Promise<void>((resolve) => setTimeout(resolve, 1));
    expect(a.stats.runs).toBe(1);
    await Promise.all([first, scheduler.run(), scheduler.run('a'), scheduler.run()]);
    expect(a.stats.maxConcurrent).toBe(1);
    expect(a.stats.runs).toBe(2);
    scheduler.stop();
  });

  it('a trigger while the pull is still waiting for its turn shares it (it has not asked the server yet)', async () => {
    const a = fakeSync('a');
    const b = fakeSync('b');
    const c = fakeSync('c');
    const scheduler = startPullScheduler({ syncs: [a.sync, b.sync, c.sync], interval: 0, target: null, visibilityTarget: null, concurrency: 1 });
    const all = scheduler.run();
    await new Promise<void>((resolve) => setTimeout(resolve, 1));
    // 'a' is running, 'c' waits for its turn.
    expect([a.stats.runs, c.stats.runs]).toEqual([1, 0]);
    await Promise.all([all, scheduler.run('c'), scheduler.run(['c', 'b'])]);
    expect([a.stats.runs, b.stats.runs, c.stats.runs]).toEqual([1, 1, 1]);
    // Same tick, before anything started: one run.
    await Promise.all([scheduler.run('a'), scheduler.run('a')]);
    expect(a.stats.runs).toBe(2);
    scheduler.stop();
  });

  it('reports errors per collection and goes on with the others', async () => {
    const bad = fakeSync('bad', { fail: true });
    const good = fakeSync('good');
    const onError = vi.fn();
    const scheduler = startPullScheduler({ syncs: [bad.sync, good.sync], interval: 0, target: null, visibilityTarget: null, onError });
    const results = await scheduler.run();
    expect(results.map((r) => r?.collection ?? null)).toEqual([null, 'good']);
    expect(onError).toHaveBeenCalledWith(expect.any(Error), 'bad');
    await scheduler.run('nope');
    expect(onError).toHaveBeenLastCalledWith(expect.any(Error), 'nope');
    scheduler.stop();
  });

  it("runs on 'online', 'focus' and visibilitychange to visible, not while offline or hidden, and stop() ends it", async () => {
    const a = fakeSync('a');
    const target = new EventTarget();
    const doc = new EventTarget();
    let online = true;
    let visible = true;
    const scheduler = startPullScheduler({ syncs: [a.sync], interval: 0, target, visibilityTarget: doc, isOnline: () => online, isVisible: () => visible });
    target.dispatchEvent(new Event('online'));
    await settle();
    expect(a.stats.runs).toBe(1);
    target.dispatchEvent(new Event('focus'));
    await settle();
    expect(a.stats.runs).toBe(2);
    visible = false;
    doc.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(a.stats.runs).toBe(2);
    visible = true;
    doc.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(a.stats.runs).toBe(3);
    online = false;
    target.dispatchEvent(new Event('focus'));
    await settle();
    expect(a.stats.runs).toBe(3);
    online = true;
    scheduler.stop();
    target.dispatchEvent(new Event('online'));
    doc.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(a.stats.runs).toBe(3);
  });

  it('pulls two collections at a time by default, each in a task of its own, and finishes them all', async () => {
    let running = 0;
    let peak = 0;
    const order: string[] = [];
    const syncs: CollectionSync[] = ['a', 'b', 'c', 'd', 'e'].map((collection) => ({
      collection,
      async run(): Promise<PullResult> {
        running += 1;
        peak = Math.max(peak, running);
        order.push(collection);
        await new Promise<void>((resolve) => setTimeout(resolve, 5));
        running -= 1;
        return { collection, status: 200, upserted: 0, removed: 0, keptPending: 0, syncedAt: new Date(0).toISOString() };
      },
    }));
    const scheduler = startPullScheduler({ syncs, interval: 0, target: null, visibilityTarget: null });
    const pending = scheduler.run();
    // Nothing runs inside the caller's task.
    expect(order).toEqual([]);
    const results = await pending;
    expect(results.map((result) => result?.collection)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(order).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(peak).toBe(2);

    const one = startPullScheduler({ syncs, interval: 0, target: null, visibilityTarget: null, concurrency: 1 });
    peak = 0;
    await one.run();
    expect(peak).toBe(1);
    scheduler.stop();
    one.stop();
  });

  it('stop() keeps the queued pulls from running (a sign-out wipes the store right after)', async () => {
    const ran: string[] = [];
    const syncs: CollectionSync[] = ['a', 'b', 'c', 'd'].map((collection) => ({
      collection,
      async run(): Promise<PullResult> {
        ran.push(collection);
        await new Promise<void>((resolve) => setTimeout(resolve, 5));
        return { collection, status: 200, upserted: 0, removed: 0, keptPending: 0, syncedAt: new Date(0).toISOString() };
      },
    }));
    const onSynced = vi.fn();
    const scheduler = startPullScheduler({ syncs, interval: 0, target: null, visibilityTarget: null, onSynced });
    const pending = scheduler.run();
    await new Promise<void>((resolve) => setTimeout(resolve, 1));
    expect(ran).toEqual(['a', 'b']);
    scheduler.stop();
    expect((await pending).map((result) => result?.collection ?? null)).toEqual(['a', 'b', null, null]);
    expect(ran).toEqual(['a', 'b']);
    expect(onSynced).toHaveBeenCalledTimes(2);
  });

  it('runs on an interval, skipping ticks while offline', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const a = fakeSync('a');
      let online = true;
      const scheduler = startPullScheduler({ syncs: [a.sync], interval: 60_000, target: null, visibilityTarget: null, isOnline: () => online, isVisible: () => true });
      vi.advanceTimersByTime(59_999);
      expect(a.stats.runs).toBe(0);
      vi.advanceTimersByTime(1);
      // A pull starts in a task of its own (yieldToMain), right after the tick.
      await new Promise<void>((resolve) => setTimeout(resolve, 1));
      expect(a.stats.runs).toBe(1);
      online = false;
      vi.advanceTimersByTime(60_000);
      expect(a.stats.runs).toBe(1);
      online = true;
      await settle();
      vi.advanceTimersByTime(60_000);
      await new Promise<void>((resolve) => setTimeout(resolve, 1));
      expect(a.stats.runs).toBe(2);
      scheduler.stop();
      await settle();
      vi.advanceTimersByTime(600_000);
      expect(a.stats.runs).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
