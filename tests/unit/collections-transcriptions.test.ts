// Transcriptions, an offline-first collection: a queued upload keeps its file on the
// device; a finished upload becomes the JSON create naming it (booleans as 1/0, the client's id)
// plus a queued, pending row, in one step that is never done twice; edits and render requests are
// optimistic rows with their outbox items; delivery replaces the row with the server's; the pull
// keeps words, pending rows and "keep offline"; a plan without transcription (403) is no failure.
// Real Dexie over fake-indexeddb and a fake idempotent server.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Transcription } from '../../contract/transcriptions';
import { serverTranscription } from './helpers/transcriptions';
import { createTranscriptionsSync, loadTranscriptionWords, renderTranscriptionLocally, toLocalTranscription, updateTranscriptionLocally, wordsAvailability } from '../../src/features/transcription/data/transcription-sync';
import { createBodyOf, finishTranscriptionUpload, pauseUpload, queueTranscriptionUpload, resumeUpload, uploadFileName, uploadIdOf } from '../../src/features/transcription/data/transcription-uploads';
import { errorAction, refusalMessage } from '../../src/media/upload-runner';
import { clearLocalStore, db } from '../../src/store';
import { appDrainDeps, appOutbox, setEngineHooks, setOutboxOwner, type HttpGet, type OutboxRequest } from '../../src/sync';
import { createIdempotentServer } from '../../src/sync/testing';

function transcriptionServer() {
  const rows = new Map<string, Transcription>();
  const requests: OutboxRequest[] = [];
  const server = createIdempotentServer({
    respond: (request) => {
      requests.push(request);
      const body = (request.body ?? {}) as { id?: string; words?: Transcription['words'] };
      if (request.method === 'POST' && request.url === '/api/transcriptions') {
        const row = serverTranscription(body.id!, { status: 'queued', progress: 0, words: [], text: null, updated_at: '2026-11-23T10:01:00.000Z' });
        rows.set(row.id, row);
        return { transcription: row };
      }
      const id = decodeURIComponent(request.url.split('/')[3]!);
      const current = rows.get(id) ?? serverTranscription(id);
      const next =
        request.method === 'PUT'
          ? { ...current, words: body.words ?? current.words, updated_at: '2026-11-23T10:05:00.000Z' }
          : { ...current, render_status: 'queued' as const, updated_at: '2026-11-23T10:06:00.000Z' };
      rows.set(id, next);
      return { transcription: next };
    },
  });
  return { ...server, rows, requests };
}

const drain = (send: ReturnType<typeof transcriptionServer>['send']) => appOutbox.drain(appDrainDeps(send));

beforeEach(() => setOutboxOwner(() => 'u1'));
afterEach(async () => {
  setEngineHooks(null);
  setOutboxOwner(null);
  await clearLocalStore();
});

async function queued(renderVideo = false) {
  return queueTranscriptionUpload({
    userId: 'u1',
    file: new Blob([new Uint8Array(5000)], { type: 'audio/ogg' }),
    fileName: 'phone clip.mp4',
    sends: 'audio',
    originalSize: 900_000,
    captionSettings: { preset: 'neon' },
    renderVideo,
    skipSizeCheck: false,
    language: null,
  });
}

