// The app's one outbox and sync status, shared by every caller in a context (page or service
// worker), plus the per-kind reactions to a delivery, a refusal or a discard (e.g. turning an
// optimistic script row into the server's, or badging it as failed). No React, no DOM: the
// service worker imports this module and drains the very same table with the same rules.
//
// The page's runtime (src/app/sync-runtime.ts) sets the owner to the signed-in user and plugs in
// its pull and drain schedulers; without it (service worker, tests) the owner is the user
// mirrored in the local store's session table.
//
// The engine knows no particular database: the app's local store hands it its tables where the
// store is created (src/store/db.ts, bindEngineStore), so every context that opens the store (page,
// service worker, tests) has the engine bound before it can enqueue anything.
import type { Dexie, Table } from 'dexie';
import { createOutbox, type DrainDeps, type Outbox, type OutboxItem, type OutboxResponse, type OutboxTable, type Send } from './outbox';
import type { SyncStateTable } from './pull';
import { createSyncStatus, type SyncStatus, type SyncStatusStore } from './status';

/** The tables of a local store the engine works on. */
export interface EngineStore {
  /** Retry and discard run in one read-write transaction of this database. */
  database: Pick<Dexie, 'transaction'>;
  outbox: OutboxTable;
  syncState: SyncStateTable;
  /** Key/value rows; the 'user' row's value is the signed-in user (its id owns outbox items). */
  session: Table<{ key: string; value: unknown }, string>;
}

let boundStore: EngineStore | null = null;
let outboxInstance: Outbox | null = null;
let statusStore: SyncStatusStore | null = null;

/** Hand the engine the store it works on (once per context, where the store is created). */
export function bindEngineStore(store: EngineStore): void {
  boundStore = store;
  outboxInstance = null;
  statusStore = null;
}

/** The bound store (throws before bindEngineStore: nothing may queue into no store). */
export function engineStore(): EngineStore {
  if (!boundStore) throw new Error('The sync engine has no store yet: open the local store (src/store) first.');
  return boundStore;
}

export type OwnerSource = () => string | null | Promise<string | null>;

/** The signed-in user's id as the local store's session mirror has it (page and worker alike). */
export async function storedOwner(): Promise<string | null> {
  const row = await engineStore().session.get('user');
  const user = row?.value as { id?: unknown } | undefined;
  return user && (typeof user.id === 'string' || typeof user.id === 'number') ? String(user.id) : null;
}

let ownerSource: OwnerSource = storedOwner;

/** The user who owns new outbox items now (the signed-in user; null when signed out). */
export async function currentOutboxOwner(): Promise<string | null> {
  return (await ownerSource()) ?? null;
}

/** Who owns new outbox items and whose items are sent (null restores the stored-session default). */
export function setOutboxOwner(source: OwnerSource | null): void {
  ownerSource = source ?? storedOwner;
}

function outbox(): Outbox {
  outboxInstance ??= createOutbox({ table: engineStore().outbox, owner: () => ownerSource() });
  return outboxInstance;
}

/**
 * The outbox of this context over the bound store's outbox table (registry: the app-wide one).
 * Created on first use, so importing the engine opens nothing.
 */
export const appOutbox: Outbox = {
  // Both overloads (a typed mutation, or a kind's name) pass straight through.
  enqueue: (mutation: never, payload: unknown) => outbox().enqueue(mutation, payload),
  drain: (deps) => outbox().drain(deps),
  retry: (id) => outbox().retry(id),
  discard: (id) => outbox().discard(id),
  resumeAfterSignIn: () => outbox().resumeAfterSignIn(),
  pendingCount: () => outbox().pendingCount(),
  counts: () => outbox().counts(),
  list: () => outbox().list(),
  pendingEntityKeys: () => outbox().pendingEntityKeys(),
  nextAttemptAt: () => outbox().nextAttemptAt(),
  whenIdle: () => outbox().whenIdle(),
  isDraining: () => outbox().isDraining(),
  subscribe: (listener) => outbox().subscribe(listener),
};

// --- what happens to local rows when a change is delivered, refused or discarded ----------------

export interface OutcomeHandlers {
  /** The server accepted the change (2xx). */
  delivered?: (item: OutboxItem, response: OutboxResponse) => void | Promise<void>;
  /** The server refused it (4xx): the item is 'failed' now; `response` is the refusal. */
  failed?: (item: OutboxItem, response?: OutboxResponse) => void | Promise<void>;
  /** The user retried a failed item (it is pending again). */
  retried?: (item: OutboxItem) => void | Promise<void>;
  /** The user discarded the item (and `later`, the entity's items queued after it). */
  discarded?: (item: OutboxItem, later: OutboxItem[]) => void | Promise<void>;
  /** One line for the failed-changes list, e.g. 'Edit of "My script"'. */
  describe?: (item: OutboxItem) => string;
  /** The collection to pull after a discard (to get the server's version back). */
  collection?: string;
  /** The tables the handlers write (locked with the outbox when retrying or discarding). */
  tables?: () => Table[];
}

const outcomeHandlers = new Map<string, OutcomeHandlers>();

/** Register the reactions of one mutation kind (next to its defineMutation). */
export function onOutcome(kind: string, handlers: OutcomeHandlers): void {
  outcomeHandlers.set(kind, handlers);
}

export function outcomeOf(kind: string): OutcomeHandlers | undefined {
  return outcomeHandlers.get(kind);
}

