// Accounts and plans in a real browser: register → home → a route the plan denies → public pages redirect
// a signed-in user → sign out wipes the browser → sign in again; and a licence that unlocks
// publishing. Debian Chromium against the built app served by the real server process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, registerInBrowser, runAdmin, startServer, type Browser, type RunningServer } from './harness';

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

async function signOut(page: Page) {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL(`${server.url}/login`);
}

describe('accounts in the browser', () => {
  it('registers, is denied a locked route, is kept off public pages, and signs out cleanly', async () => {
    const page = await browser.context.newPage();
    const email = `maya-${Date.now()}@example.com`;

    // Signed out, a guarded page sends the user to /login.
    await page.goto(`${server.url}/my-scripts`);
    await page.waitForURL(`${server.url}/login`);

    await registerInBrowser(page, server, { name: 'Maya Creator', email, password: 'correct horse battery' });
    await page.waitForURL(`${server.url}/`);
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome, Maya Creator' }).isVisible()).toBe(true);
    // The free plan's entitlements come from the server, not from the page.
    await expect.poll(() => page.getByText(/free/i).first().isVisible()).toBe(true);

    // The free plan has no can_publish_post: the guard explains and returns home.
    await page.goto(`${server.url}/publish`);
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Access Denied').isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText('You do not have permission to view this page.').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(`${server.url}/`);

    // An allowed screen opens (free plan has can_create_video).
    await page.goto(`${server.url}/create-ai-video`);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => page.url()).toBe(`${server.url}/create-ai-video`);

    // Public pages redirect a signed-in user home.
    for (const publicPath of ['/login', '/register', '/license', '/register-with-license', '/forget-password']) {
      await page.goto(`${server.url}${publicPath}`);
      await page.waitForURL(`${server.url}/`);
    }

    // /unauthorized is open to everyone.
    await page.goto(`${server.url}/unauthorized`);
    await expect.poll(() => page.url()).toBe(`${server.url}/unauthorized`);

    await page.goto(`${server.url}/`);
    await signOut(page);
    const leftovers = await page.evaluate(async () => ({
      local: localStorage.length,
      session: sessionStorage.length,
      cookies: document.cookie,
      databases: (await indexedDB.databases()).length,
    }));
    expect(leftovers.local).toBe(0);
    expect(leftovers.session).toBe(0);
    expect(leftovers.cookies.replace(/XSRF-TOKEN=[^;]*;?\s*/, '')).toBe('');

    // The old session is gone: guarded pages go to /login again.
    await page.goto(`${server.url}/`);
    await page.waitForURL(`${server.url}/login`);

    // Signing in again works with the same credentials; a wrong password is explained.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('wrong password!!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByText('These credentials do not match our records.').first().isVisible()).toBe(true);
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}/`);
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome, Maya Creator' }).isVisible()).toBe(true);
    await signOut(page);
    await page.close();
  });

  it('a free account sees which plan unlocks a locked area, applies a licence on its profile and is unlocked without a reload', async () => {
    const output = runAdmin(server, ['create-license', '--plan', 'creator']);
    const code = /[A-Z0-9]{4,}(?:-[A-Z0-9]{4,})+/.exec(output)?.[0];
    expect(code, `no licence code in: ${output}`).toBeTruthy();

    const page = await browser.context.newPage();
    await registerInBrowser(page, server, { name: 'Una Upgrade', email: `una-${Date.now()}@example.com`, password: 'correct horse battery' });
    await page.waitForURL(`${server.url}/`);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    // The plan catalogue is pulled into the store; the locked item names its plan.
    await expect.poll(() => nav.getByRole('link', { name: /Publish.*locked — included in the Creator plan/ }).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => page.getByRole('list', { name: 'Locked features and the plan that unlocks them' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('0 of 20 this month').isVisible()).toBe(true);

    // In-app navigation (no reload) to the profile, where the licence is applied.
    await page.getByRole('link', { name: 'Have a licence code? Apply it' }).click();
    await page.waitForURL(/\/users\/user-profile/);
    await page.getByRole('textbox', { name: 'Licence code' }).fill(code!);
    await page.getByRole('button', { name: 'Apply licence' }).click();
    await expect.poll(() => page.getByText('Licence applied: you are now on the Creator plan.').isVisible()).toBe(true);
    await expect.poll(() => nav.getByRole('link', { name: /^Publish/ }).first().textContent()).not.toContain('locked');
    await nav.getByRole('link', { name: /^Publish/ }).first().click();
    await page.waitForURL(`${server.url}/publish`);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await signOut(page);
    await page.close();
  });

  it('redeems a licence from the admin CLI and gets the plan it carries', async () => {
    const output = runAdmin(server, ['create-license', '--plan', 'creator']);
    const code = /[A-Z0-9]{4,}(?:-[A-Z0-9]{4,})+/.exec(output)?.[0];
    expect(code, `no licence code in: ${output}`).toBeTruthy();

    const page = await browser.context.newPage();
    await page.goto(`${server.url}/license`);
    await page.getByLabel('Licence code').fill(code!);
    await page.getByRole('button', { name: 'Check licence' }).click();
    await expect.poll(() => page.getByText('This licence unlocks the Creator plan').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL(/\/register-with-license/);
    await page.getByLabel('Name').fill('Leo Licensed');
    await page.getByLabel('Email').fill(`leo-${Date.now()}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('another good password');
    await page.getByLabel('Confirm password').fill('another good password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${server.url}/`);

    // The creator plan holds can_publish_post: /publish opens without the alert.
    await page.goto(`${server.url}/publish`);
    await expect.poll(() => page.getByRole('heading', { name: /publish/i }).first().isVisible()).toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.close();
  });
});