describe('transcription uploads on the device', () => {
  it('keeps the prepared file, named for what it is, waiting; pause and resume only change its status', async () => {
    const row = await queued();
    const stored = await db.uploads.get(row.id);
    expect(stored?.status).toBe('waiting');
    expect(stored?.fileName).toBe('phone clip.ogg');
    expect(stored?.size).toBe(5000);
    expect(stored?.uploadedBytes).toBe(0);
    await pauseUpload(row.id);
    expect((await db.uploads.get(row.id))?.status).toBe('paused');
    await db.uploads.update(row.id, { status: 'failed', error: 'boom' });
    await resumeUpload(row.id);
    expect(await db.uploads.get(row.id)).toMatchObject({ status: 'waiting', error: null });
  });

  it('refuses an empty file and keeps nothing', async () => {
    await expect(
      queueTranscriptionUpload({ userId: 'u1', file: new Blob([]), fileName: 'x.mp4', sends: 'original', originalSize: 0, captionSettings: {}, renderVideo: true, skipSizeCheck: false, language: null }),
    ).rejects.toThrow(/non-empty/);
    expect(await db.uploads.count()).toBe(0);
  });

  it('a finished upload becomes the JSON create naming it and a queued, pending row — once', async () => {
    const row = await queued(true);
    const created = await finishTranscriptionUpload(row.id, `http://127.0.0.1/api/uploads/u1_${'a'.repeat(32)}`);
    expect(created).toMatchObject({ id: row.id, title: 'phone clip', status: 'queued', syncStatus: 'pending', render_status: 'queued' });
    expect(await db.uploads.count()).toBe(0);
    const items = await db.outbox.toArray();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      method: 'POST',
      url: '/api/transcriptions',
      body: { id: row.id, upload_id: `u1_${'a'.repeat(32)}`, process_now: 1, render_video: 1, skip_size_check: 0, caption_settings: { preset: 'neon' } },
    });
    expect(items[0]!.body).not.toHaveProperty('language');
    // A second finish (another tab, a retry) finds nothing to do.
    expect(await finishTranscriptionUpload(row.id, 'http://127.0.0.1/api/uploads/u1_x')).toBeNull();
    expect(await db.outbox.count()).toBe(1);

    const server = transcriptionServer();
    await drain(server.send);
    expect(await db.transcriptions.get(row.id)).toMatchObject({ status: 'queued', syncStatus: 'synced' });
  });

  it('names the upload from its URL and sends the language only when chosen', () => {
    expect(uploadIdOf('/api/uploads/u7_abc?x=1')).toBe('u7_abc');
    expect(uploadFileName('clip.mov', 'original', 'video/quicktime')).toBe('clip.mov');
    expect(uploadFileName('clip.mov', 'audio', 'audio/mpeg')).toBe('clip.audio');
    const row = { id: 'i', request: { caption_settings: {}, render_video: false, skip_size_check: true, language: 'fr' } } as Parameters<typeof createBodyOf>[0];
    expect(createBodyOf(row, 'u1_z')).toEqual({ id: 'i', upload_id: 'u1_z', caption_settings: {}, process_now: 1, skip_size_check: 1, render_video: 0, language: 'fr' });
  });

  it('reads the server\'s refusals: 413 is the spec\'s size message, others their text; what to retry', () => {
    const file = new Blob([new Uint8Array(3 * 1024 * 1024)]);
    expect(refusalMessage(413, 'The file is too large for this server: the largest upload is 2 MB.\n', file, 2 * 1024 * 1024)).toBe(
      'Server file size limit exceeded: your file is 3.00 MB and the server limit is 2 MB. Please contact the administrator to raise the upload limits.',
    );
    expect(refusalMessage(422, 'This file is neither a video nor audio.', file)).toBe('This file is neither a video nor audio.');
    expect(refusalMessage(403, '{"message":"Your plan does not include video transcription."}', file)).toBe('Your plan does not include video transcription.');
    expect(errorAction(0)).toBe('retry');
    expect(errorAction(503)).toBe('retry');
    expect(errorAction(404)).toBe('restart');
    expect(errorAction(413)).toBe('fail');
    expect(errorAction(422)).toBe('fail');
  });
});

