// The drain (DESIGN §4): one pass after another over a snapshot of the queue, oldest first,
// strictly in order per entity, one request at a time under a lock shared by every context (page
// and service worker). Pipelined: the next row is claimed while a request is in flight.
import { runCoalesced, type LockBackend } from './lock';
import type { OutboxContext } from './outbox-context';
import { nextAttemptAt } from './outbox-queue';
import { sendOne } from './outbox-send';
import type { DrainDeps, DrainResult, OutboxItem } from './outbox-types';

/** The lock drains of one outbox take (coalesced: one running, at most one queued). */
export interface DrainLock {
  backend: LockBackend;
  name: string;
}

/**
 * Mark a row of a pass's snapshot 'sending' if it is still pending and due (it may have been
 * discarded, retried or paused since the snapshot was read), atomically.
 */
function claim(context: OutboxContext, id: string, owner: string | null): Promise<OutboxItem | null> {
  const { database, table, now, ours } = context;
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
function unclaim(context: OutboxContext, id: string): Promise<void> {
  const { database, table } = context;
  return database.transaction('rw', table, async () => {
    const row = await table.get(id);
    if (row?.status === 'sending') await table.put({ ...row, status: 'pending' });
  });
}

/** A drain result before anything is sent: the start of a pass, or a pass that never ran. */
function nothingDrained(ran: boolean): DrainResult {
  return { ran, delivered: 0, retrying: 0, failed: 0, authRequired: false, stopped: null, nextAttemptAt: null };
}

async function drainBody(context: OutboxContext, deps: DrainDeps): Promise<DrainResult> {
  const { database, table, now, emit, ours, pausedIn, sorted, currentOwner } = context;
  const result = nothingDrained(true);
  context.draining += 1;
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
          const item = await claim(context, row.id, owner);
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
        const [outcome, claimedAhead] = await Promise.all([sendOne(context, item, deps, result, owner, checkAhead), claimingAhead]);
        next = claimedAhead;
        if (next !== null && next !== 'wait') {
          if (!aheadChecked) await checkAhead();
          if (ahead === null) next = 'wait';
        }
        if (outcome !== 'continue') {
          result.stopped = outcome;
          // (After a 401 the claimed row is already paused with the rest; unclaim leaves it.)
          if (next !== null && next !== 'wait') await unclaim(context, next.id);
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
    result.nextAttemptAt = await nextAttemptAt(context);
    return result;
  } finally {
    context.draining -= 1;
    emit({ type: 'drain-end', result });
  }
}

export async function drain(context: OutboxContext, lock: DrainLock, deps: DrainDeps): Promise<DrainResult> {
  const outcome = await runCoalesced(lock.backend, lock.name, () => drainBody(context, deps));
  if (outcome.ran) return outcome.value;
  return nothingDrained(false);
}
