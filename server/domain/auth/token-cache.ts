// A short-lived, in-process memory of tokens that were valid a moment ago, so that hot read
// routes (the scripts list) need no database round trip to know who is asking. Only routes
// that read nothing of the user but its id may use it (see `authIdentityOnly` in
// server/http/auth.ts): the user row stored here may be a few seconds old.
//
// Revocation through this process (logout, password change, password reset) forgets the user's
// tokens at once, and for one lifetime afterwards stores none of them, so a lookup that read the
// token just before the revoking transaction committed cannot bring it back. A revocation made
// by another process (a second server on the same Postgres) is honoured when the entry expires:
// after TOKEN_CACHE_TTL_MS at most. Unknown and bad tokens are never stored.
//
// One cache per process, keyed by the whole `id|secret` (the secret is random, so apps of
// different databases in one test process cannot hit each other's entries).

/** How long a verified token is trusted without asking the database again. */
export const TOKEN_CACHE_TTL_MS = 3_000;
/** Bounds memory: past this, the oldest entries are dropped. */
export const TOKEN_CACHE_MAX_ENTRIES = 10_000;

interface Entry<T> {
  value: T;
  userId: number;
  storedAt: number;
}

export interface TokenCache<T> {
  /** The value stored for this token less than TTL ago, else undefined. */
  get(token: string): T | undefined;
  /** Runs the database lookup and remembers a found token (unless its user's tokens were revoked less than a lifetime ago). */
  load(token: string, lookup: () => Promise<T | null>): Promise<T | null>;
  /** Forgets every token of the user (call it when any of them is revoked). */
  forgetUser(userId: number): void;
  clear(): void;
}

export function createTokenCache<T>(options: { userIdOf: (value: T) => number; ttlMs?: number; maxEntries?: number; now?: () => number }): TokenCache<T> {
  const ttlMs = options.ttlMs ?? TOKEN_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? TOKEN_CACHE_MAX_ENTRIES;
  const now = options.now ?? (() => performance.now());
  const entries = new Map<string, Entry<T>>();
  /** userId → when its tokens were last revoked here; pruned once older than a lifetime. */
  const revokedAt = new Map<number, number>();

  // The revoking transaction may commit after forgetUser ran, so a lookup made around then may
  // have read the old row: for one lifetime after a revocation nothing of that user is stored.
  // (A lookup that started earlier than that is stored already expired.)
  const recentlyRevoked = (userId: number): boolean => {
    const when = revokedAt.get(userId);
    if (when === undefined) return false;
    if (now() - when <= ttlMs) return true;
    revokedAt.delete(userId);
    return false;
  };

  return {
    get(token) {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (now() - entry.storedAt >= ttlMs) {
        entries.delete(token);
        return undefined;
      }
      return entry.value;
    },
    async load(token, lookup) {
      const startedAt = now();
      const value = await lookup();
      if (value === null) return null;
      const userId = options.userIdOf(value);
      if (recentlyRevoked(userId)) return value;
      entries.delete(token);
      while (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      // Aged from when the lookup started: the row it read is at least that old.
      entries.set(token, { value, userId, storedAt: startedAt });
      return value;
    },
    forgetUser(userId) {
      revokedAt.set(userId, now());
      for (const [token, entry] of entries) if (entry.userId === userId) entries.delete(token);
    },
    clear() {
      entries.clear();
      revokedAt.clear();
    },
  };
}