describe('editing and rendering', () => {
  it('an edit shows at once, is sent with the version it was made on, and the answer replaces the row', async () => {
    const server = transcriptionServer();
    const original = serverTranscription('t1');
    server.rows.set('t1', original);
    await db.transcriptions.put(toLocalTranscription(original));
    const words = [
      { word: 'Hello', start: 0.1, end: 0.5 },
      { word: 'there', start: 0.6, end: 1.1 },
    ];
    await updateTranscriptionLocally('t1', { words });
    expect(await db.transcriptions.get('t1')).toMatchObject({ text: 'Hello there', syncStatus: 'pending', words });
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({ method: 'PUT', url: '/api/transcriptions/t1', body: { words, base_updated_at: original.updated_at } });

    await drain(server.send);
    const after = await db.transcriptions.get('t1');
    expect(after).toMatchObject({ syncStatus: 'synced', updated_at: '2026-11-23T10:05:00.000Z', wordsUpdatedAt: '2026-11-23T10:05:00.000Z', words });
  });

  it('an edit queued behind another goes with the version the first one produced', async () => {
    const server = transcriptionServer();
    const original = serverTranscription('t5');
    server.rows.set('t5', original);
    await db.transcriptions.put(toLocalTranscription(original));
    const first = [
      { word: 'Hello', start: 0.1, end: 0.5 },
      { word: 'world', start: 0.6, end: 1 },
    ];
    const second = [first[0]!, { word: 'World', start: 0.6, end: 1 }];
    await updateTranscriptionLocally('t5', { words: first });
    await updateTranscriptionLocally('t5', { words: second });
    const base = (request: { body: unknown }) => (request.body as { base_updated_at?: string }).base_updated_at;
    // Both were made on the loaded version (the second on top of the first, on this device).
    expect((await db.outbox.toArray()).map(base)).toEqual([original.updated_at, original.updated_at]);
    await drain(server.send);
    // The second is sent on the version the first one's answer carries, not on the one it replaced.
    expect(server.requests.map(base)).toEqual([original.updated_at, '2026-11-23T10:05:00.000Z']);
    expect(await db.transcriptions.get('t5')).toMatchObject({ syncStatus: 'synced', words: second });
  });

  it('words never loaded on this device are not a transcript: they cannot be saved', async () => {
    // The create's answer (still transcribing), then a pull that says it completed: no words yet.
    const queued = toLocalTranscription(serverTranscription('t6', { status: 'processing', words: [], text: null, updated_at: '2026-11-23T09:00:00.000Z' }));
    expect(queued.wordsUpdatedAt).toBeNull();
    const { words: _words, ...summary } = serverTranscription('t6');
    await db.transcriptions.put(queued);
    await createTranscriptionsSync(() => Promise.resolve({ status: 200, headers: {}, body: { data: [summary], current_page: 1, last_page: 1, per_page: 100, total: 1 } })).run();
    const row = (await db.transcriptions.get('t6'))!;
    expect(row).toMatchObject({ status: 'completed', words: [], wordsUpdatedAt: null });
    expect(wordsAvailability(row)).toBe('missing');
    await expect(updateTranscriptionLocally('t6', { words: [] })).rejects.toThrow(/not been loaded/);
    expect(await db.outbox.count()).toBe(0);
    // The caption style needs no words: it goes with the row's version.
    await updateTranscriptionLocally('t6', { caption_settings: { preset: 'neon' } });
    expect((await db.outbox.toArray())[0]!.body).toEqual({ caption_settings: { preset: 'neon' }, base_updated_at: summary.updated_at });
  });

  it('a render request shows as queued; an unfinished transcript cannot be rendered', async () => {
    await db.transcriptions.put(toLocalTranscription(serverTranscription('t2')));
    await renderTranscriptionLocally('t2');
    expect(await db.transcriptions.get('t2')).toMatchObject({ render_status: 'queued', syncStatus: 'pending' });
    expect((await db.outbox.toArray())[0]).toMatchObject({ method: 'POST', url: '/api/transcriptions/t2/render' });
    await db.transcriptions.put(toLocalTranscription(serverTranscription('t3', { status: 'processing', words: [] })));
    await expect(renderTranscriptionLocally('t3')).rejects.toThrow(/finished/);
  });
});

describe('the pull', () => {
  const summaryOf = ({ words: _words, ...summary }: Transcription) => summary;

  it('keeps the words a summary lacks, and knows when they are stale; a 403 (plan) is "unchanged"', async () => {
    const full = serverTranscription('t4');
    await db.transcriptions.put({ ...toLocalTranscription(full), keptOffline: true });
    const newer = { ...summaryOf(full), updated_at: '2026-11-23T11:00:00.000Z' };
    const get: HttpGet = () => Promise.resolve({ status: 200, headers: {}, body: { data: [newer], current_page: 1, last_page: 1, per_page: 100, total: 1 } });
    await createTranscriptionsSync(get).run();
    const row = await db.transcriptions.get('t4');
    expect(row).toMatchObject({ words: full.words, wordsUpdatedAt: full.updated_at, updated_at: newer.updated_at, keptOffline: true });

    // Opening it fetches the words of the newer version.
    const one: HttpGet = () => Promise.resolve({ status: 200, headers: {}, body: { transcription: { ...full, updated_at: newer.updated_at, words: [{ word: 'hi', start: 0, end: 0.2 }] } } });
    const loaded = await loadTranscriptionWords(one, 't4');
    expect(loaded).toMatchObject({ words: [{ word: 'hi', start: 0, end: 0.2 }], wordsUpdatedAt: newer.updated_at, keptOffline: true });

    const forbidden: HttpGet = async () => Promise.reject(Object.assign(new Error('Forbidden'), { status: 403 }));
    await expect(createTranscriptionsSync(forbidden).run()).resolves.toBeDefined();
    expect(await db.transcriptions.count()).toBe(1);
  });
});
