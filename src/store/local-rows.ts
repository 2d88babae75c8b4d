// What every offline-first collection (scripts, videos, music, …) does with its local rows, in one
// place: the entity's outbox items, the badge they give the row (pending / failed / synced), one
// guarded transaction for "optimistic row + outbox item + revision bump", and the standard
// reactions to a delivery, a refusal, a retry and a discard. A collection module describes its
// kinds and its server shape; this file holds the rules. No React.
import { Dexie, type Table } from 'dexie';
import { db } from './db';
import { guardStorage } from './storage-state';
import { onOutcome } from '../sync/engine';
import type { OutboxItem, OutboxResponse } from '../sync/outbox';
import { markCollectionChanged } from '../sync/pull';

export type RowSyncStatus = 'synced' | 'pending' | 'failed';

/** The local sync fields every collection row carries (LocalScript, LocalVideo, LocalMusicTrack). */
export interface SyncFields {
  syncStatus: RowSyncStatus;
  syncError: string | null;
  failedOutboxId: string | null;
}

export type SyncedRow = { id: string } & SyncFields;

export interface LocalRowsOptions<Row extends SyncedRow> {
  /** The syncState key and the name the pull scheduler knows, e.g. 'videos'. */
  collection: string;
  table: () => Table<Row, string>;
  /** Entity keys are `${prefix}:${id}`, e.g. 'video'. */
  entityPrefix: string;
}

export interface LocalRows<Row extends SyncedRow> {
  readonly collection: string;
  entityKey: (id: string) => string;
  table: () => Table<Row, string>;
  /** The tables a local write locks (the rows, outbox, sync state, session for the owner). */
  tables: () => Table[];
  /** Undelivered outbox items of one entity, oldest first. */
  itemsOf: (id: string) => Promise<OutboxItem[]>;
  /** The row's badge as the outbox has it: failed (first refused item), pending, or synced. */
  statusFields: (id: string) => Promise<SyncFields>;
  /** Re-read the badge of a row that exists (no-op otherwise). */
  refreshBadge: (id: string) => Promise<void>;
  /**
   * Run `write` in one transaction over tables(), guarded for a full disk (the storage banner
   * shows and the error still reaches the caller: the change was NOT saved). `extra`: other tables
   * the same transaction writes (e.g. the upload row a finished upload leaves).
   */
  write: <T>(write: () => Promise<T>, extra?: Table[]) => Promise<T>;
  /** Bump the collection's revision (inside a write): a pull in flight refetches. */
  changed: () => Promise<void>;
  /** Put a row back with the badge the outbox gives it now. */
  putWithBadge: (row: Row) => Promise<void>;
  /** The entity's items when none of them can have reached the server (its create included), else null. */
  neverSent: (id: string, createKind: string) => Promise<OutboxItem[] | null>;
}

export function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export function createLocalRows<Row extends SyncedRow>(options: LocalRowsOptions<Row>): LocalRows<Row> {
  const { collection, entityPrefix } = options;
  const entityKey = (id: string) => `${entityPrefix}:${id}`;
  const tables = (): Table[] => [options.table(), db.outbox, db.syncState, db.session];

  async function itemsOf(id: string): Promise<OutboxItem[]> {
    const key = entityKey(id);
    return db.outbox.where('[entityKey+createdAt]').between([key, Dexie.minKey], [key, Dexie.maxKey]).toArray();
  }

  async function statusFields(id: string): Promise<SyncFields> {
    const items = await itemsOf(id);
    const failed = items.find((item) => item.status === 'failed');
    if (failed) return { syncStatus: 'failed', syncError: failed.lastError ?? 'The server refused this change.', failedOutboxId: failed.id };
    return { syncStatus: items.length > 0 ? 'pending' : 'synced', syncError: null, failedOutboxId: null };
  }

  const rows: LocalRows<Row> = {
    collection,
    entityKey,
    table: options.table,
    tables,
    itemsOf,
    statusFields,
    async refreshBadge(id) {
      const table = options.table();
      if (await table.get(id)) await table.update(id, (await statusFields(id)) as never);
    },
    write: (write, extra = []) => guardStorage(() => db.transaction('rw', [...tables(), ...extra], write)),
    changed: () => markCollectionChanged(db.syncState, collection),
    async putWithBadge(row) {
      await options.table().put({ ...row, ...(await statusFields(row.id)) });
    },
    async neverSent(id, createKind) {
      const queued = await itemsOf(id);
      // Not applied on the server: never attempted, or refused (a 4xx stores nothing, the
      // idempotency layer only remembers successes). An attempt without an answer may have been.
      const untouched =
        queued.length > 0 &&
        queued[0]?.kind === createKind &&
        queued.every((item) => item.status === 'failed' || (item.attempts === 0 && (item.status === 'pending' || item.status === 'auth-required')));
      return untouched ? queued : null;
    },
  };
  return rows;
}

