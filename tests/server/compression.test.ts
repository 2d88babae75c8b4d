// Bytes on the wire: API JSON above ~1 KB is compressed per Accept-Encoding (brotli or
// gzip, q-values honoured) with one ETag for every encoding; small answers are not; the built
// PWA's precompressed .br/.gz copies are sent as they are (never compressed twice), hashed assets
// immutable, index.html, the service worker and the manifest revalidated.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressClient } from '../../scripts/compress-client.mjs';
import { COMPRESSION_THRESHOLD_BYTES } from '../../server/http/compression';
import { as, createTestApp, uniqueEmail, type TestApp } from './helpers';

function decoded(response: LightMyRequestResponse): string {
  const raw = response.rawPayload;
  switch (response.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(raw).toString('utf8');
    case 'gzip':
      return gunzipSync(raw).toString('utf8');
    case undefined:
      return raw.toString('utf8');
    default:
      throw new Error(`unexpected content-encoding ${String(response.headers['content-encoding'])}`);
  }
}

const varyOf = (response: LightMyRequestResponse) => String(response.headers.vary ?? '').toLowerCase();

describe('compressed API answers', () => {
  let t: TestApp;
  let token: string;
  let list: (acceptEncoding?: string, extra?: Record<string, string>) => Promise<LightMyRequestResponse>;

  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.client.register(uniqueEmail('bytes'))).token;
    for (let i = 0; i < 6; i += 1) {
      const created = await t.client.post('/api/scripts', { title: `Script ${i}`, body: `A hook, a twist and a call to action. `.repeat(20) }, as(token));
      expect(created.statusCode).toBe(201);
    }
    list = (acceptEncoding, extra = {}) =>
      t.app.inject({
        method: 'GET',
        url: '/api/scripts',
        headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }), ...extra },
      });
  });
  afterAll(async () => t.close());

  it('sends a list above the threshold as brotli or gzip, whichever Accept-Encoding prefers', async () => {
    const plain = await list();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    const cases: [string, string | undefined][] = [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br', 'br'],
      ['gzip;q=1.0, br;q=0.5', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
      ['deflate', undefined],
    ];
    for (const [acceptEncoding, expected] of cases) {
      const response = await list(acceptEncoding);
      expect(response.statusCode, acceptEncoding).toBe(200);
      expect(response.headers['content-encoding'], acceptEncoding).toBe(expected);
      expect(decoded(response), acceptEncoding).toBe(plain.body);
      if (expected) {
        expect(response.rawPayload.length, acceptEncoding).toBeLessThan(plain.rawPayload.length / 2);
        expect(varyOf(response), acceptEncoding).toContain('accept-encoding');
        // Per-user answers stay private and varying by Authorization (etag.ts).
        expect(varyOf(response), acceptEncoding).toContain('authorization');
        expect(response.headers['cache-control'], acceptEncoding).toBe('private, no-cache');
      }
    }
  });

  it('keeps one ETag for every encoding and answers If-None-Match with an empty 304', async () => {
    const br = await list('br');
    const gzip = await list('gzip');
    const plain = await list();
    expect(br.headers.etag).toMatch(/^W\/".+"$/);
    expect(gzip.headers.etag).toBe(br.headers.etag);
    expect(plain.headers.etag).toBe(br.headers.etag);

    const notModified = await list('br, gzip', { 'if-none-match': String(br.headers.etag) });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
    expect(notModified.headers['content-encoding']).toBeUndefined();
  });

  it('answers HEAD like GET (same ETag), without a body', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/api/scripts', headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers.etag).toBe((await list('br')).headers.etag);
  });

  it('sends answers below the threshold as they are', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.statusCode).toBe(200);
    expect(health.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: 'ok' });
  });

  it('does not decompress request bodies (a compressed body cannot slip past the size limit)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/scripts',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: Buffer.from([0x1f, 0x8b, 0x08, 0x00]),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('precompressed PWA files', () => {
  let t: TestApp;
  const clientDir = join(tmpdir(), `reelflow-bytes-${process.pid}-${Date.now()}`);
  const script = `export function greet(name) { return 'Hello, ' + name; }\n`.repeat(60);
  const html = `<!doctype html><html lang="en"><head><title>Reelflow</title>${'<meta name="x" content="padding">'.repeat(30)}</head><body><div id="root"></div></body></html>`;
  const worker = `self.addEventListener('fetch', () => {});\n`.repeat(40);
  const manifest = JSON.stringify({ name: 'Reelflow', icons: Array.from({ length: 20 }, (_, i) => ({ src: `/icons/${i}.png`, sizes: '192x192' })) });

  beforeAll(async () => {
    mkdirSync(join(clientDir, 'assets'), { recursive: true });
    writeFileSync(join(clientDir, 'index.html'), html);
    writeFileSync(join(clientDir, 'assets', 'index-abc123.js'), script);
    writeFileSync(join(clientDir, 'sw.js'), worker);
    writeFileSync(join(clientDir, 'manifest.webmanifest'), manifest);
    const written = await compressClient(clientDir);
    expect(written.files).toBe(4);
    t = await createTestApp({ CLIENT_DIR: clientDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string, accept = '*/*') =>
    t.app.inject({ method: 'GET', url, headers: { accept, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) } });

  it('sends a hashed asset as its .br or .gz copy per Accept-Encoding, immutable', async () => {
    const cases: [string | undefined, string | undefined][] = [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=0.2, gzip;q=0.8', 'gzip'],
      [undefined, undefined],
    ];
    for (const [acceptEncoding, expected] of cases) {
      const response = await get('/assets/index-abc123.js', acceptEncoding);
      const label = acceptEncoding ?? '(none)';
      expect(response.statusCode, label).toBe(200);
      expect(response.headers['content-encoding'], label).toBe(expected);
      expect(response.headers['content-type'], label).toMatch(/javascript/);
      expect(response.headers['cache-control'], label).toBe('public, max-age=31536000, immutable');
      expect(varyOf(response), label).toContain('accept-encoding');
      // Decoded once it is the file itself: the copy was not compressed a second time.
      expect(decoded(response), label).toBe(script);
    }
    const br = await get('/assets/index-abc123.js', 'br');
    expect(br.rawPayload.equals(readFileSync(join(clientDir, 'assets', 'index-abc123.js.br')))).toBe(true);
  });

  it('sends index.html (at / and as the SPA fallback), sw.js and the manifest compressed and revalidated', async () => {
    for (const [url, accept, body] of [
      ['/', 'text/html', html],
      ['/login', 'text/html', html],
      ['/my-scripts', 'text/html', html],
      ['/sw.js', '*/*', worker],
      ['/manifest.webmanifest', '*/*', manifest],
    ] as const) {
      const response = await get(url, 'br, gzip', accept);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(decoded(response), url).toBe(body);
      if (accept === 'text/html') expect(response.headers['content-type'], url).toContain('text/html');
    }
    const gzipped = await get('/login', 'gzip', 'text/html');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzipped)).toBe(html);
  });
});
