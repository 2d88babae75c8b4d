// Transcription end to end in Chromium, against the real server with the offline speech engine
// (pocketsphinx, installed by .ci/run). The test videos are made here with the server's ffmpeg: a
// short clip tagged as filmed turned by 90°, and a grainy 8 Mbit/s "phone" video with a sentence
// spoken by the app's own built-in voice. On the transcription screen the media worker
// (ffmpeg.wasm from the app's own files):
//   * probes the clip and makes a thumbnail (and stays out of the precache);
//   * with the captioned video off, extracts the speech: only that audio goes up and is transcribed;
//   * with it on and the video over the server's (test-configured) limit, compresses it to fit —
//     a cancel stops that — and the resumable upload, cut off by going offline after its first
//     chunk and a reload, continues from where it stopped once the connection is back; the
//     captioned video is rendered on the server, plays in the editor, and — kept offline — plays
//     from this device with the connection gone.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transcription } from '../../contract/transcriptions';
import { apiCall, launchBrowser, serviceWorkerReady, startServer, type Browser, type RunningServer } from './harness';
import { signUpPro } from './publishing-helpers';

/** ffmpeg.wasm, pocketsphinx and a caption burn on a shared 2-core machine (waits, not timings). */
const MEDIA = { timeout: 240_000, interval: 500 };
const TEST_TIMEOUT = 600_000;
/** The server's upload limit for this run: the test video is about 1.5 times as large. */
const LIMIT_MB = 4;
const LIMIT_BYTES = LIMIT_MB * 1024 * 1024;
const CHUNK_BYTES = 2 * 1024 * 1024;
const SENTENCE = 'Hello world. This is a test of the speech recognition system. The weather today is good.';
const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

let server: RunningServer;
let browser: Browser;
let page: Page;
let token: string;
let workDir: string;
let videoPath: string;
let videoBytes: number;
/** A light clip (5 s, 2 Mbit/s, turned by 90°) for the device-side check. */
let clipPath: string;
let clipBytes: number;

