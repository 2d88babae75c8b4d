// `npm run bench`: time from app start (a new tab opening /my-scripts) to the creator's
// cached scripts on screen (the count of all 200 and the first page of cards), with the network and without it (Chromium's offline emulation; the
// service worker serves the shell, Dexie the data). Debian Chromium against the real built server.
// Runs alternate between the two modes so machine noise hits both alike; figures only.
import { randomUUID } from 'node:crypto';
import { SCRIPTS_PER_PAGE } from '../../src/features/scripts/format';
import { apiCall, launchBrowser, registerViaApi, startServer } from '../e2e/harness';

const SCRIPTS = 200;
const RUNS = 9;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function main() {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const account = await registerViaApi(server, 'Bench Startup');
    for (let i = 0; i < SCRIPTS; i += 1) {
      const created = await apiCall(server, account.token, 'POST', '/api/scripts', { id: randomUUID(), title: `Script ${i}`, body: `Hook, beats and a call to action, number ${i}.` });
      if (created.status !== 201) throw new Error(`creating script ${i}: ${created.status}`);
    }

    // Sign in through the UI once, let the first visit pull the scripts and install the worker.
    const first = await browser.context.newPage();
    await first.goto(`${server.url}/login`);
    await first.getByLabel('Email').fill(account.email);
    await first.getByLabel('Password', { exact: true }).fill(account.password);
    await first.getByRole('button', { name: 'Sign in' }).click();
    await first.waitForURL(`${server.url}/`);
    await first.goto(`${server.url}/my-scripts`);
    await first.getByText(`${SCRIPTS} scripts`, { exact: true }).waitFor({ timeout: 60_000 });
    await first.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await first.close();

    const times: Record<'online' | 'offline', number[]> = { online: [], offline: [] };
    for (let run = 0; run < RUNS * 2; run += 1) {
      const mode = run % 2 === 0 ? 'online' : 'offline';
      await browser.context.setOffline(mode === 'offline');
      const page = await browser.context.newPage();
      const started = performance.now();
      await page.goto(`${server.url}/my-scripts`);
      // The count of all 200 and the first page of cards (the list renders 40 at first).
      await page.getByText(`${SCRIPTS} scripts`, { exact: true }).waitFor({ timeout: 60_000 });
      await page.getByRole('article').nth(SCRIPTS_PER_PAGE - 1).waitFor();
      times[mode].push(performance.now() - started);
      await page.close();
    }
    await browser.context.setOffline(false);

    const online = median(times.online);
    const offline = median(times.offline);
    console.log(`app start to ${SCRIPTS} cached scripts on screen (median of ${RUNS} each, alternating)`);
    console.log(`  with network:    ${online.toFixed(0)} ms`);
    console.log(`  without network: ${offline.toFixed(0)} ms`);
    console.log(`  ratio offline/online: ${(offline / online).toFixed(2)}x`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
