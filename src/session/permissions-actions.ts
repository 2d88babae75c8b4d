// Loading the permissions object (spec §4 "Permissions provider"), without React.
//
// Offline decision (docs/decisions/client-session.md): when the fetch fails with a network error
// (no HTTP response at all) and this user's permissions were cached in the local store, the
// cached object is used so the app stays useful offline. Any HTTP error response still goes to
// the error state, where every check denies.
// The HTTP layer (axios) is loaded on the first call: see auth-actions.ts.
import type { AxiosError } from 'axios';
import type { Permissions } from '../../contract';
import { toRejection } from '../api/errors';
import { quickGetJson } from '../api/quick-get';
import { isAuthenticated, permissionsState, sessionState, wantedPermissionsKey } from './state';
import { afterFirstScreen } from '../ui/first-screen';

let sequence = 0;
/** The load under way and the identity it is for: a second call for the same identity shares it. */
let pending: { key: string | null; promise: Promise<void> } | null = null;

/** axios' own test (without importing axios here): its errors carry `isAxiosError: true`. */
function isAxiosError(error: unknown): error is AxiosError {
  return typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}

export { permissionsUserKey } from './state';

/**
 * Fetches the permissions of the signed-in user. A call while a load for the same identity is
 * under way shares it, and a call once that identity's permissions are loaded keeps them: the
 * entry starts the load of a restored session before React renders (and the first screen waits
 * for it), and the provider's effect asks again once it mounts: one request, not two. `force`
 * starts a new one (an explicit refresh).
 */
export function loadPermissions({ force = false }: { force?: boolean } = {}): Promise<void> {
  const key = wantedPermissionsKey();
  if (!force && pending && pending.key === key) return pending.promise;
  const loaded = key !== null && permissionsState.forKey === key && permissionsState.permissions !== null;
  if (!force && loaded && !permissionsState.loading && permissionsState.error === null) return Promise.resolve();
  const promise = runLoad();
  const entry = { key, promise };
  pending = entry;
  const clear = () => {
    if (pending === entry) pending = null;
  };
  promise.then(clear, clear);
  return promise;
}

async function runLoad(): Promise<void> {
  const current = ++sequence;
  const user = sessionState.user;
  permissionsState.forKey = wantedPermissionsKey();
  if (!user || !isAuthenticated()) {
    permissionsState.permissions = null;
    permissionsState.heldFor = null;
    permissionsState.error = null;
    permissionsState.loading = false;
    return;
  }
  const userId = user.id;
  permissionsState.loading = true;
  permissionsState.error = null;
  let http: typeof import('../api/client') | null = null;
  try {
    // A plain success straight away, without waiting for the HTTP client's chunk (quick-get.ts);
    // anything else is asked again through the client, which handles errors as the spec says.
    let permissions = await quickGetJson<Permissions>('/api/user/permissions');
    if (current !== sequence) return;
    if (!permissions) {
      // Both at once: one round of chunk requests on a slow link, not two in a row.
      const [client, { fetchPermissionsRaw }] = await Promise.all([import('../api/client'), import('../api/endpoints')]);
      http = client;
      permissions = await fetchPermissionsRaw();
      if (current !== sequence) return;
    }
    // A copy: valtio would otherwise wrap (and write proxies into) the response object.
    permissionsState.permissions = structuredClone(permissions);
    permissionsState.heldFor = String(userId);
    // The store (Dexie) is imported on first use (see auth-actions.ts), and the offline copy is
    // written once the first screen has shown: at start-up this answer is what that screen waits
    // for, and loading and opening Dexie beside its render cost a phone ~200 ms of main thread.
    afterFirstScreen(() => {
      // Signed out (the store wiped) or someone else signed in since: the copy is not theirs to keep.
      if (sessionState.user?.id !== userId || !isAuthenticated()) return;
      import('../store').then(({ permissionsRepo }) => permissionsRepo.put(userId, permissions)).catch((error: unknown) => {
        console.warn('Could not cache permissions:', error);
      });
    });
  } catch (error) {
    if (current !== sequence) return;
    if (http?.isNetworkError(error)) {
      const cached = await import('../store').then(({ permissionsRepo }) => permissionsRepo.get(userId)).catch(() => null);
      if (current !== sequence) return;
      if (cached) {
        console.warn('Permissions could not be fetched (offline); using the cached copy.');
        permissionsState.permissions = cached;
        permissionsState.heldFor = String(userId);
        permissionsState.error = null;
        return;
      }
    }
    const stored = isAxiosError(error) ? toRejection(error) : error;
    permissionsState.permissions = null;
    permissionsState.heldFor = null;
    permissionsState.error = stored ?? 'Failed to fetch permissions';
    console.error('Failed to fetch permissions:', stored);
  } finally {
    if (current === sequence) permissionsState.loading = false;
  }
}
