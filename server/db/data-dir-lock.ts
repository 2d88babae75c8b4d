// One process owns an embedded PGlite data dir: two would corrupt it. The owner writes its pid to
// DATA_DIR/.lock; a lock whose pid no longer runs is stale (a crash, a kill -9) and is taken over.
// So is a lock carrying OUR pid that this process does not hold: pids are reused, and in a
// container the server is pid 1 on every start, so a lock left by the previous run names us.
// Locks this process does hold are remembered in memory, which keeps refusing a second owner here.
import { mkdirSync, openSync, readFileSync, unlinkSync, writeSync, closeSync } from 'node:fs';
import { join, resolve } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`Another Reelflow process (pid ${pid}) is using DATA_DIR ${dataDir}; stop it or set DATABASE_URL to share a real Postgres.`);
  }
}

/** Lock files held by this process (resolved paths). */
const heldHere = new Set<string>();

export function lockPath(dataDir: string): string {
  return join(dataDir, '.lock');
}

export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else — still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid holding the lock when that process is alive (and, if it is us, really holds it), else null. */
export function readLiveLockOwner(dataDir: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockPath(dataDir), 'utf8').trim(), 10);
    if (pid === process.pid) return heldHere.has(resolve(lockPath(dataDir))) ? pid : null;
    return isProcessAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

export interface DataDirLock {
  release(): void;
}

/** Takes the lock or throws DataDirLockedError. Also refuses a second owner in this process. */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = lockPath(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o644);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldHere.add(resolve(path));
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          heldHere.delete(resolve(path));
          try {
            if (readFileSync(path, 'utf8').trim() === String(process.pid)) unlinkSync(path);
          } catch {
            // already gone
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readLiveLockOwner(dataDir);
      if (owner !== null) throw new DataDirLockedError(dataDir, owner);
      // Stale: its process is gone. Remove and try once more (a racing taker wins the 'wx').
      try {
        unlinkSync(path);
      } catch {
        // someone else removed it first
      }
    }
  }
  const owner = readLiveLockOwner(dataDir);
  throw new DataDirLockedError(dataDir, owner ?? -1);
}
