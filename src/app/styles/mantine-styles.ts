// Mantine's styles in two parts (docs/decisions/performance.md, "Mantine's styles in two parts").
// ./first-screen.css, imported by the entry, holds what the first screens (sign-in, registration,
// the signed-in shell, home) render; it is the page's one render-blocking style sheet. The whole
// sheet comes when a screen needs it: every other screen waits for it (lazyPage), so no screen
// shows half-styled, and a first screen does not pay its download and parse before it paints
// (Lighthouse FCP, LCP and Total Blocking Time). The service worker precaches it like every asset.
//
// Both parts are in Mantine's `mantine` CSS layer, and the whole sheet is inserted right after the
// page's own style sheet: each Mantine rule then appears again after its first-screen copy, in
// Mantine's own order, so the cascade is exactly that of the whole sheet, whatever else (a lazy
// screen's CSS, the toasts' styles) was added before it; the app's unlayered rules win over all.
import allStylesUrl from '@mantine/core/styles.layer.css?url';

export interface StyleSheetTarget {
  document: Pick<Document, 'createElement' | 'head'>;
  /** Where a failed load waits for the network to come back. */
  window: Pick<Window, 'addEventListener'>;
}

/**
 * A loader of one style sheet: the first call inserts it (right after the page's first style
 * sheet link, else at the end of <head>) and resolves once it has loaded. A failed load (offline
 * before the service worker has it) resolves too, so a screen still renders, removes the link,
 * and is tried again at the next call or when the network comes back.
 */
export function createStyleSheetLoader(url: string, target: StyleSheetTarget): () => Promise<void> {
  let loading: Promise<void> | null = null;
  const load = (): Promise<void> => {
    if (loading) return loading;
    loading = new Promise((resolve) => {
      const { document } = target;
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = url;
      link.addEventListener('load', () => resolve(), { once: true });
      link.addEventListener(
        'error',
        () => {
          link.remove();
          loading = null;
          target.window.addEventListener('online', () => void load(), { once: true });
          resolve();
        },
        { once: true },
      );
      const pageSheet = document.head.querySelector('link[rel="stylesheet"]');
      if (pageSheet) pageSheet.after(link);
      else document.head.append(link);
    });
    return loading;
  };
  return load;
}

let loadAll: (() => Promise<void>) | null = null;

/** Mantine's whole style sheet, loaded once; resolves when it applies (or could not be fetched). */
export function loadAllMantineStyles(): Promise<void> {
  // Unit tests process no CSS: the URL is empty and there is nothing to load.
  if (!allStylesUrl) return Promise.resolve();
  loadAll ??= createStyleSheetLoader(allStylesUrl, { document, window });
  return loadAll();
}
