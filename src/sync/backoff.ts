// Retry timing of the outbox: exponential backoff with full jitter, and Retry-After parsing.

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 5 * 60_000;

/**
 * Delay before attempt `attempts + 1`, given that `attempts` (>= 1) have failed:
 * uniform in [0, min(cap, base * 2^(attempts-1))) — "full jitter".
 */
export function backoffDelay(attempts: number, random: () => number, base = BACKOFF_BASE_MS, cap = BACKOFF_CAP_MS): number {
  const exponent = Math.max(0, Math.min(attempts - 1, 30));
  const ceiling = Math.min(cap, base * 2 ** exponent);
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.floor(r * ceiling);
}

/**
 * Milliseconds a `Retry-After` header asks us to wait (delta-seconds or an HTTP date), or null
 * when the header is absent or unreadable. Never negative.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  if (value === null || value === undefined) return null;
  const text = value.trim();
  if (!text) return null;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.ceil(Number(text) * 1000);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}
