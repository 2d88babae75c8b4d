// Visible storage health (DESIGN §4: "surface quota errors as a visible state, never a silent
// loss"). Vanilla valtio so it works without React; screens read it with useSnapshot.
import { proxy } from 'valtio/vanilla';

export interface StorageState {
  /** Result of navigator.storage.persist(); null until known or where unsupported. */
  persisted: boolean | null;
  /** Set when a write failed because the device/browser quota is exhausted. */
  quotaExceeded: boolean;
  /** Message of the last storage failure. */
  lastError: string | null;
}

export const storageState: StorageState = proxy<StorageState>({ persisted: null, quotaExceeded: false, lastError: null });

function errorName(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && typeof (error as { name?: unknown }).name === 'string'
    ? (error as { name: string }).name
    : undefined;
}

/** QuotaExceededError itself, or a Dexie error wrapping one as `inner` (at any depth). */
export function isQuotaError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if (errorName(current) === 'QuotaExceededError') return true;
    current = typeof current === 'object' ? (current as { inner?: unknown }).inner : undefined;
  }
  return false;
}

/** Record a storage failure in storageState (quota errors raise the visible flag). */
export function noteStorageError(error: unknown): void {
  storageState.lastError = error instanceof Error ? error.message : String(error);
  if (isQuotaError(error)) storageState.quotaExceeded = true;
}

/** Run a store write; on failure record it (quota flag) and rethrow. */
export async function guardStorage<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    noteStorageError(error);
    throw error;
  }
}

/** Ask the browser to keep our data (fire and forget; never throws). */
export function requestPersistentStorage(): void {
  try {
    // persist() exists only in windows; this module is also compiled for the service worker.
    const storage = typeof navigator === 'undefined' ? undefined : (navigator.storage as StorageManager & { persist?: () => Promise<boolean> });
    if (!storage || typeof storage.persist !== 'function') return;
    storage
      .persist()
      .then((persisted: boolean) => {
        storageState.persisted = persisted;
      })
      .catch(() => undefined);
  } catch {
    // Unsupported or blocked: nothing to do.
  }
}
