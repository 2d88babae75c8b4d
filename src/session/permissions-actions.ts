// Loading the permissions object (spec §4 "Permissions provider"), without React.
//
// Offline decision (docs/decisions/client-session.md): when the fetch fails with a network error
// (no HTTP response at all) and this user's permissions were cached in the local store, the
// cached object is used so the app stays useful offline. Any HTTP error response still goes to
// the error state, where every check denies.
import { fetchPermissionsRaw, isNetworkError, toRejection } from '../api';
import { permissionsRepo } from '../store';
import { AxiosError } from 'axios';
import { isAuthenticated, permissionsState, sessionState, wantedPermissionsKey } from './state';

let sequence = 0;

export { permissionsUserKey } from './state';

export async function loadPermissions(): Promise<void> {
  const current = ++sequence;
  const user = sessionState.user;
  permissionsState.forKey = wantedPermissionsKey();
  if (!user || !isAuthenticated()) {
    permissionsState.permissions = null;
    permissionsState.error = null;
    permissionsState.loading = false;
    return;
  }
  const userId = user.id;
  permissionsState.loading = true;
  permissionsState.error = null;
  try {
    const permissions = await fetchPermissionsRaw();
    if (current !== sequence) return;
    // A copy: valtio would otherwise wrap (and write proxies into) the response object.
    permissionsState.permissions = structuredClone(permissions);
    permissionsRepo.put(userId, permissions).catch((error: unknown) => {
      console.warn('Could not cache permissions:', error);
    });
  } catch (error) {
    if (current !== sequence) return;
    if (isNetworkError(error)) {
      const cached = await permissionsRepo.get(userId).catch(() => null);
      if (current !== sequence) return;
      if (cached) {
        console.warn('Permissions could not be fetched (offline); using the cached copy.');
        permissionsState.permissions = cached;
        permissionsState.error = null;
        return;
      }
    }
    const stored = error instanceof AxiosError ? toRejection(error) : error;
    permissionsState.permissions = null;
    permissionsState.error = stored ?? 'Failed to fetch permissions';
    console.error('Failed to fetch permissions:', stored);
  } finally {
    if (current === sequence) permissionsState.loading = false;
  }
}
