// "Keep offline" for videos: the finished MP4 is stored in a Cache Storage cache under a
// key made of the video id only — `/offline/videos/<id>.mp4` — because the server's media URLs
// are signed and expire, so a key with the signature would never be found again. Cache Storage is
// shared by the page and the service worker of the origin: the page (or the worker) fills it, and
// the worker answers `<video>` requests for that path from it, range requests included, so
// seeking works offline (workers/sw.ts). The captioned copy of a transcription is kept
// the same way under its own prefix, `/offline/captioned/<id>.mp4`, so the videos' prune (against
// db.videos) never frees it; it has its own prune against db.transcriptions. No React; no DOM
// beyond fetch and caches.
import { db, OFFLINE_VIDEO_CACHE } from '../../../store/db';

export { OFFLINE_VIDEO_CACHE };
/** What an offline copy is of: a generated video, or a transcription's captioned video. */
export type OfflineCopyKind = 'video' | 'captioned';
const PREFIXES: Record<OfflineCopyKind, string> = { video: '/offline/videos/', captioned: '/offline/captioned/' };

function pathOf(kind: OfflineCopyKind, id: string): string {
  return `${PREFIXES[kind]}${encodeURIComponent(id)}.mp4`;
}

function idOf(kind: OfflineCopyKind, pathname: string): string | null {
  const prefix = PREFIXES[kind];
  if (!pathname.startsWith(prefix) || !pathname.endsWith('.mp4')) return null;
  let id: string;
  try {
    id = decodeURIComponent(pathname.slice(prefix.length, -'.mp4'.length));
  } catch {
    return null;
  }
  return id && !id.includes('/') ? id : null;
}

/** The cache key (and the URL the service worker serves) of one video's offline copy. */
export function offlineVideoPath(id: string): string {
  return pathOf('video', id);
}

/** The video id of an offline-copy path, or null for any other path. */
export function offlineVideoIdOf(pathname: string): string | null {
  return idOf('video', pathname);
}

/** The cache key (and served URL) of a transcription's captioned video kept offline. */
export function offlineCaptionedPath(id: string): string {
  return pathOf('captioned', id);
}

/** The transcription id of a captioned-copy path, or null for any other path. */
export function offlineCaptionedIdOf(pathname: string): string | null {
  return idOf('captioned', pathname);
}

/** Whether the service worker answers this path from the offline cache (either kind). */
export function isOfflineCopyPath(pathname: string): boolean {
  return offlineVideoIdOf(pathname) !== null || offlineCaptionedIdOf(pathname) !== null;
}

function cacheStorage(): CacheStorage | null {
  return typeof caches === 'undefined' ? null : caches;
}

function requestFor(id: string, kind: OfflineCopyKind = 'video'): Request {
  return new Request(new URL(pathOf(kind, id), typeof location === 'undefined' ? 'http://localhost/' : location.href).href);
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Download `src` and store it under the copy's key; resolves with the stored size in bytes. */
async function storeCopy(kind: OfflineCopyKind, id: string, src: string, fetcher: FetchLike): Promise<number> {
  const storage = cacheStorage();
  if (!storage) throw new Error('This browser cannot keep videos for offline playback.');
  const response = await fetcher(src, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(response.status === 404 || response.status === 403 ? 'The video link has expired; refresh the list and try again.' : `The video could not be downloaded (HTTP ${response.status}).`);
  const blob = await response.blob();
  const cache = await storage.open(OFFLINE_VIDEO_CACHE);
  await cache.put(
    requestFor(id, kind),
    new Response(blob, {
      status: 200,
      headers: { 'Content-Type': response.headers.get('Content-Type') || 'video/mp4', 'Content-Length': String(blob.size), 'Accept-Ranges': 'bytes' },
    }),
  );
  // Ask the browser not to evict the origin's storage under pressure (a no-op where refused).
  const storageManager = typeof navigator === 'undefined' ? undefined : (navigator as { storage?: { persist?: () => Promise<boolean> } }).storage;
  await storageManager?.persist?.().catch(() => false);
  return blob.size;
}

/**
 * Download the video from its (signed) URL and keep it under its id; marks the row kept.
 * Resolves with the stored size in bytes. Needs the network.
 */
export async function keepVideoOffline(id: string, src: string, fetcher: FetchLike = (input, init) => fetch(input, init)): Promise<number> {
  const size = await storeCopy('video', id, src, fetcher);
  await db.videos.update(id, { keptOffline: true });
  return size;
}

/**
 * Download a transcription's captioned video and keep it under the transcription's id. The row's
 * `keptOffline` flag is the transcriptions collection's to set (setTranscriptionKeptOffline).
 */
export async function keepCaptionedOffline(id: string, src: string, fetcher: FetchLike = (input, init) => fetch(input, init)): Promise<number> {
  return storeCopy('captioned', id, src, fetcher);
}

/** Size in bytes of the offline copy, or null when there is none. */
export async function offlineVideoSize(id: string, kind: OfflineCopyKind = 'video'): Promise<number | null> {
  const storage = cacheStorage();
  if (!storage) return null;
  const cache = await storage.open(OFFLINE_VIDEO_CACHE);
  const response = await cache.match(requestFor(id, kind));
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
export async function forgetOfflineVideo(id: string, kind: OfflineCopyKind = 'video'): Promise<void> {
  const storage = cacheStorage();
  if (!storage) return;
  await (await storage.open(OFFLINE_VIDEO_CACHE)).delete(requestFor(id, kind));
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
    // Other copies in the cache (captioned videos) have their own prune.
    if (id === null) continue;
    const row = await db.videos.get(id);
    // A video deleted on this device keeps its copy while the delete waits (an Undo needs it).
    const waiting = (await db.outbox.where('[entityKey+createdAt]').between([`video:${id}`, ''], [`video:${id}`, '\uffff']).count()) > 0;
    if (!row?.keptOffline && !waiting) {
      await cache.delete(request);
      removed += 1;
    }
  }
  return removed;
}

/** Free captioned copies whose transcription is gone from this device or is no longer kept. */
export async function pruneOfflineCaptioned(): Promise<number> {
  const storage = cacheStorage();
  if (!storage) return 0;
  const cache = await storage.open(OFFLINE_VIDEO_CACHE);
  let removed = 0;
  for (const request of await cache.keys()) {
    const id = offlineCaptionedIdOf(new URL(request.url).pathname);
    if (id === null) continue;
    const row = await db.transcriptions.get(id);
    if (!row?.keptOffline) {
      await cache.delete(request);
      removed += 1;
    }
  }
  return removed;
}
