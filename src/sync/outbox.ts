// The durable outbox (DESIGN §4): every change that can wait is a row in a Dexie table, sent by
// one drainer at a time, oldest first and strictly in order per entity, with its id as the
// Idempotency-Key on every attempt. Nothing is dropped: network errors, 5xx and 429 back off and
// retry; 401 pauses the whole queue until sign-in; other 4xx park the item as 'failed' (blocking
// its entity) until the user retries or discards it. No React, no DOM: this runs in the page and
// in the service worker, with its collaborators (table, transport, clock, random) passed in.
import { Dexie, type EntityTable, type Table } from 'dexie';
import { backoffDelay, parseRetryAfter } from './backoff';
import { defaultLocks, lockBackend, runCoalesced, type LockManagerLike } from './lock';
import { mutationRegistry, type HttpMethod, type MutationDef, type MutationRegistry } from './registry';

export type OutboxStatus = 'pending' | 'sending' | 'failed' | 'auth-required';

export interface OutboxItem<K extends string = string, P = unknown> {
  /** uuid v4; also the Idempotency-Key of every attempt. */
  id: string;
  kind: K;
  /** e.g. "script:abc"; items of one entity are delivered strictly in createdAt order. */
  entityKey: string;
  method: HttpMethod;
  url: string;
  /** What the app enqueued (kept for optimistic-row reconciliation and display). */
  payload: P;
  /** The request body, computed by the kind's toRequest at enqueue time. */
  body: unknown;
  schemaVersion: number;
  /** ISO timestamp, strictly increasing within one outbox (it is the send order). */
  createdAt: string;
  attempts: number;
  /** Epoch ms; the drainer leaves the item (and its entity) alone until then. */
  nextAttemptAt: number;
  status: OutboxStatus;
  lastError: string | null;
  /** Who enqueued it (when the outbox has an `owner`): only sent while that user is signed in. */
  ownerId?: string | null;
}

/** What `send` is asked to do. Headers here are only the outbox's; the transport adds auth. */
export interface OutboxRequest {
  id: string;
  method: HttpMethod;
  url: string;
  body: unknown;
  headers: { 'Idempotency-Key': string };
}

export type HeadersLike =
  | { get(name: string): unknown }
  | Record<string, unknown>;

/** Any HTTP response, 2xx or not. */
export interface OutboxResponse {
  status: number;
  statusText?: string;
  headers?: HeadersLike | null;
  body?: unknown;
}

/**
 * The transport. Resolve with the response for every HTTP status (or reject with an error that
 * carries `response: {status, headers, data}`, as axios does); reject without a response only
 * when nothing came back (offline, DNS, reset, timeout).
 */
export type Send = (request: OutboxRequest) => Promise<OutboxResponse>;

export interface DrainDeps {
  send: Send;
  /** Called after a 2xx removed the item, e.g. to swap an optimistic row for the server's. */
  onDelivered?: (item: OutboxItem, response: OutboxResponse) => void | Promise<void>;
  /** Called after the server refused an item (it is now 'failed'), e.g. to badge its row. */
  onFailed?: (item: OutboxItem) => void | Promise<void>;
  /** Errors thrown by onDelivered / onFailed (the drain goes on regardless). */
  onError?: (error: unknown, item: OutboxItem) => void;
  /**
   * Give up waiting for one response after this long (default 60 s; 0 = never) and treat it as
   * a network error: a hung request must not hold the drain lock forever. The server may still
   * apply it; the retry carries the same Idempotency-Key.
   */
  timeoutMs?: number;
}

export const DEFAULT_SEND_TIMEOUT_MS = 60_000;

