// The durable outbox (DESIGN §4): every change that can wait is a row in a Dexie table, sent by
// one drainer at a time, oldest first and strictly in order per entity, with its id as the
// Idempotency-Key on every attempt. Nothing is dropped: network errors, 5xx and 429 back off and
// retry; 401 pauses the whole queue until sign-in; other 4xx park the item as 'failed' (blocking
// its entity) until the user retries or discards it. No React, no DOM: this runs in the page and
// in the service worker, with its collaborators (table, transport, clock, random) passed in.
//
// Split by concern; this module assembles them and is the one path the rest of the app imports:
//   outbox-types.ts    rows, requests/responses, results, events, the Outbox interface
//   outbox-response.ts reading responses: headers, server messages, retryable statuses, timeout
//   outbox-context.ts  what one outbox shares: table, clock, owner, listeners, row rules
//   outbox-queue.ts    enqueue, retry, discard, resume, counts and queries
//   outbox-drain.ts    the drain passes (order per entity, pipelined claims, the lock)
//   outbox-send.ts     one attempt and what its response does to the queue
import { defaultLocks, lockBackend } from './lock';
import { createOutboxContext } from './outbox-context';
import { drain, type DrainLock } from './outbox-drain';
import { counts, discard, enqueue, list, nextAttemptAt, pendingEntityKeys, resumeAfterSignIn, retry } from './outbox-queue';
import { OUTBOX_LOCK_NAME, type Outbox, type OutboxOptions } from './outbox-types';
import type { MutationDef } from './registry';

export type {
  DrainDeps,
  DrainResult,
  HeadersLike,
  Outbox,
  OutboxCounts,
  OutboxEvent,
  OutboxItem,
  OutboxListener,
  OutboxOptions,
  OutboxRequest,
  OutboxResponse,
  OutboxStatus,
  OutboxTable,
  Send,
} from './outbox-types';
export { compareItems, OUTBOX_LOCK_NAME } from './outbox-types';
export { DEFAULT_SEND_TIMEOUT_MS, headerValue, serverMessage } from './outbox-response';

export function createOutbox(options: OutboxOptions): Outbox {
  const context = createOutboxContext(options);
  const lock: DrainLock = {
    backend: lockBackend(options.locks === undefined ? defaultLocks() : options.locks),
    name: options.lockName ?? OUTBOX_LOCK_NAME,
  };

  return {
    // One implementation for both overloads (as before the split): kind name or definition.
    enqueue: (mutation: MutationDef<string, unknown> | string, payload: unknown) => enqueue(context, mutation, payload),
    drain: (deps) => drain(context, lock, deps),
    retry: (id) => retry(context, id),
    discard: (id) => discard(context, id),
    resumeAfterSignIn: () => resumeAfterSignIn(context),
    pendingCount: async () => (await counts(context)).pending,
    counts: () => counts(context),
    list: () => list(context),
    pendingEntityKeys: () => pendingEntityKeys(context),
    nextAttemptAt: () => nextAttemptAt(context),
    whenIdle: () => lock.backend.run(lock.name, () => Promise.resolve()),
    isDraining: () => context.draining > 0,
    subscribe(listener) {
      context.listeners.add(listener);
      return () => {
        context.listeners.delete(listener);
      };
    },
  };
}
