// Resumable uploads on a real socket: tus-js-client (the library the PWA will use)
// against /api/uploads. Chunked uploads arrive byte for byte; an interrupted one (client abort,
// or a connection dropped mid-PATCH) resumes from the server's offset; uploads are owner-scoped
// (404), need a token (401) and the transcription permission (403); the size limit is a 413; a
// finished file that is not media is refused and deleted; the cleanup job removes expired
// partial uploads.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { Upload, type DetailedError } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '../../server/domain/plans/plans';
import { deleteUpload, finishedUpload, MAX_UPLOADS_PER_USER } from '../../server/domain/uploads/resumable';
import { purgeUploadsJob } from '../../server/jobs/purge-uploads';
import { CAPTION_FORBIDDEN } from '../../server/http/routes/uploads';
import { createTestApp, uniqueEmail, type TestApp } from './helpers';
import { makeFixtures, type Fixtures } from './media-fixtures';

const LIMIT_MB = 0.25;
const LIMIT_BYTES = LIMIT_MB * 1024 * 1024;
const EXPIRY_HOURS = 2;

describe('resumable uploads (tus)', () => {
  let t: TestApp;
  let base: string;
  let fixtures: Fixtures;
  let video: Buffer;
  let alice: { token: string; id: number };
  let bob: { token: string; id: number };

  beforeAll(async () => {
    fixtures = makeFixtures(['mp4', 'wav']);
    video = fixtures.bytes('mp4');
    // A speech engine must be configured for transcriptions to be taken; this one is never reached (process_now=0).
    t = await createTestApp({ TRANSCRIPTION_MAX_UPLOAD_MB: String(LIMIT_MB), UPLOAD_EXPIRY_HOURS: String(EXPIRY_HOURS), STT_PROVIDER: 'openai', STT_OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address !== 'object') throw new Error('not listening');
    base = `http://127.0.0.1:${address.port}`;
    const a = await t.client.register(uniqueEmail('tus-alice'));
    const b = await t.client.register(uniqueEmail('tus-bob'));
    alice = { token: a.token, id: a.user.id };
    bob = { token: b.token, id: b.user.id };
  });
  afterAll(async () => {
    await t.close();
    fixtures.cleanup();
  });

  const directory = () => t.config.uploads.directory;
  const idOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

  interface Run {
    url: string | null;
    error: DetailedError | null;
    /** bytesAccepted after each chunk the server confirmed. */
    accepted: number[];
  }

  /** One tus-js-client run; `stopAfter` aborts it once the server has at least that many bytes. */
  function upload(file: Buffer, options: { token: string; chunkSize: number; uploadUrl?: string; stopAfter?: number; filename?: string }): Promise<Run> {
    return new Promise((resolve) => {
      const run: Run = { url: null, error: null, accepted: [] };
      const tus = new Upload(file, {
        endpoint: `${base}/api/uploads`,
        ...(options.uploadUrl ? { uploadUrl: options.uploadUrl } : {}),
        chunkSize: options.chunkSize,
        retryDelays: [],
        headers: { Authorization: `Bearer ${options.token}` },
        metadata: { filename: options.filename ?? 'clip.mp4', filetype: 'video/mp4' },
        storeFingerprintForResuming: false,
        onChunkComplete: (_chunk, bytesAccepted) => {
          run.accepted.push(bytesAccepted);
          if (options.stopAfter !== undefined && bytesAccepted >= options.stopAfter && bytesAccepted < file.length) {
            run.url = tus.url;
            void tus.abort(false).then(() => resolve(run));
          }
        },
        onSuccess: () => {
          run.url = tus.url;
          resolve(run);
        },
        onError: (error) => {
          run.url = tus.url;
          run.error = error as DetailedError;
          resolve(run);
        },
      });
      tus.start();
    });
  }

  const head = (url: string, token?: string) =>
    fetch(url, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0', ...(token ? { Authorization: `Bearer ${token}` } : {}) } });

  it('uploads a video in several chunks, byte for byte, and hands it to the domain API', async () => {
    const chunkSize = Math.ceil(video.length / 5);
    const run = await upload(video, { token: alice.token, chunkSize });
    expect(run.error).toBeNull();
    expect(run.accepted.length).toBeGreaterThanOrEqual(5);
    const id = idOf(run.url!);
    const finished = await finishedUpload(directory(), alice.id, id);
    expect(finished).toMatchObject({ size: video.length, filename: 'clip.mp4', mimeType: 'video/mp4' });
    expect(readFileSync(finished!.path).equals(video)).toBe(true);
    // Only the owner's: another user gets nothing for the same id.
    expect(await finishedUpload(directory(), bob.id, id)).toBeNull();
    const response = await head(run.url!, alice.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('upload-offset')).toBe(String(video.length));
    expect(await deleteUpload(directory(), alice.id, id)).toBe(true);
    expect(existsSync(finished!.path)).toBe(false);
  });

  it('a finished upload becomes a transcription by its upload_id, and is released once it is stored', async () => {
    const run = await upload(video, { token: alice.token, chunkSize: Math.ceil(video.length / 3), filename: 'My clip.mp4' });
    expect(run.error).toBeNull();
    const id = idOf(run.url!);
    const created = await t.client.post('/api/transcriptions', { upload_id: id, process_now: 0, render_video: 0 }, { headers: { authorization: `Bearer ${alice.token}` } });
    expect(created.statusCode, created.body).toBe(202);
    expect(created.json<{ transcription: { title: string; status: string } }>().transcription).toMatchObject({ title: 'My clip', status: 'queued' });
    // The transcription holds its own copy: the upload is gone (and frees the user's slot).
    expect(await finishedUpload(directory(), alice.id, id)).toBeNull();
    expect((await head(run.url!, alice.token)).status).toBe(404);
    // Another user can never use someone's upload, even before it is released.
    const other = await upload(video, { token: alice.token, chunkSize: video.length });
    const stolen = await t.client.post('/api/transcriptions', { upload_id: idOf(other.url!) }, { headers: { authorization: `Bearer ${bob.token}` } });
    expect(stolen.statusCode).toBe(422);
    expect(await finishedUpload(directory(), alice.id, idOf(other.url!))).not.toBeNull();
    await deleteUpload(directory(), alice.id, idOf(other.url!));
  });

  it('resumes an interrupted upload from the offset the server has', async () => {
    const chunkSize = Math.ceil(video.length / 6);
    const first = await upload(video, { token: alice.token, chunkSize, stopAfter: 2 * chunkSize });
    expect(first.error).toBeNull();
    const id = idOf(first.url!);
    expect(await finishedUpload(directory(), alice.id, id)).toBeNull();
    const offset = Number((await head(first.url!, alice.token)).headers.get('upload-offset'));
    expect(offset).toBeGreaterThanOrEqual(2 * chunkSize);
    expect(offset).toBeLessThan(video.length);

    const second = await upload(video, { token: alice.token, chunkSize, uploadUrl: first.url! });
    expect(second.error).toBeNull();
    expect(second.url).toBe(first.url);
    // The first chunk of the second run was sent from the server's offset, not from 0.
    expect(second.accepted[0]).toBe(Math.min(offset + chunkSize, video.length));
    const finished = await finishedUpload(directory(), alice.id, id);
    expect(readFileSync(finished!.path).equals(video)).toBe(true);
    await deleteUpload(directory(), alice.id, id);
  });

  it('keeps the bytes of a PATCH whose connection drops mid-body, and resumes from there', async () => {
    const created = await fetch(`${base}/api/uploads`, {
      method: 'POST',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': String(video.length), 'Upload-Metadata': `filename ${Buffer.from('dropped.mp4').toString('base64')}`, Authorization: `Bearer ${alice.token}` },
    });
    expect(created.status).toBe(201);
    const url = new URL(created.headers.get('location')!, base).toString();
    // One PATCH announcing the whole file; the connection dies after half of it.
    const half = Math.floor(video.length / 2);
    await new Promise<void>((resolve) => {
      const request = httpRequest(url, {
        method: 'PATCH',
        headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream', 'Content-Length': String(video.length), Authorization: `Bearer ${alice.token}` },
      });
      request.on('error', () => resolve());
      request.write(video.subarray(0, half), () => setTimeout(() => {
        request.destroy();
        resolve();
      }, 200));
    });
    const offsetNow = async () => Number((await head(url, alice.token)).headers.get('upload-offset'));
    await expect.poll(offsetNow, { timeout: 10_000 }).toBe(half);

    const resumed = await upload(video, { token: alice.token, chunkSize: Math.ceil(video.length / 4), uploadUrl: url });
    expect(resumed.error).toBeNull();
    expect(resumed.accepted[0]).toBe(Math.min(half + Math.ceil(video.length / 4), video.length));
    const finished = await finishedUpload(directory(), alice.id, idOf(url));
    expect(readFileSync(finished!.path).equals(video)).toBe(true);
    await deleteUpload(directory(), alice.id, idOf(url));
  });

  it("answers 404 to another user's HEAD, PATCH and DELETE, and the upload is untouched", async () => {
    const chunkSize = Math.ceil(video.length / 4);
    const run = await upload(video, { token: alice.token, chunkSize, stopAfter: chunkSize });
    const url = run.url!;
    const offset = (await head(url, alice.token)).headers.get('upload-offset');
    const asBob = { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${bob.token}` };
    expect((await head(url, bob.token)).status).toBe(404);
    const patch = await fetch(url, { method: 'PATCH', headers: { ...asBob, 'Upload-Offset': offset!, 'Content-Type': 'application/offset+octet-stream' }, body: randomBytes(10) });
    expect(patch.status).toBe(404);
    expect((await fetch(url, { method: 'DELETE', headers: asBob })).status).toBe(404);
    // Malformed and unknown ids are 404 too.
    expect((await head(`${base}/api/uploads/..%2F..%2Fetc`, bob.token)).status).toBe(404);
    expect((await head(`${base}/api/uploads/u${bob.id}_${'0'.repeat(32)}`, bob.token)).status).toBe(404);
    expect((await head(url, alice.token)).headers.get('upload-offset')).toBe(offset);

    // The owner's DELETE (tus termination) removes both files.
    const deleted = await fetch(url, { method: 'DELETE', headers: { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${alice.token}` } });
    expect(deleted.status).toBe(204);
    expect(readdirSync(directory()).filter((name) => name.startsWith(idOf(url)))).toEqual([]);
    expect((await head(url, alice.token)).status).toBe(404);
  });

  it("never reaches another user's upload through the query string, an encoded or doubled slash or an extra segment", async () => {
    const chunkSize = Math.ceil(video.length / 4);
    const victimRun = await upload(video, { token: alice.token, chunkSize, stopAfter: chunkSize, filename: 'alice-secret.mp4' });
    const ownRun = await upload(video, { token: bob.token, chunkSize, stopAfter: chunkSize, filename: 'bob.mp4' });
    const victim = idOf(victimRun.url!);
    const own = idOf(ownRun.url!);
    const victimOffset = (await head(victimRun.url!, alice.token)).headers.get('upload-offset')!;
    const ownOffset = (await head(ownRun.url!, bob.token)).headers.get('upload-offset')!;
    const secret = Buffer.from('alice-secret.mp4').toString('base64');
    const paths = [
      `/api/uploads/${own}?/${victim}`,
      `/api/uploads/${own}?id=/${victim}`,
      `/api/uploads/${own}?x=${victim}/${victim}`,
      `/api/uploads/${own}%2F${victim}`,
      `/api/uploads/${own}%2f..%2f${victim}`,
      `/api/uploads/${own}?x=%2F${victim}`,
      `/api/uploads/${own}?//${victim}`,
      `//api/uploads/${own}?/${victim}`,
      `/api/uploads//${victim}`,
      `/api/uploads/${own}/${victim}`,
      `/api/uploads/${own}?/${victim}/`,
      `/api/uploads/${own}/?/${victim}`,
    ];
    const asBob = { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${bob.token}` };
    const requests = {
      HEAD: { method: 'HEAD', headers: asBob },
      PATCH: { method: 'PATCH', headers: { ...asBob, 'Upload-Offset': victimOffset, 'Content-Type': 'application/offset+octet-stream' }, body: randomBytes(10) },
      DELETE: { method: 'DELETE', headers: asBob },
    } satisfies Record<string, RequestInit>;
    for (const [method, init] of Object.entries(requests)) {
      for (const path of paths) {
        const response = await fetch(`${base}${path}`, init);
        const what = `${method} ${path}`;
        expect(response.status, what).toBeGreaterThanOrEqual(400);
        expect(response.status, what).toBeLessThan(500);
        expect(response.headers.get('upload-metadata') ?? '', what).not.toContain(secret);
        if (method !== 'HEAD') expect(await response.json(), what).toEqual({ message: expect.any(String) as string });
      }
    }
    // Alice's upload is as it was: same offset, same name, both files still there.
    const after = await head(victimRun.url!, alice.token);
    expect(after.status).toBe(200);
    expect(after.headers.get('upload-offset')).toBe(victimOffset);
    expect(after.headers.get('upload-metadata')).toContain(secret);
    expect(readdirSync(directory()).filter((name) => name.startsWith(victim)).sort()).toEqual([victim, `${victim}.json`]);
    // And a request that is not the canonical URL did nothing to Bob's own upload either.
    expect((await head(ownRun.url!, bob.token)).headers.get('upload-offset')).toBe(ownOffset);
    await deleteUpload(directory(), alice.id, victim);
    await deleteUpload(directory(), bob.id, own);
  });

  it('needs a token (401) and a plan with video transcription (403)', async () => {
    expect((await head(`${base}/api/uploads/u${alice.id}_${'a'.repeat(32)}`)).status).toBe(401);
    const xsrf = await t.client.csrfCookie();
    const noToken = await fetch(`${base}/api/uploads`, {
      method: 'POST',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '10', cookie: `XSRF-TOKEN=${encodeURIComponent(xsrf)}`, 'x-xsrf-token': xsrf },
    });
    expect(noToken.status).toBe(401);

    const free = PLANS.free as unknown as { abilities: string[] };
    const abilities = free.abilities;
    free.abilities = abilities.filter((ability) => ability !== 'can_create_video_caption');
    try {
      const run = await upload(video, { token: alice.token, chunkSize: video.length });
      expect(run.error?.originalResponse?.getStatus()).toBe(403);
      expect(JSON.parse(run.error!.originalResponse!.getBody())).toEqual({ message: CAPTION_FORBIDDEN });
    } finally {
      free.abilities = abilities;
    }
  });

  it('refuses a file over TRANSCRIPTION_MAX_UPLOAD_MB with 413 and a clear message', async () => {
    const run = await upload(randomBytes(LIMIT_BYTES + 1), { token: alice.token, chunkSize: 64 * 1024 });
    expect(run.error?.originalResponse?.getStatus()).toBe(413);
    expect(run.error!.originalResponse!.getBody()).toContain(`the largest upload is ${LIMIT_MB} MB`);
    expect(run.url).toBeNull();
  });

  it('validates Upload-Metadata (filename required, no control characters or slashes)', async () => {
    for (const filename of ['', '../etc/passwd', 'a\u0001b', 'x'.repeat(256)]) {
      const run = await upload(video, { token: alice.token, chunkSize: video.length, filename });
      expect(run.error?.originalResponse?.getStatus(), filename).toBe(400);
    }
     // Any script and emoji are fine (whole surrogate pairs); the name comes back as sent.
    const named = await upload(video, { token: alice.token, chunkSize: video.length, filename: 'Überblick 🎬 ролик.mp4' });
    expect(named.error).toBeNull();
    expect((await finishedUpload(directory(), alice.id, idOf(named.url!)))?.filename).toBe('Überblick 🎬 ролик.mp4');
    await deleteUpload(directory(), alice.id, idOf(named.url!));
  });

  it('announces Upload-Expires, and keeps at most MAX_UPLOADS_PER_USER uploads per user (403)', async () => {
    const create = () => fetch(`${base}/api/uploads`, { method: 'POST', headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '100', 'Upload-Metadata': `filename ${Buffer.from('a.mp4').toString('base64')}`, Authorization: `Bearer ${bob.token}` } });
    const created: string[] = [];
    for (let i = 0; i < MAX_UPLOADS_PER_USER; i += 1) {
      const response = await create();
      expect(response.status).toBe(201);
      const expires = Date.parse(response.headers.get('upload-expires') ?? '');
      expect(Math.abs(expires - (Date.now() + EXPIRY_HOURS * 3_600_000))).toBeLessThan(60_000);
      created.push(idOf(response.headers.get('location')!));
    }
    const refused = await create();
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('Finish or delete one');
    // A cookie-only creation is the usual CSRF refusal, never a tus answer.
    expect((await fetch(`${base}/api/uploads`, { method: 'POST', headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '100' } })).status).toBe(419);
    for (const id of created) await deleteUpload(directory(), bob.id, id);
    expect((await create()).status).toBe(201);
  });

  it('refuses and deletes a finished upload that is not video or audio', async () => {
    const junk = randomBytes(30_000);
    const run = await upload(junk, { token: alice.token, chunkSize: 10_000, filename: 'notes.mp4' });
    expect(run.error?.originalResponse?.getStatus()).toBe(422);
    expect(run.error!.originalResponse!.getBody()).toContain('The file must be a video or audio file');
    const id = idOf(run.url!);
    expect(readdirSync(directory()).filter((name) => name.startsWith(id))).toEqual([]);
    expect(await finishedUpload(directory(), alice.id, id)).toBeNull();

    // Audio is fine too.
    const wav = fixtures.bytes('wav');
    const audio = await upload(wav, { token: alice.token, chunkSize: wav.length, filename: 'voice.wav' });
    expect(audio.error).toBeNull();
    expect(await finishedUpload(directory(), alice.id, idOf(audio.url!))).toMatchObject({ mimeType: 'audio/wav', filename: 'voice.wav' });
    await deleteUpload(directory(), alice.id, idOf(audio.url!));
  });

  it('removes expired partial uploads in the cleanup job, and keeps fresh ones', async () => {
    const chunkSize = Math.ceil(video.length / 4);
    const run = await upload(video, { token: bob.token, chunkSize, stopAfter: chunkSize });
    const id = idOf(run.url!);
    const expiry = t.config.uploads.expiryMs;
    expect(expiry).toBe(EXPIRY_HOURS * 3_600_000);
    expect(await purgeUploadsJob(t.config.uploads, undefined, Date.now())).toBe(0);
    expect((await head(run.url!, bob.token)).status).toBe(200);

    expect(await purgeUploadsJob(t.config.uploads, undefined, Date.now() + expiry + 60_000)).toBeGreaterThanOrEqual(1);
    expect(readdirSync(directory()).filter((name) => name.startsWith(id))).toEqual([]);
    expect((await head(run.url!, bob.token)).status).toBe(404);
  });
});
