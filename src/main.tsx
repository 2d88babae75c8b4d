// Entry point of the PWA. Order matters: the console policy is installed before anything can log,
// the stored appearance is applied before the first paint, then React mounts.
// Mantine's styles for the first screens; the whole sheet follows when a screen needs it.
import './app/styles/first-screen.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { FIRST_RENDER_PERMISSIONS_WAIT_MS, holdFirstRender } from './app/lazy';
import { installConsoleFilter } from './app/console-filter';
import { listenForInstallPrompt } from './app/install-prompt';
import { preloadRouteChunks, redirectToLoginOnUnauthenticated } from './app/router';
import { isAuthenticated, loadPermissions, subscribeSession } from './session';
import { applyLayoutVersion, storedColorScheme } from './app/theme';
import { afterFirstScreen } from './ui/first-screen';

installConsoleFilter({ production: import.meta.env.PROD });

// Our CSP has no 'unsafe-eval': without `jitless`, zod probes `new Function` on the first form
// check and the browser reports a CSP violation (Lighthouse best practices). zod keeps its global
// config on globalThis (zod/v4/core `config()`), so the flag is set without loading zod here:
// importing `config` alone would add ~4 KB to every first download. tests/e2e/bytes.test.ts
// fails if a page reports a violation again.
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

// Apply the stored colour theme before React mounts (MantineProvider keeps it in sync afterwards),
// so a dark-theme user gets no white flash. 'auto' follows the system setting.
const scheme = storedColorScheme();
const resolved =
  scheme === 'auto' ? (window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light') : scheme;
document.documentElement.setAttribute('data-mantine-color-scheme', resolved);
applyLayoutVersion();

// The current page's screen chunk is requested now rather than when the router first renders.
const pageChunks = preloadRouteChunks(window.location.pathname);
// So is the permissions request of a session restored from storage: every signed-in screen waits
// for it (the route guard shows "Loading permissions..." until it is answered), so it starts
// alongside the screen's chunks instead of after React's first render. The provider's own load,
// once it mounts, shares this request (loadPermissions).
if (isAuthenticated()) {
  const permissions = loadPermissions();
  // The page renders once both are here: its chunks, and the permissions for at most a moment more
  // (a slow answer then gets the guard's "Loading permissions..." as before). See holdFirstRender.
  // Signed out there is nothing to wait for, and the page asked for may redirect to /login.
  const aMoment = () => new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_PERMISSIONS_WAIT_MS));
  holdFirstRender(pageChunks.then(() => Promise.race([permissions, aMoment()])));
}

// Evaluating the entry's modules is one main-thread task; the rest of the start-up runs in the
// next one, so neither grows into a long task on a phone-class CPU and the chunk requests above
// go out as this one ends (Lighthouse Total Blocking Time, docs/decisions/performance.md).
await new Promise((resolve) => setTimeout(resolve, 0));

// Spec §8: a 401 anywhere sends the user to /login.
redirectToLoginOnUnauthenticated();

// The offline engine runs while someone is signed in (outbox drain, pulls, error reports). It
// (and Dexie with it) is loaded on the first sign-in, so the sign-in page does not download it;
// from then on connectSyncRuntime follows the session itself.
function loadSyncRuntimeWhenSignedIn(): void {
  let loading = false;
  const check = () => {
    if (loading || !isAuthenticated()) return;
    loading = true;
    unsubscribe();
    import('./app/sync-runtime-loader')
      .then(({ loadSyncRuntimeInParts }) => loadSyncRuntimeInParts())
      .then(
        ({ connectSyncRuntime }) => connectSyncRuntime(),
        (error: unknown) => {
          // A chunk that did not arrive (offline on a first visit, before the service worker has
          // it; a new deployment): retry on the next change of the session, or when the network is
          // back.
          loading = false;
          unsubscribe = subscribeSession(check);
          window.addEventListener('online', check, { once: true });
          console.warn('The offline engine could not be loaded:', error);
        },
      );
  };
  let unsubscribe = () => {};
  const follow = () => {
    unsubscribe = subscribeSession(check);
  };
  if (isAuthenticated()) {
    // A session restored from storage: the first screen comes first (its chunks, the permissions
    // request, its content); the engine's pulls refresh copies that screen already shows
    // (src/ui/first-screen.ts). Until then the session is not followed either: start-up changes
    // it (the payment check) and would otherwise start the engine ahead of the screen.
    afterFirstScreen(() => {
      follow();
      check();
    });
  } else {
    // Signed out: a sign-in starts the engine at once.
    follow();
  }
}
loadSyncRuntimeWhenSignedIn();
// The install prompt can fire before the shell mounts: keep it from the start.
listenForInstallPrompt();

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html.');
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
