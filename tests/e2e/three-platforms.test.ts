// One post to YouTube, TikTok and Instagram in a real browser: Debian Chromium against the built app and the real
// server process (tests/e2e/harness.ts), with no platform client ids — connecting goes to the
// built-in YouTube, TikTok and Instagram sandboxes, which the real adapters publish to.
//
// A Pro creator with a finished video connects one sandbox account per platform through the
// connect screen's popups, then composes one post to all three: TikTok's privacy level (no
// default), and a YouTube title longer than YouTube allows. The pre-flight ("Before you publish")
// names the title, Publish is refused and the focus lands on the title; with the title shortened
// the post goes now, every target reaches 'Published' on the post card, and each sandbox account
// holds exactly one post. (Instagram fetches the video from a signed URL of the app itself.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { SocialAccount, SocialPlatform } from '../../contract/publishing';
import { apiCall, controlledByServiceWorker, launchBrowser, startServer, type Browser, type RunningServer } from './harness';
import { connectSandboxAccount, finishedVideo, postCard, sandboxAccountPage, serverPosts, signUpPro } from './publishing-helpers';

/** From "Publish now" to three 'Published' targets: uploads, the sandboxes' processing, status polls, the page's pulls. */
const PUBLISHED = { timeout: 180_000, interval: 2_000 };
const TEST_TIMEOUT = 420_000;

