// Idempotency-Key support (DESIGN.md §4): the outbox may send the same change many times (lost
// responses, double drains); the server applies it once. The first result is stored in the same
// transaction as the change, so "applied" and "remembered" can never disagree; a replay returns
// it; the same key with a different request is refused. Only successful results are stored: a
// request that failed changed nothing, so running it again is safe.
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
import { FieldValidationError } from '../errors';

/** How long a key is remembered. Outbox items older than this are re-applied (documented). */
export const IDEMPOTENCY_RETENTION_HOURS = 24;

export const KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used for a different request.';
export const KEY_FORMAT_MESSAGE = 'The Idempotency-Key header must be 1 to 100 visible ASCII characters.';

export interface StoredResponse {
  status: number;
  body: unknown;
}

export interface IdempotentRequest {
  userId: number;
  /** The Idempotency-Key header, or undefined to run without replay protection. */
  key: string | undefined;
  method: string;
  /** The route's URL with its parameters, without the query string. */
  path: string;
  body: unknown;
}

export function isValidIdempotencyKey(key: string): boolean {
  return /^[\x21-\x7e]{1,100}$/.test(key);
}

/**
 * Canonical JSON (sorted keys) so that the same body always hashes the same. Iterative with an
 * explicit stack: however deeply a body nests, fingerprinting it cannot overflow the call stack.
 */
export function canonical(value: unknown): string {
  const out: string[] = [];
  // Either a value still to write, or literal text (brackets, commas, keys) to emit as is.
  const work: ({ text: string } | { value: unknown })[] = [{ value }];
  while (work.length > 0) {
    const item = work.pop()!;
    if ('text' in item) {
      out.push(item.text);
      continue;
    }
    const current = item.value;
    if (Array.isArray(current)) {
      const parts: ({ text: string } | { value: unknown })[] = [{ text: '[' }];
      current.forEach((element, index) => parts.push(...(index > 0 ? [{ text: ',' }] : []), { value: element }));
      parts.push({ text: ']' });
      for (let i = parts.length - 1; i >= 0; i--) work.push(parts[i]!);
    } else if (current && typeof current === 'object') {
      const entries = Object.entries(current as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      const parts: ({ text: string } | { value: unknown })[] = [{ text: '{' }];
      entries.forEach(([key, v], index) => parts.push({ text: `${index > 0 ? ',' : ''}${JSON.stringify(key)}:` }, { value: v }));
      parts.push({ text: '}' });
      for (let i = parts.length - 1; i >= 0; i--) work.push(parts[i]!);
    } else {
      out.push(JSON.stringify(current ?? null));
    }
  }
  return out.join('');
}

export function requestHash(request: Pick<IdempotentRequest, 'method' | 'path' | 'body'>): string {
  return createHash('sha256').update(`${request.method.toUpperCase()} ${request.path}\n${canonical(request.body)}`).digest('hex');
}

function isExpired(createdAt: Date): boolean {
  return createdAt.getTime() < Date.now() - IDEMPOTENCY_RETENTION_HOURS * 3_600_000;
}

/**
 * The stored response of an earlier request with this key, if any — for work that must not even
 * start again on a replay (a slow provider call before the transaction). A key reused for a
 * different request is refused here too.
 */
export async function findStoredResponse(db: Db, request: IdempotentRequest): Promise<StoredResponse | undefined> {
  if (request.key === undefined) return undefined;
  if (!isValidIdempotencyKey(request.key)) throw new FieldValidationError('idempotency_key', KEY_FORMAT_MESSAGE);
  const [previous] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key)));
  if (!previous || isExpired(previous.createdAt) || previous.statusCode === 0) return undefined;
  if (previous.requestHash !== requestHash(request)) throw new FieldValidationError('idempotency_key', KEY_REUSED_MESSAGE);
  return { status: previous.statusCode, body: JSON.parse(previous.responseBody) as unknown };
}

/**
 * Runs `change` in a transaction, once per (user, key). `change` returns the response to send;
 * it is stored with the change. With no key, `change` simply runs in a transaction.
 */
export async function runIdempotent(db: Db, request: IdempotentRequest, change: (tx: Db) => Promise<StoredResponse>): Promise<StoredResponse & { replayed: boolean }> {
  const { key, userId } = request;
  if (key === undefined) return { ...(await db.transaction((tx) => change(tx))), replayed: false };
  if (!isValidIdempotencyKey(key)) throw new FieldValidationError('idempotency_key', KEY_FORMAT_MESSAGE);
  const hash = requestHash(request);

  return db.transaction(async (tx) => {
    // Claim the key first. On Postgres a concurrent claim of the same key waits here until the
    // first transaction ends, then sees its row: two racing requests never both apply.
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash: hash, statusCode: 0, responseBody: '' })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });

    if (claimed.length === 0) {
      // FOR UPDATE: an expired key is renewed below, and two requests renewing it at once must
      // not both apply. The lock makes the second wait for the first's commit and then read the
      // renewed row (READ COMMITTED re-reads the latest version), which it replays.
      const [previous] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
        .for('update');
      if (!previous) throw new Error('idempotency key vanished during its own transaction');
      if (!isExpired(previous.createdAt)) {
        if (previous.requestHash !== hash) throw new FieldValidationError('idempotency_key', KEY_REUSED_MESSAGE);
        return { status: previous.statusCode, body: JSON.parse(previous.responseBody) as unknown, replayed: true };
      }
      // An expired key is forgotten: this request counts as new.
      await tx
        .update(idempotencyKeys)
        .set({ requestHash: hash, createdAt: sql`now()` })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    }

    const response = await change(tx);
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: response.status, responseBody: JSON.stringify(response.body ?? null) })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    return { ...response, replayed: false };
  });
}

/**
 * For an answer worked out outside any transaction of ours — nothing is changed (a preview), or
 * the work is a slow provider call: a replay is answered from the stored response without doing
 * `work` again, a key reused for a different request is refused, and a fresh successful answer is
 * stored under the key. A failed `work` stores nothing, as everywhere.
 */
export async function answerOnce(db: Db, request: IdempotentRequest, work: () => Promise<StoredResponse>): Promise<StoredResponse & { replayed: boolean }> {
  const stored = await findStoredResponse(db, request);
  if (stored) return { ...stored, replayed: true };
  const answer = await work();
  if (request.key === undefined) return { ...answer, replayed: false };
  // A concurrent request with the same key that stored first is the answer (replayed).
  return runIdempotent(db, request, () => Promise.resolve(answer));
}

/** Deletes keys past their retention; returns how many. Run periodically by a job. */
export async function purgeExpiredIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_RETENTION_HOURS * 3_600_000);
  const deleted = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff)).returning({ key: idempotencyKeys.key });
  return deleted.length;
}
