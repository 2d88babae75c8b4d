// Accessibility: every route of spec §2 passes axe-core (no serious or critical
// violation), signed out and signed in, at desktop size and 390 px wide, in the light and the
// dark colour scheme. Besides axe, phones get two checks axe does not make: touch targets of at
// least 44 × 44 px, and nothing wider than the screen at 360 px.
//
// Speed: one server, one browser, one page. Each route is loaded once and then checked in all
// four variants by resizing the viewport and emulating the colour scheme (the app follows the
// system scheme: Mantine's "auto"), so there is no reload between variants.
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, launchBrowser, registerInBrowser, runAdmin, SIGNED_IN_PATHS, startServer, type Browser, type RunningServer } from './harness';
import { connectSandboxAccount } from './publishing-helpers';

const require = createRequire(import.meta.url);
const axeSource = (require('axe-core') as { source: string }).source;

interface Variant {
  name: string;
  width: number;
  height: number;
  scheme: 'light' | 'dark';
  phone: boolean;
}

const VARIANTS: Variant[] = [
  { name: 'desktop light', width: 1280, height: 800, scheme: 'light', phone: false },
  { name: 'desktop dark', width: 1280, height: 800, scheme: 'dark', phone: false },
  { name: '390 px light', width: 390, height: 844, scheme: 'light', phone: true },
  { name: '390 px dark', width: 390, height: 844, scheme: 'dark', phone: true },
];

/** Spec §2's signed-in routes, params filled. */
const SIGNED_IN_ROUTES = SIGNED_IN_PATHS;

/** Spec §2's public pages (plus /reset-password, which the reset mail links to). */
const PUBLIC_ROUTES = ['/login', '/register', '/license', '/register-with-license', '/forget-password', '/reset-password?token=abc&email=a%40example.com'];

/** How long a screen may take to settle on a busy machine (waits, not timed assertions). */
const SETTLE = { timeout: 15_000 };

let server: RunningServer;
let browser: Browser;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function useVariant(variant: Variant): Promise<void> {
  await page.setViewportSize({ width: variant.width, height: variant.height });
  await page.emulateMedia({ colorScheme: variant.scheme, reducedMotion: 'reduce' });
  // The app applies the scheme on <html>; wait until it has followed the emulated system setting.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')), SETTLE)
    .toBe(variant.scheme);
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
}

