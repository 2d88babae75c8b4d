// What every part of one outbox shares (DESIGN §4): its table, clock, randomness, registry, the
// signed-in owner, its listeners, and the rules for which rows this context may touch. Built once
// per createOutbox and handed to the queue, drain and send modules, so they stay plain functions.
import { Dexie, type Table } from 'dexie';
import { mutationRegistry, type MutationRegistry } from './registry';
import { compareItems, type OutboxEvent, type OutboxItem, type OutboxListener, type OutboxOptions } from './outbox-types';

export interface OutboxContext {
  table: Table<OutboxItem, string>;
  database: Dexie;
  registry: MutationRegistry;
  now: () => number;
  random: () => number;
  uuid: () => string;
  /** The owner option as given (undefined: rows are not stamped and every row is ours). */
  owner: OutboxOptions['owner'];
  listeners: Set<OutboxListener>;
  /** Drains running in this context (isDraining). */
  draining: number;
  emit: (event: OutboxEvent) => void;
  /** This code knows how to send the row: its kind is registered at this schemaVersion or older. */
  known: (item: OutboxItem) => boolean;
  currentOwner: () => Promise<string | null>;
  /** Rows this context may touch now: a known schema, and the signed-in user's (or nobody's). */
  ours: (row: OutboxItem, owner: string | null) => boolean;
  /** The signed-in user's row, or nobody's (ignores the schema; for counts and lists). */
  mine: (row: OutboxItem, owner: string | null) => boolean;
  pausedIn: (rows: OutboxItem[], owner: string | null) => boolean;
  /** Every row, in send order. */
  sorted: () => Promise<OutboxItem[]>;
}

export function createOutboxContext(options: OutboxOptions): OutboxContext {
  const table = options.table as Table<OutboxItem, string>;
  const registry = options.registry ?? mutationRegistry;
  const listeners = new Set<OutboxListener>();

  const context: OutboxContext = {
    table,
    database: table.db,
    registry,
    now: options.now ?? (() => Date.now()),
    random: options.random ?? Math.random,
    uuid: options.uuid ?? (() => crypto.randomUUID()),
    owner: options.owner,
    listeners,
    draining: 0,
    emit(event) {
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
    },
    known(item) {
      const def = registry.get(item.kind);
      return !!def && item.schemaVersion <= def.schemaVersion;
    },
    async currentOwner() {
      return options.owner ? ((await options.owner()) ?? null) : null;
    },
    mine(row, owner) {
      return !options.owner || row.ownerId === undefined || row.ownerId === null || row.ownerId === owner;
    },
    ours(row, owner) {
      if (!context.known(row)) return false;
      return context.mine(row, owner);
    },
    pausedIn(rows, owner) {
      return rows.some((row) => row.status === 'auth-required' && context.ours(row, owner));
    },
    async sorted() {
      return (await table.toArray()).sort(compareItems);
    },
  };
  return context;
}
