// "Is there a connection?" for the screen: the browser's flag and the sync layer's view of it
// (either saying offline is enough to hold back a request that needs the network).
import { useSyncExternalStore } from 'react';
import { syncStatus } from '../sync';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  const unsubscribe = syncStatus.subscribe(onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
    unsubscribe();
  };
}

function isOnline(): boolean {
  return navigator.onLine !== false && syncStatus.get().online;
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
