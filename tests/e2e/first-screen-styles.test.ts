// Mantine's styles in two parts (src/app/styles/mantine-styles.ts), in Debian's Chromium against
// the built app. The first screens (sign-in with its errors, registration, the signed-in shell
// with its menus, home; at 360 px and on a desktop) never request Mantine's whole sheet, and every
// Mantine class they render that the whole sheet styles is styled by the first-screen part they
// have. Another screen brings the whole sheet with it.
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerViaApi, useServerAndBrowser } from './harness';

const ASSETS = resolve(import.meta.dirname, '../../dist/client/assets');
const WHOLE_SHEET = /\/assets\/styles\.layer-[\w-]+\.css$/;
const MANTINE_CLASS = /\.(m_[0-9a-f]+)/g;

/** The Mantine classes the whole sheet has rules for. */
function classesOfWholeSheet(): Set<string> {
  const file = readdirSync(ASSETS).find((name) => /^styles\.layer-[\w-]+\.css$/.test(name));
  if (!file) throw new Error('Mantine\'s whole sheet is not in dist/client/assets: run npm run build');
  return new Set([...readFileSync(resolve(ASSETS, file), 'utf8').matchAll(MANTINE_CLASS)].map((match) => match[1] ?? ''));
}

/** Mantine classes on the page that the whole sheet styles and the page's style sheets do not. */
async function unstyledClasses(page: Page, whole: Set<string>): Promise<string[]> {
  const { used, styled } = await page.evaluate((pattern) => {
    const styledHere = new Set<string>();
    const walk = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) for (const match of rule.selectorText.matchAll(new RegExp(pattern, 'g'))) styledHere.add(match[1] ?? '');
        if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) {
      // A sheet whose load was held back or failed has no readable rules (Chromium throws a
      // SecurityError for it): it styles nothing, which is what the page shows.
      const rules = (() => {
        try {
          return sheet.cssRules;
        } catch {
          return null;
        }
      })();
      if (rules) walk(rules);
    }
    const onPage = new Set(Array.from(document.querySelectorAll('*')).flatMap((element) => Array.from(element.classList)).filter((name) => /^m_[0-9a-f]+$/.test(name)));
    return { used: [...onPage], styled: [...styledHere] };
  }, MANTINE_CLASS.source);
  expect(used.length).toBeGreaterThan(5);
  return used.filter((name) => whole.has(name) && !styled.includes(name));
}

describe("Mantine's styles: the first screens' part, then the whole sheet", () => {
  const running = useServerAndBrowser();

  it('styles the first screens at 360 px and on a desktop without the whole sheet, which another screen brings', async () => {
    const { server, browser } = running;
    const whole = classesOfWholeSheet();
    const account = await registerViaApi(server, 'Styles Creator');
    const page = await browser.context.newPage();
    // No service worker: it would answer the sheet's requests from its precache, past page.route.
    await page.route('**/sw.js', (route) => route.abort());
    // The whole sheet cannot arrive during the first screens: a screen that asks for it (a link
    // focused in the account menu preloads its screen) goes on without it, so each check below
    // sees only the first screens' part. Each request is recorded with the phase it came in.
    const unstyled: Record<string, string[]> = {};
    const wholeSheetRequests: string[] = [];
    let phase = 'first screens';
    await page.route(WHOLE_SHEET, (route) => {
      wholeSheetRequests.push(phase);
      return route.abort();
    });
    const check = async (screen: string) => {
      unstyled[screen] = await unstyledClasses(page, whole);
    };
    const at = (width: number) => page.setViewportSize({ width, height: width < 600 ? 740 : 800 });

    await at(360);
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('The password field is required.').waitFor();
    await check('sign-in with field errors, 360 px');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').first().waitFor();
    await check('sign-in refused, 360 px');
    await at(1280);
    await check('sign-in refused, desktop');

    await page.getByRole('link', { name: /create an account|register|sign up/i }).first().click();
    await page.getByRole('button', { name: 'Create account' }).waitFor();
    await check('registration, desktop');
    await at(360);
    await check('registration, 360 px');

    await page.goto(`${server.url}/login`);
    // Signed in from the keyboard, with the pointer off the page: a pointer left where the Sign in
    // button was rests on one of home's links, and a hovered link preloads its screen (and the
    // whole sheet) by design.
    await page.mouse.move(-1, -1);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.getByRole('button', { name: /^Account menu/ }).waitFor();
    await check('home, 360 px');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('button', { name: 'Close navigation' }).waitFor();
    await check('home with the navigation open, 360 px');
    await at(1280);
    await check('home, desktop');
    // Opening the account menu focuses its first link, which preloads that link's screen.
    phase = 'account menu open';
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).waitFor();
    await check('home with the account menu open, desktop');
    await page.keyboard.press('Escape');

    expect(unstyled).toEqual(Object.fromEntries(Object.keys(unstyled).map((screen) => [screen, []])));
    // Nothing asked for it before the account menu's links could preload a screen.
    expect(wholeSheetRequests.filter((when) => when === 'first screens')).toEqual([]);

    // Another screen brings the whole sheet, and waits for it.
    await page.unroute(WHOLE_SHEET);
    const wholeSheet = page.waitForResponse((response) => WHOLE_SHEET.test(new URL(response.url()).pathname));
    await page.getByRole('link', { name: 'My scripts' }).first().click();
    expect((await wholeSheet).status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'My scripts' }).waitFor();
    expect(await unstyledClasses(page, whole)).toEqual([]);
    await page.close();
  });
});
