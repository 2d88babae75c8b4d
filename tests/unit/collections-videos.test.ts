// Videos, the second offline-first collection: a video created offline is an outbox row
// with the client's id and the exact request; delete with Undo (held DELETE), restart, delivery and
// refusal; the pull keeps pending rows and the device's keptOffline; the keep-offline cache is
// keyed by the video id and freed on delete. Real Dexie over fake-indexeddb; a fake idempotent
// server; a small in-memory Cache Storage.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AiVideo, CreateAiVideoRequest } from '../../contract/videos';
import {
  createVideoLocally,
  createVideosSync,
  deleteVideoLocally,
  restartVideoLocally,
  toLocalVideo,
  undoDeleteVideo,
} from '../../src/features/videos/data/videos';
import { keepVideoOffline, offlineVideoSize, pruneOfflineVideos, removeOfflineVideo } from '../../src/features/videos/data';
import { UndoTooLateError } from '../../src/store/undo-delete';
import { clearLocalStore, db } from '../../src/store';
import { appDrainDeps, appOutbox, discardChange, setEngineHooks, setOutboxOwner, type HttpGet, type OutboxRequest } from '../../src/sync';
import { createIdempotentServer, type Fault } from '../../src/sync/testing';
import { installFakeCaches, pageOf, serverVideo } from './helpers/videos';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function videoServer(fault: (request: OutboxRequest) => Fault = () => ({ type: 'ok' })) {
  const videos = new Map<string, AiVideo>();
  const server = createIdempotentServer({
    fault,
    respond: (request) => {
      const body = (request.body ?? {}) as { id?: string; title?: string };
      if (request.method === 'POST' && request.url === '/api/ai-videos') {
        const video = serverVideo(body.id!, { title: body.title ?? 'Server title', status: 'queued', credits_charged: 12 });
        videos.set(video.id, video);
        return video;
      }
      const parts = request.url.split('/');
      if (request.method === 'POST') {
        const id = decodeURIComponent(parts[parts.length - 2]!);
        const video = { ...(videos.get(id) ?? serverVideo(id)), status: 'queued' as const, error: null };
        videos.set(id, video);
        return video;
      }
      videos.delete(decodeURIComponent(parts.pop()!));
      return { message: 'Video deleted.' };
    },
  });
  return { ...server, videos };
}

const drain = (send: ReturnType<typeof videoServer>['send']) => appOutbox.drain(appDrainDeps(send));

/** The undo window of held deletes passes. */
async function releaseHeld(): Promise<void> {
  await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
}

let caches: ReturnType<typeof installFakeCaches>;

beforeEach(() => {
  setOutboxOwner(() => 'u1');
  caches = installFakeCaches();
});

afterEach(async () => {
  setEngineHooks(null);
  setOutboxOwner(null);
  caches.uninstall();
  vi.restoreAllMocks();
  await clearLocalStore();
});

