// A series on a phone (390 × 844, touch), in Debian Chromium against the built app and the real
// server: a creator on the Pro plan connects a sandbox YouTube channel, creates a series through the
// wizard's five steps in review mode, starts it, sees its first episode rendered and waiting for
// review on the series page, approves it, and finds it published once on the sandbox channel, with
// the episode saying Published and where. Nothing may scroll sideways on the way.
//
// Time: the server runs in real time (its jobs read the system clock). The series' one daily time
// is the first full minute a few minutes ahead, inside the lead time (at least an hour), so the
// episode is due at once; "Generate the next episode now" starts it without waiting for the tick.
// Once approved it is posted at its slot, or at once if the slot has passed by then.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SocialAccount } from '../../contract/publishing';
import type { SeriesEpisode } from '../../contract/series';
import { apiCall, PHONE, useServerAndBrowser } from './harness';
import { noSidewaysScroll, tap } from './phone';
import { connectSandboxAccount, sandboxAccountPage, signUpPro } from './publishing-helpers';

/** How far ahead the series' time lies at least: the wizard's last steps must finish before it. */
const SLOT_LEAD_MS = 3 * 60_000;
/** Writing and rendering a 5-second episode on a loaded 2-core machine (waits, not timings). */
const RENDER = { timeout: 240_000, interval: 2_000 };
/** From the approval to Published: up to the slot, the upload, the engine's status polls. */
const PUBLISH = { timeout: SLOT_LEAD_MS + 180_000, interval: 3_000 };
const TEST_TIMEOUT = 660_000;

const CHANNEL = 'Deep Sea Daily';
const SERIES_NAME = 'Deep sea facts';

const running = useServerAndBrowser({}, PHONE);

/** Taps Next and waits for the step's heading (the wizard shows one step at a time). */
async function nextStep(page: Page, step: number, title: string): Promise<void> {
  await tap(page.getByRole('button', { name: 'Next', exact: true }));
  await page.getByRole('heading', { name: title, exact: true }).waitFor();
  await expect.poll(() => page.getByText(`Step ${step} of 5`, { exact: true }).isVisible()).toBe(true);
  await noSidewaysScroll(page, title);
}

/** "HH:MM" in the page's own time zone of the first full minute at least `leadMs` from now. */
function wallTimeAhead(page: Page, leadMs: number): Promise<string> {
  return page.evaluate((lead) => {
    const at = Math.ceil((Date.now() + lead) / 60_000) * 60_000;
    return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(at));
  }, leadMs);
}

