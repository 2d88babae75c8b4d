// `npm run bench`: time to the first frame of the caption preview in the create-ai-video
// flow. A signed-in creator opens /create-ai-video; as soon as the flow's first step is
// interactive the "Captions and frame" step is opened (a click from inside the page, so no
// automation round trip is counted) and the clock stops when the live preview has painted its
// first caption words. Both times are read in the page against navigation start
// (performance.now(), whose origin is the navigation), from a DOM observation of what the flow
// already renders: the first step's fields and the preview's [data-testid="caption-frame"].
//
// Cold: the HTTP cache, Cache Storage and the service worker are cleared before the load (the
// session in localStorage/IndexedDB stays, as for a creator whose browser dropped its caches).
// Warm: the next load, with the service worker and caches in place. Runs alternate; figures only.
import type { Page } from 'playwright-core';
import { launchBrowser, registerViaApi, startServer } from '../e2e/harness';

const RUNS = 5;

interface Timings {
  interactive: number;
  firstFrame: number;
}

declare global {
  interface Window {
    __previewBench?: Partial<Timings>;
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Runs in the page before the app: watches the DOM for the first step's fields (then opens the
 * captions step at once) and for the first caption words in the preview, each time-stamped after
 * the next frame is painted (two animation frames). Plain JavaScript in a string: the bench runs
 * under tsx, whose helpers must not leak into the page.
 */
const OBSERVE_FLOW = `
(() => {
  if (location.pathname !== '/create-ai-video') return;
  const found = {};
  window.__previewBench = found;
  const afterPaint = (record) => requestAnimationFrame(() => requestAnimationFrame(() => record(performance.now())));
  const observer = new MutationObserver(() => {
    if (found.interactive === undefined) {
      const first = document.querySelector('section[aria-label="Script or topic"]');
      const field = first && first.querySelector('textarea:not([disabled])');
      const captions = document.querySelector('section[aria-label="Captions and frame"] button[aria-expanded]');
      if (field && captions) {
        found.interactive = -1;
        afterPaint((now) => {
          found.interactive = now;
          captions.click();
        });
      }
    }
    if (found.firstFrame === undefined) {
      const frame = document.querySelector('[data-testid="caption-frame"]');
      const words = frame && Array.from(frame.querySelectorAll('span')).some((span) => (span.textContent || '').trim() !== '');
      if (words) {
        found.firstFrame = -1;
        afterPaint((now) => {
          found.firstFrame = now;
          observer.disconnect();
        });
      }
    }
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
})();
`;

async function measure(page: Page, url: string): Promise<Timings> {
  await page.goto(url);
  await page.waitForFunction(() => (window.__previewBench?.firstFrame ?? -1) > 0 && (window.__previewBench?.interactive ?? -1) > 0, undefined, { timeout: 60_000, polling: 50 });
  return page.evaluate(() => window.__previewBench as Timings);
}

async function main() {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const account = await registerViaApi(server, 'Bench Preview');
    await browser.context.addInitScript({ content: OBSERVE_FLOW });

    // Sign in through the UI once (the session lives in this profile from then on).
    const first = await browser.context.newPage();
    await first.goto(`${server.url}/login`);
    await first.getByLabel('Email').fill(account.email);
    await first.getByLabel('Password', { exact: true }).fill(account.password);
    await first.getByRole('button', { name: 'Sign in' }).click();
    await first.waitForURL(`${server.url}/`);
    await first.close();

    const url = `${server.url}/create-ai-video`;
    const results: Record<'cold' | 'warm', Timings[]> = { cold: [], warm: [] };
    for (let run = 0; run < RUNS; run += 1) {
      // Cold: nothing cached, no service worker.
      const cold = await browser.context.newPage();
      const cdp = await browser.context.newCDPSession(cold);
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Storage.clearDataForOrigin', { origin: server.url, storageTypes: 'cache_storage,service_workers' });
      await cdp.detach();
      results.cold.push(await measure(cold, url));
      // Let the worker install and precache so the warm load that follows has it.
      await cold.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await cold.close();

      const warm = await browser.context.newPage();
      results.warm.push(await measure(warm, url));
      await warm.close();
    }

    console.log(`create-ai-video: navigation start to ... (median of ${RUNS} each, alternating cold/warm)`);
    for (const mode of ['cold', 'warm'] as const) {
      const interactive = median(results[mode].map((timing) => timing.interactive));
      const firstFrame = median(results[mode].map((timing) => timing.firstFrame));
      console.log(`  ${mode}: first step interactive ${interactive.toFixed(0)} ms, first caption preview frame ${firstFrame.toFixed(0)} ms`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
