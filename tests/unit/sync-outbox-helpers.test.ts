// The outbox's pure helpers (no Dexie): the retry backoff, Retry-After parsing, and the message
// shown for a refused change. Split from sync-outbox.test.ts, which covers the queue and drain.
import { describe, expect, it } from 'vitest';
import { BACKOFF_CAP_MS, backoffDelay, parseRetryAfter } from '../../src/sync/backoff';
import { serverMessage, type OutboxResponse } from '../../src/sync/outbox';

function reply(status: number, body?: unknown, headers: Record<string, string> = {}): OutboxResponse {
  return { status, statusText: `Status ${status}`, headers, body };
}

describe('helpers', () => {
  it('backoff is full jitter over 1 s doubling, capped at 5 min', () => {
    expect(backoffDelay(1, () => 0)).toBe(0);
    expect(backoffDelay(1, () => 0.999999)).toBe(999);
    expect(backoffDelay(3, () => 0.5)).toBe(2_000);
    expect(backoffDelay(10, () => 0.5)).toBe(150_000);
    expect(backoffDelay(50, () => 0.999999)).toBeLessThan(BACKOFF_CAP_MS);
    expect(backoffDelay(50, () => 0.999999)).toBeGreaterThan(BACKOFF_CAP_MS - 1_000);
  });

  it('parses Retry-After seconds and HTTP dates', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(parseRetryAfter('30', now)).toBe(30_000);
    expect(parseRetryAfter(new Date(now + 5_000).toUTCString(), now)).toBe(5_000);
    expect(parseRetryAfter(new Date(now - 5_000).toUTCString(), now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it('finds the server message', () => {
    expect(serverMessage(reply(422, { message: 'm', errors: { a: ['x'] } }))).toBe('m');
    expect(serverMessage(reply(422, { errors: { title: ['Title required'] } }))).toBe('Title required');
    expect(serverMessage(reply(422, { errors: [{ message: 'first' }, 'second'] }))).toBe('first');
    expect(serverMessage({ status: 404, statusText: 'Not Found' })).toBe('Not Found');
    expect(serverMessage({ status: 418 })).toBe('HTTP 418');
  });
});

