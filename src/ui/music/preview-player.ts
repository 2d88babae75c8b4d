// One music preview at a time across the app: a single <audio> element, so starting a track stops
// the one playing; a preview stops by itself after BUILTIN_MUSIC_PREVIEW_SECONDS (uploaded tracks
// are whole songs) and when the screen showing it goes away (useStopPreviewOnLeave).
import { useEffect, useSyncExternalStore } from 'react';
import { BUILTIN_MUSIC_PREVIEW_SECONDS } from '../../../contract/builtin-music';

export interface PreviewState {
  /** The track playing or loading now; null when nothing plays. */
  trackId: string | null;
  /** A plain sentence for the screen reader's live region. */
  announcement: string;
}

let state: PreviewState = { trackId: null, announcement: '' };
const listeners = new Set<() => void>();
let audio: HTMLAudioElement | null = null;
let stopTimer: ReturnType<typeof setTimeout> | null = null;

function set(next: PreviewState): void {
  state = next;
  for (const listener of listeners) listener();
}

function element(): HTMLAudioElement {
  if (!audio) {
    audio = new Audio();
    audio.preload = 'none';
    audio.addEventListener('ended', () => stopPreview());
    audio.addEventListener('error', () => {
      if (state.trackId) set({ trackId: null, announcement: 'The preview could not be played. Check your connection and try again.' });
    });
  }
  return audio;
}

export function stopPreview(): void {
  if (stopTimer) clearTimeout(stopTimer);
  stopTimer = null;
  if (audio) {
    audio.pause();
    audio.removeAttribute('src');
  }
  if (state.trackId) set({ trackId: null, announcement: 'Preview stopped.' });
}

/** Plays `src` from its start, stopping any other preview first. */
export function playPreview(trackId: string, title: string, src: string): void {
  stopPreview();
  const player = element();
  player.src = src;
  set({ trackId, announcement: `Playing a preview of ${title}.` });
  stopTimer = setTimeout(() => stopPreview(), BUILTIN_MUSIC_PREVIEW_SECONDS * 1000);
  void player.play()?.catch(() => {
    // Pausing before the audio starts rejects play(); only a real failure is reported.
    if (state.trackId === trackId) set({ trackId: null, announcement: 'The preview could not be played. Check your connection and try again.' });
  });
}

export function togglePreview(trackId: string, title: string, src: string): void {
  if (state.trackId === trackId) stopPreview();
  else playPreview(trackId, title, src);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePreviewState(): PreviewState {
  return useSyncExternalStore(subscribe, () => state);
}

/** Stops whatever preview plays when the calling screen (step, page) unmounts. */
export function useStopPreviewOnLeave(): void {
  useEffect(() => () => stopPreview(), []);
}
