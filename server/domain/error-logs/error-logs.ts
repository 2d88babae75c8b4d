// Errors the PWA reports (POST /api/create/error). The same error from the same user within a
// short window folds into one row with a counter, so a crash loop on a phone cannot flood the
// table.
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { errorLogs } from '../../db/schema';

export const ERROR_FOLD_WINDOW_MINUTES = 10;
/** Rows kept per user; a new row beyond it deletes the oldest (docs/decisions/server.md). */
export const MAX_ERROR_LOG_ROWS_PER_USER = 1000;

export interface ErrorReport {
  userId: number;
  path: string;
  message: string;
  userAgent?: string | undefined;
}

/**
 * Records the report; returns the row id and how often it has now been seen. Call it inside a
 * transaction: a transaction-scoped advisory lock on (user, path + message) makes identical
 * reports arriving at once (a burst from several tabs) fold into one row instead of racing to
 * insert two.
 */
export async function recordError(db: Db, report: ErrorReport, now = new Date()): Promise<{ id: number; occurrences: number }> {
  await db.execute(sql`select pg_advisory_xact_lock(${report.userId}::int, hashtext(${report.path} || E'\n' || ${report.message}))`);
  const since = new Date(now.getTime() - ERROR_FOLD_WINDOW_MINUTES * 60_000);
  const [recent] = await db
    .select({ id: errorLogs.id })
    .from(errorLogs)
    .where(and(eq(errorLogs.userId, report.userId), eq(errorLogs.path, report.path), eq(errorLogs.message, report.message), gte(errorLogs.createdAt, since)))
    .orderBy(desc(errorLogs.id))
    .limit(1);
  if (recent) {
    const [updated] = await db
      .update(errorLogs)
      .set({ occurrences: sql`${errorLogs.occurrences} + 1` })
      .where(eq(errorLogs.id, recent.id))
      .returning({ id: errorLogs.id, occurrences: errorLogs.occurrences });
    if (updated) return updated;
  }
  const [inserted] = await db
    .insert(errorLogs)
    .values({ userId: report.userId, path: report.path, message: report.message, userAgent: report.userAgent ?? null })
    .returning({ id: errorLogs.id, occurrences: errorLogs.occurrences });
  if (!inserted) throw new Error('error log insert returned nothing');
  // Keep the newest MAX_ERROR_LOG_ROWS_PER_USER rows of this user: a report must never fail for
  // being one too many, and one device cannot grow the table without bound.
  await db.execute(sql`
    delete from error_logs where user_id = ${report.userId} and id <= (
      select id from error_logs where user_id = ${report.userId} order by id desc offset ${MAX_ERROR_LOG_ROWS_PER_USER} limit 1)`);
  return inserted;
}

export async function countErrorLogs(db: Db, userId: number): Promise<{ rows: number; occurrences: number }> {
  const [totals] = await db
    .select({ rows: sql<number>`count(*)::int`, occurrences: sql<number>`coalesce(sum(${errorLogs.occurrences}), 0)::int` })
    .from(errorLogs)
    .where(eq(errorLogs.userId, userId));
  return totals ?? { rows: 0, occurrences: 0 };
}
