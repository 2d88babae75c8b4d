// One process per embedded data dir: a second owner is refused with a clear message; a lock left
// by a dead process is taken over.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { acquireDataDirLock, DataDirLockedError, lockPath } from '../../server/db/data-dir-lock';
import { createTestDatabase, usingPostgres } from './helpers';

describe('DATA_DIR lock', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'reelflow-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('refuses a second owner with a message naming the pid and the fix', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lockPath(dir), 'utf8')).toBe(String(process.pid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(`Another Reelflow process (pid ${process.pid}) is using DATA_DIR ${dir}; stop it or set DATABASE_URL`);
    lock.release();
    expect(existsSync(lockPath(dir))).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it('takes over a stale lock whose process is gone', () => {
    const dir = tempDir();
    writeFileSync(lockPath(dir), '2147483646');
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lockPath(dir), 'utf8')).toBe(String(process.pid));
    lock.release();
  });

  it('takes over a stale lock carrying this very pid (a restarted container is pid 1 again)', () => {
    const dir = tempDir();
    writeFileSync(lockPath(dir), String(process.pid));
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lockPath(dir), 'utf8')).toBe(String(process.pid));
    // ...and still refuses a second owner within this process once it holds the lock.
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    lock.release();
    expect(existsSync(lockPath(dir))).toBe(false);
  });

  it.skipIf(usingPostgres)('opens the database over a stale lock with our pid', async () => {
    const testDb = await createTestDatabase();
    try {
      writeFileSync(lockPath(testDb.config.dataDir), String(process.pid));
      const database = await openDatabase(testDb.config);
      expect(database.kind).toBe('pglite');
      await database.close();
    } finally {
      await testDb.cleanup();
    }
  });

  it('treats garbage in the lock file as stale', () => {
    const dir = tempDir();
    writeFileSync(lockPath(dir), 'not a pid');
    acquireDataDirLock(dir).release();
  });

  it.skipIf(usingPostgres)('makes a second openDatabase on the same PGlite dir fail, and frees it on close', async () => {
    const testDb = await createTestDatabase();
    try {
      const first = await openDatabase(testDb.config);
      await expect(openDatabase(testDb.config)).rejects.toThrow(/Another Reelflow process \(pid \d+\) is using DATA_DIR .*; stop it or set DATABASE_URL/);
      await first.close();
      const again = await openDatabase(testDb.config);
      expect(again.kind).toBe('pglite');
      await again.close();
    } finally {
      await testDb.cleanup();
    }
  });
});
