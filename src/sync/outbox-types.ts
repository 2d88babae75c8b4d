// The outbox's shapes (DESIGN §4): the row stored in Dexie, what the transport is asked and
// answers, drain results and events, and the Outbox interface itself. Types only (plus the send
// order), so every other outbox module and the store can import them without a cycle.
import type { EntityTable, Table } from 'dexie';
import type { LockManagerLike } from './lock';
import type { HttpMethod, MutationDef, MutationRegistry } from './registry';

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
  /**
   * The version of the entity this change was made on, sent as `If-Match` (the server answers 412
   * when it holds another). Stored on the row, like the body, so every attempt sends the same;
   * a kind's delivery handler may move a waiting row on to the version the previous one produced.
   */
  ifMatch?: string;
}

/** What `send` is asked to do. Headers here are only the outbox's; the transport adds auth. */
export interface OutboxRequest {
  id: string;
  method: HttpMethod;
  url: string;
  body: unknown;
  headers: { 'Idempotency-Key': string; 'If-Match'?: string };
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
  /**
   * Called after the server refused an item (it is now 'failed'), e.g. to badge its row; with the
   * refusal itself, whose body may say more than its message (a 412's current version).
   */
  onFailed?: (item: OutboxItem, response: OutboxResponse) => void | Promise<void>;
  /** Errors thrown by onDelivered / onFailed (the drain goes on regardless). */
  onError?: (error: unknown, item: OutboxItem) => void;
  /**
   * Give up waiting for one response after this long (default 60 s; 0 = never) and treat it as
   * a network error: a hung request must not hold the drain lock forever. The server may still
   * apply it; the retry carries the same Idempotency-Key.
   */
  timeoutMs?: number;
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
