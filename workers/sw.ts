/// <reference lib="webworker" />
// Reelflow's service worker. It makes the installed app start without a network: the shell is
// precached and every navigation (deep links too) falls back to index.html. API responses are
// never cached here — the Dexie store is the one cache of data (DESIGN.md §4).
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Server paths are never the SPA: they must reach the network (or fail) as they are.
const SERVER_PATHS = [/^\/api\//, /^\/sanctum\//, /^\/validate-license/, /^\/internal\//];
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: SERVER_PATHS }));

// The page asks a waiting worker to take over only when the user chose "reload".
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
