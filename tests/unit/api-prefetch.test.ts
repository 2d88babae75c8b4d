// A request started ahead of the screen that needs it (src/api/prefetch.ts): the screen finds it
// and its answer while it is this visit's, and asks on its own after that.
import { describe, expect, it, vi } from 'vitest';
import { PREFETCH_FRESH_MS, prefetchable } from '../../src/api/prefetch';

describe('prefetchable', () => {
  it('has nothing before a prefetch', () => {
    const request = vi.fn(() => Promise.resolve('answer'));
    expect(prefetchable(request).recent()).toBeNull();
    expect(request).not.toHaveBeenCalled();
  });

  it('gives the prefetched answer, and its value once it has arrived', async () => {
    const prefetched = prefetchable(() => Promise.resolve(['youtube']));
    prefetched.prefetch();
    const recent = prefetched.recent();
    expect(recent?.value).toBeUndefined();
    await expect(recent?.answer).resolves.toEqual(['youtube']);
    expect(prefetched.recent()?.value).toEqual(['youtube']);
  });

  it('forgets a prefetch once it is no longer this visit’s', () => {
    let now = 1_000;
    const prefetched = prefetchable(() => Promise.resolve(1), () => now);
    prefetched.prefetch();
    now += PREFETCH_FRESH_MS - 1;
    expect(prefetched.recent()).not.toBeNull();
    now += 1;
    expect(prefetched.recent()).toBeNull();
  });

  it('keeps a failed prefetch without a value, and without an unhandled rejection', async () => {
    const prefetched = prefetchable(() => Promise.reject(new Error('offline')));
    prefetched.prefetch();
    await expect(prefetched.recent()?.answer).rejects.toThrow('offline');
    expect(prefetched.recent()?.value).toBeUndefined();
  });
});
