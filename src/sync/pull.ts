// Pull (DESIGN §4): per collection, fetch from the API (conditionally, with the last ETag), upsert
// what the server sent into Dexie, remove what it no longer has, record syncedAt and etag. Rows
// with undelivered outbox changes are never removed and never overwritten by older server data.
import { Dexie, type EntityTable, type IndexableType, type Table, type Transaction } from 'dexie';
import { browserOnline, documentTarget, documentVisible, globalTarget, listen, yieldToMain, type EventTargetLike } from './env';
import type { HeadersLike, OutboxItem, OutboxTable } from './outbox';

export interface SyncStateRow {
  collection: string;
  /** ISO timestamp of the last successful pull. */
  syncedAt: string | null;
  etag: string | null;
  /**
   * Bumped (and the etag dropped) by markCollectionChanged whenever a local write or a delivered
   * change touched the collection: a pull whose list was fetched before that is stale and is
   * fetched again instead of being written, and the next pull cannot get a 304 for a list the
   * local table no longer mirrors (e.g. after a discarded change).
   */
  revision?: number;
}

/** The syncState table: a plain Table or the store's EntityTable<SyncStateRow, 'collection'>. */
export type SyncStateTable = Table<SyncStateRow, string> | EntityTable<SyncStateRow, 'collection'>;

/** A GET as a pull needs it: any status resolves (304 included); no response rejects. */
export type HttpGet = (url: string, headers: Record<string, string>) => Promise<{ status: number; headers?: HeadersLike | null; body?: unknown }>;

export type PullResponse<T> = { status: 200; items: T[]; etag?: string | null } | { status: 304 };

export interface CollectionSyncOptions<T, K extends IndexableType> {
  collection: string;
  table: Table<T, K>;
  syncState: SyncStateTable;
  /** GET the collection, sending If-None-Match: etag when it is not null. */
  fetch: (etag: string | null) => Promise<PullResponse<T>>;
  /** Primary key of a server item (the same value the table stores it under). */
  key: (item: T) => K;
  /**
   * True when the row has changes in the outbox not yet delivered: such a row is kept and not
   * overwritten. Called inside the write transaction: it may be synchronous, or read only tables
   * listed in `alsoLock` (see pendingInOutbox).
   */
  isLocallyPending?: (key: K) => boolean | Promise<boolean>;
  /** Extra tables the predicate reads (e.g. the outbox table). */
  alsoLock?: Table[];
  now?: () => number;
  /** How many times a list is fetched again when local changes landed while it was in flight. */
  maxStaleRetries?: number;
  /**
   * Combine a server item with the local row it replaces (e.g. keep local-only fields such as a
   * video's `keptOffline`). Without it the server item is stored as it is.
   */
  merge?: (server: T, local: T | undefined) => T;
}

export interface PullResult {
  collection: string;
  status: 200 | 304;
  upserted: number;
  removed: number;
  /** Rows left as they are because they have pending local changes. */
  keptPending: number;
  syncedAt: string;
}

export interface CollectionSync {
  collection: string;
  run(): Promise<PullResult>;
}

function keyId(key: unknown): string {
  return typeof key === 'object' && key !== null ? JSON.stringify(key) : `${typeof key}:${String(key)}`;
}

