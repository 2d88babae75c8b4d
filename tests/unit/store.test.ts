import { afterEach, describe, expect, it, vi } from 'vitest';
import Dexie from 'dexie';
import {
  CACHED_COLLECTIONS,
  SCHEMA_VERSION,
  clearLocalStore,
  db,
  guardStorage,
  isQuotaError,
  permissionsRepo,
  requestPersistentStorage,
  sessionRepo,
  storageState,
} from '../../src/store';

afterEach(async () => {
  storageState.quotaExceeded = false;
  storageState.lastError = null;
  storageState.persisted = null;
  vi.restoreAllMocks();
  await clearLocalStore();
});

describe('schema', () => {
  it('has the session, permissions, cached collections, outbox and syncState tables', async () => {
    await db.open();
    expect(db.verno).toBe(SCHEMA_VERSION);
    const names = db.tables.map((t) => t.name).sort();
    expect(names).toEqual(['outbox', 'permissions', 'plans', 'publishVideos', 'session', 'syncState', 'usage', 'voices', 'uploads', 'captionStyles', 'scriptWriter', 'seriesEpisodes', 'editorDrafts', ...CACHED_COLLECTIONS].sort());
    const outbox = db.table('outbox').schema;
    expect(outbox.primKey.name).toBe('id');
    expect(outbox.indexes.map((i) => i.name)).toEqual(expect.arrayContaining(['status', '[entityKey+createdAt]']));
  });

  it('outbox items are found by status and ordered per entity', async () => {
    const base = { kind: 'post.create', method: 'POST' as const, url: '/api/create/post', body: {}, payload: {}, schemaVersion: 1, attempts: 0, nextAttemptAt: 0, lastError: null };
    await db.outbox.bulkAdd([
      { ...base, id: 'b', entityKey: 'post:1', createdAt: '2026-01-02T00:00:00Z', status: 'pending' },
      { ...base, id: 'a', entityKey: 'post:1', createdAt: '2026-01-01T00:00:00Z', status: 'pending' },
      { ...base, id: 'c', entityKey: 'post:2', createdAt: '2026-01-01T00:00:00Z', status: 'failed' },
    ]);
    expect((await db.outbox.where('status').equals('pending').toArray()).map((i) => i.id).sort()).toEqual(['a', 'b']);
    const ordered = await db.outbox.where('[entityKey+createdAt]').between(['post:1', Dexie.minKey], ['post:1', Dexie.maxKey]).toArray();
    expect(ordered.map((i) => i.id)).toEqual(['a', 'b']);
  });
});

describe('repositories', () => {
  it('session rows round-trip and null removes', async () => {
    await sessionRepo.save({ token: 't', user: null, credits: 3 });
    expect(await sessionRepo.load()).toEqual({ token: 't', user: null, credits: 3 });
    await sessionRepo.set('token', null);
    expect(await sessionRepo.get('token')).toBeNull();
  });

  it('permissions are cached per user', async () => {
    await permissionsRepo.put(1, { can_create_video: true, allowed_art_styles: ['anime'] });
    expect(await permissionsRepo.get(1)).toEqual({ can_create_video: true, allowed_art_styles: ['anime'] });
    expect(await permissionsRepo.get(2)).toBeNull();
  });

  it('clearLocalStore empties every table', async () => {
    await sessionRepo.save({ token: 't', user: null, credits: 1 });
    await db.series.put({ id: 's1' } as never);
    await db.syncState.put({ collection: 'videos', syncedAt: null, etag: null });
    await clearLocalStore();
    for (const table of db.tables) expect(await table.count()).toBe(0);
  });
});

describe('storage health', () => {
  it('recognises quota errors directly and as inner of Dexie errors', () => {
    const quota = new DOMException('full', 'QuotaExceededError');
    expect(isQuotaError(quota)).toBe(true);
    expect(isQuotaError(new Dexie.AbortError('aborted', quota))).toBe(true);
    expect(isQuotaError({ name: 'DatabaseClosedError', inner: { name: 'QuotaExceededError' } })).toBe(true);
    expect(isQuotaError(new Error('other'))).toBe(false);
  });

  it('a quota failure raises the visible flag and is rethrown', async () => {
    const quota = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    await expect(guardStorage(() => Promise.reject(quota))).rejects.toBe(quota);
    expect(storageState.quotaExceeded).toBe(true);
    expect(storageState.lastError).toBe('The quota has been exceeded.');
  });

  it('a quota failure inside a repository write shows up too', async () => {
    vi.spyOn(db.permissions, 'put').mockRejectedValue(new Dexie.AbortError('Transaction aborted', new DOMException('full', 'QuotaExceededError')));
    await expect(permissionsRepo.put(1, {})).rejects.toBeDefined();
    expect(storageState.quotaExceeded).toBe(true);
  });

  it('other failures do not raise the quota flag', async () => {
    await expect(guardStorage(() => Promise.reject(new Error('nope')))).rejects.toThrow('nope');
    expect(storageState.quotaExceeded).toBe(false);
  });

  it('requestPersistentStorage records the answer and never throws', async () => {
    const persist = vi.fn().mockResolvedValue(true);
    vi.stubGlobal('navigator', { ...navigator, storage: { persist } });
    requestPersistentStorage();
    await vi.waitFor(() => expect(storageState.persisted).toBe(true));
    vi.stubGlobal('navigator', { ...navigator, storage: { persist: vi.fn().mockRejectedValue(new Error('denied')) } });
    expect(() => requestPersistentStorage()).not.toThrow();
    vi.stubGlobal('navigator', { ...navigator, storage: undefined });
    expect(() => requestPersistentStorage()).not.toThrow();
    vi.unstubAllGlobals();
  });
});
