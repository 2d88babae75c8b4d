// "Is there a connection?" for the screen: the browser's flag, re-read on its online/offline
// events. The sync status's `online` is this same flag, but reading it through src/sync would
// need the engine's local store bound, and a widget asking about the connection (a "Keep
// offline" switch, a player) must work whether or not the store was opened.
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

function isOnline(): boolean {
  return navigator.onLine !== false;
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
