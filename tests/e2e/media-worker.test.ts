// Issue 11, acceptance 1 and 2 in a real browser: the transcription screen hands a video made here
// (the server's ffmpeg: 5 s test pattern + tone, tagged as filmed turned by 90°) to the media
// worker — ffmpeg.wasm loaded from the app's own files — which probes it, makes a thumbnail,
// extracts the speech audio (smaller than the video), and compresses the video under a small
// configured server limit; a cancelled compression leaves nothing behind and the next one works.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, registerInBrowser, startServer, type Browser, type RunningServer } from './harness';

/** ffmpeg.wasm on a shared 2-core machine: loading 30 MB of wasm, then encoding (waits, not timings). */
const MEDIA = { timeout: 180_000, interval: 500 };
const TEST_TIMEOUT = 400_000;
const LIMIT_KEY = 'reelflow:transcription-upload-limit-bytes';
const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

let server: RunningServer;
let browser: Browser;
let page: Page;
let workDir: string;
let videoPath: string;
let videoBytes: number;

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'reelflow-media-worker-'));
  videoPath = join(workDir, 'phone clip.mp4');
  const encoded = join(workDir, 'encoded.mp4');
  execFileSync(ffmpegInstaller.path, [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25:duration=5',
    '-f', 'lavfi', '-i', 'sine=frequency=440:duration=5',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '2M', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-b:a', '128k',
    '-shortest', encoded,
  ]);
  // The rotation tag survives only a stream copy (an encode drops it): a second, copying pass.
  execFileSync(ffmpegInstaller.path, ['-hide_banner', '-loglevel', 'error', '-y', '-i', encoded, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', videoPath]);
  videoBytes = readFileSync(videoPath).length;
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.context.newPage();
  const email = `media-${Date.now()}@example.com`;
  await registerInBrowser(page, server, { name: 'Media Creator', email, password: 'correct horse battery' });
  await page.waitForURL(`${server.url}/`);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

async function openWithLimit(limitBytes: number | null): Promise<void> {
  await page.evaluate(
    ([key, value]) => (value === null ? localStorage.removeItem(key as string) : localStorage.setItem(key as string, String(value))),
    [LIMIT_KEY, limitBytes] as const,
  );
  await page.goto(`${server.url}/video-transcription`);
  await page.getByRole('heading', { level: 1, name: 'Video transcription' }).waitFor();
}

async function chooseVideo(): Promise<void> {
  await page.locator('input[type=file]').setInputFiles(videoPath);
  await page.getByTestId('probe-facts').waitFor({ timeout: MEDIA.timeout });
}

/** axe-core's serious and critical violations on the page as it is now (tests/e2e/accessibility.test.ts does the empty screen). */
async function seriousViolations(): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: { id: string; impact: string | null; nodes: { html: string }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
  });
}

const attribute = async (testId: string, name: string) => Number(await page.getByTestId(testId).getAttribute(name));

