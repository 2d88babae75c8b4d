// Scripts offline-first: optimistic rows, the requests they queue, what delivery and
// refusal do to the rows, retry/discard, deletes that pulls do not resurrect, and the pull fetcher
// (pages, If-None-Match / 304). Real Dexie schema over fake-indexeddb; a fake idempotent server.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Dexie from 'dexie';
import type { Script } from '../../contract';
import { clearLocalStore, db, storageState, type LocalScript } from '../../src/store';
import {
  createScriptLocally,
  createScriptsSync,
  deleteScriptLocally,
  fetchAllScripts,
  refreshScripts,
  saveGeneratedScript,
  updateScriptLocally,
} from '../../src/features/scripts/data';
import { appDrainDeps, appOutbox, discardChange, retryChange, setEngineHooks, setOutboxOwner, syncStatus, type HttpGet, type OutboxRequest } from '../../src/sync';
import { createIdempotentServer, type Fault } from '../../src/sync/testing';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function serverScript(id: string, fields: Partial<Script> = {}): Script {
  return {
    id,
    title: 'Server title',
    body: 'server body',
    prompt: null,
    language: 'english',
    video_duration: null,
    word_count: 2,
    source: 'manual',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...fields,
  };
}

/** A server that keeps scripts and answers as the real one does (body = the script). */
function scriptServer(fault: (request: OutboxRequest) => Fault = () => ({ type: 'ok' })) {
  const scripts = new Map<string, Script>();
  const server = createIdempotentServer({
    fault,
    respond: (request) => {
      const body = (request.body ?? {}) as Partial<Script>;
      if (request.method === 'POST') {
        const script = serverScript(body.id!, { ...body, word_count: 99, updated_at: '2026-02-01T00:00:00.000Z' });
        scripts.set(script.id, script);
        return script;
      }
      const id = decodeURIComponent(request.url.split('/').pop()!);
      if (request.method === 'DELETE') {
        scripts.delete(id);
        return { message: 'Script deleted.' };
      }
      const script = { ...(scripts.get(id) ?? serverScript(id)), ...body, updated_at: '2026-03-01T00:00:00.000Z' };
      scripts.set(id, script);
      return script;
    },
  });
  return { ...server, scripts };
}

async function drain(send: ReturnType<typeof scriptServer>['send']) {
  return appOutbox.drain(appDrainDeps(send));
}

async function seed(script: Script): Promise<void> {
  await saveGeneratedScript(script);
}

beforeEach(() => {
  setOutboxOwner(() => 'u1');
});

afterEach(async () => {
  setEngineHooks(null);
  setOutboxOwner(null);
  storageState.quotaExceeded = false;
  storageState.lastError = null;
  vi.restoreAllMocks();
  await clearLocalStore();
});

