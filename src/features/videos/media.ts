// Getting a video's file for playing and downloading: the offline copy when the creator kept one
// (served by the service worker with range requests, or read from the cache as a Blob when no
// worker controls the page), else the signed URL from the server.
import { offlineVideoBlob, offlineVideoPath, offlineVideoSize } from './data';
import type { LocalVideo } from '../../store';

export const NOT_AVAILABLE_FOR_DOWNLOAD = 'Video not available for download';

export interface PlayableSource {
  src: string;
  /** Revoke an object URL when the player closes. */
  release: () => void;
}

function controlled(): boolean {
  return typeof navigator !== 'undefined' && !!navigator.serviceWorker?.controller;
}

/** Where the player reads the video from, or null when it cannot play (no source, or offline). */
export async function playableSource(video: LocalVideo, online: boolean): Promise<PlayableSource | null> {
  // The browser may have evicted the copy under storage pressure: then play from the network.
  if (video.keptOffline && (await offlineVideoSize(video.id).catch(() => null)) !== null) {
    if (controlled()) return { src: offlineVideoPath(video.id), release: () => undefined };
    const blob = await offlineVideoBlob(video.id).catch(() => null);
    if (blob) {
      const url = URL.createObjectURL(blob);
      return { src: url, release: () => URL.revokeObjectURL(url) };
    }
  }
  const src = video.ai_video.video_src;
  return src && online ? { src, release: () => undefined } : null;
}

/**
 * Start a player the creator asked to play. A browser that refuses to start sound without a tap of
 * its own (NotAllowedError) still lets it start muted: then it plays muted ('muted'), and the
 * creator turns the sound on. Any other refusal (no playable file, closed meanwhile) is 'stopped':
 * the element's own error event says what is wrong.
 */
export async function startPlaying(element: HTMLMediaElement): Promise<'sound' | 'muted' | 'stopped'> {
  try {
    await element.play();
    return 'sound';
  } catch (error) {
    if ((error as { name?: unknown } | null)?.name !== 'NotAllowedError') return 'stopped';
  }
  element.muted = true;
  try {
    await element.play();
    return 'muted';
  } catch {
    return 'stopped';
  }
}

/** Save a Blob under a file name through a temporary download link. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Download as `video-{id}.mp4`: from the offline copy when there is one, else the signed URL is
 * fetched into a Blob. Rejects with exactly "Video not available for download" when there is no
 * source at all.
 */
export async function downloadVideoFile(video: LocalVideo, fetcher: typeof fetch = (input, init) => fetch(input, init)): Promise<void> {
  const filename = `video-${video.id}.mp4`;
  const kept = video.keptOffline ? await offlineVideoBlob(video.id).catch(() => null) : null;
  if (kept) {
    saveBlob(kept, filename);
    return;
  }
  const src = video.ai_video.video_src;
  if (!src) throw new Error(NOT_AVAILABLE_FOR_DOWNLOAD);
  const response = await fetcher(src, { credentials: 'same-origin' });
  if (!response.ok) {
    throw new Error(response.status === 403 || response.status === 404 ? 'The download link has expired; refresh the list and try again.' : `The download failed (HTTP ${response.status}).`);
  }
  saveBlob(await response.blob(), filename);
}
