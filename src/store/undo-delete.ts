// Delete with "Undo" for entities the client cannot simply create again (a video would render and
// charge again, a music track would need its file uploaded again): the DELETE is queued but HELD
// in the outbox for the undo window (its nextAttemptAt lies in the future, so no drain sends it
// before), and Undo discards it. A change that never left the device is just dropped (nothing is
// sent) and Undo queues it again. No React.
import { db } from './db';
import { appOutbox } from '../sync/engine';
import type { OutboxItem } from '../sync/outbox';
import type { MutationDef } from '../sync/registry';
import { plain, type LocalRows, type SyncedRow } from './local-rows';

/** How long a delete waits in the outbox for an Undo (the notification shows as long). */
export const UNDO_WINDOW_MS = 8000;

export interface DeletedRow<Row> {
  id: string;
  /** The row as it was: what Undo brings back. */
  previous: Row | null;
  /** The held DELETE, or null when the entity never left the device. */
  deleteItemId: string | null;
  /** The never-sent items that were dropped instead (queued again on Undo). */
  dropped: Array<{ kind: string; payload: unknown }>;
}

export interface DeleteOptions<Row extends SyncedRow> {
  rows: LocalRows<Row>;
  createKind: string;
  deleteMutation: MutationDef<string, { id: string; previous: Row | null }>;
  /** Hold the DELETE this long before it may be sent (0: send at once). */
  holdMs?: number;
  now?: () => number;
}

export async function deleteLocallyWithUndo<Row extends SyncedRow>(id: string, options: DeleteOptions<Row>): Promise<DeletedRow<Row>> {
  const { rows } = options;
  const now = options.now ?? (() => Date.now());
  return rows.write(async () => {
    const current = await rows.table().get(id);
    const previous = current ? plain(current) : null;
    const neverSent = await rows.neverSent(id, options.createKind);
    let deleteItemId: string | null = null;
    const dropped: DeletedRow<Row>['dropped'] = [];
    if (neverSent) {
      for (const item of neverSent) {
        dropped.push({ kind: item.kind, payload: item.payload });
        await appOutbox.discard(item.id);
      }
    } else {
      const item = await appOutbox.enqueue(options.deleteMutation, { id, previous });
      deleteItemId = item.id;
      const hold = options.holdMs ?? UNDO_WINDOW_MS;
      if (hold > 0) await db.outbox.update(item.id, { nextAttemptAt: now() + hold });
    }
    await rows.table().delete(id);
    await rows.changed();
    return { id, previous, deleteItemId, dropped };
  });
}

/** Why an Undo did not bring the row back. */
export class UndoTooLateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UndoTooLateError';
  }
}

/**
 * Undo a delete: discard the held DELETE (not sent yet, or refused), or queue the dropped
 * never-sent items again; the row comes back as it was. Throws UndoTooLateError when the DELETE
 * may already have reached the server (it was attempted or delivered).
 */
export async function undoLocalDelete<Row extends SyncedRow>(rows: LocalRows<Row>, deleted: DeletedRow<Row>, tooLate: string): Promise<boolean> {
  const previous = deleted.previous;
  if (!previous) return false;
  return rows.write(async () => {
    if (deleted.deleteItemId) {
      const item: OutboxItem | undefined = await db.outbox.get(deleted.deleteItemId);
      const notSent = item && item.status !== 'sending' && (item.attempts === 0 || item.status === 'failed');
      if (!item || !notSent) throw new UndoTooLateError(tooLate);
      await appOutbox.discard(item.id);
    } else {
      for (const { kind, payload } of deleted.dropped) await appOutbox.enqueue(kind, payload);
    }
    await rows.putWithBadge(previous);
    await rows.changed();
    return true;
  });
}