/** A human description of an outbox item for the failed-changes list. */
export function describeChange(item: OutboxItem): string {
  return outcomeHandlers.get(item.kind)?.describe?.(item) ?? `${item.method} ${item.url}`;
}

/**
 * True when the item's owner is still the user of this context. After a sign-out (the runtime
 * stopped, the store wiped) a delivery still in flight must not write rows back into the store.
 */
async function stillOwned(item: OutboxItem): Promise<boolean> {
  if (item.ownerId === undefined || item.ownerId === null) return true;
  return ((await ownerSource()) ?? null) === item.ownerId;
}

export interface AppDrainOptions {
  onError?: DrainDeps['onError'];
  timeoutMs?: number;
}

/** Drain deps with the registered reactions: the same in the page (axios) and worker (fetch). */
export function appDrainDeps(send: Send, options: AppDrainOptions = {}): DrainDeps {
  return {
    send,
    timeoutMs: options.timeoutMs,
    onError: options.onError,
    async onDelivered(item, response) {
      const handler = outcomeHandlers.get(item.kind)?.delivered;
      if (handler && (await stillOwned(item))) await handler(item, response);
    },
    async onFailed(item, response) {
      const handler = outcomeHandlers.get(item.kind)?.failed;
      if (handler && (await stillOwned(item))) await handler(item, response);
    },
  };
}

// --- the running page's schedulers (absent in the worker and when signed out) --------------------

export interface EngineHooks {
  /** Pull one collection now (route entry, after a discard). */
  pull?: (collection: string) => Promise<void>;
  /** Drain the outbox now (the "Retry now" button). */
  drain?: () => Promise<void>;
}

let hooks: EngineHooks = {};

export function setEngineHooks(next: EngineHooks | null): void {
  hooks = next ?? {};
}

/** Pull a collection now, if a runtime is running (signed in); otherwise nothing to do. */
export async function pullNow(collection: string): Promise<void> {
  await hooks.pull?.(collection);
}

/** Drain the outbox now, if a runtime is running. */
export async function drainNow(): Promise<void> {
  await hooks.drain?.();
}

// --- retry and discard (the failed-changes UI) --------------------------------------------------

/** The outbox, sync state and session plus every table a registered kind's handlers write. */
function entityTables(): Table[] {
  const { outbox: outboxTable, syncState, session } = engineStore();
  const tables = new Set<Table>([outboxTable as Table, syncState as Table, session]);
  for (const handlers of outcomeHandlers.values()) for (const table of handlers.tables?.() ?? []) tables.add(table);
  return [...tables];
}

/** Put a failed change back in the queue (sent again with the same Idempotency-Key). */
export async function retryChange(outboxId: string): Promise<void> {
  const { database, outbox: outboxTable } = engineStore();
  const item = await database.transaction('rw', entityTables(), async () => {
    const row = await outboxTable.get(outboxId);
    if (!row) return null;
    if (!(await appOutbox.retry(outboxId))) return null;
    await outcomeHandlers.get(row.kind)?.retried?.({ ...row, status: 'pending', lastError: null });
    return row;
  });
  if (!item) return;
  // The retried event already asked the running page to drain; make sure even without one.
  await drainNow();
}

/**
 * Drop a change for good, together with the changes of the same entity queued after it (they
 * were made on top of it and would only fail or resurrect it), then pull the entity's collection
 * so the screen shows the server's version again.
 */
export async function discardChange(outboxId: string): Promise<void> {
  const { database, outbox: outboxTable } = engineStore();
  const collection = await database.transaction('rw', entityTables(), async () => {
    const row = await outboxTable.get(outboxId);
    if (!row) return null;
    const later = (await outboxTable.where('[entityKey+createdAt]').between([row.entityKey, row.createdAt], [row.entityKey, '\uffff'], false, true).toArray()).filter(
      (other) => other.id !== row.id,
    );
    for (const other of later) await appOutbox.discard(other.id);
    await appOutbox.discard(row.id);
    const handlers = outcomeHandlers.get(row.kind);
    await handlers?.discarded?.(row, later);
    return handlers?.collection ?? null;
  });
  if (collection) await pullNow(collection).catch(() => undefined);
}

// --- the sync status the indicator and screens read -----------------------------------------------

function statusInstance(): SyncStatusStore {
  statusStore ??= createSyncStatus({ outbox: appOutbox, syncState: engineStore().syncState });
  return statusStore;
}

/** Plain functions (no `this`): safe to pass around, e.g. to useSyncExternalStore. */
export interface AppSyncStatus {
  get: () => SyncStatus;
  subscribe: (listener: (status: SyncStatus) => void) => () => void;
  /** Re-read counts and last sync from the store. */
  refresh: () => Promise<SyncStatus>;
  /** Feed a pull result in. */
  notePull: (result: { syncedAt: string }) => void;
  /** Forget the last sync (after sign-out wiped the store). */
  reset: () => Promise<SyncStatus>;
}

/**
 * `{online, pendingCount, failedCount, authRequired, lastSyncedAt, draining}` of this context's
 * outbox and pulls. Created on first use (so importing src/sync has no side effects).
 */
export const syncStatus: AppSyncStatus = {
  get: () => statusInstance().get(),
  subscribe: (listener) => statusInstance().subscribe(listener),
  refresh: () => statusInstance().refresh(),
  notePull: (result) => statusInstance().notePull(result),
  reset: () => statusInstance().reset(),
};
