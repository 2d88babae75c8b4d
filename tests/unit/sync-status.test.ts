import 'fake-indexeddb/auto';
import { Dexie, type Table } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOutbox, type Outbox, type OutboxItem, type OutboxResponse } from '../../src/sync/outbox';
import type { SyncStateRow } from '../../src/sync/pull';
import { createMutationRegistry } from '../../src/sync/registry';
import { createSyncStatus, type SyncStatus } from '../../src/sync/status';
import { createFakeClock } from '../../src/sync/testing';

type TestDb = Dexie & { outbox: Table<OutboxItem, string>; syncState: Table<SyncStateRow, string> };

let db: TestDb;
let outbox: Outbox;
const registry = createMutationRegistry();
const note = registry.define({
  kind: 'note',
  schemaVersion: 1,
  entityKey: (p: { id: string }) => `note:${p.id}`,
  toRequest: (p: { id: string }) => ({ method: 'POST', url: '/api/notes', body: p }),
});
const clock = createFakeClock();
const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 20));
const answer = (status: number) => (): Promise<OutboxResponse> => Promise.resolve({ status, body: { message: `status ${status}` } });

beforeEach(() => {
  db = new Dexie(`sync-status-${crypto.randomUUID()}`) as TestDb;
  db.version(1).stores({ outbox: 'id, status, [entityKey+createdAt], nextAttemptAt', syncState: 'collection' });
  outbox = createOutbox({ table: db.outbox, registry, now: clock.now, random: () => 0.5, locks: null });
});

afterEach(async () => {
  await db.delete();
});

describe('createSyncStatus', () => {
  it('follows online/offline events', async () => {
    const target = new EventTarget();
    let online = false;
    const status = createSyncStatus({ target, isOnline: () => online });
    expect(status.get().online).toBe(false);
    const seen: boolean[] = [];
    status.subscribe((s) => seen.push(s.online));
    online = true;
    target.dispatchEvent(new Event('online'));
    online = false;
    target.dispatchEvent(new Event('offline'));
    await flush();
    expect(seen).toEqual([true, false]);
    status.stop();
  });

  it("an 'offline' event while a refresh is reading the tables is not undone by that refresh", async () => {
    const target = new EventTarget();
    let online = true;
    const status = createSyncStatus({ outbox, syncState: db.syncState, target, isOnline: () => online });
    await flush();
    // The refresh starts online and reads the outbox and sync state (awaits)...
    const reading = status.refresh();
    // ...while the device goes offline.
    online = false;
    target.dispatchEvent(new Event('offline'));
    expect(status.get().online).toBe(false);
    await reading;
    expect(status.get().online).toBe(false);
    status.stop();
  });

  it('tracks pending, failed, auth-required and draining from the outbox', async () => {
    const status = createSyncStatus({ outbox, target: null, isOnline: () => true });
    const drainingSeen: boolean[] = [];
    status.subscribe((s) => drainingSeen.push(s.draining));
    await outbox.enqueue(note, { id: '1' });
    await outbox.enqueue(note, { id: '2' });
    await flush();
    expect(status.get()).toMatchObject({ pendingCount: 2, failedCount: 0, authRequired: false, draining: false });

    await outbox.drain({ send: answer(422) });
    await flush();
    expect(status.get()).toMatchObject({ pendingCount: 0, failedCount: 2 });
    expect(drainingSeen).toContain(true);

    for (const item of await outbox.list()) await outbox.retry(item.id);
    await outbox.drain({ send: answer(401) });
    await flush();
    expect(status.get()).toMatchObject({ pendingCount: 2, failedCount: 0, authRequired: true, draining: false });

    await outbox.resumeAfterSignIn();
    await outbox.drain({ send: answer(200) });
    await flush();
    expect(status.get()).toMatchObject({ pendingCount: 0, failedCount: 0, authRequired: false, draining: false });
    status.stop();
  });

  it('reads lastSyncedAt from syncState and from pull results', async () => {
    await db.syncState.bulkPut([
      { collection: 'scripts', syncedAt: '2026-01-01T10:00:00.000Z', etag: null },
      { collection: 'videos', syncedAt: '2026-01-01T11:00:00.000Z', etag: 'x' },
      { collection: 'posts', syncedAt: null, etag: null },
    ]);
    const status = createSyncStatus({ syncState: db.syncState, target: null });
    await status.refresh();
    expect(status.get().lastSyncedAt).toBe('2026-01-01T11:00:00.000Z');
    status.notePull({ syncedAt: '2026-01-01T12:00:00.000Z' });
    expect(status.get().lastSyncedAt).toBe('2026-01-01T12:00:00.000Z');
    status.notePull({ syncedAt: '2026-01-01T09:00:00.000Z' });
    expect(status.get().lastSyncedAt).toBe('2026-01-01T12:00:00.000Z');
    status.stop();
  });

  it('keeps the same snapshot while nothing changes, and stops notifying after stop()', async () => {
    const status = createSyncStatus({ outbox, target: null, isOnline: () => true });
    await status.refresh();
    const first: SyncStatus = status.get();
    await status.refresh();
    expect(status.get()).toBe(first);
    let calls = 0;
    const unsubscribe = status.subscribe(() => (calls += 1));
    unsubscribe();
    await outbox.enqueue(note, { id: '1' });
    await flush();
    expect(calls).toBe(0);
    expect(status.get().pendingCount).toBe(1);
    status.stop();
    await outbox.enqueue(note, { id: '2' });
    await flush();
    expect(status.get().pendingCount).toBe(1);
  });
});
