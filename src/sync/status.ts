// The sync status a sync indicator reads ("offline", "3 pending", "1 failed", "sign in to sync",
// "synced 2 min ago"). A plain observable, no React: get() returns an immutable snapshot that
// only changes identity when something changed (fits useSyncExternalStore), subscribe() notifies.
import type { Table } from 'dexie';
import { browserOnline, globalTarget, listen, type EventTargetLike } from './env';
import type { Outbox, OutboxCounts } from './outbox';
import type { PullResult, SyncStateRow, SyncStateTable } from './pull';

export interface SyncStatus {
  online: boolean;
  /** Changes not delivered yet (pending, sending, waiting for sign-in). */
  pendingCount: number;
  failedCount: number;
  /** The outbox is paused until the user signs in again. */
  authRequired: boolean;
  /** Latest successful pull of any collection (ISO), or null. */
  lastSyncedAt: string | null;
  draining: boolean;
}

export interface SyncStatusOptions {
  outbox?: Pick<Outbox, 'counts' | 'subscribe' | 'isDraining'>;
  syncState?: SyncStateTable;
  /** Where 'online'/'offline' fire (default: window / self). */
  target?: EventTargetLike | null;
  isOnline?: () => boolean;
}

export interface SyncStatusStore {
  get(): SyncStatus;
  subscribe(listener: (status: SyncStatus) => void): () => void;
  /** Re-read counts and lastSyncedAt from the store (e.g. after another context changed it). */
  refresh(): Promise<SyncStatus>;
  /** Feed a pull result in (wire as the pull scheduler's onSynced). */
  notePull(result: Pick<PullResult, 'syncedAt'>): void;
  /** Forget lastSyncedAt and re-read everything (after the local store was wiped). */
  reset(): Promise<SyncStatus>;
  stop(): void;
}

export function createSyncStatus(options: SyncStatusOptions = {}): SyncStatusStore {
  const isOnline = options.isOnline ?? browserOnline;
  const listeners = new Set<(status: SyncStatus) => void>();
  let status: SyncStatus = {
    online: isOnline(),
    pendingCount: 0,
    failedCount: 0,
    authRequired: false,
    lastSyncedAt: null,
    draining: options.outbox?.isDraining() ?? false,
  };
  let stopped = false;
  /** Latest pull fed in through notePull (syncState rows are the other source). */
  let noted: string | null = null;

  function set(patch: Partial<SyncStatus>): void {
    const next = { ...status, ...patch };
    const changed = (Object.keys(next) as Array<keyof SyncStatus>).some((key) => next[key] !== status[key]);
    if (!changed || stopped) return;
    status = next;
    for (const listener of [...listeners]) {
      try {
        listener(status);
      } catch {
        // A broken listener must not break the others.
      }
    }
  }

  function fromCounts(counts: OutboxCounts): Partial<SyncStatus> {
    return { pendingCount: counts.pending, failedCount: counts.failed, authRequired: counts.authRequired > 0 };
  }

  function later(iso: string | null, other: string | null): string | null {
    if (!iso) return other;
    if (!other) return iso;
    return iso > other ? iso : other;
  }

  let refreshing: Promise<SyncStatus> | null = null;
  let again = false;
  async function readAll(): Promise<SyncStatus> {
    const patch: Partial<SyncStatus> = {};
    if (options.outbox) {
      Object.assign(patch, fromCounts(await options.outbox.counts()));
      patch.draining = options.outbox.isDraining();
    }
    if (options.syncState) {
      let latest: string | null = noted;
      for (const row of await (options.syncState as Table<SyncStateRow, string>).toArray()) latest = later(row.syncedAt, latest);
      patch.lastSyncedAt = latest;
    }
    // Read after the awaits: an 'offline' event during them must not be undone by a stale value.
    set({ ...patch, online: isOnline() });
    return status;
  }

  /** Coalesced: at most one read in flight, plus one more if asked meanwhile. */
  function refresh(): Promise<SyncStatus> {
    if (refreshing) {
      again = true;
      return refreshing;
    }
    refreshing = (async () => {
      try {
        do {
          again = false;
          await readAll();
        } while (again && !stopped);
        return status;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  const refreshQuietly = () => {
    refresh().catch(() => undefined);
  };

  const unsubscribe = options.outbox?.subscribe((event) => {
    if (event.type === 'drain-start') set({ draining: true });
    else if (event.type === 'drain-end') set({ draining: options.outbox?.isDraining() ?? false });
    if (event.type !== 'sending') refreshQuietly();
  });
  const target = options.target === undefined ? globalTarget() : options.target;
  const unlisten = listen(target, ['online', 'offline'], () => set({ online: isOnline() }));
  refreshQuietly();

  return {
    get: () => status,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    refresh,
    notePull(result) {
      noted = later(result.syncedAt, noted);
      set({ lastSyncedAt: later(noted, status.lastSyncedAt) });
    },
    reset() {
      noted = null;
      set({ lastSyncedAt: null });
      return refresh();
    },
    stop() {
      unsubscribe?.();
      unlisten();
      stopped = true;
      listeners.clear();
    },
  };
}
