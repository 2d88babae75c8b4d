// A creator's first video on a phone (390 × 844, touch), in Debian Chromium against the built app
// and the real server with no provider keys: from Home's "Create a video" through the flow with a
// topic, previewing built-in tracks in the music step and choosing one, to a finished video whose
// row names the track and whose sound carries it. Nothing may scroll sideways on the way.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_MUSIC, BUILTIN_MUSIC_PREVIEW_SECONDS, builtinMusicPreviewPath, type BuiltinMusicTrack } from '../../contract/builtin-music';
import { apiCall, PHONE, registerInBrowser, useServerAndBrowser } from './harness';
import { noSidewaysScroll, tap } from './phone';

/** A render on a loaded 2-core machine: script, voice, visuals, music, ffmpeg (waits, not timings). */
const RENDER = { timeout: 150_000, interval: 1_000 };
const TEST_TIMEOUT = 170_000;
/** The shortest length the flow allows, to keep the render short. */
const SHORTEST = 5;

function builtinTrack(title: string): BuiltinMusicTrack {
  const track = BUILTIN_MUSIC.find((entry) => entry.title === title);
  if (!track) throw new Error(`No built-in track is called ${title}`);
  return track;
}

/** Two built-in tracks of different moods, tempos and keys: the first is only previewed, the second chosen. */
const PREVIEWED = builtinTrack('Morning Haze');
const CHOSEN = builtinTrack('Open Road');

/** Sample rate the sound is compared at: plenty for a track's tonal content, cheap to correlate. */
const COMPARE_RATE = 8_000;
/** How far apart the video's music and the track may sit (AAC priming, resampling), each way. */
const MAX_LAG_SECONDS = 0.1;
/** The stretch compared at a time: short enough to fit in the video's tail after the last word. */
const WINDOW_SECONDS = 0.25;

const running = useServerAndBrowser({}, PHONE);
let workDir: string;

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'reelflow-first-video-'));
});

afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

/**
 * Every media element the page has asked to play, in order. The preview player's <audio> is never
 * put in the document, so the test keeps hold of it where it starts playing.
 */
function recordPlayedMedia(): void {
  const played: HTMLMediaElement[] = [];
  const play = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'play')?.value as (this: HTMLMediaElement) => Promise<void>;
  HTMLMediaElement.prototype.play = function recordAndPlay(this: HTMLMediaElement) {
    if (!played.includes(this)) played.push(this);
    return play.call(this);
  };
  Object.defineProperty(window, '__playedMedia', { value: played });
}

interface MediaState {
  src: string;
  paused: boolean;
  currentTime: number;
  readyState: number;
}

function playedMedia(page: Page): Promise<MediaState[]> {
  return page.evaluate(() =>
    (window as unknown as { __playedMedia: HTMLMediaElement[] }).__playedMedia.map((element) => ({
      src: element.currentSrc || element.getAttribute('src') || '',
      paused: element.paused,
      currentTime: element.currentTime,
      readyState: element.readyState,
    })),
  );
}

/** The media playing now (not paused), whatever element plays it. */
async function playing(page: Page): Promise<MediaState[]> {
  return (await playedMedia(page)).filter((media) => !media.paused);
}

/** Waits until exactly one preview plays, it is `track`'s, it has data and its time moves on. */
async function previewPlays(page: Page, track: { id: string }): Promise<void> {
  const previewPath = builtinMusicPreviewPath(track.id);
  const now = async () => {
    const media = await playing(page);
    return media.length === 1 && media[0]!.src.includes(previewPath) && media[0]!.readyState >= 2 ? media[0]!.currentTime : -1;
  };
  // Loading includes the server composing the track the first time it is asked for.
  await expect.poll(now, { timeout: BUILTIN_MUSIC_PREVIEW_SECONDS * 1000, message: `the preview of ${track.id} plays` }).toBeGreaterThanOrEqual(0);
  const started = await now();
  await expect.poll(now, { message: `the preview of ${track.id} moves on` }).toBeGreaterThan(started);
}

/** Taps Next and waits until `step` is the open one. */
async function nextStep(page: Page, step: string): Promise<void> {
  await tap(page.getByRole('button', { name: 'Next' }));
  const header = page.getByRole('region', { name: step, exact: true }).locator('button[aria-expanded]').first();
  await expect.poll(() => header.getAttribute('aria-expanded'), { message: step }).toBe('true');
  await noSidewaysScroll(page, step);
}

