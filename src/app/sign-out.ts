// Sign-out with unsynced work: sign-out wipes the device (spec §4), outbox included,
// so when changes have not reached the server the user is warned first and can cancel.
// The outbox and the engine are imported when used: the shell imports this module and renders
// before the offline engine (Dexie) has arrived (initial JavaScript budgets).
import type { OutboxCounts } from '../sync';

export const SIGN_OUT_ANYWAY = 'Sign out anyway';

/** How many of the user's changes have not reached the server (pending, waiting, failed). */
export function unsyncedChangeCount(counts: Pick<OutboxCounts, 'pending' | 'failed'>): number {
  return Math.max(0, counts.pending) + Math.max(0, counts.failed);
}

/** The warning to show before signing out, or null when nothing would be lost. */
export function signOutWarning(counts: Pick<OutboxCounts, 'pending' | 'failed'>): string | null {
  const n = unsyncedChangeCount(counts);
  if (n === 0) return null;
  return n === 1
    ? 'You have 1 change that has not reached the server. Signing out will delete it from this device.'
    : `You have ${n} changes that have not reached the server. Signing out will delete them from this device.`;
}

/** The warning for the signed-in user's outbox right now (null: sign out without asking). */
export async function currentSignOutWarning(): Promise<string | null> {
  try {
    // Through the engine's module, which is loaded while someone is signed in: the check then
    // needs no chunk of its own, and works offline before the service worker has them all.
    const { outboxCounts } = await import('./sync-runtime');
    return signOutWarning(await outboxCounts());
  } catch {
    // The store cannot be read: say so rather than silently wiping what may be there.
    return 'Reelflow could not check for changes that have not reached the server. Signing out will delete anything unsent from this device.';
  }
}

/** Stop the sync engine, then sign out with `logout` (useAuth().logout: server call, then wipe
 *  everything local). */
export async function signOutNow(logout: () => Promise<void>): Promise<void> {
  // Loaded already while someone is signed in (src/main.tsx); if it never arrived, no engine runs.
  await import('./sync-runtime').then(({ stopForSignOut }) => stopForSignOut(), () => undefined);
  await logout();
}
