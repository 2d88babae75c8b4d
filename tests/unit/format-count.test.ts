import { describe, expect, it } from 'vitest';
import { formatCount, plural } from '../../src/ui/format-count';

describe('formatCount', () => {
  it("writes counts exactly as toLocaleString('en') does", () => {
    const values = [0, -0, 1, 7, 12, 999, 1000, 1001, 12_345, 999_999, 1_000_000, 123_456_789, -1, -1234, -1_000_000, 0.5, 1234.5, 1234.5678, 0.0004, -0.0004, 2 ** 53, 1e20, 1e21, Infinity, -Infinity, NaN];
    for (const value of values) expect(formatCount(value), String(value)).toBe(value.toLocaleString('en'));
  });

  it('agrees on a sweep of random integers and decimals', () => {
    let seed = 7;
    const next = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 2000; i++) {
      const value = Math.round((next() - 0.5) * 10 ** Math.floor(next() * 12));
      expect(formatCount(value)).toBe(value.toLocaleString('en'));
      const decimal = (next() - 0.5) * 10 ** Math.floor(next() * 8);
      expect(formatCount(decimal)).toBe(decimal.toLocaleString('en'));
    }
  });
});

describe('plural', () => {
  it('puts the noun that agrees with the count after the formatted count', () => {
    expect(plural(1, 'script', 'scripts')).toBe('1 script');
    expect(plural(0, 'script', 'scripts')).toBe('0 scripts');
    expect(plural(2, 'post', 'posts')).toBe('2 posts');
    expect(plural(12_345, 'video', 'videos')).toBe('12,345 videos');
    expect(plural(-1, 'credit', 'credits')).toBe('-1 credits');
  });
});