export function createCollectionSync<T, K extends IndexableType>(options: CollectionSyncOptions<T, K>): CollectionSync {
  const { collection, table } = options;
  const syncState = options.syncState as Table<SyncStateRow, string>;
  const now = options.now ?? (() => Date.now());
  const pending = options.isLocallyPending ?? (() => false);

  const maxStaleRetries = options.maxStaleRetries ?? 3;

  async function run(): Promise<PullResult> {
    for (let attempt = 0; ; attempt += 1) {
      const outcome = await runOnce(attempt >= maxStaleRetries);
      if (outcome !== 'stale') return outcome;
    }
  }

  /** One fetch and write; 'stale' when the collection changed locally while fetching. */
  async function runOnce(lastTry: boolean): Promise<PullResult | 'stale'> {
    const state = await syncState.get(collection);
    const revision = state?.revision ?? 0;
    const response = await options.fetch(state?.etag ?? null);
    // The write in a task of its own, not in the one that handled the response (yieldToMain).
    await yieldToMain();
    const syncedAt = new Date(now()).toISOString();
    const stateRow = (etag: string | null): SyncStateRow => ({ collection, syncedAt, etag, ...(state?.revision === undefined ? {} : { revision }) });

    if (response.status === 304) {
      return table.db.transaction('rw', syncState, async () => {
        const current = await syncState.get(collection);
        if ((current?.revision ?? 0) !== revision) return giveUp(lastTry);
        await syncState.put(stateRow(state?.etag ?? null));
        return { collection, status: 304 as const, upserted: 0, removed: 0, keptPending: 0, syncedAt };
      });
    }

    const items = response.items;
    const tables = [table, syncState, ...(options.alsoLock ?? [])];
    return table.db.transaction('rw', tables, async () => {
      const current = await syncState.get(collection);
      // A local change (or a delivery) landed after this list left the server: it may miss it.
      if ((current?.revision ?? 0) !== revision) return giveUp(lastTry);
      const localKeys: K[] = await table.toCollection().primaryKeys();
      const local = new Set(localKeys.map(keyId));
      const onServer = new Set<string>();
      const toPut: T[] = [];
      let keptPending = 0;
      for (const item of items) onServer.add(keyId(options.key(item)));
      const onlyLocal = localKeys.filter((key) => !onServer.has(keyId(key)));
      // One await for every key: Dexie keeps its transaction across a bounded number of native
      // awaits (its zone echo limit, ~100), so awaiting per row lost it on lists of 100+ rows.
      const isPending = (key: K) => Promise.resolve(pending(key));
      const [itemPending, localPending] = await Promise.all([Promise.all(items.map((item) => isPending(options.key(item)))), Promise.all(onlyLocal.map(isPending))]);
      items.forEach((item, index) => {
        // A pending row keeps its local state; that includes a row deleted locally whose DELETE
        // is still in the outbox (not resurrected from the server's older copy).
        if (itemPending[index]) keptPending += local.has(keyId(options.key(item))) ? 1 : 0;
        else toPut.push(item);
      });
      const toDelete: K[] = [];
      onlyLocal.forEach((key, index) => {
        if (localPending[index]) keptPending += 1;
        else toDelete.push(key);
      });
      if (toPut.length > 0) {
        const merge = options.merge;
        if (merge) {
          const existing = await table.bulkGet(toPut.map((item) => options.key(item)));
          await table.bulkPut(toPut.map((item, index) => merge(item, existing[index])));
        } else {
          await table.bulkPut(toPut);
        }
      }
      if (toDelete.length > 0) await table.bulkDelete(toDelete);
      await syncState.put(stateRow(response.etag ?? null));
      return { collection, status: 200 as const, upserted: toPut.length, removed: toDelete.length, keptPending, syncedAt };
    });
  }

  /** Local changes keep landing: fetch again, or after maxStaleRetries give up without writing. */
  function giveUp(lastTry: boolean): 'stale' {
    if (lastTry) throw new Error(`Pull of ${collection}: the collection kept changing locally; try again later`);
    return 'stale';
  }

  return { collection, run };
}

/**
 * Record that the collection changed locally (a local write, a delivered or discarded change):
 * bumps its revision and drops its etag. Call it inside the transaction of the write (with the
 * syncState table in scope), so a pull in flight cannot write a list fetched before the change.
 */
export async function markCollectionChanged(syncStateTable: SyncStateTable, collection: string): Promise<void> {
  const syncState = syncStateTable as Table<SyncStateRow, string>;
  const current = await syncState.get(collection);
  await syncState.put({
    collection,
    syncedAt: current?.syncedAt ?? null,
    etag: null,
    revision: (current?.revision ?? 0) + 1,
  });
}

/**
 * An isLocallyPending predicate over the outbox table: a row is pending when any outbox item
 * (pending, sending, failed or auth-required) has entityKey `entityKey(key)`, e.g.
 * `pendingInOutbox(db.outbox, (id) => \`script:${id}\`)`. Spread it into the sync options; it reads
 * the outbox once per pull, inside the pull's transaction.
 */
export function pendingInOutbox<K>(
  outbox: OutboxTable,
  entityKey: (key: K) => string,
): { isLocallyPending: (key: K) => Promise<boolean>; alsoLock: Table[] } {
  const outboxTable = outbox as Table<OutboxItem, string>;
  const perTransaction = new WeakMap<Transaction, Promise<Set<string>>>();
  const load = async () => new Set((await outboxTable.toArray()).map((row) => row.entityKey));
  return {
    async isLocallyPending(key: K) {
      const tx = Dexie.currentTransaction;
      let keys: Promise<Set<string>>;
      if (tx) {
        keys = perTransaction.get(tx) ?? load();
        perTransaction.set(tx, keys);
      } else {
        keys = load();
      }
      return (await keys).has(entityKey(key));
    },
    alsoLock: [outboxTable],
  };
}

