// "Keep offline" for videos (issue 8): the finished MP4 is stored in a Cache Storage cache under a
// key made of the video id only — `/offline/videos/<id>.mp4` — because the server's media URLs
// are signed and expire, so a key with the signature would never be found again. Cache Storage is
// shared by the page and the service worker of the origin: the page (or the worker) fills it, and
// the worker answers `<video>` requests for that path from it, range requests included, so
// seeking works offline (workers/sw.ts). No React; no DOM beyond fetch and caches.
import { db, OFFLINE_VIDEO_CACHE } from '../store/db';

export { OFFLINE_VIDEO_CACHE };
const OFFLINE_PREFIX = '/offline/videos/';

/** The cache key (and the URL the service worker serves) of one video's offline copy. */
export function offlineVideoPath(id: string): string {
  return `${OFFLINE_PREFIX}${encodeURIComponent(id)}.mp4`;
}

/** The video id of an offline-copy path, or null for any other path. */
export function offlineVideoIdOf(pathname: string): string | null {
  if (!pathname.startsWith(OFFLINE_PREFIX) || !pathname.endsWith('.mp4')) return null;
  const id = decodeURIComponent(pathname.slice(OFFLINE_PREFIX.length, -'.mp4'.length));
  return id && !id.includes('/') ? id : null;
}

function cacheStorage(): CacheStorage | null {
  return typeof caches === 'undefined' ? null : caches;
}

function requestFor(id: string): Request {
  return new Request(new URL(offlineVideoPath(id), typeof location === 'undefined' ? 'http://localhost/' : location.href).href);
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * Download the video from its (signed) URL and keep it under its id; marks the row kept.
 * Resolves with the stored size in bytes. Needs the network.
 */
export async function keepVideoOffline(id: string, src: string, fetcher: FetchLike = (input, init) => fetch(input, init)): Promise<number> {
  const storage = cacheStorage();
  if (!storage) throw new Error('This browser cannot keep videos for offline playback.');
  const response = await fetcher(src, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(response.status === 404 || response.status === 403 ? 'The video link has expired; refresh the list and try again.' : `The video could not be downloaded (HTTP ${response.status}).`);
  const blob = await response.blob();
  const cache = await storage.open(OFFLINE_VIDEO_CACHE);
  await cache.put(
    requestFor(id),
    new Response(blob, {
      status: 200,
      headers: { 'Content-Type': response.headers.get('Content-Type') || 'video/mp4', 'Content-Length': String(blob.size), 'Accept-Ranges': 'bytes' },
    }),
  );
  await db.videos.update(id, { keptOffline: true });
  // Ask the browser not to evict the origin's storage under pressure (a no-op where refused).
  const storageManager = typeof navigator === 'undefined' ? undefined : (navigator as { storage?: { persist?: () => Promise<boolean> } }).storage;
  await storageManager?.persist?.().catch(() => false);
  return blob.size;
}

/** Size in bytes of the offline copy, or null when there is none. */
export async function offlineVideoSize(id: string): Promise<number | null> {
  const storage = cacheStorage();
  if (!storage) return null;
  const cache = await storage.open(OFFLINE_VIDEO_CACHE);
  const response = await cache.match(requestFor(id));
  if (!response) return null;
  const length = Number(response.headers.get('Content-Length'));
  return Number.isFinite(length) && length > 0 ? length : (await response.blob()).size;
}

/** The offline copy as a Blob (playback without a controlling service worker, download offline). */
export async function offlineVideoBlob(id: string): Promise<Blob | null> {
  const storage = cacheStorage();
  if (!storage) return null;
  const response = await (await storage.open(OFFLINE_VIDEO_CACHE)).match(requestFor(id));
  return response ? response.blob() : null;
}

/** Free the offline copy (the cache entry only; the row is left as it is). */
export async function forgetOfflineVideo(id: string): Promise<void> {
  const storage = cacheStorage();
  if (!storage) return;
  await (await storage.open(OFFLINE_VIDEO_CACHE)).delete(requestFor(id));
}

/** "Keep offline" off: free the copy and clear the row's flag. */
export async function removeOfflineVideo(id: string): Promise<void> {
  await forgetOfflineVideo(id);
  await db.videos.update(id, { keptOffline: false });
}

/** Free copies whose video is no longer on this device (deleted elsewhere, or the store was wiped). */
export async function pruneOfflineVideos(): Promise<number> {
  const storage = cacheStorage();
  if (!storage) return 0;
  const cache = await storage.open(OFFLINE_VIDEO_CACHE);
  let removed = 0;
  for (const request of await cache.keys()) {
    const id = offlineVideoIdOf(new URL(request.url).pathname);
    const row = id ? await db.videos.get(id) : undefined;
    // A video deleted on this device keeps its copy while the delete waits (an Undo needs it).
    const waiting = id ? (await db.outbox.where('[entityKey+createdAt]').between([`video:${id}`, ''], [`video:${id}`, '\uffff']).count()) > 0 : false;
    if (!row?.keptOffline && !waiting) {
      await cache.delete(request);
      removed += 1;
    }
  }
  return removed;
}