describe('createVideoLocally', () => {
  const request: CreateAiVideoRequest = { script: 'A short story about trains.', voice: { provider: 'builtin', voice_id: 'en-1' }, art_style: 'anime' };

  it('puts a queued, pending row and the POST with the client id and the exact request in the outbox', async () => {
    const row = await createVideoLocally(request, { credits: 12, seconds: 30 });
    expect(row.id).toMatch(UUID);
    expect(row).toMatchObject({ status: 'queued', syncStatus: 'pending', progress: 0, stage: null, error: null, credits_charged: 12, keptOffline: false });
    expect(row.stages.every((stage) => stage.status === 'pending')).toBe(true);
    expect(row.stages.map((stage) => stage.name)).toEqual(['script', 'scenes', 'voice', 'visuals', 'music', 'captions', 'render']);
    expect(row.ai_video).toEqual({ video_src: null, thumbnail_src: null, duration: null, width: null, height: null, size_bytes: null });
    // Defaults filled in the stored settings, not in the request sent.
    expect(row.settings).toMatchObject({ id: row.id, script: request.script, language: 'english', aspect_ratio: '9:16', watermark: false, art_style: 'anime' });
    expect(await db.videos.get(row.id)).toEqual(row);
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({ kind: 'video.create', method: 'POST', url: '/api/ai-videos', entityKey: `video:${row.id}`, status: 'pending', ownerId: 'u1' });
    expect(item?.body).toEqual({ ...request, id: row.id });
  });

  it('keeps an id the caller chose', async () => {
    const id = crypto.randomUUID();
    const row = await createVideoLocally({ ...request, id }, { credits: 1, seconds: 5 });
    expect(row.id).toBe(id);
    expect((await db.outbox.toArray())[0]?.body).toMatchObject({ id });
  });

  it('rejects an invalid request and stores nothing', async () => {
    await expect(createVideoLocally({ title: 'No script' }, { credits: 1, seconds: 5 })).rejects.toThrow('Give exactly one of script_id, script or prompt.');
    expect(await db.videos.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('becomes the server video once delivered (Idempotency-Key = outbox id)', async () => {
    const server = videoServer();
    const row = await createVideoLocally(request, { credits: 12, seconds: 30 });
    const [item] = await db.outbox.toArray();
    expect((await drain(server.send)).delivered).toBe(1);
    expect(server.requests[0]?.headers['Idempotency-Key']).toBe(item?.id);
    expect(await db.videos.get(row.id)).toMatchObject({ id: row.id, title: 'Server title', syncStatus: 'synced', keptOffline: false });
  });

  it('a refusal (402) badges the row failed with the server message; discarding removes it', async () => {
    const server = videoServer(() => ({ type: 'status', status: 402, body: { message: 'Not enough credits: this costs 12 credits and your balance is 3.' } }));
    const row = await createVideoLocally(request, { credits: 12, seconds: 30 });
    await drain(server.send);
    const failed = await db.videos.get(row.id);
    expect(failed).toMatchObject({ syncStatus: 'failed', syncError: 'Not enough credits: this costs 12 credits and your balance is 3.' });
    await discardChange(failed!.failedOutboxId!);
    expect(await db.videos.get(row.id)).toBeUndefined();
  });
});

describe('deleteVideoLocally / undoDeleteVideo', () => {
  it('holds the DELETE for the undo window; Undo discards it and the video comes back', async () => {
    const server = videoServer();
    await db.videos.put(toLocalVideo(serverVideo('v1'), true));
    const deleted = await deleteVideoLocally('v1');
    expect(await db.videos.get('v1')).toBeUndefined();
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({ kind: 'video.delete', method: 'DELETE', url: '/api/ai-videos/v1' });
    expect(item!.nextAttemptAt).toBeGreaterThan(Date.now() + 5000);
    expect((await drain(server.send)).delivered).toBe(0); // held: not sent yet
    expect(await undoDeleteVideo(deleted)).toBe(true);
    expect(await db.videos.get('v1')).toMatchObject({ id: 'v1', syncStatus: 'synced', keptOffline: true });
    expect(await db.outbox.count()).toBe(0);
    expect(server.requests).toHaveLength(0);
  });

  it('after the window the DELETE is sent; Undo then says it is too late', async () => {
    const server = videoServer();
    await db.videos.put(toLocalVideo(serverVideo('v1')));
    const deleted = await deleteVideoLocally('v1');
    await releaseHeld();
    expect((await drain(server.send)).delivered).toBe(1);
    await expect(undoDeleteVideo(deleted)).rejects.toBeInstanceOf(UndoTooLateError);
    expect(await db.videos.get('v1')).toBeUndefined();
  });

  it('a video that never left the device is dropped without a request, and Undo queues it again', async () => {
    const row = await createVideoLocally({ prompt: 'Why trains are great' }, { credits: 3, seconds: 20 });
    const before = (await db.outbox.toArray())[0]!.body;
    const deleted = await deleteVideoLocally(row.id);
    expect(await db.outbox.count()).toBe(0);
    expect(await undoDeleteVideo(deleted)).toBe(true);
    const [again] = await db.outbox.toArray();
    expect(again).toMatchObject({ kind: 'video.create' });
    expect(again?.body).toEqual(before);
    expect(await db.videos.get(row.id)).toMatchObject({ syncStatus: 'pending', status: 'queued' });
  });

  it('a delivered delete frees the offline copy', async () => {
    const server = videoServer();
    await db.videos.put(toLocalVideo(serverVideo('v1')));
    await keepVideoOffline('v1', '/media/v1.mp4?signature=abc', () => Promise.resolve(new Response(new Uint8Array(1234), { headers: { 'Content-Type': 'video/mp4' } })));
    expect(await offlineVideoSize('v1')).toBe(1234);
    await deleteVideoLocally('v1');
    await releaseHeld();
    await drain(server.send);
    expect(await offlineVideoSize('v1')).toBeNull();
  });
});

describe('restartVideoLocally', () => {
  it('shows the failed video queued again and sends POST …/restart', async () => {
    const server = videoServer();
    const failed = serverVideo('v2', { status: 'failed', error: 'The voice service did not answer.', stage: 'voice' });
    failed.stages = failed.stages.map((stage) => (stage.name === 'voice' ? { ...stage, status: 'failed', error: 'The voice service did not answer.' } : stage));
    await db.videos.put(toLocalVideo(failed));
    await restartVideoLocally('v2');
    const row = await db.videos.get('v2');
    expect(row).toMatchObject({ status: 'queued', error: null, syncStatus: 'pending' });
    expect(row?.stages.find((stage) => stage.name === 'voice')).toMatchObject({ status: 'pending', error: null });
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({ kind: 'video.restart', method: 'POST', url: '/api/ai-videos/v2/restart' });
    await drain(server.send);
    expect(await db.videos.get('v2')).toMatchObject({ status: 'queued', syncStatus: 'synced' });
  });
});

describe('pull', () => {
  it('fetches every page with per_page 1000, keeps keptOffline and rows with pending changes', async () => {
    await db.videos.put(toLocalVideo(serverVideo('kept', { progress: 10 }), true));
    await db.videos.put(toLocalVideo(serverVideo('gone')));
    const local = await createVideoLocally({ script: 'Offline idea' }, { credits: 2, seconds: 10 });
    const urls: string[] = [];
    const get: HttpGet = (url) => {
      urls.push(url);
      return Promise.resolve({ status: 200, headers: { etag: 'W/"1"' }, body: pageOf([serverVideo('kept', { progress: 55, status: 'processing' }), serverVideo('new')]) });
    };
    const result = await createVideosSync(get).run();
    expect(urls).toEqual(['/api/ai-videos?page=1&per_page=1000']);
    expect(result).toMatchObject({ status: 200, removed: 1, keptPending: 1 });
    expect(await db.videos.get('kept')).toMatchObject({ progress: 55, status: 'processing', keptOffline: true });
    expect(await db.videos.get('new')).toMatchObject({ keptOffline: false });
    expect(await db.videos.get('gone')).toBeUndefined();
    expect(await db.videos.get(local.id)).toMatchObject({ syncStatus: 'pending' });
  });

  it('a 304 keeps everything; a malformed list is an error and changes nothing', async () => {
    await db.videos.put(toLocalVideo(serverVideo('a')));
    await db.syncState.put({ collection: 'videos', syncedAt: null, etag: 'W/"1"' });
    const headers: Array<Record<string, string>> = [];
    const notModified: HttpGet = (_url, sent) => {
      headers.push(sent);
      return Promise.resolve({ status: 304 });
    };
    expect(await createVideosSync(notModified).run()).toMatchObject({ status: 304 });
    expect(headers[0]).toEqual({ 'If-None-Match': 'W/"1"' });
    const broken: HttpGet = () => Promise.resolve({ status: 200, body: pageOf([{ nope: true } as unknown as AiVideo]) });
    await expect(createVideosSync(broken).run()).rejects.toThrow('not in the expected shape');
    expect(await db.videos.count()).toBe(1);
  });
});

describe('keep offline', () => {
  it('stores the file under a key without the signature and reports its size; removing frees it', async () => {
    await db.videos.put(toLocalVideo(serverVideo('v1')));
    const size = await keepVideoOffline('v1', '/media/videos/v1.mp4?expires=1&signature=s1', () => Promise.resolve(new Response(new Uint8Array(2048))));
    expect(size).toBe(2048);
    expect(caches.keys()).toEqual(['http://localhost:3000/offline/videos/v1.mp4']);
    expect((await db.videos.get('v1'))?.keptOffline).toBe(true);
    await removeOfflineVideo('v1');
    expect(await offlineVideoSize('v1')).toBeNull();
    expect((await db.videos.get('v1'))?.keptOffline).toBe(false);
  });

  it('an expired link is a plain message; prune frees copies of videos no longer on the device', async () => {
    await db.videos.put(toLocalVideo(serverVideo('v1')));
    await expect(keepVideoOffline('v1', '/media/x', () => Promise.resolve(new Response('', { status: 403 })))).rejects.toThrow('The video link has expired');
    await keepVideoOffline('v1', '/media/x', () => Promise.resolve(new Response(new Uint8Array(10))));
    await db.videos.delete('v1');
    expect(await pruneOfflineVideos()).toBe(1);
    expect(await offlineVideoSize('v1')).toBeNull();
  });

  it('signing out (clearLocalStore) frees every kept video', async () => {
    await db.videos.put(toLocalVideo(serverVideo('v1')));
    await keepVideoOffline('v1', '/media/x', () => Promise.resolve(new Response(new Uint8Array(10))));
    await clearLocalStore();
    expect(caches.keys()).toEqual([]);
  });
});

describe('deleting a video the server refused to create', () => {
  it('drops the refused create instead of queueing a DELETE behind it', async () => {
    const server = videoServer(() => ({ type: 'status', status: 402, body: { message: 'Not enough credits.' } }));
    const row = await createVideoLocally({ script: 'Too expensive' }, { credits: 99, seconds: 60 });
    await drain(server.send);
    expect((await db.videos.get(row.id))?.syncStatus).toBe('failed');
    await deleteVideoLocally(row.id);
    expect(await db.videos.get(row.id)).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
  });
});
