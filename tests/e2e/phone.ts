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