/** Runs axe on the whole document; returns the serious and critical violations, one line each. */
async function axe(where: string): Promise<string[]> {
  const hasAxe = await page.evaluate(() => 'axe' in window);
  // Evaluated through the DevTools protocol: the app's CSP rightly refuses an inline <script>.
  if (!hasAxe) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const run = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: unknown[] }> } }).axe.run;
    const result = await run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return (violations as AxeViolation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${where}: [${violation.impact}] ${violation.id} at ${JSON.stringify(node.target)}: ${violation.help} — ` +
          `${(node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200)} — ${node.html.slice(0, 160)}`,
      ),
    );
}

/**
 * Interactive elements smaller than 44 × 44 px on a phone (WCAG 2.5.5 size). Links inside a
 * sentence are exempt (the criterion's "inline" exception), as are hidden elements. Also: a
 * focusable element parked off screen (a closed drawer that is not inert) is reported.
 */
async function smallTouchTargets(where: string): Promise<string[]> {
  const found = await page.evaluate(() => {
    const selector = 'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=tab], [role=checkbox], [role=switch], [role=menuitem]';
    const small: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || element.closest('[aria-hidden="true"], [inert]')) continue;
      if (box.right <= 0 && element.tabIndex >= 0) {
        small.push(`<${element.tagName.toLowerCase()}> "${element.textContent?.trim().slice(0, 40) ?? ''}" can be focused while off screen`);
        continue;
      }
      if (style.display === 'inline') continue;
      // Off screen (the phone's navigation drawer while closed) is not a target.
      if (box.right <= 0 || box.left >= window.innerWidth) continue;
      // A field's target is its visible box (Mantine's input wrapper), a checkbox's its label.
      const target = element.matches('input[type=checkbox], input[type=radio]')
        ? (element.closest('label') ?? element)
        : (element.closest<HTMLElement>('.mantine-Input-input') ?? element);
      const targetBox = target.getBoundingClientRect();
      if (targetBox.width >= 44 && targetBox.height >= 44) continue;
      const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
      small.push(`touch target below 44 px: <${element.tagName.toLowerCase()}> "${name}" ${Math.round(targetBox.width)}×${Math.round(targetBox.height)}`);
    }
    return small;
  });
  return found.map((entry) => `${where}: ${entry}`);
}

/**
 * Nothing is cut off on a 360 px screen: the page does not scroll sideways, no visible element
 * sticks out of the screen (the fixed header would just clip it), and no badge or button label
 * is shortened with an ellipsis.
 */
async function cutOffAt360(where: string): Promise<string[]> {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const found = await page.evaluate(() => {
    const out: string[] = [];
    const { scrollWidth, clientWidth } = document.documentElement;
    if (scrollWidth > clientWidth) out.push(`the page is ${scrollWidth} px wide`);
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= 0) continue; // hidden, or the closed drawer
      if (getComputedStyle(element).visibility === 'hidden' || element.closest('.skip-link')) continue;
      const describe = () => `<${element.tagName.toLowerCase()} class="${element.className}"> "${(element.textContent ?? '').trim().slice(0, 30)}"`;
      if (box.right > window.innerWidth + 1 || box.left < -1) out.push(`${describe()} spans ${Math.round(box.left)}–${Math.round(box.right)} px`);
      else if (
        element.matches('.mantine-Badge-label, .mantine-Button-label') &&
        getComputedStyle(element).textOverflow === 'ellipsis' &&
        element.scrollWidth > element.clientWidth
      ) {
        out.push(`${describe()} is shortened with an ellipsis`);
      }
    }
    return out;
  });
  return found.map((entry) => `${where}: at 360 px ${entry}`);
}

/** Waits for a screen to settle: its h1 (or the Access Denied dialog) shown, no "Loading...". */
async function settled(expectDialog = false): Promise<void> {
  if (expectDialog) {
    await page.getByRole('dialog', { name: 'Access Denied' }).waitFor({ state: 'visible' });
  } else {
    await page.locator('h1').first().waitFor({ state: 'visible' });
  }
  // Visible ones only: Publish keeps its other tabs mounted under React's <Activity mode="hidden">
  // (Mantine's keepMounted), where effects — and so the local store's live queries — wait until
  // the tab is shown; their "Loading…" is display:none and never reaches anyone.
  await expect.poll(() => page.getByText(/^Loading/).filter({ visible: true }).count(), SETTLE).toBe(0);
  // Let Mantine's transitions finish (reduced motion makes them instant, but a frame is needed).
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** Checks the loaded screen in every variant; `extra` runs per variant after axe. */
async function checkAllVariants(label: string, expectDialog = false): Promise<void> {
  for (const variant of VARIANTS) {
    await useVariant(variant);
    await settled(expectDialog);
    const where = `${label} (${variant.name})`;
    problems.push(...(await axe(where)));
    if (variant.phone) {
      problems.push(...(await smallTouchTargets(where)));
      if (variant.scheme === 'dark') problems.push(...(await cutOffAt360(label)));
    }
  }
}

/** Every route names itself in the title ("My scripts · Reelflow"); a wrong one is a problem. */
async function expectTitle(where: string): Promise<void> {
  try {
    await expect.poll(() => page.title(), SETTLE).toMatch(/^[^·]+ · Reelflow$/);
  } catch {
    problems.push(`${where}: page title is "${await page.title()}", not "<page> · Reelflow"`);
  }
}

function report(): void {
  if (problems.length > 0) {
    const lines = [...problems];
    problems.length = 0;
    expect.fail(`${lines.length} accessibility problem(s):\n${lines.join('\n')}`);
  }
}

/** A sandbox YouTube channel, connected through the connect screen's popup; returns its id. */
async function connectSandboxChannel(name: string, token: string): Promise<string> {
  await page.goto(`${server.url}/connect`);
  await connectSandboxAccount(browser, page, server, 'youtube', name);
  const accounts = await apiCall<{ data: Array<{ id: string; name: string }> }>(server, token, 'GET', '/api/accounts');
  const account = accounts.body.data.find((candidate) => candidate.name === name);
  if (!account) throw new Error(`the server lists no account ${name}: ${JSON.stringify(accounts.body)}`);
  return account.id;
}

/**
 * The five series routes with real content: a started series whose first episode was asked for
 * now (shown in whatever state it has reached: writing, rendering …) and one skipped for the
 * weekly cap (a reason on its card), and a draft beside it in the list. Each route in all four
 * variants.
 */
async function checkSeriesScreens(): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('the app stored no token');
  const accountId = await connectSandboxChannel('Access Shorts', token);
  const id = crypto.randomUUID();
  const started = await apiCall(server, token, 'POST', '/api/series', {
    id,
    status: 'active',
    name: 'Small wonders of the garden, one a day',
    description: 'Short, calm facts about what grows and crawls outside.',
    hashtags: ['garden'],
    topic: { mode: 'niche', niche: 'Small wonders of the garden' },
    style: { duration: 5 },
    cadence: { days: [0, 1, 2, 3, 4, 5, 6], times: ['09:00', '18:00'] },
    time_zone: 'Europe/Berlin',
    destinations: { account_ids: [accountId] },
    lead_hours: 1,
    weekly_credit_cap: 1,
  });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  // Over the cap: the next slot's episode is skipped with the reason at once.
  expect((await apiCall(server, token, 'POST', `/api/series/${id}/generate-next`)).status).toBe(201);
  const episodes = async () => (await apiCall<{ data: Array<{ status: string }> }>(server, token, 'GET', `/api/series/${id}/episodes`)).body.data;
  await expect.poll(async () => (await episodes()).some((episode) => episode.status === 'skipped'), { timeout: 60_000 }).toBe(true);
  const draft = await apiCall(server, token, 'POST', '/api/series', { id: crypto.randomUUID(), status: 'draft', name: 'A draft about tide pools', topic: { mode: 'niche', niche: 'Tide pools' } });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);

  for (const path of ['/video-series', `/video-series/detail/${id}`, `/video-series/setting/${id}`, `/video-series/edit-meta?id=${id}`, '/create-ai-series']) {
    await page.goto(`${server.url}${path}`);
    await expectTitle(path);
    // The list, the detail and the settings name the series once its row is on the device.
    if (!path.includes('edit-meta') && path !== '/create-ai-series') await page.getByText('Small wonders of the garden, one a day').first().waitFor();
    if (path.startsWith('/video-series/detail/')) await page.getByText('Skipped', { exact: true }).first().waitFor();
    await checkAllVariants(`${path} with a series`);
  }
}

describe('accessibility of every route', () => {
  it('signed out: public pages, /unauthorized, not-found, and where signed-in routes lead', async () => {
    for (const path of PUBLIC_ROUTES) {
      await page.goto(`${server.url}${path}`);
      await expectTitle(path);
      await checkAllVariants(path);
    }
    for (const path of ['/unauthorized', '/no-such-page']) {
      await page.goto(`${server.url}${path}`);
      await expectTitle(path);
      await checkAllVariants(path);
    }
    // The sign-in form with field errors, then with the wrong-credentials alert (focused).
    await page.goto(`${server.url}/login`);
    await settled();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid')), SETTLE).toBe('true');
    await checkAllVariants('/login with field errors');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // (Checking a password takes the server a moment: argon2 is slow on purpose.)
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role')), SETTLE).toBe('alert');
    await checkAllVariants('/login with wrong credentials');

    // A signed-out visitor to any signed-in route is sent to /login (spec §4), which is checked above.
    for (const path of SIGNED_IN_ROUTES) {
      await page.goto(`${server.url}${path}`);
      await page.waitForURL(`${server.url}/login`);
      await settled();
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    report();
  });

  it('the first Tab on a public page reaches "Skip to content", which moves focus to <main>', async () => {
    await page.goto(`${server.url}/login`);
    await settled();
    expect(await page.locator('main').count()).toBe(1);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
  });

  it('signed in with a plan that grants everything: every signed-in route', async () => {
    const email = `a11y-${Date.now()}@example.com`;
    await page.setViewportSize({ width: 1280, height: 800 });
    await registerInBrowser(page, server, { name: 'Ada Access', email, password: 'correct horse battery' });
    await page.waitForURL(`${server.url}/`);
    runAdmin(server, ['set-plan', email, 'pro']);

    // A script, so that My scripts is checked with a card (badges, card actions), not empty.
    await page.goto(`${server.url}/my-scripts`);
    await page.getByRole('button', { name: 'New script' }).click();
    const editor = page.getByRole('dialog', { name: 'New script' });
    await editor.getByLabel('Title').waitFor({ state: 'visible' });
    problems.push(...(await axe('New script dialog (desktop)')));
    await editor.getByLabel('Title').fill('Three tips for keeping basil alive indoors, all year round');
    await editor.getByLabel('Script').fill('Water less, light more, pinch the tops.');
    await editor.getByRole('button', { name: 'Save script' }).click();
    await page.getByRole('article').first().waitFor({ state: 'visible' });

    for (const path of SIGNED_IN_ROUTES) {
      await page.goto(`${server.url}${path}`);
      await expect.poll(() => page.url(), SETTLE).toBe(`${server.url}${path}`);
      await expectTitle(path);
      await checkAllVariants(path);
    }

    // The navigation drawer on a phone, and the skip link of the signed-in shell.
    await page.goto(`${server.url}/`);
    await useVariant(VARIANTS[2]!);
    await settled();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My scripts' }).waitFor({ state: 'visible' });
    problems.push(...(await axe('navigation drawer (390 px light)')));
    problems.push(...(await smallTouchTargets('navigation drawer (390 px light)')));
    await page.getByRole('button', { name: 'Close navigation' }).click();

    // The account menu on a 360 px phone (a long address must not run out of it).
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).waitFor({ state: 'visible' });
    problems.push(...(await axe('account menu (390 px light)')));
    problems.push(...(await cutOffAt360('account menu')));
    await page.keyboard.press('Escape');

    await useVariant(VARIANTS[0]!);
    await page.goto(`${server.url}/my-scripts`);
    await settled();
    if ((await page.locator('main').count()) !== 1) problems.push('signed-in shell: not exactly one <main>');
    await page.keyboard.press('Tab');
    const firstFocus = await page.evaluate(() => document.activeElement?.textContent);
    if (firstFocus !== 'Skip to content') problems.push(`signed-in shell: the first Tab reaches "${firstFocus}", not "Skip to content"`);
    report();

    // The series screens with a series and its episodes on them, not only their empty states.
    await checkSeriesScreens();
    report();

    // A free plan on a locked route: the Access Denied alert.
    runAdmin(server, ['set-plan', email, 'free']);
    await page.goto(`${server.url}/publish`);
    await checkAllVariants('/publish denied (free plan)', true);
    report();
  });
});
