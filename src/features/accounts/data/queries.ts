// The connected accounts as the screens read them from the local store (offline too). Plain
// functions: a screen runs them through useLiveQuery, a test calls them directly.
import { db, type LocalAccount } from '../../../store/db';
import { disconnectAccountMutation, disconnectedAccountOf } from './accounts';

/** Newest connection first (the server's order), then by name. */
export function byConnectedDesc(a: LocalAccount, b: LocalAccount): number {
  if (a.connected_at !== b.connected_at) return a.connected_at < b.connected_at ? 1 : -1;
  return a.name.localeCompare(b.name);
}

/** Every connected account, in no particular order. */
export const allAccounts = (): Promise<LocalAccount[]> => db.accounts.toArray();

/** Oldest connection first (the composer's account choice). */
export const accountsOldestFirst = (): Promise<LocalAccount[]> => db.accounts.orderBy('connected_at').toArray();

/** Newest connection first (the connect screen's list). */
export async function accountsNewestFirst(): Promise<LocalAccount[]> {
  return (await db.accounts.toArray()).sort(byConnectedDesc);
}

/** Disconnects still waiting in the outbox (a refused one is back in the list, badged). */
export async function queuedDisconnects(): Promise<Array<{ id: string; name: string }>> {
  const items = await db.outbox.filter((item) => item.kind === disconnectAccountMutation.kind && item.status !== 'failed').toArray();
  return items.map((item) => ({ id: item.id, name: disconnectedAccountOf(item)?.name ?? 'An account' }));
}