describe('the media worker on the transcription screen', () => {
  it('probes the video, shows a thumbnail, and extracts speech audio smaller than the video', { timeout: TEST_TIMEOUT }, async () => {
    await openWithLimit(null);
    await chooseVideo();

    const facts = page.getByTestId('probe-facts');
    expect(await attribute('probe-facts', 'data-size')).toBe(videoBytes);
    expect(Math.abs((await attribute('probe-facts', 'data-duration')) - 5)).toBeLessThan(0.2);
    await expect.poll(() => facts.innerText()).toMatch(/Video\s+h264/);
    expect(await facts.innerText()).toMatch(/Audio\s+aac/);
    expect(await facts.innerText()).toMatch(/Frame\s+640 × 360/);
    // A quarter turn (which way depends on how this old ffmpeg writes the display matrix).
    expect(await facts.innerText()).toMatch(/Rotation\s+(90|270)° clockwise/);

    // The thumbnail is a real decoded picture (scaled to 320 px wide, the rotation applied).
    const thumbnail = page.getByRole('img', { name: 'A frame of phone clip.mp4' });
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0))).toBe(320);
    expect(await thumbnail.evaluate((image: HTMLImageElement) => image.naturalHeight)).toBeGreaterThan(320);

    // ffmpeg came from this server, never a CDN, and stays out of the service worker's precache.
    const coreRequests = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    expect(coreRequests.filter((url) => /ffmpeg/i.test(url) && !url.startsWith(location.origin))).toEqual([]);
    const precached = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls: string[] = [];
      for (const name of names) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      return urls;
    });
    expect(precached.filter((url) => /ffmpeg-core/.test(url))).toEqual([]);
    const serviceWorker = await (await fetch(`${server.url}/sw.js`)).text();
    expect(serviceWorker).toContain('media.worker'); // the manifest is there…
    expect(serviceWorker).not.toMatch(/ffmpeg-core/); // …without the cores

    // The checked screen (facts, thumbnail, switches) passes axe, also 360 px wide without sideways scrolling.
    expect(await seriousViolations()).toEqual([]);
    await page.setViewportSize({ width: 360, height: 740 });
    // (Polled: the resized layout settles over a few frames on a busy machine.)
    const wideElements = () =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('main *'))
          .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
          .map((element) => `${element.tagName.toLowerCase()}.${element.className} ${Math.round(element.getBoundingClientRect().right)}`),
      );
    await expect.poll(wideElements).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    expect(await seriousViolations()).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });

    // render_video is off by default: only the speech audio would be sent.
    expect(await page.getByTestId('upload-decision').getAttribute('data-kind')).toBe('audio-only');
    await page.getByRole('button', { name: 'Extract the speech audio' }).click();
    const prepared = page.getByTestId('prepared-upload');
    await prepared.waitFor({ timeout: MEDIA.timeout });
    expect(await prepared.getAttribute('data-sends')).toBe('audio');
    expect(await attribute('prepared-upload', 'data-before')).toBe(videoBytes);
    const audioBytes = await attribute('prepared-upload', 'data-after');
    expect(audioBytes).toBeGreaterThan(1000); // 5 s of 24 kbit/s Opus is ~15 KB: not an empty file
    expect(audioBytes).toBeLessThan(videoBytes / 10);
  });

  it('compresses a video over the configured limit to a file under it; cancel stops a compression', { timeout: TEST_TIMEOUT }, async () => {
    const limit = Math.floor(videoBytes * 0.4);
    await openWithLimit(limit);
    await chooseVideo();
    await page.getByRole('switch', { name: 'Render a captioned video' }).check({ force: true });
    expect(await page.getByTestId('upload-decision').getAttribute('data-kind')).toBe('compress');

    // Cancel: the compression stops, nothing is offered, and the screen is ready again.
    await page.getByRole('button', { name: 'Compress to fit' }).click();
    await page.getByText(/^Compressing the video/).waitFor({ timeout: MEDIA.timeout });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Cancelled. Nothing was changed.').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Compress to fit' }).isEnabled()).toBe(true);
    expect(await page.getByTestId('prepared-upload').count()).toBe(0);

    // Then a full run (the worker reloads ffmpeg after the cancel).
    await page.getByRole('button', { name: 'Compress to fit' }).click();
    const prepared = page.getByTestId('prepared-upload');
    await prepared.waitFor({ timeout: MEDIA.timeout });
    expect(await prepared.getAttribute('data-sends')).toBe('compressed');
    expect(await attribute('prepared-upload', 'data-before')).toBe(videoBytes);
    const after = await attribute('prepared-upload', 'data-after');
    expect(after).toBeGreaterThan(10_000);
    expect(after).toBeLessThanOrEqual(limit);
    // The creator sees both sizes.
    expect(await prepared.innerText()).toMatch(/Compressed video: .+ → .+/);

    // skip_size_check sends the original as it is.
    await page.getByRole('switch', { name: 'Skip the size check' }).check({ force: true });
    expect(await page.getByTestId('upload-decision').getAttribute('data-kind')).toBe('as-is');
  });
});