class SendTimeoutError extends Error {
  constructor(ms: number) {
    super(`No response within ${ms} ms`);
    this.name = 'SendTimeoutError';
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  if (!(ms > 0)) return promise;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new SendTimeoutError(ms)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface DrainResult {
  /** False when another drainer was busy and one was already queued behind it. */
  ran: boolean;
  delivered: number;
  /** Items that got a transient error this pass and wait for their backoff. */
  retrying: number;
  /** Items that became 'failed' this pass. */
  failed: number;
  /** The queue is paused until resumeAfterSignIn(). */
  authRequired: boolean;
  /** Why the pass ended before everything due was tried. */
  stopped: 'offline' | 'rate-limited' | 'auth-required' | null;
  /** Earliest nextAttemptAt of a waiting pending item (when to drain next), or null. */
  nextAttemptAt: number | null;
}

export type OutboxEvent =
  | { type: 'enqueued'; item: OutboxItem }
  | { type: 'sending'; item: OutboxItem }
  | { type: 'delivered'; item: OutboxItem; response: OutboxResponse }
  | { type: 'retry-scheduled'; item: OutboxItem }
  | { type: 'failed'; item: OutboxItem }
  | { type: 'auth-required' }
  | { type: 'resumed'; count: number }
  | { type: 'retried'; id: string }
  | { type: 'discarded'; id: string }
  | { type: 'drain-start' }
  | { type: 'drain-end'; result: DrainResult };

export type OutboxListener = (event: OutboxEvent) => void;

export interface OutboxCounts {
  /** Not delivered yet and not failed: pending, sending and auth-required. */
  pending: number;
  failed: number;
  authRequired: number;
  total: number;
}

/** The outbox table: a plain Table or the store's EntityTable<OutboxItem, 'id'>. */
export type OutboxTable = Table<OutboxItem, string> | EntityTable<OutboxItem, 'id'>;

export interface OutboxOptions {
  table: OutboxTable;
  registry?: MutationRegistry;
  now?: () => number;
  random?: () => number;
  uuid?: () => string;
  /** Web Locks manager; defaults to navigator.locks, null forces the in-memory mutex. */
  locks?: LockManagerLike | null;
  lockName?: string;
  /**
   * The signed-in user's id (or null when signed out). When given, items are stamped with it and
   * only the current user's items are sent, paused or resumed: another user's changes left on
   * the device wait, untouched, until that user signs in again — never sent under a wrong account.
   */
  owner?: () => string | null | Promise<string | null>;
}

export interface Outbox {
  enqueue<K extends string, P>(mutation: MutationDef<K, P>, payload: P): Promise<OutboxItem<K, P>>;
  enqueue(kind: string, payload: unknown): Promise<OutboxItem>;
  drain(deps: DrainDeps): Promise<DrainResult>;
  /** Put a failed (or waiting) item back to pending, due now. */
  retry(id: string): Promise<boolean>;
  /** Remove an item for good (unblocks its entity). */
  discard(id: string): Promise<boolean>;
  /** After sign-in: every auth-required item becomes pending and due now. */
  resumeAfterSignIn(): Promise<number>;
  pendingCount(): Promise<number>;
  counts(): Promise<OutboxCounts>;
  /** The signed-in user's items (all items without an owner option), in send order. */
  list(): Promise<OutboxItem[]>;
  /** Entity keys with any undelivered item (pull must not overwrite or remove those rows). */
  pendingEntityKeys(): Promise<Set<string>>;
  /** Earliest nextAttemptAt among pending items of a known schema, or null. */
  nextAttemptAt(): Promise<number | null>;
  /** Resolves once no drainer (of any context: page or service worker) holds the lock. */
  whenIdle(): Promise<void>;
  isDraining(): boolean;
  subscribe(listener: OutboxListener): () => void;
}

export const OUTBOX_LOCK_NAME = 'reelflow-outbox';

/** Items come out in send order: createdAt, then id for rows of other writers sharing a ms. */
export function compareItems(a: OutboxItem, b: OutboxItem): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function headerValue(headers: HeadersLike | null | undefined, name: string): string | null {
  if (!headers) return null;
  let value: unknown;
  if (typeof (headers as { get?: unknown }).get === 'function') {
    value = (headers as { get(name: string): unknown }).get(name);
  } else {
    const wanted = name.toLowerCase();
    for (const [key, v] of Object.entries(headers)) if (key.toLowerCase() === wanted) value = v;
  }
  if (Array.isArray(value)) value = value[0];
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return null;
}

/** The server's message: body.message, else the first of body.errors, else the status text. */
export function serverMessage(response: OutboxResponse): string {
  const body = response.body;
  if (isRecord(body)) {
    if (typeof body.message === 'string' && body.message.trim()) return body.message;
    const errors = body.errors;
    const first = (list: unknown[]): string | null => {
      for (const entry of list) {
        if (typeof entry === 'string' && entry) return entry;
        if (isRecord(entry) && typeof entry.message === 'string' && entry.message) return entry.message;
        if (Array.isArray(entry)) {
          const nested = first(entry);
          if (nested) return nested;
        }
      }
      return null;
    };
    if (Array.isArray(errors)) {
      const message = first(errors);
      if (message) return message;
    } else if (isRecord(errors)) {
      const message = first(Object.values(errors));
      if (message) return message;
    }
    if (typeof body.error === 'string' && body.error) return body.error;
  } else if (typeof body === 'string' && body.trim() && body.length <= 500) {
    return body.trim();
  }
  return response.statusText?.trim() ? response.statusText : `HTTP ${response.status}`;
}

/** A response carried by a rejected transport call (axios style), or null for "no response". */
function responseOfError(error: unknown): OutboxResponse | null {
  if (!isRecord(error) || !isRecord(error.response)) return null;
  const r = error.response;
  if (typeof r.status !== 'number' || r.status <= 0) return null;
  return {
    status: r.status,
    statusText: typeof r.statusText === 'string' ? r.statusText : undefined,
    headers: isRecord(r.headers) ? (r.headers) : null,
    body: 'data' in r ? r.data : r.body,
  };
}

function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'no response';
}

function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 429 || status === 408;
}