const VIDEO_TITLE = 'Puffins at sea';
/** Over YouTube's 100 characters, within what the field lets one type (100 + 20). */
const LONG_TITLE = 'Puffins fold their wings and dive for sand eels, then carry a beakful of them home to their chicks at dusk';
const TITLE = 'Puffins dive for sand eels';
const CAPTION = 'Wings folded, straight down. #puffins';
const ACCOUNTS: Record<SocialPlatform, string> = { youtube: 'Puffin Tube', tiktok: 'Puffin Tok', instagram: 'Puffin Gram' };
const LABELS: Record<SocialPlatform, string> = { youtube: 'YouTube', tiktok: 'TikTok', instagram: 'Instagram' };
const PLATFORMS = Object.keys(ACCOUNTS) as SocialPlatform[];

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The id of the focused element (the compose form's fields have ids ending in their key). */
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

/** Each target's line on the post card: "TikTok · Puffin Tok", its badges. */
function targetLine(page: Page, title: string, platform: SocialPlatform) {
  return postCard(page, title)
    .getByRole('list', { name: `Accounts of ${title}`, exact: true })
    .getByRole('listitem')
    .filter({ hasText: `${LABELS[platform]} · ${ACCOUNTS[platform]}` });
}

describe('three platforms in the browser', () => {
  it(
    'connects sandbox YouTube, TikTok and Instagram accounts, is stopped by the pre-flight on a too-long title, and publishes once to all three',
    async () => {
      const page = await browser.context.newPage();
      const token = await signUpPro(page, server, 'Tess Three');
      // Two sentences: long enough for Reels' 3 s minimum.
      const rendering = finishedVideo(server, token, { title: VIDEO_TITLE, script: 'Puffins fold their wings and dive. They catch sand eels and fly home.' });

      // Connect one account per platform through the popups.
      // Under the service worker, as a returning creator is: the popups' sandbox pages must still
      // come from the server, not the app shell.
      await page.goto(`${server.url}/connect`);
      await controlledByServiceWorker(page);
      for (const platform of PLATFORMS) await connectSandboxAccount(browser, page, server, platform, ACCOUNTS[platform]);
      const accounts = (await apiCall<{ data: SocialAccount[] }>(server, token, 'GET', '/api/accounts')).body.data;
      expect(accounts.map((account) => [account.platform, account.name, account.sandbox]).sort()).toEqual(
        PLATFORMS.map((platform) => [platform, ACCOUNTS[platform], true]).sort(),
      );
      const accountOf = (platform: SocialPlatform) => accounts.find((account) => account.platform === platform)!;
      // TikTok's basic scope names no username: its sandbox account is found from the post's address below.
      for (const platform of ['youtube', 'instagram'] as const) expect(accountOf(platform).handle, platform).toBeTruthy();

      // Compose: the video, all three accounts, a caption, TikTok's privacy, a title YouTube refuses.
      await rendering;
      await page.goto(`${server.url}/publish`);
      await page.getByRole('tab', { name: 'New post' }).click();
      const video = page.getByRole('radio', { name: VIDEO_TITLE, exact: true });
      await expect.poll(() => video.count(), { timeout: 30_000 }).toBe(1);
      await video.click();
      for (const platform of PLATFORMS) {
        const checkbox = page.getByRole('checkbox', { name: `${ACCOUNTS[platform]}, ${LABELS[platform]}, Sandbox`, exact: true });
        await expect.poll(() => checkbox.count(), { timeout: 20_000 }).toBe(1);
        await checkbox.click();
      }
      await page.getByRole('textbox', { name: 'Caption' }).fill(CAPTION);

      // TikTok's levels come from creator_info; the sandbox offers all of them, with no default.
      const privacy = page.getByRole('combobox', { name: /Who can see this post/ });
      await expect.poll(() => page.getByText('Asking TikTok which options this account has…').count(), { timeout: 30_000 }).toBe(0);
      expect(await privacy.inputValue()).toBe('');
      await privacy.click();
      await page.getByRole('option', { name: 'Only me', exact: true }).click();
      await expect.poll(() => privacy.inputValue()).toBe('Only me');

      const title = page.getByRole('textbox', { name: 'Title', exact: true });
      await title.fill(LONG_TITLE);
      expect(LONG_TITLE.length).toBeGreaterThan(100);
      expect(await title.inputValue()).toBe(LONG_TITLE);

      // The pre-flight names the title problem (and only it) before anything is sent.
      const preflight = page.getByRole('region', { name: 'Before you publish' });
      const mustFix = preflight.getByRole('list', { name: 'Fix before publishing' });
      const titleProblem = `YouTube: shorten the title to 100 characters (it has ${LONG_TITLE.length}).`;
      await expect.poll(() => mustFix.getByRole('listitem').allInnerTexts(), { timeout: 10_000 }).toEqual([titleProblem]);

      // Publish is refused: the focus lands on the title, which says why; nothing reaches the server.
      await page.getByRole('radio', { name: 'Publish now' }).check();
      await page.getByRole('button', { name: 'Publish now', exact: true }).click();
      await expect.poll(() => focusedId(page)).toMatch(/-youtubeTitle$/);
      expect(await title.getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByRole('tab', { name: 'New post' }).getAttribute('aria-selected')).toBe('true');
      expect(await serverPosts(server, token)).toEqual([]);

      // Fixed: the list clears and the post goes now.
      await title.fill(TITLE);
      await expect.poll(() => mustFix.count()).toBe(0);
      await page.getByRole('button', { name: 'Publish now', exact: true }).click();
      await expect.poll(() => page.getByRole('tab', { name: 'Posts' }).getAttribute('aria-selected'), { timeout: 20_000 }).toBe('true');

      // Every target reaches 'Published' on the card, without a reload.
      const card = postCard(page, TITLE);
      try {
        for (const platform of PLATFORMS) {
          await expect.poll(() => targetLine(page, TITLE, platform).getByText('Published', { exact: true }).count(), PUBLISHED).toBe(1);
        }
      } catch (error) {
        const posts = await serverPosts(server, token).catch(() => []);
        throw new Error(`Not every target was shown published. Card: ${await card.innerText().catch(() => '(none)')}\nServer posts: ${JSON.stringify(posts)}\nServer: ${server.output().slice(-4000)}`, {
          cause: error,
        });
      }
      expect(await card.getByText('Published', { exact: true }).first().isVisible()).toBe(true);

      // On the server: one post, published once per account.
      const posts = await serverPosts(server, token);
      expect(posts).toHaveLength(1);
      const [post] = posts;
      expect(post).toMatchObject({ status: 'published', caption: CAPTION });
      expect(post!.options.youtube?.title).toBe(TITLE);
      expect(post!.options.tiktok?.privacy_level).toBe('SELF_ONLY');
      expect(post!.targets.map((target) => [target.platform, target.account_id, target.status, target.attempts]).sort()).toEqual(
        PLATFORMS.map((platform) => [platform, accountOf(platform).id, 'published', 1]).sort(),
      );

      // Each sandbox account holds exactly that one post.
      const targetOf = (platform: SocialPlatform) => post!.targets.find((target) => target.platform === platform)!;
      const youtube = await sandboxAccountPage(browser, server, 'youtube', accountOf('youtube').handle!);
      expect(youtube.videos).toEqual([expect.objectContaining({ id: targetOf('youtube').platform_post_id, title: TITLE, upload_status: 'processed' })]);
      // The TikTok post's address is TikTok's own: /@{creator_username}/video/{id}.
      const [, tiktokProfile, tiktokVideoId] = /\/sandbox\/tiktok\/(@[^/]+)\/video\/([^/]+)$/.exec(new URL(targetOf('tiktok').url!).pathname) ?? [];
      expect(tiktokProfile, targetOf('tiktok').url!).toBeTruthy();
      const tiktok = await sandboxAccountPage(browser, server, 'tiktok', decodeURIComponent(tiktokProfile!));
      expect(tiktok.name).toBe(ACCOUNTS.tiktok);
      // (The target keeps TikTok's publish_id; the public post id is in its address.)
      expect(tiktok.videos).toEqual([expect.objectContaining({ id: tiktokVideoId, title: CAPTION, privacy: 'SELF_ONLY', upload_status: 'processed' })]);
      const instagram = await sandboxAccountPage(browser, server, 'instagram', accountOf('instagram').handle!);
      expect(instagram.reels).toEqual([expect.objectContaining({ caption: CAPTION })]);
      expect([instagram.reels![0]!.id, instagram.reels![0]!.container_id]).toContain(targetOf('instagram').platform_post_id);
      await page.close();
    },
    TEST_TIMEOUT,
  );
});
