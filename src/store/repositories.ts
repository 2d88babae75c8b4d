// Typed repositories over the session and permissions tables. Every write goes through
// guardStorage so a full disk shows up in storageState instead of being lost silently.
import type { Permissions, User } from '../../contract';
import { db, type ReelflowDB, type SessionKey, type SessionRows } from './db';
import { guardStorage } from './storage-state';

/** A plain, cloneable copy: callers may hand us valtio proxies, which IndexedDB cannot clone. */
function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export const sessionRepo = {
  async get<K extends SessionKey>(key: K, database: ReelflowDB = db): Promise<SessionRows[K] | null> {
    const row = await database.session.get(key);
    return row ? (row.value as SessionRows[K]) : null;
  },
  set<K extends SessionKey>(key: K, value: SessionRows[K] | null | undefined, database: ReelflowDB = db): Promise<void> {
    return guardStorage(async () => {
      if (value === null || value === undefined) await database.session.delete(key);
      else await database.session.put({ key, value: plain(value), updatedAt: new Date().toISOString() });
    });
  },
  /** Mirror the whole session at once (null values remove their row). */
  save(values: { token: string | null; user: User | null; credits: number | null }, database: ReelflowDB = db): Promise<void> {
    return guardStorage(() =>
      database.transaction('rw', database.session, async () => {
        const now = new Date().toISOString();
        for (const key of ['token', 'user', 'credits'] as const) {
          const value = values[key];
          if (value === null || value === undefined) await database.session.delete(key);
          else await database.session.put({ key, value: plain(value), updatedAt: now });
        }
      }),
    );
  },
  async load(database: ReelflowDB = db): Promise<{ token: string | null; user: User | null; credits: number | null }> {
    const [token, user, credits] = await Promise.all([
      sessionRepo.get('token', database),
      sessionRepo.get('user', database),
      sessionRepo.get('credits', database),
    ]);
    return { token, user, credits };
  },
  clear(database: ReelflowDB = db): Promise<void> {
    return guardStorage(() => database.session.clear());
  },
};

export const permissionsRepo = {
  async get(userId: string | number, database: ReelflowDB = db): Promise<Permissions | null> {
    const row = await database.permissions.get(String(userId));
    return row ? row.permissions : null;
  },
  put(userId: string | number, permissions: Permissions, database: ReelflowDB = db): Promise<void> {
    return guardStorage(async () => {
      await database.permissions.put({ userId: String(userId), permissions: plain(permissions), fetchedAt: new Date().toISOString() });
    });
  },
};