export function createOutbox(options: OutboxOptions): Outbox {
  const table = options.table as Table<OutboxItem, string>;
  const database = table.db;
  const registry = options.registry ?? mutationRegistry;
  const now = options.now ?? (() => Date.now());
  const random = options.random ?? Math.random;
  const uuid = options.uuid ?? (() => crypto.randomUUID());
  const backend = lockBackend(options.locks === undefined ? defaultLocks() : options.locks);
  const lockName = options.lockName ?? OUTBOX_LOCK_NAME;
  const listeners = new Set<OutboxListener>();
  let draining = 0;

  function emit(event: OutboxEvent): void {
    // Outside any transaction: enqueue/retry may run inside a caller's transaction (an optimistic
    // row written atomically with its outbox item), and a listener that starts a drain must not
    // inherit that transaction's zone.
    Dexie.ignoreTransaction(() => {
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch {
          // A broken listener must not break the engine.
        }
      }
    });
  }

  /** This code knows how to send the row: its kind is registered at this schemaVersion or older. */
  function known(item: OutboxItem): boolean {
    const def = registry.get(item.kind);
    return !!def && item.schemaVersion <= def.schemaVersion;
  }

  async function currentOwner(): Promise<string | null> {
    return options.owner ? ((await options.owner()) ?? null) : null;
  }

  /** Rows this context may touch now: a known schema, and the signed-in user's (or nobody's). */
  function ours(row: OutboxItem, owner: string | null): boolean {
    if (!known(row)) return false;
    if (!options.owner) return true;
    return row.ownerId === undefined || row.ownerId === null || row.ownerId === owner;
  }

  function pausedIn(rows: OutboxItem[], owner: string | null): boolean {
    return rows.some((row) => row.status === 'auth-required' && ours(row, owner));
  }

  async function sorted(): Promise<OutboxItem[]> {
    return (await table.toArray()).sort(compareItems);
  }

  async function enqueue(mutation: MutationDef<string, unknown> | string, payload: unknown): Promise<OutboxItem> {
    // Always the registered definition: a row this outbox's registry does not know would never
    // be sent (it would look like a row of a newer build).
    const kind = typeof mutation === 'string' ? mutation : mutation.kind;
    const def = registry.get(kind);
    if (!def) throw new Error(`Outbox: unknown mutation kind "${kind}" (register it with defineMutation)`);
    const request = def.toRequest(payload);
    const entityKey = def.entityKey(payload);
    const owner = await currentOwner();
    const item = await database.transaction('rw', table, async () => {
      const rows = await table.toArray();
      let at = now();
      let latest = -Infinity;
      for (const row of rows) {
        const t = Date.parse(row.createdAt);
        if (t > latest) latest = t;
      }
      if (at <= latest) at = latest + 1; // strictly increasing: createdAt is the send order
      const paused = pausedIn(rows, owner);
      const row: OutboxItem = {
        id: uuid(),
        kind: def.kind,
        entityKey,
        method: request.method,
        url: request.url,
        payload,
        body: request.body,
        schemaVersion: def.schemaVersion,
        createdAt: new Date(at).toISOString(),
        attempts: 0,
        nextAttemptAt: now(),
        status: paused ? 'auth-required' : 'pending',
        lastError: null,
      };
      if (options.owner) row.ownerId = owner;
      await table.add(row);
      return row;
    });
    emit({ type: 'enqueued', item });
    return item;
  }

  /**
   * Mark a row of a pass's snapshot 'sending' if it is still pending and due (it may have been
   * discarded, retried or paused since the snapshot was read), atomically.
   */
  function claim(id: string, owner: string | null): Promise<OutboxItem | null> {
    return database.transaction('rw', table, async () => {
      const row = await table.get(id);
      if (!row || !ours(row, owner) || row.status !== 'pending' || row.nextAttemptAt > now()) return null;
      // put, not update: the row was just read in this transaction, and update would read it again.
      const claimed = { ...row, status: 'sending' as const };
      await table.put(claimed);
      return claimed;
    });
  }

  /** A row claimed ahead but never sent (the pass stopped) goes back to pending, as it was. */
  function unclaim(id: string): Promise<void> {
    return database.transaction('rw', table, async () => {
      const row = await table.get(id);
      if (row?.status === 'sending') await table.put({ ...row, status: 'pending' });
    });
  }

  async function nextAttemptAt(): Promise<number | null> {
    const owner = await currentOwner();
    const rows = await table.toArray();
    if (pausedIn(rows, owner)) return null;
    let earliest: number | null = null;
    for (const row of rows) {
      if (row.status !== 'pending' || !ours(row, owner)) continue;
      if (earliest === null || row.nextAttemptAt < earliest) earliest = row.nextAttemptAt;
    }
    return earliest;
  }

  async function drainBody(deps: DrainDeps): Promise<DrainResult> {
    const result: DrainResult = {
      ran: true,
      delivered: 0,
      retrying: 0,
      failed: 0,
      authRequired: false,
      stopped: null,
      nextAttemptAt: null,
    };
    draining += 1;
    emit({ type: 'drain-start' });
    try {
      const owner = await currentOwner();
      // We hold the drain lock, so a 'sending' row is a send that died with its context (tab
      // closed, worker killed). Back to pending: the idempotency key makes the resend safe.
      await database.transaction('rw', table, async () => {
        await table
          .filter((row) => row.status === 'sending' && ours(row, owner))
          .modify({ status: 'pending' });
      });
      const tried = new Set<string>();
      // One read of the queue per pass, not per item (the queue may hold thousands of changes).
      // Rows enqueued during a pass come after every row of the snapshot (createdAt is strictly
      // increasing), so the next pass sends them; passes end when one sends nothing.
      let sentThisPass = true;
      while (sentThisPass && !result.stopped) {
        sentThisPass = false;
        const rows = await sorted();
        if (pausedIn(rows, owner)) break;
        // Entities whose earliest undelivered row has not been delivered in this pass: their
        // later rows wait (order per entity).
        const blocked = new Set<string>();
        let index = 0;
        /**
         * The next row of the snapshot to send. While a row is in flight, the walk stops at a
         * later row of the same entity ('wait'): whether that one may go depends on the outcome.
         */
        const nextRow = (inFlightEntity: string | null): OutboxItem | 'wait' | null => {
          while (index < rows.length) {
            const row = rows[index]!;
            if (row.entityKey === inFlightEntity) return 'wait';
            index += 1;
            if (blocked.has(row.entityKey)) continue;
            blocked.add(row.entityKey);
            if (tried.has(row.id) || row.status !== 'pending' || row.nextAttemptAt > now()) continue;
            return row;
          }
          return null;
        };
        const claimNext = async (inFlightEntity: string | null): Promise<OutboxItem | 'wait' | null> => {
          for (;;) {
            const row = nextRow(inFlightEntity);
            if (row === null || row === 'wait') return row;
            const item = await claim(row.id, owner);
            if (item) return item;
          }
        };
        // Pipelined: while one request is in flight, the next row (of another entity) is claimed,
        // so the local IndexedDB work overlaps the network instead of adding to it. Still one
        // request at a time, in the same order as without the overlap.
        let next = await claimNext(null);
        while (next !== null && next !== 'wait') {
          const item = next;
          tried.add(item.id);
          sentThisPass = true;
          emit({ type: 'sending', item });
          const deliveredBefore = result.delivered;
          let ahead: OutboxItem | null = null;
          let aheadChecked = false;
          const claimingAhead = claimNext(item.entityKey).then((claimed) => {
            if (claimed !== null && claimed !== 'wait') ahead = claimed;
            return claimed;
          });
          // A row claimed ahead may have been discarded (an Undo) while it waited: it is read
          // again before it is sent, in the same transaction that removes the delivered row.
          const checkAhead = async () => {
            const claimed = ahead;
            if (!claimed) return;
            aheadChecked = true;
            if ((await table.get(claimed.id))?.status !== 'sending') ahead = null;
          };
          const [outcome, claimedAhead] = await Promise.all([sendOne(item, deps, result, owner, checkAhead), claimingAhead]);
          next = claimedAhead;
          if (next !== null && next !== 'wait') {
            if (!aheadChecked) await checkAhead();
            if (ahead === null) next = 'wait';
          }
          if (outcome !== 'continue') {
            result.stopped = outcome;
            // (After a 401 the claimed row is already paused with the rest; unclaim leaves it.)
            if (next !== null && next !== 'wait') await unclaim(next.id);
            break;
          }
          // Delivered: the entity's next row (later in this snapshot) may go in this pass too.
          if (result.delivered > deliveredBefore) blocked.delete(item.entityKey);
          if (next === 'wait') next = await claimNext(null);
        }
      }
      // Paused by a 401 now or earlier?
      result.authRequired = pausedIn(await table.toArray(), owner);
      if (result.authRequired) result.stopped = 'auth-required';
      result.nextAttemptAt = await nextAttemptAt();
      return result;
    } finally {
      draining -= 1;
      emit({ type: 'drain-end', result });
    }
  }

  async function sendOne(
    item: OutboxItem,
    deps: DrainDeps,
    result: DrainResult,
    owner: string | null,
    /** Runs in the transaction that removes a delivered row (saves the pipelined drain one). */
    alsoOnDelivery: () => Promise<void> = () => Promise.resolve(),
  ): Promise<'continue' | 'offline' | 'rate-limited' | 'auth-required'> {
    let response: OutboxResponse | null;
    let failure: unknown = null;
    try {
      const sending = deps.send({
        id: item.id,
        method: item.method,
        url: item.url,
        body: item.body,
        headers: { 'Idempotency-Key': item.id },
      });
      response = await withTimeout(sending, deps.timeoutMs ?? DEFAULT_SEND_TIMEOUT_MS);
      if (!isRecord(response) || typeof response.status !== 'number') response = null;
    } catch (error) {
      failure = error;
      response = responseOfError(error);
    }
    const t = now();

    if (response && response.status >= 200 && response.status < 300) {
      await database.transaction('rw', table, async () => {
        await table.delete(item.id);
        await alsoOnDelivery();
      });
      result.delivered += 1;
      emit({ type: 'delivered', item, response });
      if (deps.onDelivered) {
        try {
          await deps.onDelivered(item, response);
        } catch (error) {
          deps.onError?.(error, item);
        }
      }
      return 'continue';
    }

    if (response && response.status === 401) {
      // Pause everything still waiting (failed items keep their own state); nothing is dropped.
      await database.transaction('rw', table, async () => {
        await table.update(item.id, { status: 'auth-required', lastError: serverMessage(response) });
        await table
          .filter((row) => (row.status === 'pending' || row.status === 'sending') && row.id !== item.id && ours(row, owner))
          .modify({ status: 'auth-required' });
      });
      result.authRequired = true;
      emit({ type: 'auth-required' });
      return 'auth-required';
    }

    if (!response || isRetryableStatus(response.status)) {
      const attempts = item.attempts + 1;
      let delay = backoffDelay(attempts, random);
      if (response) {
        const retryAfter = parseRetryAfter(headerValue(response.headers, 'retry-after'), t);
        if (retryAfter !== null) delay = Math.max(delay, retryAfter);
      }
      const changes = {
        status: 'pending' as const,
        attempts,
        nextAttemptAt: t + delay,
        lastError: response ? serverMessage(response) : `Network error: ${errorText(failure)}`,
      };
      await table.update(item.id, changes);
      result.retrying += 1;
      emit({ type: 'retry-scheduled', item: { ...item, ...changes } });
      // With no connection or a rate limit, the next request would meet the same fate.
      if (!response) return 'offline';
      if (response.status === 429) return 'rate-limited';
      return 'continue';
    }

    // Any other status (4xx, or an unexpected 1xx/3xx): the server refused this change.
    const changes = { status: 'failed' as const, attempts: item.attempts + 1, lastError: serverMessage(response) };
    await table.update(item.id, changes);
    result.failed += 1;
    const failed = { ...item, ...changes };
    emit({ type: 'failed', item: failed });
    if (deps.onFailed) {
      try {
        await deps.onFailed(failed);
      } catch (error) {
        deps.onError?.(error, failed);
      }
    }
    return 'continue';
  }

  async function drain(deps: DrainDeps): Promise<DrainResult> {
    const outcome = await runCoalesced(backend, lockName, () => drainBody(deps));
    if (outcome.ran) return outcome.value;
    return {
      ran: false,
      delivered: 0,
      retrying: 0,
      failed: 0,
      authRequired: false,
      stopped: null,
      nextAttemptAt: null,
    };
  }

  async function retry(id: string): Promise<boolean> {
    const owner = await currentOwner();
    const changed = await database.transaction('rw', table, async () => {
      const row = await table.get(id);
      if (!row || !ours(row, owner) || (row.status !== 'failed' && row.status !== 'pending')) return false;
      await table.update(id, { status: 'pending', nextAttemptAt: now(), lastError: row.status === 'failed' ? null : row.lastError });
      return true;
    });
    if (changed) emit({ type: 'retried', id });
    return changed;
  }

  async function discard(id: string): Promise<boolean> {
    const existed = await database.transaction('rw', table, async () => {
      const row = await table.get(id);
      if (!row) return false;
      await table.delete(id);
      return true;
    });
    if (existed) emit({ type: 'discarded', id });
    return existed;
  }

  async function resumeAfterSignIn(): Promise<number> {
    const t = now();
    const owner = await currentOwner();
    const count = await database.transaction('rw', table, () =>
      table.filter((row) => row.status === 'auth-required' && ours(row, owner)).modify({ status: 'pending', nextAttemptAt: t }),
    );
    emit({ type: 'resumed', count });
    return count;
  }

  /** Counts of the signed-in user's items (another user's waiting items are not theirs to see);
   *  kinds defined `silent` (diagnostics such as error reports) are not the user's work and are
   *  not counted. */
  async function counts(): Promise<OutboxCounts> {
    const owner = await currentOwner();
    const mine = (row: OutboxItem) =>
      !registry.get(row.kind)?.silent &&
      (!options.owner || row.ownerId === undefined || row.ownerId === null || row.ownerId === owner);
    const rows = (await table.toArray()).filter(mine);
    const result: OutboxCounts = { pending: 0, failed: 0, authRequired: 0, total: rows.length };
    for (const row of rows) {
      if (row.status === 'failed') result.failed += 1;
      else result.pending += 1;
      if (row.status === 'auth-required') result.authRequired += 1;
    }
    return result;
  }

  return {
    enqueue: enqueue,
    drain,
    retry,
    discard,
    resumeAfterSignIn,
    pendingCount: async () => (await counts()).pending,
    counts,
    async list() {
      const owner = await currentOwner();
      return (await sorted()).filter((row) => !options.owner || row.ownerId === undefined || row.ownerId === null || row.ownerId === owner);
    },
    async pendingEntityKeys() {
      return new Set((await table.toArray()).map((row) => row.entityKey));
    },
    nextAttemptAt,
    whenIdle: () => backend.run(lockName, () => Promise.resolve()),
    isDraining: () => draining > 0,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
