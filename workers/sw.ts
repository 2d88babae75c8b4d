/// <reference lib="webworker" />
// Reelflow's service worker. It makes the installed app start without a network: the shell is
// precached and every navigation (deep links too) falls back to index.html. API responses are
// never cached here — the Dexie store is the one cache of data (DESIGN.md §4); the one exception is
// the media file of a video the creator chose to keep offline.
//
// It also drains the outbox on Background Sync ('sync' event, tag 'reelflow-outbox'), so changes
// made offline are delivered once the connection is back even when no tab is open. Same table,
// same mutation kinds, same rules and the same Web Lock as the page: only the transport differs
// (fetch with the bearer token mirrored in the local store; bearer requests need no CSRF token).
// The outbox lives in IndexedDB: nothing here (install, activate, cache clean-up) ever touches it,
// so a new version of this worker takes over with the queue intact.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { RangeRequestsPlugin } from 'workbox-range-requests';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheOnly } from 'workbox-strategies';
import { db } from '../src/store/db';
import { appDrainDeps, appOutbox } from '../src/sync/engine';
import { drainForBackgroundSync, OUTBOX_SYNC_TAG } from '../src/sync/drain-scheduler';
import { fetchSend } from '../src/sync/transport';
// Every mutation kind the page can enqueue must be registered here too (side-effect import).
import '../src/app/mutation-kinds';
import { isOfflineCopyPath, OFFLINE_VIDEO_CACHE } from '../src/features/videos/data/video-offline';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/** Background Sync's event (Chromium); not in TypeScript's WebWorker lib. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance?: boolean;
}

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Server paths are never the SPA: they must reach the network (or fail) as they are. That includes
// the built-in platform sandboxes' pages (/sandbox/…: the connect popup's consent form, the
// "View on YouTube" channel pages), which a controlled tab would otherwise get as "Page not found".
const SERVER_PATHS = [/^\/api\//, /^\/sanctum\//, /^\/validate-license/, /^\/internal\//, /^\/media\//, /^\/sandbox\//];
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: SERVER_PATHS }));

// "Keep offline" videos (src/features/videos/data/video-offline.ts): /offline/videos/<id>.mp4 (and a
// transcription's captioned video, /offline/captioned/<id>.mp4) is answered
// from the cache the copy was stored in, keyed by the video id (the server's signed URLs expire),
// and a Range request gets a 206 slice of it, so a <video> element can seek with no network. A
// missing copy is a plain failure (the page only uses this path for a kept video).
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isOfflineCopyPath(url.pathname),
  new CacheOnly({ cacheName: OFFLINE_VIDEO_CACHE, plugins: [new RangeRequestsPlugin()] }),
);

// The page asks a waiting worker to take over only when the user chose "reload".
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/** The API is served from this worker's origin (the production server serves the PWA too). */
const send = fetchSend({
  baseUrl: '',
  credentials: 'same-origin',
  async headers(): Promise<Record<string, string>> {
    const row = await db.session.get('token');
    const token = typeof row?.value === 'string' ? row.value : null;
    // No token (signed out, or dropped by a 401): the server answers 401 and the queue pauses.
    return token ? { Authorization: `Bearer ${token}` } : {};
  },
});

self.addEventListener('sync', (event: Event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  // Rejecting tells the browser that changes still wait (offline, backoff): it tries again later.
  sync.waitUntil(drainForBackgroundSync(appOutbox, appDrainDeps(send)));
});
