// Starts the real built server (dist/server/main.js) on a free port with its own temporary
// DATA_DIR, and Debian's Chromium through playwright-core. Nothing here is mocked: the browser
// talks to the same process a user runs with `npm start`.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

const ROOT = resolve(import.meta.dirname, '../..');


async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/** Spec §2's signed-in routes, with sample ids for the parameterised ones (browser tests visit each). */
export const SIGNED_IN_PATHS: readonly string[] = [
  '/',
  '/faceless-video',
  '/create-ai-video',
  '/create-ai-series',
  '/create-ai-series/42',
  '/video-series',
  '/video-series/detail/42',
  '/video-series/edit-meta',
  '/video-series/setting/42',
  '/publish',
  '/calender',
  '/connect',
  '/video-transcription',
  '/users/credits-history',
  '/users/user-edit',
  '/users/user-profile',
  '/users/branding',
  '/my-videos',
  '/editor',
  '/my-scripts',
  '/about',
];

export interface RunningServer {
  url: string;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  output: () => string;
  stop: () => Promise<void>;
}

export async function startServer(extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  for (const file of ['dist/server/main.js', 'dist/server/music-worker.js', 'dist/client/index.html']) {
    if (!existsSync(join(ROOT, file))) throw new Error(`${file} is missing: run \`npm run build\` before the browser tests.`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'reelflow-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_URL: url,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    ...extraEnv,
  };
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${log}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not become healthy within 60 s:\n${log}`);
    }
    await new Promise((wait) => setTimeout(wait, 200));
  }

  return {
    url,
    dataDir,
    env,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((wait) => setTimeout(wait, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs the built admin CLI against a running server's DATA_DIR (it uses the admin channel). */
export function runAdmin(server: RunningServer, args: string[]): string {
  const result = spawnSync(process.execPath, ['dist/server/admin.js', ...args], { cwd: ROOT, env: server.env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`admin ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

export interface Browser {
  context: BrowserContext;
  /** The pages' uncaught errors, console errors and failed requests, newest last. */
  problems: string[];
  close: () => Promise<void>;
}

/** How many page problems a browser keeps for a failure's report. */
const KEPT_PROBLEMS = 40;

/** Records every page's uncaught errors, console errors and failed requests, for a failed test's report. */
function recordPageProblems(context: BrowserContext): string[] {
  const problems: string[] = [];
  const keep = (line: string) => {
    problems.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (problems.length > KEPT_PROBLEMS) problems.shift();
  };
  const watch = (page: Page) => {
    page.on('pageerror', (error) => keep(`uncaught ${error.name}: ${error.message} (${page.url()})`));
    page.on('console', (message) => {
      if (message.type() === 'error') keep(`console error: ${message.text()} (${page.url()})`);
    });
    page.on('requestfailed', (request) => keep(`request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`));
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  return problems;
}

/** What a failed browser test left on screen: each page's address and text, and the problems recorded. */
async function reportPages(browser: Browser): Promise<string> {
  const lines: string[] = [];
  for (const page of browser.context.pages()) {
    const text = await page
      .evaluate(() => document.body?.innerText ?? '')
      .catch((error: unknown) => `(unreadable: ${String(error)})`);
    lines.push(`page ${page.url()}:`, text.replace(/\n{2,}/g, '\n').slice(0, 3000));
  }
  lines.push('problems:', ...(browser.problems.length ? browser.problems : ['(none)']));
  return lines.join('\n');
}

/** The device the browser emulates; the default is a 1280 × 800 desktop window. */
export interface BrowserDevice {
  viewport?: { width: number; height: number };
  /** Honours the page's meta viewport and reports a mobile user agent's screen, as a phone does. */
  isMobile?: boolean;
  /** Touch events and `(pointer: coarse)`, so `tap()` works. */
  hasTouch?: boolean;
}

/** A 390 × 844 phone with touch (an iPhone 12–15's CSS size), for the narrowest layout the app supports. */
export const PHONE: BrowserDevice = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

export async function launchBrowser(device: BrowserDevice = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium was not found at ${CHROMIUM_PATH}. Install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  }
  const profile = mkdtempSync(join(tmpdir(), 'reelflow-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    viewport: device.viewport ?? { width: 1280, height: 800 },
    isMobile: device.isMobile ?? false,
    hasTouch: device.hasTouch ?? false,
    args: [...CHROMIUM_FLAGS],
  });
  const problems = recordPageProblems(context);
  return {
    context,
    problems,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * The test file's server and browser: started before its tests (`beforeAll`), stopped after them.
 * Read them inside tests and hooks; before `beforeAll` has run they throw.
 */
export function useServerAndBrowser(env: NodeJS.ProcessEnv = {}, device: BrowserDevice = {}): { readonly server: RunningServer; readonly browser: Browser } {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer(env);
    browser = await launchBrowser(device);
  });
  // A failure in CI leaves only the log: say what the pages showed and what went wrong in them.
  beforeEach(({ onTestFailed }) => {
    onTestFailed(async () => {
      if (browser) console.error(`What the browser showed when the test failed:\n${await reportPages(browser)}`);
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`The ${what} starts in beforeAll: use it inside a test or hook.`);
    return value;
  };
  return {
    get server() {
      return started(server, 'server');
    },
    get browser() {
      return started(browser, 'browser');
    },
  };
}

/** POSTs JSON as the SPA does (CSRF cookie + X-XSRF-TOKEN) and returns the parsed answer. */
async function postWithCsrf(server: RunningServer, path: string, body: unknown): Promise<{ status: number; text: string }> {
  const csrf = await fetch(`${server.url}/sanctum/csrf-cookie`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': decodeURIComponent(xsrf) },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

/** Registers a user through the API (as the app would) and returns its credentials and token. */
export async function registerViaApi(server: RunningServer, name = 'Test Creator'): Promise<{ email: string; password: string; token: string }> {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = 'a good long password';
  const response = await postWithCsrf(server, '/api/register', { name, email, password, password_confirmation: password });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${response.text}`);
  const { token } = JSON.parse(response.text) as { token: string };
  return { email, password, token };
}

/** Signs in through the API and returns a new bearer token. */
export async function loginViaApi(server: RunningServer, email: string, password: string): Promise<string> {
  const response = await postWithCsrf(server, '/api/login', { email, password });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${response.text}`);
  return (JSON.parse(response.text) as { token: string }).token;
}

/** Calls the API with a bearer token (no CSRF needed) and returns status and parsed body. */
export async function apiCall<T = unknown>(server: RunningServer, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** Sets the test-mode fault injection of a server started with REELFLOW_TEST_MODE=1. */
export async function setFaults(server: RunningServer, settings: { rate: number; kinds?: string[]; paths?: string[]; seed?: number }): Promise<void> {
  const response = await fetch(`${server.url}/internal/test/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(settings) });
  if (!response.ok) throw new Error(`setting faults failed: ${response.status} ${await response.text()}`);
}

/** Fills and submits the app's registration form (the caller waits for where it leads). */
export async function registerInBrowser(page: Page, server: RunningServer, account: { name: string; email: string; password: string }): Promise<void> {
  await page.goto(`${server.url}/register`);
  await page.getByLabel('Name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** Signs in through the form of the sign-in page the browser shows. */
export async function signInInBrowser(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Waits until the service worker is active (the shell is precached when it activates). */
/** Every row of one table of the app's local store (IndexedDB `reelflow`), read in the page. */
export function storedRows<T = unknown>(page: Page, table: string): Promise<T[]> {
  return page.evaluate(async (name) => {
    const database = await new Promise<IDBDatabase>((done, fail) => {
      const request = indexedDB.open('reelflow');
      request.onsuccess = () => done(request.result);
      request.onerror = () => fail(request.error ?? new Error('IndexedDB request failed'));
    });
    try {
      return await new Promise<unknown[]>((done, fail) => {
        const request = database.transaction(name).objectStore(name).getAll();
        request.onsuccess = () => done(request.result as unknown[]);
        request.onerror = () => fail(request.error ?? new Error('IndexedDB request failed'));
      });
    } finally {
      database.close();
    }
  }, table) as Promise<T[]>;
}

export async function serviceWorkerReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/**
 * Waits until the page runs under the active worker. A page that loaded while the first worker was
 * still installing stays uncontrolled until its next load (the worker does not claim clients), and
 * a new version then activates at once with nothing to wait for — so reload it under the worker.
 */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  await serviceWorkerReady(page);
  if (await page.evaluate(() => Boolean(navigator.serviceWorker.controller))) return;
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}
