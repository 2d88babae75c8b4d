// What the publishing browser tests share (publishing.test.ts, three-platforms.test.ts): a Pro
// creator signed up through the UI, a finished video, sandbox accounts connected through the connect
// screen's popup, the server's posts and the sandboxes' account pages as JSON.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { Post, SocialPlatform } from '../../contract/publishing';
import { apiCall, registerInBrowser, runAdmin, type Browser, type RunningServer } from './harness';

/** A render of a short script on a loaded 2-core machine (waits, not timings). */
const RENDER = { timeout: 240_000, interval: 1_000 };

/** Registers through the UI (so the app holds the session), then moves the user to the Pro plan. */
export async function signUpPro(page: Page, server: RunningServer, name: string): Promise<string> {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}@example.com`;
  await registerInBrowser(page, server, { name, email, password: 'correct horse battery' });
  await page.waitForURL(`${server.url}/`);
  runAdmin(server, ['set-plan', email, 'pro']);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('the app stored no token after registering');
  return token;
}

/** Renders a video through the API (the publish screen only offers finished ones). */
export async function finishedVideo(server: RunningServer, token: string, video: { title: string; script: string }): Promise<string> {
  const created = await apiCall<{ id: string }>(server, token, 'POST', '/api/ai-videos', video);
  expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
  const id = created.body.id;
  const status = async () => (await apiCall<{ status: string }>(server, token, 'GET', `/api/ai-videos/${id}`)).body.status;
  try {
    await expect.poll(status, RENDER).toBe('completed');
  } catch (error) {
    throw new Error(`The video did not finish (${await status()}).\nServer: ${server.output().slice(-4000)}`, { cause: error });
  }
  return id;
}

const PLATFORM_NAMES: Record<SocialPlatform, string> = { youtube: 'YouTube', tiktok: 'TikTok', instagram: 'Instagram' };

/** Each sandbox's consent page (server/sandbox/*-routes.ts). */
const CONSENT_URLS: Record<SocialPlatform, RegExp> = {
  youtube: /\/sandbox\/youtube\/o\/oauth2\/v2\/auth\?/,
  tiktok: /\/sandbox\/tiktok\/v2\/auth\/authorize\/\?/,
  instagram: /\/sandbox\/instagram\/oauth\/authorize\?/,
};

/** Connects a sandbox account through the popup the connect screen (already open on `page`) opens. */
export async function connectSandboxAccount(
  browser: Browser,
  page: Page,
  server: RunningServer,
  platform: SocialPlatform,
  name: string,
  simulate: 'ok' | 'reject' = 'ok',
): Promise<void> {
  const label = PLATFORM_NAMES[platform];
  const popupOpened = browser.context.waitForEvent('page');
  await page.getByRole('article', { name: label, exact: true }).getByRole('button', { name: `Connect ${label}` }).click();
  const popup = await popupOpened;
  await popup.waitForURL(CONSENT_URLS[platform]);
  try {
    // "Sandbox channel name" on YouTube, "Sandbox account name" on TikTok and Instagram.
    await popup.getByLabel(/^Sandbox (channel|account) name$/).fill(name);
  } catch (error) {
    const shown = await popup.locator('body').innerText().catch(() => '(no page)');
    throw new Error(`The ${label} consent form did not show at ${popup.url()}: ${shown}\nServer: ${server.output().slice(-2000)}`, { cause: error });
  }
  await popup.getByLabel(/^How this (channel|account) behaves$/).selectOption(simulate);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Allow' }).click();
  // The callback page tells this window (and the BroadcastChannel) and closes itself.
  try {
    await closed;
  } catch (error) {
    throw new Error(`The ${label} popup did not close.\nServer: ${server.output().slice(-2000)}`, { cause: error });
  }
  const account = page.getByRole('article', { name, exact: true });
  await expect.poll(() => account.count(), { timeout: 20_000 }).toBe(1);
  expect(await account.getByText('Sandbox', { exact: true }).isVisible()).toBe(true);
}

/** A post on the publish screen's list, by its title (the YouTube title, else the video's). */
export function postCard(page: Page, title: string) {
  return page.getByRole('article', { name: title, exact: true });
}

export async function serverPosts(server: RunningServer, token: string): Promise<Post[]> {
  const response = await apiCall<{ data: Post[] }>(server, token, 'GET', '/api/get/posts?per_page=100');
  expect(response.status).toBe(200);
  return response.body.data;
}

/** What a sandbox account page holds, as JSON: YouTube and TikTok list `videos`, Instagram `reels`. */
export interface SandboxAccountPage {
  id: string;
  name: string;
  sandbox: true;
  videos?: { id: string; title: string; upload_status: string; privacy?: string }[];
  reels?: { id: string; caption: string; container_id: string }[];
}

/**
 * GET /sandbox/{platform}/channel/{key}?format=json (the sandboxes find an account by id or handle)
 * from the browser that connected it: the consent signed that browser in to the sandbox as the
 * creator, and a sandbox shows an account only to the Reelflow user it belongs to.
 */
export async function sandboxAccountPage(browser: Browser, server: RunningServer, platform: SocialPlatform, key: string): Promise<SandboxAccountPage> {
  const response = await browser.context.request.get(`${server.url}/sandbox/${platform}/channel/${encodeURIComponent(key)}?format=json`);
  expect(response.status(), `${platform} sandbox account ${key}`).toBe(200);
  return (await response.json()) as SandboxAccountPage;
}
