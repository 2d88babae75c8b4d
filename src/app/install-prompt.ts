// "Install app": browsers that can install the PWA fire `beforeinstallprompt`; we keep
// the event and offer a button that calls prompt(). After `appinstalled` (or an accepted prompt)
// the button goes away. Listening starts in main.tsx, before React, because the event may fire
// before the shell mounts.
import { useSyncExternalStore } from 'react';

/** Chromium's event (not in TypeScript's DOM lib). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

export interface InstallState {
  /** The browser offers installation now. */
  available: boolean;
  installed: boolean;
}

let deferred: BeforeInstallPromptEvent | null = null;
let state: InstallState = { available: false, installed: false };
const listeners = new Set<() => void>();

function set(next: InstallState): void {
  if (next.available === state.available && next.installed === state.installed) return;
  state = next;
  for (const listener of [...listeners]) listener();
}

export function getInstallState(): InstallState {
  return state;
}

export function subscribeInstallState(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

let listening = false;

/** Start listening (idempotent). */
export function listenForInstallPrompt(target: Window = window): void {
  if (listening) return;
  listening = true;
  target.addEventListener('beforeinstallprompt', (event: Event) => {
    // Keep the browser's own mini-infobar away; our button offers it instead.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    set({ available: true, installed: false });
  });
  target.addEventListener('appinstalled', () => {
    deferred = null;
    set({ available: false, installed: true });
  });
}

/** Show the browser's install dialog; resolves with the user's choice. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  // The event can be used once.
  deferred = null;
  set({ available: false, installed: state.installed });
  await event.prompt();
  const choice = await event.userChoice.catch(() => ({ outcome: 'dismissed' as const }));
  if (choice.outcome === 'accepted') set({ available: false, installed: true });
  return choice.outcome;
}

export function useInstallPrompt(): InstallState {
  return useSyncExternalStore(subscribeInstallState, getInstallState, getInstallState);
}

/** For tests. */
export function resetInstallPrompt(): void {
  deferred = null;
  state = { available: false, installed: false };
}
