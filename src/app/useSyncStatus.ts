// React access to the sync status store of src/sync (offline, N pending, N failed, last sync).
import { useSyncExternalStore } from 'react';
import { syncStatus, type SyncStatus } from '../sync';

export function useSyncStatus(): SyncStatus {
  return useSyncExternalStore(syncStatus.subscribe, syncStatus.get, syncStatus.get);
}
