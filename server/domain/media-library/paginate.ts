// Laravel's length-aware paginator for lists built in memory from one page of rows, and the
// owner-scoped page and lookup that videos and transcriptions share.
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Paginated } from '../../../contract/http';
import type { Db } from '../../db/client';
import { NotFoundError } from '../problems';

export interface PageQuery {
  page: number;
  perPage: number;
  search?: string | undefined;
}

export function paginated<T>(data: T[], total: number, query: PageQuery): Paginated<T> {
  const from = data.length > 0 ? (query.page - 1) * query.perPage + 1 : null;
  return {
    data,
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / query.perPage)),
    per_page: query.perPage,
    total,
    from,
    to: from === null ? null : from + data.length - 1,
  };
}

/** One page of rows and their total as the paginator, each row turned into its API shape. */
export function paginatedRows<Row, T>(found: { rows: Row[]; total: number }, query: PageQuery, toItem: (row: Row) => T): Paginated<T> {
  return paginated(found.rows.map(toItem), found.total, query);
}

/** An ILIKE pattern matching `term` literally anywhere. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A table of the creator's own things, listed newest first by title and status. */
type OwnedTable = PgTable & { id: PgColumn; userId: PgColumn; status: PgColumn; title: PgColumn; createdAt: PgColumn };

export interface OwnedPageQuery extends PageQuery {
  status?: string | undefined;
}

/** One page of the owner's rows, newest first; `status` and a title containing `search` narrow it. */
export async function listOwnedRows<T extends OwnedTable>(db: Db, table: T, userId: number, query: OwnedPageQuery): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const term = query.search?.trim();
  const conditions: SQL[] = [eq(table.userId, userId)];
  if (query.status) conditions.push(eq(table.status, query.status));
  if (term) conditions.push(ilike(table.title, containsPattern(term)));
  const where = and(...conditions);
  // drizzle cannot type a select from a generic table; the rows are the table's all the same.
  const source: PgTable = table;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(source).where(where);
  const rows = await db
    .select()
    .from(source)
    .where(where)
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  return { rows, total };
}

/** The owner's row `id`; a NotFoundError with `notFound` for a missing id or another user's. */
export async function findOwnedRow<T extends OwnedTable>(db: Db, table: T, userId: number, id: string, notFound: string): Promise<T['$inferSelect']> {
  const source: PgTable = table;
  const [row] = await db
    .select()
    .from(source)
    .where(and(eq(table.id, id), eq(table.userId, userId)));
  if (!row) throw new NotFoundError(notFound);
  return row;
}

/** Thrown to the render pipeline when a creator's chosen media is gone; the message is for them. */
export class MissingMediaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MissingMediaError';
  }
}
