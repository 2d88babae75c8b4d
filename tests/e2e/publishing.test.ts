// Publishing a scheduled post end to end in a real browser: Debian Chromium against the built app and the real
// server process (tests/e2e/harness.ts), with no YouTube client id — connecting goes to the
// built-in YouTube sandbox, which the same adapter code publishes to.
//
// A creator on the Pro plan with a finished video connects two sandbox channels through the popup
// (one that publishes, one whose uploads YouTube rejects). Offline, they schedule a post for the
// first full minute at least 2.5 minutes ahead; it waits on the device ("Waiting to be sent"),
// survives a reload served by the service worker, and is sent once the network returns:
// 'Scheduled' on the server, then
// 'Published' at its time, and on the sandbox channel exactly once. While that post waits for its
// time, a post sent now to the rejecting channel lands in the Failed tab with its plain reason and
// is rescheduled from there: the outbox delivers it and the server queues the target again with
// fresh attempts. (Both halves share the wait, to keep the file to a few minutes.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { FailedJob, SocialAccount } from '../../contract/publishing';
import { apiCall, controlledByServiceWorker, launchBrowser, startServer, type Browser, type RunningServer } from './harness';
import { connectSandboxAccount, finishedVideo as renderVideo, postCard, sandboxAccountPage, serverPosts as postsOf, signUpPro } from './publishing-helpers';

/**
 * How far ahead the post is scheduled, at least (the form takes whole minutes, so the next full
 * minute after this). The server keeps any future time, and the test checks the post waits for
 * it, so the time must still lie ahead when the outbox delivers it — after the reload and the
 * return online.
 */
const LEAD_MS = 150_000;
/** From the scheduled time to 'Published': the engine's start, the upload, its 15 s status polls, the page's pulls. */
const AFTER_DUE_MS = 120_000;
const TEST_TIMEOUT = 480_000;

const VIDEO_TITLE = 'Otters holding hands';
const SCHEDULED_TITLE = 'Otters at dawn';
const GOOD_CHANNEL = 'Sunny Shorts';
const REJECTING_CHANNEL = 'Rejecting Reels';

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

const signUp = (page: Page, name: string) => signUpPro(page, server, name);
const finishedVideo = (token: string) => renderVideo(server, token, { script: 'Sea otters hold hands while they sleep.', title: VIDEO_TITLE });
const connectSandboxChannel = (page: Page, name: string, simulate: 'ok' | 'reject') => connectSandboxAccount(browser, page, server, 'youtube', name, simulate);
const serverPosts = (token: string) => postsOf(server, token);
const sandboxChannel = (handle: string) => sandboxAccountPage(browser, server, 'youtube', handle);

/** The date and time fields' values in the page's own time zone. */
function wallClockIn(page: Page, at: number): Promise<{ date: string; time: string }> {
  return page.evaluate((ms) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
        .formatToParts(new Date(ms))
        .map((part) => [part.type, part.value]),
    );
    return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
  }, at);
}

/** Fills the compose form for the video and one account; `at` null means "Publish now". */
async function compose(page: Page, account: string, caption: string, youtubeTitle: string, at: number | null): Promise<void> {
  await page.getByRole('tab', { name: 'New post' }).click();
  await page.getByRole('radio', { name: VIDEO_TITLE, exact: true }).click();
  await page.getByRole('checkbox', { name: `${account}, YouTube, Sandbox`, exact: true }).click();
  await page.getByRole('textbox', { name: 'Caption' }).fill(caption);
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(youtubeTitle);
  if (at === null) {
    await page.getByRole('radio', { name: 'Publish now' }).check();
    await page.getByRole('button', { name: 'Publish now', exact: true }).click();
  } else {
    await page.getByRole('radio', { name: 'Schedule for later' }).check();
    const { date, time } = await wallClockIn(page, at);
    await page.getByLabel('Date', { exact: true }).fill(date);
    await page.getByLabel('Time', { exact: true }).fill(time);
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  }
  // A valid post moves the screen to its list.
  await expect.poll(() => page.getByRole('tab', { name: 'Posts' }).getAttribute('aria-selected')).toBe('true');
}

/** The sync indicator's accessible name ("Offline, 1 pending", "Synced 10:42"...). */
function indicator(page: Page): Promise<string> {
  return page.locator('[data-sync-tone]').first().getAttribute('aria-label').then((label) => label ?? '');
}

async function serverFailedJobs(token: string): Promise<FailedJob[]> {
  const response = await apiCall<{ data: FailedJob[] }>(server, token, 'GET', '/api/get/failed-jobs');
  expect(response.status).toBe(200);
  return response.body.data;
}

