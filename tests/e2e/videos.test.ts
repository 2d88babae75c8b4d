// AI videos from topic to download in a real browser: Debian Chromium against the built app and the real
// server process (tests/e2e/harness.ts), with no provider keys — the built-in script writer,
// voice and visuals and ffmpeg do the work.
//
// (a) a creator goes from a topic to a playable video in My videos and downloads it, through the
//     page's own controls;
// (b) a video created offline waits in the outbox, is sent once the network returns, renders
//     once (one row, credits charged once) and completes.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { apiCall, launchBrowser, registerInBrowser, startServer, storedRows, type Browser, type RunningServer } from './harness';

/** A render on a loaded 2-core machine: script, voice, visuals, ffmpeg (waits, not timings). */
const RENDER = { timeout: 300_000, interval: 1_000 };
const TEST_TIMEOUT = 420_000;
/** The shortest length the flow allows (the contract's minimum), to keep renders short. */
const SHORTEST = 5;
/** The Free plan: 50 starting credits, 0.5 credits a second → a 5-second video costs 3. */
const STARTING_CREDITS = 50;
const COST = 3;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
});

beforeEach(async () => {
  browser = await launchBrowser();
});

afterEach(async () => {
  await browser?.close();
});

afterAll(async () => {
  await server?.stop();
});

interface ServerVideo {
  id: string;
  status: string;
  credits_charged: number;
}