// --- the standard reactions to outcomes -------------------------------------------------------------

export interface RowOutcomeOptions<Row extends SyncedRow> {
  /** The kind that creates the entity (a discarded create removes the row). */
  createKind?: string;
  /** The kind that deletes it (delivered: row gone; refused: row shown again, badged). */
  deleteKind?: string;
  /** Every kind of the collection. */
  kinds: string[];
  /** The server's answer as a synced row (keeping local-only fields of `local`), or null when the
   *  answer is not an entity (e.g. `{message}`). */
  fromServer: (body: unknown, local: Row | undefined) => Row | null;
  describe: (item: OutboxItem) => string;
  /** Extra work after a delivered delete (e.g. free the offline copy of a video). */
  afterDelete?: (id: string) => Promise<void>;
  /**
   * A change was delivered while later ones of the entity still wait (they keep showing on the
   * row): runs in the delivery's transaction, e.g. to move them onto the version it produced.
   */
  afterDelivered?: (item: OutboxItem, response: OutboxResponse, remaining: OutboxItem[]) => Promise<void>;
}

export function payloadId(item: OutboxItem): string {
  return (item.payload as { id: string }).id;
}

/** `previous` of an update/delete payload: the row before the change (never sent). */
export function payloadPrevious<Row>(item: OutboxItem): Row | null {
  return (item.payload as { previous?: Row | null }).previous ?? null;
}

/**
 * Delivered: when it was the entity's last queued change, the server's answer replaces the row;
 * when later changes wait, the row keeps showing them. A delivered delete removes the row.
 * Refused: the row is badged 'failed' (a refused delete shows the row again). Retried: the badge
 * goes back to pending (a retried delete hides the row again). Discarded: a create's row goes, any
 * other change restores the row from before it.
 */
export function registerRowOutcomes<Row extends SyncedRow>(rows: LocalRows<Row>, options: RowOutcomeOptions<Row>): void {
  const table = () => rows.table();

  async function delivered(item: OutboxItem, response: OutboxResponse): Promise<void> {
    const id = payloadId(item);
    let deleted = false;
    await db.transaction('rw', rows.tables(), async () => {
      const remaining = await rows.itemsOf(id);
      if (item.kind === options.deleteKind) {
        if (remaining.length === 0) {
          await table().delete(id);
          deleted = true;
        }
      } else if (remaining.length === 0) {
        // The last change of this entity reached the server: its answer is the truth.
        const row = options.fromServer(response.body, await table().get(id));
        if (row) await table().put(row);
        else await rows.refreshBadge(id);
      } else {
        await options.afterDelivered?.(item, response, remaining);
        await rows.refreshBadge(id);
      }
      await rows.changed();
    });
    if (deleted) await options.afterDelete?.(id).catch(() => undefined);
  }

  async function failed(item: OutboxItem): Promise<void> {
    const id = payloadId(item);
    await db.transaction('rw', rows.tables(), async () => {
      if (item.kind === options.deleteKind && !(await table().get(id))) {
        const previous = payloadPrevious<Row>(item);
        if (previous) await rows.putWithBadge(previous);
        return;
      }
      await rows.refreshBadge(id);
    });
  }

  async function retried(item: OutboxItem): Promise<void> {
    const id = payloadId(item);
    if (item.kind === options.deleteKind) await table().delete(id);
    else await rows.refreshBadge(id);
  }

  async function discarded(item: OutboxItem): Promise<void> {
    const id = payloadId(item);
    if (item.kind === options.createKind) {
      await table().delete(id);
    } else {
      const previous = payloadPrevious<Row>(item);
      if (previous) await rows.putWithBadge(previous);
      else await rows.refreshBadge(id);
    }
    await rows.changed();
  }

  for (const kind of options.kinds) {
    onOutcome(kind, { collection: rows.collection, tables: rows.tables, delivered, failed, retried, discarded, describe: options.describe });
  }
}

/** A title from a payload (its own, its changes', or the previous row's), quoted, or `fallback`. */
export function quotedTitle(item: OutboxItem, fallback: string): string {
  const payload = item.payload as { title?: unknown; changes?: { title?: unknown }; previous?: { title?: unknown } | null };
  const title = payload.changes?.title ?? payload.title ?? payload.previous?.title;
  return typeof title === 'string' && title ? `"${title}"` : fallback;
}
