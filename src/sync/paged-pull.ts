// The pull of a Laravel-paginated list (GET <path>?page=N&per_page=1000, every page) that scripts,
// videos and music share. No React.
import type { Paginated } from '../../contract';
import { headerValue } from './outbox';
import type { HttpGet, PullResponse } from './pull';

/** The server's maximum page size: one request holds most creators' whole collection. */
export const MAX_PAGE_SIZE = 1000;

export interface PagedFetchOptions<Item, Row> {
  /** e.g. '/api/ai-videos' (no query). */
  path: string;
  /** Shape check of one server item (a malformed page is an error, not an empty list). */
  isItem: (value: unknown) => value is Item;
  toRow: (item: Item) => Row;
  id: (item: Item) => string;
  /** Words for errors, e.g. 'video list'. */
  noun: string;
  perPage?: number;
  /** Stop after this many pages (a bounded window, e.g. the newest few hundred posts). */
  maxPages?: number;
}

function isPage(value: unknown): value is Paginated<unknown> {
  return typeof value === 'object' && value !== null && Array.isArray((value as { data?: unknown }).data);
}

function httpError(path: string, response: { status: number; body?: unknown }): Error {
  const message = (response.body as { message?: unknown } | null)?.message;
  return Object.assign(new Error(typeof message === 'string' && message ? message : `GET ${path} answered ${response.status}`), { status: response.status });
}

/**
 * Every page of a paginated list. The stored ETag goes out as If-None-Match on the first page and a
 * 304 means "unchanged". An ETag is only kept when the whole list fits in one page (an ETag
 * describes one response; a multi-page list is fetched in full each time). If the list changes
 * between pages (`total` moved), it is fetched again from page 1.
 */
export async function fetchAllPages<Item, Row>(get: HttpGet, etag: string | null, options: PagedFetchOptions<Item, Row>): Promise<PullResponse<Row>> {
  const perPage = options.perPage ?? MAX_PAGE_SIZE;
  const pageUrl = (page: number) => `${options.path}?page=${page}&per_page=${perPage}`;
  const itemsOf = (body: Paginated<unknown>): Item[] => {
    if (!body.data.every(options.isItem)) throw new Error(`The ${options.noun} from the server is not in the expected shape.`);
    return body.data;
  };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const first = await get(pageUrl(1), etag ? { 'If-None-Match': etag } : {});
    if (first.status === 304) return { status: 304 };
    if (first.status < 200 || first.status >= 300 || !isPage(first.body)) throw httpError(options.path, first);
    const items = [...itemsOf(first.body)];
    const lastPage = Math.min(Math.max(1, Number(first.body.last_page) || 1), options.maxPages ?? Number.POSITIVE_INFINITY);
    const total = first.body.total;
    let moved = false;
    for (let page = 2; page <= lastPage && !moved; page += 1) {
      const next = await get(pageUrl(page), {});
      if (next.status < 200 || next.status >= 300 || !isPage(next.body)) throw httpError(options.path, next);
      if (next.body.total !== total) moved = true;
      items.push(...itemsOf(next.body));
    }
    if (moved) continue;
    const unique = new Map(items.map((item) => [options.id(item), item]));
    const newEtag = lastPage === 1 ? headerValue(first.headers, 'etag') : null;
    return { status: 200, items: [...unique.values()].map((item) => options.toRow(item)), etag: newEtag };
  }
  throw new Error(`The ${options.noun} kept changing while it was fetched; try again.`);
}
