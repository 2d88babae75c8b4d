import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import * as rules from './permission-rules';
import { loadPermissions } from './permissions-actions';
import {
  effectivePermissions,
  isAuthenticated,
  permissionsState,
  permissionsUserKey,
  sessionState,
  type PermissionsState,
} from './state';
import type { PermissionsContextValue } from './types';
import { useTransitionSnapshot } from './use-transition-snapshot';

const PermissionsContext = createContext<PermissionsContextValue | undefined>(undefined);

/** Fetches the permissions once whenever the user or the authentication status changes, and
 *  answers the checks of spec §5 through the pure rules. Reads the session from its state, so it
 *  works inside AuthProvider or on its own. */
export function PermissionsProvider({ children }: { children?: ReactNode }) {
  // Read every field during render (valtio tracks what a render touches), then memoise on them.
  const { user, token } = useTransitionSnapshot(sessionState);
  const { permissions: loaded, loading: loadingState, error: loadError, forKey, heldFor } = useTransitionSnapshot(permissionsState);
  const authenticated = isAuthenticated({ user, token });
  const userKey = permissionsUserKey(user);

  useEffect(() => {
    void loadPermissions();
  }, [userKey, authenticated]);

  const refresh = useCallback(() => loadPermissions({ force: true }), []);

  const value = useMemo<PermissionsContextValue>(() => {
    const view = effectivePermissions(
      { user, token },
      { permissions: loaded as PermissionsState['permissions'], loading: loadingState, error: loadError, forKey, heldFor },
    );
    return {
      permissions: view.permissions,
      loading: view.loading,
      error: view.error,
      hasPermission: (name) => rules.hasPermission(view, name),
      isUnlimited: (limit) => rules.isUnlimited(view, limit),
      getLimit: (limit) => rules.getLimit(view, limit),
      getDisplayText: (limit) => rules.getDisplayText(view, limit),
      getPermissionValue: (name) => rules.getPermissionValue(view, name),
      isArtStyleAllowed: (style) => rules.isArtStyleAllowed(view, style),
      refresh,
    };
  }, [user, token, loaded, loadingState, loadError, forKey, heldFor, refresh]);

  return <PermissionsContext value={value}>{children}</PermissionsContext>;
}

export function usePermissions(): PermissionsContextValue {
  const context = useContext(PermissionsContext);
  if (!context) throw new Error('usePermissions must be used within a PermissionsProvider');
  return context;
}