describe('a series on a phone', () => {
  it(
    'is created in review mode, makes its first episode, and posts it once after the approval',
    async () => {
      const { server, browser } = running;
      const page = await browser.context.newPage();
      const token = await signUpPro(page, server, 'Sian Series');

      // A sandbox YouTube channel, connected through the connect screen's popup.
      await page.goto(`${server.url}/connect`);
      await connectSandboxAccount(browser, page, server, 'youtube', CHANNEL);

      // The wizard, step 1: what the episodes are about.
      await page.goto(`${server.url}/create-ai-series`);
      await page.getByRole('heading', { name: 'Topic', exact: true }).waitFor();
      await noSidewaysScroll(page, 'Topic');
      await page.getByRole('textbox', { name: 'Series name' }).fill(SERIES_NAME);
      await page.getByRole('textbox', { name: 'Niche' }).fill('Strange facts about the deep sea');

      // Step 2: the shortest episodes, to keep the render short.
      await nextStep(page, 2, 'Look and sound');
      const length = page.getByRole('textbox', { name: 'Length of each episode in seconds' });
      await length.fill('5');
      await length.blur();

      // Step 3: every day (the default) at one time a few minutes ahead.
      await nextStep(page, 3, 'When');
      const time = await wallTimeAhead(page, SLOT_LEAD_MS);
      await page.getByRole('textbox', { name: 'Time 1' }).fill(time);
      await expect.poll(() => page.getByRole('list', { name: 'Next posts:' }).getByRole('listitem').first().textContent()).toMatch(new RegExp(`at ${time}$`));

      // Step 4: the channel, and review before posting (the recommended default, chosen anyway).
      await nextStep(page, 4, 'Where');
      await tap(page.getByRole('checkbox', { name: `${CHANNEL}, YouTube, Sandbox`, exact: true }));
      await tap(page.getByRole('radio', { name: /Review each episode/ }));
      expect(await page.getByRole('radio', { name: /Review each episode/ }).isChecked()).toBe(true);

      // Step 5: the review, then start.
      await nextStep(page, 5, 'Review');
      await tap(page.getByRole('button', { name: 'Start series' }));
      await page.waitForURL(/\/video-series\/detail\/[^/]+$/);
      const seriesId = decodeURIComponent(page.url().split('/').pop() ?? '');
      await page.getByRole('heading', { level: 1, name: SERIES_NAME }).waitFor();
      await noSidewaysScroll(page, 'Series details');

      // The server has the started series as the wizard made it.
      await expect
        .poll(async () => {
          const found = await apiCall<{ status: string; review_mode: string; cadence: { times: string[] } | null }>(server, token, 'GET', `/api/series/${seriesId}`);
          return found.status === 200 ? { status: found.body.status, review_mode: found.body.review_mode, times: found.body.cadence?.times } : found.status;
        }, { timeout: 30_000 })
        .toEqual({ status: 'active', review_mode: 'review', times: [time] });

      // The first episode now rather than at the next tick.
      await tap(page.getByRole('button', { name: 'Generate the next episode now' }));
      await expect.poll(() => page.getByText(/The next episode is requested/).isVisible()).toBe(true);

      // Written, rendered, and waiting for the creator (the page pulls the timeline when it opens).
      const approve = page.getByRole('button', { name: /^Approve / });
      const episodes = async () => (await apiCall<{ data: SeriesEpisode[] }>(server, token, 'GET', `/api/series/${seriesId}/episodes`)).body.data;
      try {
        await expect
          .poll(async () => {
            if (await approve.isVisible()) return true;
            await page.reload();
            await page.getByRole('heading', { level: 2, name: 'Episodes' }).waitFor();
            return approve.isVisible();
          }, RENDER)
          .toBe(true);
      } catch (error) {
        throw new Error(`No episode came to review. Episodes: ${JSON.stringify(await episodes())}\nServer: ${server.output().slice(-4000)}`, { cause: error });
      }
      const [episode] = await episodes();
      if (!episode) throw new Error('the server lists no episode');
      expect(episode).toMatchObject({ status: 'awaiting_review', sample: false });
      expect(episode.video_id).not.toBeNull();
      const name = episode.title ?? episode.topic ?? 'Episode';
      const card = page.getByRole('listitem', { name, exact: true });
      // The timeline may still be drawing the pull that brought the Approve button: wait for its badge.
      try {
        await expect.poll(() => card.getByText('Awaiting review', { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
      } catch (error) {
        const shown = await page.getByRole('listitem').evaluateAll((items) => items.map((item) => `${item.getAttribute('aria-label') ?? ''} | ${item.textContent ?? ''}`));
        throw new Error(`No card "${name}" awaiting review; the timeline shows: ${JSON.stringify(shown)}`, { cause: error });
      }
      await noSidewaysScroll(page, 'An episode awaiting review');

      // Approved: posted at its time, once.
      await tap(card.getByRole('button', { name: `Approve ${name}` }));
      await expect.poll(() => page.getByText('Episode approved', { exact: true }).isVisible()).toBe(true);
      const published = async () => (await episodes()).find((candidate) => candidate.id === episode.id)?.status;
      try {
        await expect.poll(published, PUBLISH).toBe('published');
      } catch (error) {
        throw new Error(`The episode was not published (${await published()}).\nServer: ${server.output().slice(-4000)}`, { cause: error });
      }
      // The sandboxes find a channel by its id or handle.
      const accounts = (await apiCall<{ data: SocialAccount[] }>(server, token, 'GET', '/api/accounts')).body.data;
      const handle = accounts.find((account) => account.name === CHANNEL)?.handle;
      if (!handle) throw new Error(`the server lists no ${CHANNEL} with a handle: ${JSON.stringify(accounts)}`);
      const channel = await sandboxAccountPage(browser, server, 'youtube', handle);
      expect(channel.videos, 'the videos on the sandbox channel').toHaveLength(1);

      // The page says so, and where.
      await page.reload();
      await expect.poll(() => card.getByText('Published', { exact: true }).isVisible(), { timeout: 30_000 }).toBe(true);
      const where = card.getByRole('list', { name: `Where ${name} was posted` });
      expect(await where.getByRole('listitem').count()).toBe(1);
      expect(await where.getByRole('listitem').textContent()).toContain(`YouTube · ${CHANNEL}`);
      expect(await where.getByRole('link', { name: 'View on YouTube' }).getAttribute('href')).toBeTruthy();
      await noSidewaysScroll(page, 'A published episode');

      // Still once, after the page's pulls and another look at the channel.
      expect((await sandboxAccountPage(browser, server, 'youtube', handle)).videos).toHaveLength(1);
      expect((await episodes()).filter((candidate) => !candidate.sample)).toHaveLength(1);
      await page.close();
    },
    TEST_TIMEOUT,
  );
});