export interface PullSchedulerOptions {
  syncs: CollectionSync[];
  /** Interval between background refreshes in ms (skipped while offline or hidden); 0 = none. */
  interval?: number;
  onError?: (error: unknown, collection: string) => void;
  onSynced?: (result: PullResult) => void;
  /** Where 'online' and 'focus' fire (default: window / self). */
  target?: EventTargetLike | null;
  /**
   * How many collections are pulled at once (default 2). Each pull's response handling and write
   * is main-thread work: a dozen at once made long tasks on a phone; two at once keep the network
   * busy while the work arrives in small pieces.
   */
  concurrency?: number;
  /** Where 'visibilitychange' fires (default: document). */
  visibilityTarget?: EventTargetLike | null;
  isOnline?: () => boolean;
  isVisible?: () => boolean;
}

export interface PullScheduler {
  /** Refresh now: all collections, or the named ones (e.g. on route entry). */
  run(collections?: string | string[]): Promise<Array<PullResult | null>>;
  stop(): void;
}

export const DEFAULT_PULL_INTERVAL_MS = 5 * 60_000;

export function startPullScheduler(options: PullSchedulerOptions): PullScheduler {
  const interval = options.interval ?? DEFAULT_PULL_INTERVAL_MS;
  const isOnline = options.isOnline ?? browserOnline;
  const isVisible = options.isVisible ?? documentVisible;
  const byName = new Map(options.syncs.map((sync) => [sync.collection, sync]));
  /** Per collection: its pull under way; `started` once its request may have gone out. */
  const inFlight = new Map<string, { again: boolean; started: boolean; done: Promise<PullResult | null> }>();
  let stopped = false;
  const concurrency = Math.max(1, options.concurrency ?? 2);
  let running = 0;
  const slots: Array<() => void> = [];

  /**
   * Run `work` when fewer than `concurrency` pulls are running, in a task of its own; null, without
   * running it, when the scheduler was stopped meanwhile (a sign-out wipes the store after stopping
   * it: a queued pull must not write the previous user's rows back).
   */
  async function inTurn<T>(work: () => Promise<T>): Promise<T | null> {
    if (running >= concurrency) await new Promise<void>((ready) => slots.push(ready));
    else running += 1;
    try {
      await yieldToMain();
      return stopped ? null : await work();
    } finally {
      const next = slots.shift();
      // The slot passes straight to the next waiting pull (running stays the same).
      if (next) next();
      else running -= 1;
    }
  }

  function runOne(sync: CollectionSync): Promise<PullResult | null> {
    const current = inFlight.get(sync.collection);
    if (current) {
      // Never two runs of one collection at once. One still waiting for its turn has not asked the
      // server yet, so its answer is as fresh as a new one would be: share it (at start-up the
      // engine pulls everything and home asks for plans and usage: one request each, not two). A
      // run already under way may have been answered before the change the caller wants to see:
      // it goes again after.
      if (current.started) current.again = true;
      return current.done;
    }
    const entry = { again: false, started: false, done: Promise.resolve<PullResult | null>(null) };
    inFlight.set(sync.collection, entry);
    entry.done = (async () => {
      let last: PullResult | null;
      try {
        do {
          entry.again = false;
          entry.started = false;
          last = await inTurn(() => {
            entry.started = true;
            return sync.run();
          }).catch((error: unknown) => {
            options.onError?.(error, sync.collection);
            return null;
          });
          if (last) options.onSynced?.(last);
        } while (entry.again && !stopped);
      } finally {
        inFlight.delete(sync.collection);
      }
      return last;
    })();
    return entry.done;
  }

  function run(collections?: string | string[]): Promise<Array<PullResult | null>> {
    const names = collections === undefined ? [...byName.keys()] : typeof collections === 'string' ? [collections] : collections;
    return Promise.all(
      names.map((name) => {
        const sync = byName.get(name);
        if (!sync) {
          options.onError?.(new Error(`Unknown collection "${name}"`), name);
          return Promise.resolve(null);
        }
        return runOne(sync);
      }),
    );
  }

  const trigger = () => {
    if (!stopped && isOnline() && isVisible()) void run();
  };
  const target = options.target === undefined ? globalTarget() : options.target;
  const visibility = options.visibilityTarget === undefined ? documentTarget() : options.visibilityTarget;
  const unlisten = [listen(target, ['online', 'focus'], trigger), listen(visibility, ['visibilitychange'], trigger)];
  const timer = interval > 0 ? setInterval(trigger, interval) : null;

  return {
    run,
    stop() {
      stopped = true;
      for (const off of unlisten) off();
      if (timer !== null) clearInterval(timer);
    },
  };
}
