// Fixed-window rate limits stored in the database (migration 0003). One atomic upsert per hit:
// a window that has passed starts over, otherwise the counter grows. Every key has its own row,
// so flooding the limiter with other keys cannot evict (and thereby reset) anyone's counter, and
// several API processes on one Postgres share the same counters.
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';
import { ClientProblem } from '../problems';

export interface RateLimit {
  /** Attempts allowed per window. */
  max: number;
  windowMs: number;
}

export interface RateLimitHit {
  hits: number;
  /** Milliseconds until the window ends. */
  resetInMs: number;
}

/** Keys are hashed by nothing and stored as given: callers keep them short (they are bounded). */
const MAX_KEY_LENGTH = 400;

export async function hitRateLimit(db: Db, key: string, windowMs: number): Promise<RateLimitHit> {
  const bucketKey = key.slice(0, MAX_KEY_LENGTH);
  const interval = `${Math.max(1, Math.round(windowMs))} milliseconds`;
  const result = await db.execute(sql`
    insert into rate_limits (bucket_key, hits, resets_at)
    values (${bucketKey}, 1, now() + ${interval}::interval)
    on conflict (bucket_key) do update set
      hits = case when rate_limits.resets_at <= now() then 1 else rate_limits.hits + 1 end,
      resets_at = case when rate_limits.resets_at <= now() then excluded.resets_at else rate_limits.resets_at end
    returning hits, (extract(epoch from (resets_at - now())) * 1000)::float8 as reset_in_ms`);
  const row = (result as { rows: { hits: number; reset_in_ms: number }[] }).rows[0];
  if (!row) throw new Error('rate limit upsert returned nothing');
  return { hits: Number(row.hits), resetInMs: Math.max(0, Number(row.reset_in_ms)) };
}

export function retryMessage(seconds: number): string {
  return `Too many attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
}

/** 429 with Retry-After, saying when to retry in the message too. */
export class TooManyAttemptsError extends ClientProblem {
  constructor(readonly retryAfterSeconds: number) {
    super(429, retryMessage(retryAfterSeconds), { 'retry-after': String(retryAfterSeconds) });
  }
}

/** Counts one attempt against every limit; throws TooManyAttemptsError when any is spent. */
export async function consumeRateLimits(db: Db, limits: readonly { key: string; limit: RateLimit }[]): Promise<void> {
  let retryAfterSeconds = 0;
  for (const { key, limit } of limits) {
    const hit = await hitRateLimit(db, key, limit.windowMs);
    if (hit.hits > limit.max) retryAfterSeconds = Math.max(retryAfterSeconds, Math.max(1, Math.ceil(hit.resetInMs / 1000)));
  }
  if (retryAfterSeconds > 0) throw new TooManyAttemptsError(retryAfterSeconds);
}

/** Deletes counters whose window has passed; returns how many. Run periodically by a job. */
export async function purgeExpiredRateLimits(db: Db): Promise<number> {
  const deleted = await db.delete(rateLimits).where(lt(rateLimits.resetsAt, sql`now()`)).returning({ key: rateLimits.bucketKey });
  return deleted.length;
}
