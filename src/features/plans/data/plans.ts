// The plan catalogue (GET /api/plans) and the user's usage (GET /api/user/usage), cached in the
// store like the other collections: the nav and home say which plan unlocks a locked
// feature and how much of a limit is used, offline too. Read-only collections: no outbox kinds.
// No React here.
import type { LimitUsage, PlanSummary } from '../../../../contract';
import { db, type PlanRow, type UsageRow } from '../../../store/db';
import { pullNow } from '../../../sync/engine';
import { headerValue } from '../../../sync/outbox';
import { createCollectionSync, type CollectionSync, type HttpGet, type PullResponse } from '../../../sync/pull';

export const PLANS_COLLECTION = 'plans';
export const USAGE_COLLECTION = 'usage';

function listOf<T>(body: unknown, isItem: (value: unknown) => value is T): T[] | null {
  const data = (body as { data?: unknown } | null)?.data;
  return Array.isArray(data) && data.every(isItem) ? data : null;
}

const isPlan = (value: unknown): value is PlanSummary =>
  typeof value === 'object' && value !== null && typeof (value as PlanSummary).key === 'string' && typeof (value as PlanSummary).name === 'string';

const isUsage = (value: unknown): value is LimitUsage =>
  typeof value === 'object' && value !== null && typeof (value as LimitUsage).limit === 'string' && typeof (value as LimitUsage).used === 'number';

/** GET a `{data: [...]}` list conditionally; a 304 keeps what the store has. */
async function fetchList<T>(get: HttpGet, url: string, etag: string | null, isItem: (value: unknown) => value is T): Promise<PullResponse<T>> {
  const response = await get(url, etag ? { 'If-None-Match': etag } : {});
  if (response.status === 304) return { status: 304 };
  const items = response.status >= 200 && response.status < 300 ? listOf(response.body, isItem) : null;
  if (!items) throw Object.assign(new Error(`GET ${url} answered ${response.status}`), { status: response.status });
  return { status: 200, items, etag: headerValue(response.headers, 'etag') };
}

export function createPlansSync(get: HttpGet): CollectionSync {
  return createCollectionSync<PlanRow, string>({
    collection: PLANS_COLLECTION,
    table: db.plans,
    syncState: db.syncState,
    fetch: (etag) => fetchList(get, '/api/plans', etag, isPlan),
    key: (plan) => plan.key,
  });
}

export function createUsageSync(get: HttpGet): CollectionSync {
  return createCollectionSync<UsageRow, string>({
    collection: USAGE_COLLECTION,
    table: db.usage,
    syncState: db.syncState,
    fetch: (etag) => fetchList(get, '/api/user/usage', etag, isUsage),
    key: (row) => row.limit,
  });
}

/** What a screen's own refresh may skip: a pull of the collection that succeeded this recently. */
export interface RefreshOptions {
  /** Skip the pull when the last successful one is younger than this, in milliseconds. */
  unlessPulledWithinMs?: number;
}

/** Pull `collection` now unless, asked to, its last successful pull is recent enough. */
async function refresh(collection: string, { unlessPulledWithinMs }: RefreshOptions): Promise<void> {
  if (unlessPulledWithinMs !== undefined) {
    const syncedAt = (await db.syncState.get(collection))?.syncedAt;
    if (syncedAt && Date.now() - Date.parse(syncedAt) < unlessPulledWithinMs) return;
  }
  await pullNow(collection);
}

/** Pull the plan catalogue now (home, nav); nothing happens while signed out. */
export function refreshPlans(options: RefreshOptions = {}): Promise<void> {
  return refresh(PLANS_COLLECTION, options);
}

/** Pull the usage now (home, after a generation). */
export function refreshUsage(options: RefreshOptions = {}): Promise<void> {
  return refresh(USAGE_COLLECTION, options);
}
