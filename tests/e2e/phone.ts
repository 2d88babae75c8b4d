// A phone in the browser tests: nothing wider than its screen, and controls tapped as a thumb would
// (each first checked to lie wholly within the screen's width).
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { PHONE } from './harness';

export const PHONE_WIDTH = PHONE.viewport?.width ?? 390;

/** The page scrolls only downwards: nothing is wider than the phone's screen. */
export async function noSidewaysScroll(page: Page, where: string): Promise<void> {
  const widths = await page.evaluate(() => ({ content: document.scrollingElement?.scrollWidth ?? 0, screen: window.innerWidth }));
  expect(widths.screen, `${where}: the layout viewport is the phone's width`).toBe(PHONE_WIDTH);
  expect(widths.content, `${where}: content width`).toBeLessThanOrEqual(widths.screen);
}

/** Taps a control as a thumb would, after checking it lies wholly within the screen's width. */
export async function tap(control: Locator): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  if (!box) throw new Error(`${String(control)} is not shown`);
  expect(box.x, `${String(control)} starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${String(control)} ends on screen`).toBeLessThanOrEqual(PHONE_WIDTH);
  await control.tap();
}

/** The smallest target a thumb should have to hit (Apple's and Material's guidance, in CSS px). */
export const THUMB_TARGET = 44;

/**
 * The visible controls inside `scope` smaller than a thumb's target either way, as "name w×h".
 * Text fields are left out (a tap anywhere on their row lands in them); a slider counts its track.
 */
export async function smallTargets(scope: Locator): Promise<string[]> {
  return scope.evaluate((root, minimum) => {
    const controls = root.querySelectorAll<HTMLElement>('button, a[href], [role="button"], [role="radio"], [role="checkbox"], [role="switch"], [role="slider"], [role="menuitem"], [role="tab"]');
    const small: string[] = [];
    for (const control of controls) {
      // A slider's thumb is moved from anywhere on its track: the track's root is the target.
      const target = (control.getAttribute('role') === 'slider' && control.closest('.mantine-Slider-root')) || control;
      const box = target.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || control.closest('[aria-hidden="true"]')) continue;
      if (box.width < minimum || box.height < minimum) {
        const name = control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName;
        small.push(`${name.slice(0, 60)} ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return small;
  }, THUMB_TARGET);
}