/** Registers through the UI so the app holds the session; returns the bearer token it stored. */
async function signUp(page: Page, name: string): Promise<string> {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}@example.com`;
  await registerInBrowser(page, server, { name, email, password: 'correct horse battery' });
  await page.waitForURL(`${server.url}/`);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('the app stored no token after registering');
  return token;
}

/** Rows of the local plan catalogue (Dexie table `plans`), read straight from IndexedDB. */
function storedPlanCount(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const request = indexedDB.open('reelflow');
    const database = await new Promise<IDBDatabase>((done, fail) => {
      request.onsuccess = () => done(request.result);
      request.onerror = () => fail(request.error ?? new Error('IndexedDB request failed'));
    });
    try {
      if (!database.objectStoreNames.contains('plans')) return 0;
      return await new Promise<number>((done, fail) => {
        const count = database.transaction('plans').objectStore('plans').count();
        count.onsuccess = () => done(count.result);
        count.onerror = () => fail(count.error ?? new Error('IndexedDB request failed'));
      });
    } finally {
      database.close();
    }
  });
}

function indicator(page: Page): Promise<string> {
  return page.locator('[data-sync-tone]').first().getAttribute('aria-label').then((label) => label ?? '');
}

/** Goes through the seven steps: a topic, the shortest length, defaults elsewhere, a title. */
async function fillFlow(page: Page, topic: string, title: string): Promise<void> {
  await page.getByRole('radiogroup', { name: /Script source/ }).getByText('Topic', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Topic' }).fill(topic);
  await page.getByRole('button', { name: 'Next' }).click();

  const length = page.getByRole('textbox', { name: 'Length in seconds' });
  await length.fill(String(SHORTEST));
  await length.blur();
  // Voice, art style, music and captions keep their defaults.
  for (const step of ['Voice', 'Art style', 'Music', 'Captions and frame', 'Review and create']) {
    await page.getByRole('button', { name: 'Next' }).click();
    const header = page.getByRole('region', { name: step, exact: true }).locator('button[aria-expanded]').first();
    await expect.poll(() => header.getAttribute('aria-expanded'), { message: step }).toBe('true');
  }
  await page.getByRole('textbox', { name: 'Title (optional)' }).fill(title);
  // The price is shown before creating: 5 s × 0.5 credits a second, rounded up.
  await expect.poll(() => page.getByTestId('video-cost').textContent()).toBe(`${COST} credits`);
  await expect.poll(() => page.getByText(`${SHORTEST} seconds × 0.5 credits a second = ${COST} credits`).isVisible()).toBe(true);
}

/** Waits for the card to say Ready (completed); a failure shows what the card and the server said last. */
async function rendered(card: Locator): Promise<void> {
  try {
    await expect.poll(() => card.getByText('Ready', { exact: true }).isVisible(), RENDER).toBe(true);
  } catch (error) {
    const text = await card.innerText().catch(() => '(no card)');
    throw new Error(`The video did not become ready. Card: ${text}\nServer: ${server.output().slice(-4000)}`, { cause: error });
  }
}

async function serverVideos(token: string): Promise<ServerVideo[]> {
  const response = await apiCall<{ data: ServerVideo[] }>(server, token, 'GET', '/api/ai-videos?per_page=100');
  expect(response.status).toBe(200);
  return response.body.data;
}

async function serverCredits(token: string): Promise<number> {
  const response = await apiCall<{ credits: number }>(server, token, 'GET', '/api/user');
  expect(response.status).toBe(200);
  return response.body.credits;
}

describe('AI videos in the browser', () => {
  it(
    '(a) from a topic to a playable video in My videos, downloaded as video-{id}.mp4',
    async () => {
      const page = await browser.context.newPage();
      const token = await signUp(page, 'Tina Topic');
      await page.goto(`${server.url}/create-ai-video`);
      await fillFlow(page, 'Three surprising facts about octopuses', 'Octopus facts');
      await page.getByRole('button', { name: 'Create video' }).click();
      await page.waitForURL(`${server.url}/my-videos`);

      const card = page.getByRole('article', { name: 'Octopus facts' });
      await card.waitFor();
      // While it renders the card shows where it is: a progress bar and a percentage (at 0 % the
      // bar's filled section has no width, so count it rather than ask if it shows). A fast machine
      // may finish the 5 s render before the card is looked at: then it must already say Ready.
      const showsProgress = async () =>
        (await card.getByRole('progressbar', { name: 'Progress of Octopus facts' }).count()) === 1 && (await card.getByText(/ · \d+%$/).isVisible());
      await expect.poll(async () => (await showsProgress()) || (await card.getByText('Ready', { exact: true }).isVisible()), { timeout: 60_000 }).toBe(true);
      await rendered(card);

      const [video] = await serverVideos(token);
      expect(video).toMatchObject({ status: 'completed', credits_charged: COST });

      // Play: the player's <video> loads the rendered file.
      await card.getByRole('button', { name: 'Play Octopus facts' }).click();
      const dialog = page.getByRole('dialog', { name: 'Octopus facts' });
      const player = dialog.getByLabel('Video: Octopus facts');
      await player.waitFor();
      await player.evaluate((element: HTMLVideoElement) => {
        element.preload = 'auto';
        if (element.readyState < 2) element.load();
      });
      await expect
        .poll(() => player.evaluate((element: HTMLVideoElement) => ({ ready: element.readyState >= 2, duration: element.duration > 0, error: element.error?.code ?? null })), {
          timeout: 30_000,
        })
        .toEqual({ ready: true, duration: true, error: null });
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);

      // Download: the browser saves video-{id}.mp4 and its bytes are an MP4 (an ftyp box first).
      const downloading = page.waitForEvent('download', { timeout: 60_000 });
      await card.getByRole('button', { name: 'Download Octopus facts' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`video-${video!.id}.mp4`);
      const path = await download.path();
      const bytes = await readFile(path);
      expect(bytes.length).toBeGreaterThan(1000);
      expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
      await page.close();
    },
    TEST_TIMEOUT,
  );

  it(
    '(b) a video created offline is sent when the network returns and renders once',
    async () => {
      const page = await browser.context.newPage();
      const token = await signUp(page, 'Otto Offline');
      await page.goto(`${server.url}/create-ai-video`);
      // The app has loaded once: the service worker holds the shell; the next load runs under it.
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
      await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
      // The first pull has stored the plan catalogue (the price shown offline comes from it);
      // going offline before it lands would test a device that never saw its plan.
      await expect.poll(() => storedPlanCount(page), { timeout: 20_000 }).toBeGreaterThan(0);

      await browser.context.setOffline(true);
      await expect.poll(() => page.getByText('You are offline', { exact: true }).isVisible()).toBe(true);
      await fillFlow(page, 'Why cats sleep so much', 'Sleepy cats');
      await page.getByRole('button', { name: 'Create video' }).click();
      await page.waitForURL(`${server.url}/my-videos`);

      const card = page.getByRole('article', { name: 'Sleepy cats' });
      await expect.poll(() => card.getByText('Waiting to be sent').isVisible()).toBe(true);
      await expect.poll(() => indicator(page)).toBe('Offline, 1 pending');
      expect(await serverVideos(token)).toEqual([]);
      // The id the flow chose is the one the server will hold (the outbox sends it).
      const id = (await storedRows<{ id: string }>(page, 'videos')).map((row) => row.id);
      expect(id).toHaveLength(1);

      await browser.context.setOffline(false);
      await expect.poll(() => card.getByText('Waiting to be sent').count(), { timeout: 60_000 }).toBe(0);
      await rendered(card);

      // Rendered once: one video with the flow's id, charged once.
      const videos = await serverVideos(token);
      expect(videos).toHaveLength(1);
      expect(videos[0]).toMatchObject({ id: id[0], status: 'completed', credits_charged: COST });
      expect(await serverCredits(token)).toBe(STARTING_CREDITS - COST);
      await page.close();
    },
    TEST_TIMEOUT,
  );
});
