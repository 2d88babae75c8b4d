// Mantine's whole style sheet, loaded when a screen needs it (src/app/styles/mantine-styles.ts):
// once, right after the page's own style sheet (so its rules follow the first-screen copies and
// precede anything loaded later), resolved on load; a failed fetch resolves too (the screen still
// renders), leaves no link behind and is tried again, at the next call or when back online.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStyleSheetLoader } from '../../src/app/styles/mantine-styles';

const URL = '/assets/styles.layer-test.css';
// A <head> outside the page: happy-dom fails every style sheet connected to its document at once
// ("CSS file loading is disabled"); these links load nothing, and the test plays the browser's events.
const head = window.document.createElement('div') as unknown as HTMLHeadElement;
const document = { head, createElement: window.document.createElement.bind(window.document) };
const sheets = () => [...document.head.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute('href'));
const inserted = () => document.head.querySelector<HTMLLinkElement>(`link[href="${URL}"]`);

describe('the whole Mantine style sheet', () => {
  beforeEach(() => {
    document.head.innerHTML = '<link rel="modulepreload" href="/assets/vendor.js"><link rel="stylesheet" href="/assets/index.css"><link rel="stylesheet" href="/assets/Toasts.css">';
  });
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('is inserted once, right after the page style sheet, and resolves when it has loaded', async () => {
    const load = createStyleSheetLoader(URL, { document, window });
    let settled = false;
    const first = load().then(() => (settled = true));
    const second = load();
    expect(sheets()).toEqual(['/assets/index.css', URL, '/assets/Toasts.css']);
    await Promise.resolve();
    expect(settled).toBe(false);
    inserted()?.dispatchEvent(new Event('load'));
    await Promise.all([first, second]);
    expect(settled).toBe(true);
    await load();
    expect(sheets().filter((href) => href === URL)).toHaveLength(1);
  });

  it('goes at the end of <head> when the page has no style sheet link (the dev server)', () => {
    document.head.innerHTML = '<style>/* dev */</style>';
    void createStyleSheetLoader(URL, { document, window })();
    expect(document.head.lastElementChild?.getAttribute('href')).toBe(URL);
  });

  it('resolves on a failed fetch, removes the link, and tries again at the next call', async () => {
    const load = createStyleSheetLoader(URL, { document, window });
    const failed = load();
    inserted()?.dispatchEvent(new Event('error'));
    await failed;
    expect(inserted()).toBeNull();
    void load();
    expect(sheets()).toEqual(['/assets/index.css', URL, '/assets/Toasts.css']);
  });

  it('tries again when the network comes back', async () => {
    const online = new EventTarget();
    const load = createStyleSheetLoader(URL, { document, window: online });
    const failed = load();
    inserted()?.dispatchEvent(new Event('error'));
    await failed;
    expect(inserted()).toBeNull();
    online.dispatchEvent(new Event('online'));
    expect(inserted()).not.toBeNull();
  });
});
