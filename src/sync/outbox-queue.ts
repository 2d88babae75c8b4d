// The outbox's queue operations (DESIGN §4): enqueue (strictly increasing createdAt, the send
// order; paused on arrival while the queue waits for sign-in), retry, discard, resume after
// sign-in, and the read-only queries the UI and pull use. The drain lives in outbox-drain.ts.
import type { OutboxContext } from './outbox-context';
import type { OutboxCounts, OutboxItem } from './outbox-types';
import type { MutationDef } from './registry';

export async function enqueue(
  context: OutboxContext,
  mutation: MutationDef<string, unknown> | string,
  payload: unknown,
): Promise<OutboxItem> {
  const { database, table, registry, now, uuid, emit, currentOwner, pausedIn } = context;
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
    if (context.owner) row.ownerId = owner;
    if (request.ifMatch !== undefined) row.ifMatch = request.ifMatch;
    await table.add(row);
    return row;
  });
  emit({ type: 'enqueued', item });
  return item;
}

/** Earliest nextAttemptAt among the signed-in user's pending rows of a known schema (null while paused). */
export async function nextAttemptAt(context: OutboxContext): Promise<number | null> {
  const { table, currentOwner, ours, pausedIn } = context;
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

export async function retry(context: OutboxContext, id: string): Promise<boolean> {
  const { database, table, now, emit, currentOwner, ours } = context;
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

export async function discard(context: OutboxContext, id: string): Promise<boolean> {
  const { database, table, emit } = context;
  const existed = await database.transaction('rw', table, async () => {
    const row = await table.get(id);
    if (!row) return false;
    await table.delete(id);
    return true;
  });
  if (existed) emit({ type: 'discarded', id });
  return existed;
}

export async function resumeAfterSignIn(context: OutboxContext): Promise<number> {
  const { database, table, now, emit, currentOwner, ours } = context;
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
export async function counts(context: OutboxContext): Promise<OutboxCounts> {
  const { table, registry, currentOwner } = context;
  const owner = await currentOwner();
  const rows = (await table.toArray()).filter((row) => !registry.get(row.kind)?.silent && context.mine(row, owner));
  const result: OutboxCounts = { pending: 0, failed: 0, authRequired: 0, total: rows.length };
  for (const row of rows) {
    if (row.status === 'failed') result.failed += 1;
    else result.pending += 1;
    if (row.status === 'auth-required') result.authRequired += 1;
  }
  return result;
}

/** The signed-in user's items (all items without an owner option), in send order. */
export async function list(context: OutboxContext): Promise<OutboxItem[]> {
  const owner = await context.currentOwner();
  return (await context.sorted()).filter((row) => context.mine(row, owner));
}

/** Entity keys with any undelivered item (pull must not overwrite or remove those rows). */
export async function pendingEntityKeys(context: OutboxContext): Promise<Set<string>> {
  return new Set((await context.table.toArray()).map((row) => row.entityKey));
}
