// Laravel's length-aware paginator for lists built in memory from one page of rows.
import type { Paginated } from '../../../contract/http';

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

/** Thrown to the render pipeline when a creator's chosen media is gone; the message is for them. */
export class MissingMediaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MissingMediaError';
  }
}
