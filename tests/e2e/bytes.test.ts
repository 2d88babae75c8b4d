// Bytes on the wire, in Debian's Chromium against the real built server: the sign-in
// page arrives brotli-compressed with the right caching, downloads none of the signed-in app,
// and raises no CSP violation (zod's eval probe); after signing in, the shell and the offline
// engine (Dexie) are loaded and the home renders.
import { resolve } from 'node:path';
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chunkOf, readManifest } from '../../scripts/js-budget.mjs';
import { registerViaApi, signInInBrowser, useServerAndBrowser } from './harness';

const CLIENT_DIR = resolve(import.meta.dirname, '../../dist/client');

/** The built file (assets/…) a source module ended up in. */
function builtFileOf(source: string): string {
  const manifest = readManifest(CLIENT_DIR);
  const chunk = manifest[chunkOf(manifest, CLIENT_DIR, source)];
  if (!chunk) throw new Error(`no chunk for ${source}`);
  return `/${chunk.file}`;
}

async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

describe('bytes on the wire, in the browser', () => {
  const running = useServerAndBrowser();

  it('serves the sign-in page compressed and cached right, without the signed-in app or a CSP violation', async () => {
    const { server, browser } = running;
    const page = await browser.context.newPage();
    const violations = await watchViolations(page);
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));

    const document = await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.waitForLoadState('networkidle');

    expect(document?.headers()['content-encoding']).toBe('br');
    expect(document?.headers()['cache-control']).toBe('no-cache');
    const assets = responses.filter((response) => new URL(response.url()).pathname.startsWith('/assets/') && response.request().resourceType() !== 'image');
    expect(assets.length).toBeGreaterThan(5);
    for (const asset of assets) {
      const headers = asset.headers();
      expect(headers['content-encoding'], asset.url()).toBe('br');
      expect(headers['cache-control'], asset.url()).toBe('public, max-age=31536000, immutable');
      expect(headers.vary?.toLowerCase(), asset.url()).toContain('accept-encoding');
    }

    const paths = responses.map((response) => new URL(response.url()).pathname);
    for (const signedInOnly of ['src/app/SignedInApp.tsx', 'src/store/db.ts', 'src/app/sync-runtime.ts']) {
      expect(paths, signedInOnly).not.toContain(builtFileOf(signedInOnly));
    }

    // The form's checks (zod, loaded in the background) run without tripping the CSP.
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('The password field is required.').waitFor();
    expect(await violations()).toEqual([]);
    await page.close();
  });

  it('loads the shell and starts the offline engine once signed in', async () => {
    const { server, browser } = running;
    const account = await registerViaApi(server, 'Bytes Creator');
    const page = await browser.context.newPage();
    const violations = await watchViolations(page);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));

    await page.goto(`${server.url}/login`);
    await signInInBrowser(page, account);
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await page.waitForLoadState('networkidle');

    for (const signedIn of ['src/app/SignedInApp.tsx', 'src/store/db.ts', 'src/app/sync-runtime.ts', 'src/app/shell/SyncIndicator.tsx']) {
      expect(requested, signedIn).toContain(builtFileOf(signedIn));
    }
    expect(await violations()).toEqual([]);
    await page.close();
  });
});