describe('publishing in the browser', () => {
  it(
    'connects sandbox channels through the popup, schedules a post offline that publishes once at its time, and reschedules a failed one from the list',
    async () => {
      const page = await browser.context.newPage();
      const token = await signUp(page, 'Pia Publisher');
      const rendering = finishedVideo(token);

      // Connect: the popup's consent form, one channel that publishes and one YouTube rejects.
      await page.goto(`${server.url}/connect`);
      await connectSandboxChannel(page, GOOD_CHANNEL, 'ok');
      await connectSandboxChannel(page, REJECTING_CHANNEL, 'reject');
      const accounts = (await apiCall<{ data: SocialAccount[] }>(server, token, 'GET', '/api/accounts')).body.data;
      expect(accounts.map((account) => [account.name, account.sandbox]).sort()).toEqual([
        [REJECTING_CHANNEL, true],
        [GOOD_CHANNEL, true],
      ]);
      const good = accounts.find((account) => account.name === GOOD_CHANNEL)!;
      const rejecting = accounts.find((account) => account.name === REJECTING_CHANNEL)!;
      expect(good.handle).toBeTruthy();

      // The publish screen online once: the finished video and the accounts reach the device, and
      // the page runs under the service worker.
      await rendering;
      await page.goto(`${server.url}/publish`);
      await controlledByServiceWorker(page);
      await expect.poll(() => page.getByRole('radio', { name: VIDEO_TITLE, exact: true }).count(), { timeout: 20_000 }).toBe(1);
      await expect.poll(() => page.getByRole('checkbox', { name: `${GOOD_CHANNEL}, YouTube, Sandbox`, exact: true }).count()).toBe(1);

      // Offline: schedule a post. It waits on the device.
      await browser.context.setOffline(true);
      await expect.poll(() => indicator(page)).toMatch(/^Offline/);
      const due = Math.ceil((Date.now() + LEAD_MS) / 60_000) * 60_000;
      await compose(page, GOOD_CHANNEL, 'Two otters, one paw each. #otters', SCHEDULED_TITLE, due);
      const scheduled = postCard(page, SCHEDULED_TITLE);
      await expect.poll(() => scheduled.getByText('Waiting to be sent', { exact: true }).isVisible()).toBe(true);
      expect(await scheduled.getByText('Scheduled', { exact: true }).first().isVisible()).toBe(true);
      expect(await serverPosts(token)).toEqual([]);

      // A reload while offline: the service worker serves the app, the post is still waiting.
      await page.reload();
      await page.getByRole('tab', { name: 'Posts' }).click();
      await expect.poll(() => scheduled.getByText('Waiting to be sent', { exact: true }).isVisible()).toBe(true);
      expect(Date.now(), 'too slow: the post’s time would pass before it reaches the server').toBeLessThan(due - 30_000);

      // Online: the outbox sends it; the server holds it scheduled at the chosen minute.
      await browser.context.setOffline(false);
      await expect.poll(() => scheduled.getByText('Waiting to be sent', { exact: true }).count(), { timeout: 30_000 }).toBe(0);
      const [sent] = await serverPosts(token);
      expect(sent).toMatchObject({ status: 'scheduled', caption: 'Two otters, one paw each. #otters' });
      expect(Date.parse(sent!.scheduled_at!)).toBe(due);
      expect(sent!.targets).toMatchObject([{ account_id: good.id, status: 'scheduled', sandbox: true }]);
      expect(await scheduled.getByText('Scheduled', { exact: true }).first().isVisible()).toBe(true);

      // Meanwhile, a post sent now to the channel whose uploads YouTube rejects lands in Failed.
      await compose(page, REJECTING_CHANNEL, 'This one will be turned down.', 'Otters, rejected', null);
      await page.getByRole('tab', { name: /^Failed/ }).click();
      const failedCard = page.getByRole('article', { name: `“${VIDEO_TITLE}” to ${REJECTING_CHANNEL}`, exact: true });
      await expect.poll(() => failedCard.count(), { timeout: 120_000 }).toBe(1);
      const [failed] = await serverFailedJobs(token);
      expect(failed).toMatchObject({ kind: 'publish', account_id: rejecting.id, error_class: 'bad' });
      expect(await failedCard.getByText(failed!.reason).isVisible()).toBe(true);
      expect(failed!.reason).not.toBe(failed!.code);
      expect(await failedCard.getByText(`(code: ${failed!.code})`).isVisible()).toBe(true);
      expect(failed!.attempts).toBeGreaterThan(0);

      // Reschedule it from the list: the outbox delivers it, the server queues it again with
      // fresh attempts and no error, and the list no longer shows it.
      await failedCard.getByRole('button', { name: `Reschedule: “${VIDEO_TITLE}” to ${REJECTING_CHANNEL}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Choose a new time' });
      await dialog.getByRole('button', { name: 'Save new time' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      await expect.poll(() => failedCard.count(), { timeout: 30_000 }).toBe(0);
      await expect.poll(async () => (await serverFailedJobs(token)).length).toBe(0);
      const requeued = (await serverPosts(token)).find((post) => post.targets[0]?.account_id === rejecting.id);
      expect(requeued).toMatchObject({ status: 'scheduled' });
      expect(requeued!.targets).toMatchObject([{ id: failed!.id, status: 'scheduled', attempts: 0, error: null }]);
      expect(Date.parse(requeued!.scheduled_at!)).toBeGreaterThan(Date.now());

      // At its time the scheduled post is published, and the page shows it without a reload.
      await page.getByRole('tab', { name: 'Posts' }).click();
      try {
        await expect.poll(() => scheduled.getByText('Published', { exact: true }).first().isVisible(), { timeout: Math.max(0, due - Date.now()) + AFTER_DUE_MS, interval: 2_000 }).toBe(true);
      } catch (error) {
        throw new Error(`The post was not shown published. Card: ${await scheduled.innerText().catch(() => '(none)')}\nServer: ${server.output().slice(-4000)}`, { cause: error });
      }
      const published = (await serverPosts(token)).find((post) => post.id === sent!.id)!;
      expect(published).toMatchObject({ status: 'published' });
      expect(published.targets).toMatchObject([{ status: 'published', attempts: 1 }]);
      // Not before its time (the server's clock and this one are the same machine's).
      expect(Date.parse(published.targets[0]!.published_at!)).toBeGreaterThanOrEqual(due);
      expect(await scheduled.getByRole('link', { name: /View on YouTube/ }).count()).toBe(1);

      // The sandbox channel holds it exactly once.
      const channel = await sandboxChannel(good.handle!);
      expect(channel.videos!.filter((video) => video.title === SCHEDULED_TITLE)).toEqual([
        expect.objectContaining({ id: published.targets[0]!.platform_post_id, upload_status: 'processed' }),
      ]);
      expect(channel.videos).toHaveLength(1);
      await page.close();
    },
    TEST_TIMEOUT,
  );
});
