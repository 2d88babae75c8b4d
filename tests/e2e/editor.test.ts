// The editor on a 390 px phone, end to end: open a finished video, rewrite a scene's line, reorder
// two scenes, undo once, go offline and fix a caption word (saved on the device), come back (saved
// on the server), render v2 and play it. With EDITOR_SHOTS=<dir> it also saves screenshots of the
// main states at 390 px and at 1280 px, to look at (not compared). axe-core checks both layouts.
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TimelineResponse } from '../../contract/timeline';
import { apiCall, launchBrowser, PHONE, registerInBrowser, runAdmin, signInInBrowser, useServerAndBrowser } from './harness';
import { finishedVideo } from './publishing-helpers';
import { noSidewaysScroll, smallTargets, tap } from './phone';

const SHOTS = process.env.EDITOR_SHOTS;
const RENDER = { timeout: 240_000, interval: 1_000 };
const SCRIPT = 'Octopuses have three hearts. Two of them pump blood to the gills. The third one feeds the rest of the body.';

const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

/** axe-core's serious and critical violations on the page as it is, one line each. */
async function axeProblems(page: Page, where: string): Promise<string[]> {
  // Evaluated through the DevTools protocol: the app's CSP rightly refuses an inline <script>.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown }> }> }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => `${where}: ${violation.id} at ${JSON.stringify(violation.nodes.map((node) => node.target))}`);
}

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
}

describe('the editor on a phone', () => {
  const env = useServerAndBrowser({}, PHONE);

  it('edits, works offline, renders v2 and plays it', { timeout: 600_000 }, async () => {
    const { server, browser } = env;
    const page = await browser.context.newPage();
    const account = { name: 'Editor Creator', email: `editor-${Date.now()}@example.com`, password: 'correct horse battery' };
    await registerInBrowser(page, server, account);
    await page.waitForURL(`${server.url}/`);
    runAdmin(server, ['set-plan', account.email, 'pro']);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    if (!token) throw new Error('the app stored no token after registering');
    const id = await finishedVideo(server, token, { title: 'Octopus hearts', script: SCRIPT });
    const timeline = async () => (await apiCall<TimelineResponse>(server, token, 'GET', `/api/ai-videos/${id}/timeline`)).body;
    const before = await timeline();
    expect(before.timeline.scenes.length).toBeGreaterThanOrEqual(2);
    const [first, second] = before.timeline.scenes;

    await page.goto(`${server.url}/editor`);
    await page.getByRole('link', { name: 'Octopus hearts' }).waitFor();
    await shot(page, 'phone-chooser');
    await tap(page.getByRole('link', { name: 'Octopus hearts' }));
    const line1 = page.getByLabel('Line of scene 1');
    await line1.waitFor();
    await page.getByTestId('preview-frame').waitFor();
    await shot(page, 'phone-editor');
    await noSidewaysScroll(page, 'the editor');
    expect(await axeProblems(page, 'the editor at 390 px')).toEqual([]);
    expect(await smallTargets(page.locator('main')), 'controls smaller than a thumb at 390 px').toEqual([]);

    // Rewrite scene 1's line: one coalesced edit, marked for a new voice.
    await line1.fill('Octopuses have three hearts and blue blood.');
    await page.getByText('New voice at next render').first().waitFor();
    // Reorder: scene 2 up, then undo it.
    await tap(page.getByRole('button', { name: 'Scene 2 actions' }));
    await tap(page.getByRole('menuitem', { name: 'Move up' }));
    await expect.poll(() => page.getByLabel('Line of scene 1').inputValue()).toBe(second!.text);
    await tap(page.getByRole('button', { name: 'Undo', exact: true }));
    await expect.poll(() => page.getByLabel('Line of scene 1').inputValue()).toBe('Octopuses have three hearts and blue blood.');
    await page.getByText('Saved', { exact: true }).waitFor({ timeout: 30_000 });
    const saved = await timeline();
    expect(saved.timeline.scenes.map((scene) => scene.id)).toEqual(before.timeline.scenes.map((scene) => scene.id));
    expect(saved.timeline.scenes[0]!.text).toBe('Octopuses have three hearts and blue blood.');

    // Offline: fix a caption word of scene 2; it is kept on the device.
    await browser.context.setOffline(true);
    const word = second!.captions[0]!.word;
    await tap(page.getByRole('button', { name: `Caption word “${word}”: fix it` }).first());
    const field = page.getByLabel(`Fix caption word 1, “${word}”`);
    await field.fill('TWO');
    await field.press('Enter');
    await page.getByText('Saved on this device — will sync when online').waitFor();
    await shot(page, 'phone-offline');
    await browser.context.setOffline(false);
    await page.getByText('Saved', { exact: true }).waitFor({ timeout: 60_000 });
    const synced = await timeline();
    expect(synced.timeline.scenes[1]!.captions[0]!.word).toBe('TWO');
    expect(synced.timeline.scenes[1]!.recording).toEqual(second!.recording);
    expect(synced.timeline.scenes[0]!.id).toBe(first!.id);

    // Render v2 at the price shown, then play it.
    const render = page.getByRole('button', { name: /^Render v2 · / });
    await render.scrollIntoViewIfNeeded();
    await tap(render);
    const dialog = page.getByRole('dialog', { name: 'Render v2' });
    await dialog.getByText('1 scene re-voiced').waitFor();
    await shot(page, 'phone-render-dialog');
    await tap(dialog.getByRole('button', { name: 'Render v2' }));
    try {
      await page.getByText('v2 is ready').waitFor({ timeout: RENDER.timeout });
    } catch (error) {
      await shot(page, 'phone-v2-not-ready');
      const versions = (await timeline()).versions.map(({ version, status, progress, error: why }) => ({ version, status, progress, why }));
      throw new Error(`v2 was not shown as ready. Server versions: ${JSON.stringify(versions)}\nServer: ${server.output().slice(-3000)}`, { cause: error });
    }
    await shot(page, 'phone-v2-ready');
    await tap(page.getByRole('button', { name: 'Play v2' }).first());
    const video = page.getByTestId('version-video');
    await video.waitFor();
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), RENDER).toBeGreaterThanOrEqual(1);
    await shot(page, 'phone-v2-playing');
    const versions = (await timeline()).versions;
    expect(versions.map((version) => [version.version, version.status])).toEqual([
      [1, 'completed'],
      [2, 'completed'],
    ]);

    {
      const desktop = await launchBrowser({ viewport: { width: 1280, height: 800 } });
      try {
        const wide = await desktop.context.newPage();
        await wide.goto(`${server.url}/login`);
        await signInInBrowser(wide, account);
        await wide.waitForURL(`${server.url}/`);
        await wide.goto(`${server.url}/editor?video=${id}`);
        try {
          await wide.getByTestId('preview-frame').waitFor();
        } catch (error) {
          await shot(wide, 'desktop-no-preview');
          throw new Error(`The desktop editor showed no preview: ${(await wide.locator('main').innerText()).slice(0, 1000)}`, { cause: error });
        }
        await wide.getByRole('button', { name: 'Scene 2, ', exact: false }).click();
        await shot(wide, 'desktop-editor');
        expect(await axeProblems(wide, 'the editor at 1280 px')).toEqual([]);
        await wide.getByRole('button', { name: 'Voice, music, captions and format' }).click();
        await wide.getByText('Aspect ratio').waitFor();
        await shot(wide, 'desktop-settings');
        await wide.getByRole('button', { name: 'Keyboard shortcuts' }).click();
        await shot(wide, 'desktop-shortcuts');
      } finally {
        await desktop.close();
      }
    }
  });
});
