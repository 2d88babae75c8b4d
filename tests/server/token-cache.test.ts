// The in-process memory of recently verified tokens (throughput): bounded in time and
// size, forgotten at once on revocation, and never re-filled by a lookup racing a revocation.
import { describe, expect, it } from 'vitest';
import { createTokenCache } from '../../server/domain/auth/token-cache';

interface Auth {
  tokenId: number;
  userId: number;
}

function cacheWithClock(options: { ttlMs?: number; maxEntries?: number } = {}) {
  let clock = 0;
  const cache = createTokenCache<Auth>({ userIdOf: (auth) => auth.userId, ttlMs: options.ttlMs ?? 1000, maxEntries: options.maxEntries ?? 100, now: () => clock });
  return { cache, advance: (ms: number) => (clock += ms) };
}

const found = (tokenId: number, userId: number) => (): Promise<Auth | null> => Promise.resolve({ tokenId, userId });

describe('token cache', () => {
  it('answers a found token from memory until its lifetime ends, then asks again', async () => {
    const { cache, advance } = cacheWithClock({ ttlMs: 1000 });
    expect(cache.get('1|a')).toBeUndefined();
    expect(await cache.load('1|a', found(1, 7))).toEqual({ tokenId: 1, userId: 7 });
    advance(999);
    expect(cache.get('1|a')).toEqual({ tokenId: 1, userId: 7 });
    advance(1);
    expect(cache.get('1|a')).toBeUndefined();
  });

  it('never stores an unknown or bad token', async () => {
    const { cache } = cacheWithClock();
    expect(await cache.load('2|bad', () => Promise.resolve(null))).toBeNull();
    expect(cache.get('2|bad')).toBeUndefined();
  });

  it("forgets every token of a user on revocation, and keeps other users' tokens", async () => {
    const { cache } = cacheWithClock();
    await cache.load('1|a', found(1, 7));
    await cache.load('2|b', found(2, 7));
    await cache.load('3|c', found(3, 8));
    cache.forgetUser(7);
    expect(cache.get('1|a')).toBeUndefined();
    expect(cache.get('2|b')).toBeUndefined();
    expect(cache.get('3|c')).toEqual({ tokenId: 3, userId: 8 });
  });

  it('stores nothing of a user for one lifetime after a revocation (a lookup may have read the row before the revoking commit)', async () => {
    const { cache, advance } = cacheWithClock({ ttlMs: 1000 });
    let finishLookup: (auth: Auth) => void = () => undefined;
    const racing = cache.load('1|a', () => new Promise<Auth>((resolve) => (finishLookup = resolve)));
    cache.forgetUser(7);
    finishLookup({ tokenId: 1, userId: 7 });
    expect(await racing).toEqual({ tokenId: 1, userId: 7 });
    expect(cache.get('1|a')).toBeUndefined();
    advance(500);
    await cache.load('2|b', found(2, 7));
    expect(cache.get('2|b')).toBeUndefined();
    advance(501);
    await cache.load('2|b', found(2, 7));
    expect(cache.get('2|b')).toEqual({ tokenId: 2, userId: 7 });
  });

  it('ages an entry from when its lookup started', async () => {
    const { cache, advance } = cacheWithClock({ ttlMs: 1000 });
    await cache.load('1|a', () => {
      advance(1000);
      return Promise.resolve({ tokenId: 1, userId: 7 });
    });
    expect(cache.get('1|a')).toBeUndefined();
  });

  it('drops the oldest entries past its size bound', async () => {
    const { cache } = cacheWithClock({ maxEntries: 2 });
    await cache.load('1|a', found(1, 1));
    await cache.load('2|b', found(2, 2));
    await cache.load('3|c', found(3, 3));
    expect(cache.get('1|a')).toBeUndefined();
    expect(cache.get('2|b')).toBeDefined();
    expect(cache.get('3|c')).toBeDefined();
  });
});
