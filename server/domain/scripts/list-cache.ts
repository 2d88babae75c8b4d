// Keeps the answers of recent list reads in memory, each tagged with the version of the user's
// scripts it was built from (script_list_versions, bumped by a trigger with every change, in
// the same transaction, by whatever process makes it). A list read then costs one primary-key
// read of that version; only when it moved is the page rebuilt (see BENCHMARKS.md, "Throughput").
//
// Why it is never stale: the version is read before the page. A page built after reading
// version v holds everything committed up to v (and maybe more), so answering it to a reader who
// read v is as fresh as building it anew; a reader who sees v+1 finds no page for v+1 and
// rebuilds. One cache per app (its database): user ids and versions mean nothing across databases.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scriptListVersions } from '../../db/schema';

/** Bounds memory: past this many bytes of kept answers, the least recently used go. */
export const LIST_CACHE_MAX_BYTES = 16 * 1024 * 1024;
/** Answers bigger than this (a page of 1,000 long scripts) are not kept. */
export const LIST_CACHE_MAX_ENTRY_BYTES = 1024 * 1024;

/** The current version of the user's scripts (0 before the first change). */
export async function scriptListVersion(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ version: scriptListVersions.version }).from(scriptListVersions).where(eq(scriptListVersions.userId, userId));
  return row?.version ?? 0;
}

export interface VersionedCache<T> {
  /** The value kept for `key` if it was built from exactly `version`. */
  get(key: string, version: number): T | undefined;
  /** Keeps `value` (about `bytes` in memory) for `key`, unless a value of a newer version is kept. */
  set(key: string, version: number, value: T, bytes: number): void;
}

interface Entry<T> {
  version: number;
  value: T;
  bytes: number;
}

export function createVersionedCache<T>(options: { maxBytes?: number; maxEntryBytes?: number } = {}): VersionedCache<T> {
  const maxBytes = options.maxBytes ?? LIST_CACHE_MAX_BYTES;
  const maxEntryBytes = options.maxEntryBytes ?? LIST_CACHE_MAX_ENTRY_BYTES;
  // A Map iterates in insertion order: re-inserting on use makes the first key the least recent.
  const entries = new Map<string, Entry<T>>();
  let totalBytes = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.bytes;
  };

  return {
    get(key, version) {
      const entry = entries.get(key);
      if (!entry || entry.version !== version) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(key, version, value, bytes) {
      const current = entries.get(key);
      if (current && current.version > version) return;
      remove(key);
      if (bytes > maxEntryBytes) return;
      while (totalBytes + bytes > maxBytes) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        remove(oldest);
      }
      entries.set(key, { version, value, bytes });
      totalBytes += bytes;
    },
  };
}