describe('createScriptLocally', () => {
  it('shows a pending row at once and queues POST /api/scripts with the same uuid', async () => {
    const row = await createScriptLocally({ title: 'Train idea', body: 'one two three' });
    expect(row.id).toMatch(UUID);
    expect(row).toMatchObject({ title: 'Train idea', body: 'one two three', language: 'english', video_duration: null, prompt: null, word_count: 3, syncStatus: 'pending', syncError: null, failedOutboxId: null });
    expect(await db.scripts.get(row.id)).toEqual(row);
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({ kind: 'script.create', method: 'POST', url: '/api/scripts', entityKey: `script:${row.id}`, status: 'pending', ownerId: 'u1' });
    expect(item?.body).toEqual({ id: row.id, title: 'Train idea', body: 'one two three', prompt: null, language: 'english', video_duration: null });
  });

  it('becomes synced with the server fields once delivered (Idempotency-Key = outbox id)', async () => {
    const server = scriptServer();
    const row = await createScriptLocally({ title: 'T', body: 'b', language: 'french', video_duration: 30, prompt: 'p' });
    const [item] = await db.outbox.toArray();
    expect((await drain(server.send)).delivered).toBe(1);
    expect(server.requests[0]?.headers['Idempotency-Key']).toBe(item?.id);
    expect(await db.scripts.get(row.id)).toMatchObject({ id: row.id, title: 'T', language: 'french', video_duration: 30, prompt: 'p', word_count: 99, updated_at: '2026-02-01T00:00:00.000Z', syncStatus: 'synced', syncError: null, failedOutboxId: null });
    expect(await db.outbox.count()).toBe(0);
  });

  it('a 4xx marks the row failed with the server message and the outbox id', async () => {
    const server = scriptServer(() => ({ type: 'status', status: 422, body: { message: 'The title field is required.', errors: { title: ['The title field is required.'] } } }));
    const row = await createScriptLocally({ title: ' ', body: '' });
    const [item] = await db.outbox.toArray();
    expect((await drain(server.send)).failed).toBe(1);
    expect(await db.scripts.get(row.id)).toMatchObject({ syncStatus: 'failed', syncError: 'The title field is required.', failedOutboxId: item?.id });
    expect(syncStatus.get()).toBeDefined();
  });

  it('a full disk raises the storage banner and rejects (nothing silently lost)', async () => {
    const quota = new Dexie.AbortError('aborted', new DOMException('full', 'QuotaExceededError'));
    vi.spyOn(db.scripts, 'put').mockRejectedValue(quota);
    await expect(createScriptLocally({ title: 'T', body: 'b' })).rejects.toBeDefined();
    expect(storageState.quotaExceeded).toBe(true);
    // The transaction rolled back: no orphan outbox item either.
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('updateScriptLocally', () => {
  it('changes the row at once and queues PUT with only the changed fields', async () => {
    await seed(serverScript('a1', { title: 'Old' }));
    await updateScriptLocally('a1', { title: 'New', body: 'x y' });
    expect(await db.scripts.get('a1')).toMatchObject({ title: 'New', body: 'x y', word_count: 2, syncStatus: 'pending' });
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({ kind: 'script.update', method: 'PUT', url: '/api/scripts/a1', body: { title: 'New', body: 'x y' } });
  });

  it('keeps showing later local edits when an earlier change is delivered', async () => {
    const server = scriptServer();
    const row = await createScriptLocally({ title: 'First', body: 'b' });
    await updateScriptLocally(row.id, { title: 'Second' });
    // Deliver only the POST (the PUT waits behind it for its turn in the next pass).
    let calls = 0;
    await appOutbox.drain(
      appDrainDeps(async (request) => {
        calls += 1;
        if (calls > 1) throw new TypeError('Failed to fetch');
        return server.send(request);
      }),
    );
    expect(await db.scripts.get(row.id)).toMatchObject({ title: 'Second', syncStatus: 'pending' });
    await db.outbox.toCollection().modify({ nextAttemptAt: 0 }); // skip the backoff
    await drain(server.send);
    expect(await db.scripts.get(row.id)).toMatchObject({ title: 'Second', syncStatus: 'synced', updated_at: '2026-03-01T00:00:00.000Z' });
    expect(server.applied.map((r) => r.method)).toEqual(['POST', 'PUT']);
  });

  it('retry sends the same request again; success makes the row synced', async () => {
    let refuse = true;
    const server = scriptServer(() => (refuse ? { type: 'status', status: 409, body: { message: 'Conflict.' } } : { type: 'ok' }));
    await seed(serverScript('a1'));
    await updateScriptLocally('a1', { title: 'New' });
    await drain(server.send);
    const failed = await db.scripts.get('a1');
    expect(failed).toMatchObject({ syncStatus: 'failed', syncError: 'Conflict.' });
    refuse = false;
    await retryChange(failed!.failedOutboxId!);
    expect(await db.scripts.get('a1')).toMatchObject({ syncStatus: 'pending', syncError: null, failedOutboxId: null });
    await drain(server.send);
    expect(await db.scripts.get('a1')).toMatchObject({ title: 'New', syncStatus: 'synced' });
    expect(server.requests[0]?.headers['Idempotency-Key']).toBe(server.requests[1]?.headers['Idempotency-Key']);
  });

  it('discarding a failed update restores the previous version and pulls the collection', async () => {
    const server = scriptServer(() => ({ type: 'status', status: 422, body: { message: 'Too long.' } }));
    const pull = vi.fn(() => Promise.resolve());
    setEngineHooks({ pull });
    await seed(serverScript('a1', { title: 'Server title' }));
    await updateScriptLocally('a1', { title: 'Bad' });
    await updateScriptLocally('a1', { body: 'queued after it' });
    await drain(server.send);
    const row = await db.scripts.get('a1');
    expect(row?.syncStatus).toBe('failed');
    await discardChange(row!.failedOutboxId!);
    expect(await db.outbox.count()).toBe(0); // the edit queued on top of it went too
    expect(await db.scripts.get('a1')).toMatchObject({ title: 'Server title', body: 'server body', syncStatus: 'synced', failedOutboxId: null });
    expect(pull).toHaveBeenCalledWith('scripts');
  });
});

describe('deleteScriptLocally', () => {
  it('removes the row at once, queues DELETE, and a pull does not bring it back meanwhile', async () => {
    await seed(serverScript('a1'));
    await seed(serverScript('a2'));
    await deleteScriptLocally('a1');
    expect(await db.scripts.get('a1')).toBeUndefined();
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({ kind: 'script.delete', method: 'DELETE', url: '/api/scripts/a1' });
    expect(item?.body).toBeUndefined();
    const get: HttpGet = () => Promise.resolve({ status: 200, headers: { etag: 'W/"1"' }, body: { data: [serverScript('a1'), serverScript('a2')], current_page: 1, last_page: 1, per_page: 1000, total: 2, from: 1, to: 2 } });
    await createScriptsSync(get).run();
    expect(await db.scripts.get('a1')).toBeUndefined();
    expect(await db.scripts.get('a2')).toBeDefined();
    const server = scriptServer();
    await drain(server.send);
    expect(await db.scripts.get('a1')).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
  });

  it('a refused delete shows the script again as failed; discarding keeps it', async () => {
    const server = scriptServer(() => ({ type: 'status', status: 403, body: { message: 'This action is unauthorized.' } }));
    await seed(serverScript('a1'));
    await deleteScriptLocally('a1');
    await drain(server.send);
    const row = await db.scripts.get('a1');
    expect(row).toMatchObject({ title: 'Server title', syncStatus: 'failed', syncError: 'This action is unauthorized.' });
    await retryChange(row!.failedOutboxId!);
    expect(await db.scripts.get('a1')).toBeUndefined(); // deleting again
    await drain(server.send);
    const again = await db.scripts.get('a1');
    expect(again?.syncStatus).toBe('failed');
    await discardChange(again!.failedOutboxId!);
    expect(await db.scripts.get('a1')).toMatchObject({ syncStatus: 'synced', failedOutboxId: null });
    expect(await db.outbox.count()).toBe(0);
  });

  it('a script that never left the device is deleted without sending anything', async () => {
    const row = await createScriptLocally({ title: 'Draft', body: '' });
    await updateScriptLocally(row.id, { title: 'Draft 2' });
    await deleteScriptLocally(row.id);
    expect(await db.scripts.get(row.id)).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
  });

  it('a create that was attempted (the response may have been lost) still gets a DELETE', async () => {
    const server = scriptServer(() => ({ type: 'lost' }));
    const row = await createScriptLocally({ title: 'Sent?', body: '' });
    await drain(server.send);
    await deleteScriptLocally(row.id);
    expect((await appOutbox.list()).map((item) => item.method)).toEqual(['POST', 'DELETE']);
  });
});

describe('discardChange of a failed create', () => {
  it('removes the local row', async () => {
    const server = scriptServer(() => ({ type: 'status', status: 422, body: { message: 'Invalid.' } }));
    const row = await createScriptLocally({ title: 'T', body: 'b' });
    await drain(server.send);
    const failed = await db.scripts.get(row.id);
    await discardChange(failed!.failedOutboxId!);
    expect(await db.scripts.get(row.id)).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('saveGeneratedScript / refreshScripts', () => {
  it('stores a generated script as synced', async () => {
    await saveGeneratedScript(serverScript('g1', { source: 'offline-writer' }));
    expect(await db.scripts.get('g1')).toMatchObject({ source: 'offline-writer', syncStatus: 'synced', syncError: null, failedOutboxId: null });
  });

  it('refreshScripts pulls the scripts collection through the running runtime (none: no-op)', async () => {
    await expect(refreshScripts()).resolves.toBeUndefined();
    const pull = vi.fn(() => Promise.resolve());
    setEngineHooks({ pull });
    await refreshScripts();
    expect(pull).toHaveBeenCalledWith('scripts');
  });
});

describe('pull fetcher', () => {
  function pages(all: Script[], perPage: number, etag = 'W/"v1"') {
    const calls: Array<{ url: string; headers: Record<string, string> }> = [];
    const get: HttpGet = (url, headers) => {
      calls.push({ url, headers });
      const params = new URL(url, 'http://x').searchParams;
      const page = Number(params.get('page'));
      const per = Number(params.get('per_page'));
      if (headers['If-None-Match'] === etag) return Promise.resolve({ status: 304, headers: {}, body: '' });
      const data = all.slice((page - 1) * per, page * per);
      return Promise.resolve({
        status: 200,
        headers: { etag },
        body: { data, current_page: page, last_page: Math.max(1, Math.ceil(all.length / per)), per_page: per, total: all.length, from: null, to: null },
      });
    };
    void perPage;
    return { get, calls };
  }

  it('fetches every page with per_page and returns synced rows', async () => {
    const all = ['a', 'b', 'c', 'd', 'e'].map((id) => serverScript(id));
    const api = pages(all, 2);
    const result = await fetchAllScripts(api.get, null, 2);
    expect(api.calls.map((c) => c.url)).toEqual(['/api/scripts?page=1&per_page=2', '/api/scripts?page=2&per_page=2', '/api/scripts?page=3&per_page=2']);
    expect(result.status).toBe(200);
    if (result.status !== 200) return;
    expect(result.items.map((s) => s.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(result.items.every((s: LocalScript) => s.syncStatus === 'synced')).toBe(true);
    // One ETag cannot describe several pages: none is kept, the next pull fetches in full.
    expect(result.etag).toBeNull();
  });

  it('uses per_page=1000 by default, sends If-None-Match and treats 304 as unchanged', async () => {
    const api = pages([serverScript('a')], 1000);
    const first = await fetchAllScripts(api.get, null);
    expect(api.calls[0]).toEqual({ url: '/api/scripts?page=1&per_page=1000', headers: {} });
    expect(first).toMatchObject({ status: 200, etag: 'W/"v1"' });
    const second = await fetchAllScripts(api.get, 'W/"v1"');
    expect(api.calls[1]?.headers).toEqual({ 'If-None-Match': 'W/"v1"' });
    expect(second).toEqual({ status: 304 });
  });

  it('through createScriptsSync: stores the etag, a 304 keeps the rows, a local write drops the etag', async () => {
    const api = pages([serverScript('a'), serverScript('b')], 1000);
    const sync = createScriptsSync(api.get);
    expect(await sync.run()).toMatchObject({ status: 200, upserted: 2 });
    expect((await db.syncState.get('scripts'))?.etag).toBe('W/"v1"');
    expect(await sync.run()).toMatchObject({ status: 304 });
    expect(await db.scripts.count()).toBe(2);
    await updateScriptLocally('a', { title: 'local' });
    expect((await db.syncState.get('scripts'))?.etag).toBeNull();
  });

  it('a list fetched before a local change is fetched again rather than written', async () => {
    const server = scriptServer();
    let release: () => void = () => undefined;
    let calls = 0;
    const get: HttpGet = async () => {
      calls += 1;
      // The first list leaves the server before the new script reaches it.
      const data = [serverScript('a'), ...server.scripts.values()];
      if (calls === 1) await new Promise<void>((resolve) => (release = resolve));
      return { status: 200, headers: {}, body: { data, current_page: 1, last_page: 1, per_page: 1000, total: data.length, from: 1, to: data.length } };
    };
    const running = createScriptsSync(get).run();
    await vi.waitFor(() => expect(calls).toBe(1));
    const row = await createScriptLocally({ title: 'Made during the pull', body: '' });
    await drain(server.send); // delivered: no outbox item protects the row any more
    release();
    await running;
    expect(calls).toBe(2);
    // Written from the stale list, the delivered script would have vanished.
    expect(await db.scripts.get(row.id)).toMatchObject({ title: 'Made during the pull', syncStatus: 'synced' });
    expect(await db.scripts.get('a')).toBeDefined();
  });
});