/** Decodes a file's sound to mono samples at COMPARE_RATE with the npm-shipped ffmpeg. */
function monoSamples(path: string): Float32Array {
  const raw = execFileSync(
    ffmpegInstaller.path,
    ['-hide_banner', '-loglevel', 'error', '-i', path, '-vn', '-ac', '1', '-ar', String(COMPARE_RATE), '-f', 'f32le', '-'],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  // A copy: the child's buffer may not start on a 4-byte boundary.
  return new Float32Array(Uint8Array.from(raw).buffer);
}

/** Normalised correlation of `a[from, to)` with `b` shifted by `lag` (1 = the same waveform up to gain). */
function correlation(a: Float32Array, b: Float32Array, lag: number, from: number, to: number): number {
  let product = 0;
  let energyA = 0;
  let energyB = 0;
  for (let index = Math.max(from, -lag); index < to && index + lag < b.length; index += 1) {
    const x = a[index]!;
    const y = b[index + lag]!;
    product += x * y;
    energyA += x * x;
    energyB += y * y;
  }
  return energyA > 0 && energyB > 0 ? product / Math.sqrt(energyA * energyB) : 0;
}

/**
 * How closely the video's sound matches `track`, a quarter second at a time: the track is aligned
 * with the whole mix first (the music starts with the video, so the lag is a few samples at most).
 * Where nobody speaks — the tail after the last word, pauses — the mix is the track alone (ducking
 * and fades only scale it), so there the chosen track matches almost exactly; another track, or
 * none, does not.
 */
function windowMatches(mix: Float32Array, track: Float32Array): number[] {
  const length = Math.min(mix.length, track.length);
  const maxLag = Math.round(MAX_LAG_SECONDS * COMPARE_RATE);
  let lag = 0;
  let aligned = correlation(mix, track, 0, 0, length);
  for (let candidate = -maxLag; candidate <= maxLag; candidate += 1) {
    const value = correlation(mix, track, candidate, 0, length);
    if (value > aligned) [lag, aligned] = [candidate, value];
  }
  const window = Math.round(WINDOW_SECONDS * COMPARE_RATE);
  const matches: number[] = [];
  for (let from = 0; from + window <= length; from += window / 2) matches.push(correlation(mix, track, lag, from, from + window));
  return matches;
}

/** A built-in track's preview, fetched from its public address (the same file the browser played). */
async function downloadPreview(track: { id: string }): Promise<string> {
  const response = await fetch(`${running.server.url}${builtinMusicPreviewPath(track.id)}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^audio\//);
  const path = join(workDir, `${track.id}.m4a`);
  writeFileSync(path, Buffer.from(await response.arrayBuffer()));
  return path;
}

interface ServerVideo {
  id: string;
  status: string;
  music: { track_id: string; title: string; auto: boolean } | null;
}

describe('a first video on a phone', () => {
  it(
    "goes from Home's Create a video to a finished video with a previewed built-in track",
    async () => {
      const { server, browser } = running;
      const page = await browser.context.newPage();
      await page.addInitScript(recordPlayedMedia);

      // A new creator signs up and lands on Home.
      const email = `first-video-${Date.now()}@example.com`;
      await registerInBrowser(page, server, { name: 'Fay First', email, password: 'correct horse battery' });
      await page.waitForURL(`${server.url}/`);
      const token = await page.evaluate(() => localStorage.getItem('token'));
      if (!token) throw new Error('the app stored no token after registering');

      const start = page.getByRole('region', { name: 'Create a video' });
      await start.waitFor();
      await noSidewaysScroll(page, 'Home');
      await tap(start.getByRole('link', { name: 'Start from a topic' }));
      await page.waitForURL(`${server.url}/create-ai-video`);
      await noSidewaysScroll(page, 'Script');

      // Script: a topic. Length: the shortest. Voice and art style keep their defaults.
      await tap(page.getByRole('radiogroup', { name: /Script source/ }).getByText('Topic', { exact: true }));
      await page.getByRole('textbox', { name: 'Topic' }).fill('Why the sea is salty');
      await nextStep(page, 'Length and language');
      const length = page.getByRole('textbox', { name: 'Length in seconds' });
      await length.fill(String(SHORTEST));
      await length.blur();
      await nextStep(page, 'Voice');
      await nextStep(page, 'Art style');
      await nextStep(page, 'Music');

      // Music: a preview plays; a second one takes its place; the creator chooses the second.
      const music = page.getByRole('region', { name: 'Music', exact: true });
      const previewFirst = music.getByRole('button', { name: `Preview ${PREVIEWED.title}` });
      const previewChosen = music.getByRole('button', { name: `Preview ${CHOSEN.title}` });
      await tap(previewFirst);
      await previewPlays(page, PREVIEWED);
      await expect.poll(() => previewFirst.getAttribute('aria-pressed')).toBe('true');

      await tap(previewChosen);
      await previewPlays(page, CHOSEN);
      await expect.poll(() => previewFirst.getAttribute('aria-pressed')).toBe('false');
      await expect.poll(() => previewChosen.getAttribute('aria-pressed')).toBe('true');
      expect((await playing(page)).some((media) => media.src.includes(PREVIEWED.id))).toBe(false);

      await tap(music.getByRole('button', { name: new RegExp(`^Use this track\\s*: ${CHOSEN.title}$`) }));
      await expect.poll(() => music.getByRole('status').filter({ hasText: 'Music:' }).textContent()).toBe(`Music: ${CHOSEN.title} (built-in)`);
      await noSidewaysScroll(page, 'Music with a track chosen');

      // Leaving the step stops the preview.
      await nextStep(page, 'Captions and frame');
      await expect.poll(async () => (await playing(page)).length, { message: 'a preview plays after leaving the music step' }).toBe(0);

      await nextStep(page, 'Review and create');
      await page.getByRole('textbox', { name: 'Title (optional)' }).fill('Salty sea');
      await tap(page.getByRole('button', { name: 'Create video' }));
      await page.waitForURL(`${server.url}/my-videos`);

      const card = page.getByRole('article', { name: 'Salty sea' });
      try {
        await expect.poll(() => card.getByText('Ready', { exact: true }).isVisible(), RENDER).toBe(true);
      } catch (error) {
        const text = await card.innerText().catch(() => '(no card)');
        throw new Error(`The video did not become ready. Card: ${text}\nServer: ${server.output().slice(-4000)}`, { cause: error });
      }
      await noSidewaysScroll(page, 'My videos');

      // The server's row names the chosen track, chosen by the creator rather than by mood.
      const videos = await apiCall<{ data: ServerVideo[] }>(server, token, 'GET', '/api/ai-videos?per_page=100');
      expect(videos.status).toBe(200);
      expect(videos.body.data).toHaveLength(1);
      const [video] = videos.body.data;
      expect(video).toMatchObject({ status: 'completed', music: { track_id: CHOSEN.id, title: CHOSEN.title, auto: false } });

      // The file the creator downloads carries the chosen track's sound under the voice.
      const downloading = page.waitForEvent('download', { timeout: 60_000 });
      await tap(card.getByRole('button', { name: 'Download Salty sea' }));
      const download = await downloading;
      const videoPath = join(workDir, download.suggestedFilename());
      await download.saveAs(videoPath);

      const mix = monoSamples(videoPath);
      const chosen = windowMatches(mix, monoSamples(await downloadPreview(CHOSEN)));
      const other = windowMatches(mix, monoSamples(await downloadPreview(PREVIEWED)));
      // The quarter seconds where the music plays alone: the chosen track matches them almost exactly.
      const musicAlone = chosen.flatMap((match, index) => (match > 0.9 ? [index] : []));
      expect(Math.max(...chosen), 'how closely the chosen track matches the video where nobody speaks').toBeGreaterThan(0.9);
      // The same quarter seconds against another track (compared where the mix is known to be music
      // alone, not at its best moment: two tonal tracks can agree for a quarter second by chance).
      const otherThere = musicAlone.reduce((sum, index) => sum + other[index]!, 0) / musicAlone.length;
      expect(otherThere, 'how closely another track matches the same moments').toBeLessThan(0.5);
      await page.close();
    },
    TEST_TIMEOUT,
  );
});