function ffmpeg(args: string[]): void {
  execFileSync(ffmpegInstaller.path, ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
}

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'reelflow-transcription-'));
  server = await startServer({ TRANSCRIPTION_MAX_UPLOAD_MB: String(LIMIT_MB), STT_PROVIDER: 'pocketsphinx' });
  browser = await launchBrowser();
  page = await browser.context.newPage();
  token = await signUpPro(page, server, 'Caption Creator');

  // The sentence in the built-in voice (the server's own preview route), under a test pattern.
  const speech = await fetch(`${server.url}/api/voices/preview`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: '*/*' },
    body: JSON.stringify({ provider: 'builtin', voice_id: 'flite-slt', text: SENTENCE }),
  });
  expect(speech.status, await speech.clone().text()).toBe(200);
  const speechPath = join(workDir, 'speech.audio');
  writeFileSync(speechPath, Buffer.from(await speech.arrayBuffer()));
  const encoded = join(workDir, 'encoded.mp4');
  ffmpeg([
    '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25',
    '-i', speechPath,
    // Film grain (noise) keeps the bitrate up and a keyframe every second, as a phone's video has.
    '-vf', 'noise=alls=30:allf=t',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '8M', '-g', '25', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-b:a', '128k', '-shortest', encoded,
  ]);
  // The rotation tag survives only a stream copy (an encode drops it): a second, copying pass.
  videoPath = join(workDir, 'phone clip.mp4');
  ffmpeg(['-i', encoded, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', videoPath]);
  videoBytes = readFileSync(videoPath).length;
  const clipEncoded = join(workDir, 'clip-encoded.mp4');
  ffmpeg([
    '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25:duration=5', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=5',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '2M', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-shortest', clipEncoded,
  ]);
  clipPath = join(workDir, 'short clip.mp4');
  ffmpeg(['-i', clipEncoded, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', clipPath]);
  clipBytes = readFileSync(clipPath).length;
  expect(videoBytes, 'the test video must be over the server limit').toBeGreaterThan(LIMIT_BYTES);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

async function openScreen(): Promise<void> {
  await page.goto(`${server.url}/video-transcription`);
  await page.getByRole('heading', { level: 1, name: 'Video transcription' }).waitFor();
  await page.getByTestId('speech-engine').waitFor();
}

async function chooseVideo(path = videoPath): Promise<void> {
  await page.locator('input[type=file]').setInputFiles(path);
  try {
    await page.getByTestId('probe-facts').waitFor({ timeout: MEDIA.timeout });
  } catch (error) {
    throw new Error(`The video was not checked. The screen says: ${await page.locator('main').innerText()}`, { cause: error });
  }
}

/** axe-core's serious and critical violations on the page as it is now. */
async function seriousViolations(): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: { id: string; impact: string | null; nodes: { html: string }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
  });
}

async function serverTranscriptions(): Promise<Transcription[]> {
  const list = await apiCall<{ data: Transcription[] }>(server, token, 'GET', '/api/transcriptions');
  expect(list.status).toBe(200);
  return list.body.data;
}

async function serverTranscription(id: string): Promise<Transcription> {
  const one = await apiCall<{ transcription: Transcription }>(server, token, 'GET', `/api/transcriptions/${id}`);
  expect(one.status).toBe(200);
  return one.body.transcription;
}

/** Plays a <video> muted for a moment: how far it got and its picture size. */
function playBriefly(player: Locator): Promise<{ time: number; width: number }> {
  return player.evaluate(async (video: HTMLVideoElement) => {
    video.muted = true;
    await video.play();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    video.pause();
    return { time: video.currentTime, width: video.videoWidth };
  });
}

const attribute = async (testId: string, name: string) => Number(await page.getByTestId(testId).first().getAttribute(name));

describe('video transcription in the browser', () => {
  it('checks the video on the device: facts, thumbnail, ffmpeg self-hosted and never precached, accessible at 360 px', { timeout: TEST_TIMEOUT }, async () => {
    await openScreen();
    await chooseVideo(clipPath);

    const facts = page.getByTestId('probe-facts');
    expect(await attribute('probe-facts', 'data-size')).toBe(clipBytes);
    expect(Math.abs((await attribute('probe-facts', 'data-duration')) - 5)).toBeLessThan(0.2);
    await expect.poll(() => facts.innerText()).toMatch(/Video\s+h264/);
    expect(await facts.innerText()).toMatch(/Audio\s+aac/);
    expect(await facts.innerText()).toMatch(/Frame\s+640 × 360/);
    // A quarter turn (which way depends on how this old ffmpeg writes the display matrix).
    expect(await facts.innerText()).toMatch(/Rotation\s+(90|270)° clockwise/);

    // The thumbnail is a real decoded picture (scaled to 320 px wide, the rotation applied).
    const thumbnail = page.getByRole('img', { name: 'A frame of short clip.mp4' });
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0))).toBe(320);
    expect(await thumbnail.evaluate((image: HTMLImageElement) => image.naturalHeight)).toBeGreaterThan(320);

    // ffmpeg came from this server, never a CDN, and stays out of the service worker's precache.
    const coreRequests = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    expect(coreRequests.filter((url) => /ffmpeg/i.test(url) && !url.startsWith(location.origin))).toEqual([]);
    const precached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      return urls;
    });
    expect(precached.filter((url) => /ffmpeg-core/.test(url))).toEqual([]);
    const serviceWorker = await (await fetch(`${server.url}/sw.js`)).text();
    expect(serviceWorker).toContain('media.worker'); // the manifest is there…
    expect(serviceWorker).not.toMatch(/ffmpeg-core/); // …without the cores

    expect(await seriousViolations()).toEqual([]);
    await page.setViewportSize({ width: 360, height: 740 });
    const wideElements = () =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('main *'))
          .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
          .map((element) => `${element.tagName.toLowerCase()}.${element.className} ${Math.round(element.getBoundingClientRect().right)}`),
      );
    await expect.poll(wideElements).toEqual([]);
    expect(await seriousViolations()).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('sends only the speech audio when no captioned video is wanted, and transcribes it', { timeout: TEST_TIMEOUT }, async () => {
    await openScreen();
    await chooseVideo();
    expect(await page.getByTestId('upload-decision').getAttribute('data-kind')).toBe('audio-only');
    const before = (await serverTranscriptions()).length;
    await page.getByRole('button', { name: 'Upload and transcribe' }).click();

    // The upload becomes a transcription on the server; what went up is the audio alone.
    await expect.poll(async () => (await serverTranscriptions()).length, MEDIA).toBe(before + 1);
    const created = (await serverTranscriptions())[0]!;
    expect(created.title).toBe('phone clip');
    expect(created.media_type).toMatch(/^audio\//);
    expect(created.media_size).toBeGreaterThan(1000);
    expect(created.media_size).toBeLessThan(videoBytes / 10);
    expect(created.render_video).toBe(false);

    // The list follows it to the end; the transcript is there with word timings.
    const row = page.locator(`[data-testid="transcription-row"][data-id="${created.id}"]`);
    await expect.poll(() => row.getAttribute('data-status'), MEDIA).toBe('completed');
    expect(await row.innerText()).toMatch(/Rough draft/i);
    const done = await serverTranscription(created.id);
    expect(done.words.length).toBeGreaterThan(3);
    expect(done.words.map((word) => word.word)).toEqual(expect.arrayContaining(['weather']));
    await page.getByRole('button', { name: `Open ${created.title}` }).first().click();
    await page.getByRole('heading', { level: 2, name: created.title }).waitFor();

    // The creator corrects the first word; the change goes through the outbox to the server.
    const first = page.getByRole('textbox', { name: 'Word 1', exact: true });
    await expect.poll(() => first.inputValue(), MEDIA).not.toBe('');
    await first.fill('Greetings');
    await page.getByRole('button', { name: 'Save words' }).click();
    await expect.poll(async () => (await serverTranscription(created.id)).words[0]?.word, MEDIA).toBe('Greetings');
    expect((await serverTranscription(created.id)).words.length).toBe(done.words.length);

    // The SRT downloads with the corrected word.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download SRT' }).click()]);
    const srt = readFileSync((await download.path()), 'utf8');
    expect(srt).toMatch(/^1\r?\n\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}/);
    expect(srt).toMatch(/greetings/i); // (the preset may write captions in capitals)
  });

  it('compresses a video over the limit, resumes an upload cut off by going offline and a reload, and renders a captioned video that plays', { timeout: TEST_TIMEOUT }, async () => {
    await openScreen();
    await serviceWorkerReady(page);
    await chooseVideo();
    await page.getByRole('switch', { name: 'Render a captioned video' }).check({ force: true });
    expect(await page.getByTestId('upload-decision').getAttribute('data-kind')).toBe('compress');

    // Cancel stops a compression: nothing is queued, and the screen is ready again.
    await page.getByRole('button', { name: 'Upload and transcribe' }).click();
    await page.getByText(/^Compressing the video/).waitFor({ timeout: MEDIA.timeout });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Cancelled. Nothing was sent.').waitFor();
    expect(await page.getByTestId('upload-row').count()).toBe(0);

    // The connection drops as the second chunk leaves: its request fails as one cut off by going
    // offline, before any of it reaches the server. (Cut at a moment of a throttled upload, the
    // chunk sometimes reached the server whole, and nothing was left to resume.)
    let cutOff = false;
    await page.context().route('**/api/uploads/**', async (route) => {
      const request = route.request();
      if (!cutOff && request.method() === 'PATCH' && Number(request.headers()['upload-offset']) >= CHUNK_BYTES) {
        cutOff = true;
        await page.context().setOffline(true);
        await route.abort('internetdisconnected');
        return;
      }
      await route.fallback();
    });
    const patches: { offset: number; length: number }[] = [];
    // The context sees requests a service worker passes on too (the page after a reload is controlled).
    page.context().on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().includes('/api/uploads/')) {
        const headers = request.headers();
        patches.push({ offset: Number(headers['upload-offset']), length: request.postDataBuffer()?.length ?? 0 });
      }
    });
    const before = (await serverTranscriptions()).length;
    await page.getByRole('button', { name: 'Upload and transcribe' }).click();
    const upload = page.getByTestId('upload-row');
    await upload.waitFor({ timeout: MEDIA.timeout });
    expect(await upload.getAttribute('data-sends')).toBe('compressed');
    const size = await attribute('upload-row', 'data-size');
    expect(size).toBeLessThanOrEqual(LIMIT_BYTES);
    expect(size).toBeGreaterThan(CHUNK_BYTES);
    // The creator sees the size before and after.
    expect(await upload.innerText()).toMatch(/Compressed video: .+ → .+/);

    // The first chunk is on the server when the connection drops.
    await expect.poll(() => cutOff, MEDIA).toBe(true);
    await expect.poll(() => upload.getAttribute('data-status')).toBe('waiting');
    expect(await attribute('upload-row', 'data-uploaded')).toBe(CHUNK_BYTES);
    await page.getByText(/Waiting for the network/).first().waitFor();
    const sentBefore = await attribute('upload-row', 'data-uploaded');
    expect(sentBefore).toBeLessThan(size);

    // A reload while offline: the upload is still there, with what it had sent.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Video transcription' }).waitFor();
    await page.getByTestId('upload-row').waitFor();
    expect(await attribute('upload-row', 'data-uploaded')).toBe(sentBefore);
    expect((await serverTranscriptions()).length).toBe(before);

    // Back online: it continues from the server's offset (never from zero) and finishes.
    const patchesBefore = patches.length;
    await page.context().setOffline(false);
    await expect.poll(async () => (await serverTranscriptions()).length, MEDIA).toBe(before + 1);
    await expect.poll(() => page.getByTestId('upload-row').count()).toBe(0);
    const resumed = patches.slice(patchesBefore);
    expect(resumed.length).toBeGreaterThan(0);
    expect(resumed[0]!.offset).toBeGreaterThanOrEqual(CHUNK_BYTES);
    const created = (await serverTranscriptions())[0]!;
    expect(created.media_type).toMatch(/^video\//);
    expect(created.media_size).toBe(size);
    expect(created.render_video).toBe(true);

    // Transcribed, then the captioned video rendered on the server; it plays in the page.
    const row = page.locator(`[data-testid="transcription-row"][data-id="${created.id}"]`);
    await expect.poll(() => row.getAttribute('data-render'), MEDIA).toBe('completed');
    const done = await serverTranscription(created.id);
    expect(done.status).toBe('completed');
    expect(done.captioned_url).toBeTruthy();
    await page.getByRole('button', { name: `Open ${created.title}` }).first().click();
    const player = page.locator('video[aria-label="The captioned video"]');
    await player.waitFor({ timeout: MEDIA.timeout });
    const played = await playBriefly(player);
    expect(played.time).toBeGreaterThan(0);
    expect(played.width).toBeGreaterThan(0);

    // Kept offline: with the connection gone, the player gets the copy from this device.
    // (The switch turns on once the copy is stored.)
    await page.getByRole('switch', { name: /Keep offline/ }).click({ force: true });
    await page.getByText(/Saved on this device/).waitFor({ timeout: MEDIA.timeout });
    await page.context().setOffline(true);
    await expect.poll(() => player.getAttribute('src')).toMatch(/^\/offline\/captioned\//);
    const offline = await playBriefly(player);
    expect(offline.time).toBeGreaterThan(0);
    expect(offline.width).toBeGreaterThan(0);
    await page.context().setOffline(false);
  });
});
