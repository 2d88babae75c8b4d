// `npm run bench`: the editor's preview while scrubbing, in Chromium on a throttled CPU. A 60-s
// video of 8 scenes is made with the built-in engines, opened in the editor at a desktop and a
// phone size, and the preview is moved through the whole video 240 times (as a finger or the
// arrow keys scrub); each step is timed from the position change to the second animation frame
// after it (the frame that shows it painted). CPU throttled 4x (DevTools' "mid-tier mobile") and
// not at all, in the same run; figures only (milliseconds per scrubbed frame).
import type { Page } from 'playwright-core';
import type { AiVideo } from '../../contract/videos';
import { apiCall, launchBrowser, PHONE, registerViaApi, runAdmin, signInInBrowser, startServer, type RunningServer } from '../e2e/harness';

const STEPS = 240;
const THROTTLE = 4;
/** Eight paragraphs (scenes) of about 7 s each. */
const SCRIPT = [
  'Octopuses have three hearts, and two of them stop beating whenever the animal swims fast through open water.',
  'Their blood is blue because it carries copper instead of iron, which works better in cold water with little oxygen.',
  'Each arm has its own cluster of neurons, so an arm can taste, touch and decide things without asking the brain.',
  'They change colour in a fraction of a second, even though their eyes cannot see colour the way ours do.',
  'Some octopuses carry coconut shells across the sea floor and hide inside them when a predator swims past.',
  'A giant Pacific octopus can squeeze its whole body through any gap larger than its hard little beak.',
  'Most octopuses live only one or two years, and a mother guards her eggs until the very day they hatch.',
  'Follow for more strange ocean facts, and tell me which animal you want to hear about next time.',
].join('\n\n');

function stats(values: number[]): { median: number; p95: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, p95: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]! };
}

async function makeVideo(server: RunningServer, token: string): Promise<{ id: string; duration: number }> {
  const created = await apiCall<AiVideo>(server, token, 'POST', '/api/ai-videos', { script: SCRIPT });
  if (created.status !== 202) throw new Error(`could not create the video: ${created.status}`);
  const until = Date.now() + 600_000;
  for (;;) {
    const video = (await apiCall<AiVideo>(server, token, 'GET', `/api/ai-videos/${created.body.id}`)).body;
    if (video.status === 'completed') return { id: video.id, duration: video.ai_video.duration ?? 60 };
    if (video.status === 'failed' || Date.now() > until) throw new Error(`the video did not render: ${video.status} ${video.error ?? ''}`);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

/** Milliseconds from each position change to its painted frame, through the whole video. */
function scrub(page: Page, duration: number): Promise<number[]> {
  return page.evaluate(
    async ({ steps, length }) => {
      const frame = document.querySelector('[data-testid="preview-frame"]')!;
      const times: number[] = [];
      for (let index = 0; index < steps; index++) {
        const started = performance.now();
        frame.setAttribute('data-time', String((index * length) / steps));
        // Inline, not a named helper: tsx would wrap a named function in a helper the page lacks.
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        times.push(performance.now() - started);
      }
      return times;
    },
    { steps: STEPS, length: duration },
  );
}

async function main() {
  const server = await startServer();
  try {
    const account = await registerViaApi(server, 'Bench Scrub');
    // A minute of video is a paid plan's length.
    runAdmin(server, ['set-plan', account.email, 'pro']);
    const video = await makeVideo(server, account.token);
    console.log(`editor preview, scrubbing a ${video.duration.toFixed(0)} s video of 8 scenes (${STEPS} steps; ms from a position change to its painted frame)`);
    for (const [name, device] of [
      ['desktop 1280x800', {}],
      ['phone 390x844', PHONE],
    ] as const) {
      const browser = await launchBrowser(device);
      try {
        const page = await browser.context.newPage();
        await page.goto(`${server.url}/login`);
        await signInInBrowser(page, account);
        await page.waitForURL((url) => !url.pathname.startsWith('/login'));
        await page.goto(`${server.url}/editor?video=${video.id}`);
        await page.getByTestId('preview-frame').waitFor();
        await page.waitForFunction(() => document.querySelector('[data-testid="preview-loading"]') === null, undefined, { timeout: 60_000 });
        const cdp = await browser.context.newCDPSession(page);
        const results: string[] = [];
        for (const rate of [1, THROTTLE]) {
          await cdp.send('Emulation.setCPUThrottlingRate', { rate });
          await scrub(page, video.duration); // warm-up: pictures decoded, code paths compiled
          const { median, p95 } = stats(await scrub(page, video.duration));
          results.push(`CPU ${rate}x: median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
        }
        console.log(`  ${name}: ${results.join('; ')}`);
      } finally {
        await browser.close();
      }
    }
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
