// Signed media URLs and GET /media/*: ranges for <video> seeking, headers, expiry, tampering,
// other keys and deleted objects (all a plain 404), and a secret that survives a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadMediaUrlSecret } from '../../server/domain/server-secrets';
import { createMediaUrlSigner, DEFAULT_MEDIA_URL_TTL_SECONDS } from '../../server/media/signed-urls';
import { createDiskStorage } from '../../server/media/storage/disk';
import type { MediaStorage } from '../../server/media/storage/types';
import { createTestApp, type TestApp } from './helpers';

const KEY = 'users/7/videos/v1/video.mp4';
const DATA = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

describe('signed media URLs', () => {
  let t: TestApp;
  let storage: MediaStorage;
  let nowMs = Date.UTC(2026, 0, 1, 12, 10, 0);
  const signer = createMediaUrlSigner('test-secret-that-is-long-enough-0123456789', { now: () => nowMs });
  const root = mkdtempSync(join(tmpdir(), 'reelflow-media-urls-'));
  beforeAll(async () => {
    storage = createDiskStorage(root);
    await storage.putBuffer(KEY, DATA, 'video/mp4');
    t = await createTestApp({}, undefined, { storage, mediaUrls: signer });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('streams the whole object with its type, range support and a private cache lifetime within the expiry', async () => {
    const url = signer.sign(KEY);
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(DATA)).toBe(true);
    expect(response.headers).toMatchObject({ 'content-type': 'video/mp4', 'accept-ranges': 'bytes', 'content-length': String(DATA.length) });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-disposition']).toBeUndefined();
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(response.headers['cache-control']))?.[1]);
    const expiresAt = Number(new URL(url, 'http://x').searchParams.get('exp'));
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(expiresAt - nowMs / 1000);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const url = signer.sign(KEY);
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers).toMatchObject({ 'content-type': 'video/mp4', 'content-length': String(DATA.length), 'accept-ranges': 'bytes' });
    expect(head.rawPayload.length).toBe(0);
    const ranged = await t.app.inject({ method: 'HEAD', url, headers: { range: 'bytes=0-9' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-length']).toBe('10');
    expect((await t.app.inject({ method: 'HEAD', url: `/media/${KEY}` })).statusCode).toBe(404);
  });

  it('answers byte ranges with 206 and 416', async () => {
    const url = signer.sign(KEY);
    const part = await get(url, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${DATA.length}`);
    expect(part.headers['content-length']).toBe('100');
    expect(part.rawPayload.equals(DATA.subarray(100, 200))).toBe(true);
    const open = await get(url, { range: 'bytes=990-' });
    expect(open.headers['content-range']).toBe(`bytes 990-999/${DATA.length}`);
    expect(open.rawPayload.equals(DATA.subarray(990))).toBe(true);
    const suffix = await get(url, { range: 'bytes=-5' });
    expect(suffix.rawPayload.equals(DATA.subarray(995))).toBe(true);
    const clamped = await get(url, { range: 'bytes=998-5000' });
    expect(clamped.headers['content-range']).toBe(`bytes 998-999/${DATA.length}`);
    const beyond = await get(url, { range: 'bytes=1000-' });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${DATA.length}`);
    // Unparseable or multi-range headers are ignored: the whole object.
    expect((await get(url, { range: 'bytes=5-2' })).statusCode).toBe(200);
    expect((await get(url, { range: 'bytes=0-1,5-6' })).statusCode).toBe(200);
    expect((await get(url, { range: 'pages=1' })).statusCode).toBe(200);
  });

  it('marks signed downloads as attachments with their (cleaned) name', async () => {
    const url = signer.sign(KEY, { downloadName: 'video-ünï "1".mp4' });
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="video-_n_ -1-.mp4"; filename*=UTF-8''${encodeURIComponent('video-ünï -1-.mp4')}`);
    // The name is part of what is signed.
    expect((await get(url.replace(/dl=[^&]+/, 'dl=other.mp4'))).statusCode).toBe(404);
    expect((await get(url.replace(/&dl=[^&]+/, ''))).statusCode).toBe(404);
  });

  it('gives the same URL within an expiry step (stable list ETags) and a valid one for at least the TTL', () => {
    const first = signer.sign(KEY);
    nowMs += 60_000;
    expect(signer.sign(KEY)).toBe(first);
    const expiresAt = Number(new URL(first, 'http://x').searchParams.get('exp'));
    expect(expiresAt * 1000 - nowMs).toBeGreaterThanOrEqual(DEFAULT_MEDIA_URL_TTL_SECONDS * 1000 - 60_000);
    expect(expiresAt * 1000 - nowMs).toBeLessThanOrEqual((DEFAULT_MEDIA_URL_TTL_SECONDS + 3600) * 1000);
  });

  it('answers 404 (never 500) for expired, tampered, foreign-key, unsigned and deleted URLs', async () => {
    const url = signer.sign(KEY, { ttlSeconds: 60 });
    expect((await get(url)).statusCode).toBe(200);
    nowMs += 61_000;
    const expired = await get(url);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual({ message: 'Not Found.' });

    const fresh = signer.sign(KEY);
    const signature = new URL(fresh, 'http://x').searchParams.get('sig')!;
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect((await get(fresh.replace(signature, flipped))).statusCode).toBe(404);
    expect((await get(fresh.replace(/exp=\d+/, (m) => `${m}9`))).statusCode).toBe(404);
    // A valid signature is for one key only.
    await storage.putBuffer('users/8/videos/v2/video.mp4', DATA, 'video/mp4');
    expect((await get(fresh.replace(KEY, 'users/8/videos/v2/video.mp4'))).statusCode).toBe(404);
    // A URL signed with another secret.
    const stranger = createMediaUrlSigner('another-secret-that-is-long-enough-987654', { now: () => nowMs });
    expect((await get(stranger.sign(KEY))).statusCode).toBe(404);
    for (const bad of [`/media/${KEY}`, `/media/${KEY}?exp=abc&sig=x`, `/media/${KEY}?exp=1&exp=2&sig=a&sig=b`, '/media/..%2F..%2Fetc%2Fpasswd?exp=9999999999&sig=x', '/media/', '/media/users/7/.meta?exp=1&sig=x']) {
      expect((await get(bad)).statusCode, bad).toBe(404);
    }
    const before = signer.sign(KEY);
    await storage.deletePrefix('users/7/videos/v1/');
    expect((await get(before)).statusCode).toBe(404);
    expect((await get(before, { range: 'bytes=0-10' })).statusCode).toBe(404);
  });
});

describe('the media URL secret', () => {
  it('is generated once and shared: URLs signed before a restart still verify after it', async () => {
    const t = await createTestApp();
    try {
      const first = await loadMediaUrlSecret(t.database.db, undefined);
      expect(first.length).toBeGreaterThanOrEqual(40);
      expect(await loadMediaUrlSecret(t.database.db, undefined)).toBe(first);
      expect(await loadMediaUrlSecret(t.database.db, 'x'.repeat(32))).toBe('x'.repeat(32));
      // A second app on the same database (another process, or the server after a restart).
      const root = mkdtempSync(join(tmpdir(), 'reelflow-secret-'));
      const storage = createDiskStorage(root);
      await storage.putBuffer('users/1/a.mp3', Buffer.from('abc'), 'audio/mpeg');
      const url = createMediaUrlSigner(first).sign('users/1/a.mp3');
      const second = await buildApp({ config: t.config, database: t.database, logger: false, storage });
      try {
        const response = await second.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(200);
        expect(response.body).toBe('abc');
      } finally {
        await second.close();
        rmSync(root, { recursive: true, force: true });
      }
    } finally {
      await t.close();
    }
  });
});
