// How a run takes a job's row (a video, an edited video's version, a transcription), the same for
// every kind of job and every process: one UPDATE that succeeds only for a row still queued, or
// processing under a heartbeat gone stale (its process died). It sets `processing`, a fresh
// heartbeat and the next attempt number; the run then fences each of its writes on that attempt,
// so a run whose row another took over changes nothing.
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';

/** A heartbeat older than this (three missed beats) means the run holding the row died. */
export const STALE_HEARTBEAT_MS = 45_000;
/** How often a run beats while it holds a row. */
export const HEARTBEAT_MS = 15_000;

/** Why nothing was claimed: the row is gone, another live run holds it, or it is done. */
export type ClaimRefusal = 'gone' | 'busy' | 'finished';

/** The columns a claimable job row has. */
type ClaimableTable = PgTable & { id: PgColumn; status: PgColumn; heartbeatAt: PgColumn; attempts: PgColumn; error: PgColumn; updatedAt: PgColumn };

/**
 * Claims the row `id` of `table` for this run (also setting `also`, e.g. the stage it starts at),
 * or says why not.
 */
export async function claimJobRow<T extends ClaimableTable>(db: Db, table: T, id: string, also: Partial<T['$inferInsert']> = {}): Promise<T['$inferSelect'] | ClaimRefusal> {
  const staleBefore = new Date(Date.now() - STALE_HEARTBEAT_MS);
  const claim = { status: 'processing', heartbeatAt: sql`now()`, attempts: sql`${table.attempts} + 1`, error: null, updatedAt: sql`now()`, ...also };
  // Drizzle cannot check a `set` against a table only known by its columns: the shape is the one above.
  const claimed = (await db
    .update(table)
    .set(claim as never)
    .where(and(eq(table.id, id), inArray(table.status, ['queued', 'processing']), or(isNull(table.heartbeatAt), lt(table.heartbeatAt, staleBefore))))
    .returning()) as T['$inferSelect'][];
  if (claimed[0]) return claimed[0];
  // Read as a plain table: Drizzle's check of a generic table in `from` never resolves.
  const plain: PgTable = table;
  const [current] = (await db.select({ status: table.status }).from(plain).where(eq(table.id, id))) as { status: string }[];
  if (!current) return 'gone';
  return current.status === 'queued' || current.status === 'processing' ? 'busy' : 'finished';
}
