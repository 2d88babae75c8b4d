// "Keep offline" videos in a real browser: the built service worker answers
// /offline/videos/<id>.mp4 from the cache the page filled, keyed by the video id, and turns a
// Range request into a 206 slice — what a <video> element needs to seek with no network. Debian
// Chromium against the built client served by a bare static server (no API is involved).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { launchBrowser, type Browser } from './harness';

const CLIENT = resolve(import.meta.dirname, '../../dist/client');
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html', '.css': 'text/css', '.webmanifest': 'application/manifest+json', '.png': 'image/png', '.svg': 'image/svg+xml', '.woff2': 'font/woff2', '.ico': 'image/x-icon' };

let server: Server;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(join(CLIENT, 'sw.js'))) throw new Error('dist/client/sw.js is missing: run `npm run build` before the browser tests.');
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const file = path === '/' ? 'index.html' : path.slice(1);
    readFile(join(CLIENT, file)).then(
      (body) => {
        response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
        response.end(body);
      },
      () => {
        response.writeHead(404);
        response.end('missing');
      },
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((done) => server?.close(done));
});

describe('kept videos', () => {
  it('are served by the service worker from the id-keyed cache, with range requests', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${origin}/`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.register('/sw.js', { type: 'module' });
      await navigator.serviceWorker.ready;
    });
    // The worker controls pages loaded after it activated (it never claims open ones).
    await page.reload();
    const result = await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      const bytes = new Uint8Array(1000).map((_, index) => index % 256);
      const cache = await caches.open('reelflow-offline-videos');
      await cache.put(new Request(`${location.origin}/offline/videos/abc.mp4`), new Response(bytes, { headers: { 'Content-Type': 'video/mp4', 'Content-Length': '1000' } }));
      const whole = await fetch('/offline/videos/abc.mp4');
      const part = await fetch('/offline/videos/abc.mp4', { headers: { Range: 'bytes=100-199' } });
      const slice = new Uint8Array(await part.arrayBuffer());
      const missing = await fetch('/offline/videos/other.mp4').then(
        (response) => response.status,
        () => 'failed',
      );
      return {
        controlled: navigator.serviceWorker.controller !== null,
        whole: [whole.status, (await whole.arrayBuffer()).byteLength],
        part: [part.status, part.headers.get('content-range'), slice.length, slice[0], slice[99]],
        missing,
      };
    });
    expect(result.controlled).toBe(true);
    expect(result.whole).toEqual([200, 1000]);
    expect(result.part).toEqual([206, 'bytes 100-199/1000', 100, 100, 199]);
    // No copy: a plain failure (the page only asks for kept videos, and checks the cache first).
    expect(result.missing).toBe('failed');
    await page.close();
  }, 60_000);
});
