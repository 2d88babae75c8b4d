// The route guard's decision (spec §4 "Route guard"), kept free of React so that it is tested
// on its own. The order matters: no user first, then loading, then the permission check.
import type { RoutePermission } from '../../contract';

export type AccessDecision = 'login' | 'loading' | 'denied' | 'allow';

export interface AccessInput {
  /** The signed-in user, or null/undefined when signed out. */
  user: unknown;
  permissionsLoading: boolean;
  hasPermission: (name: string) => boolean;
  /** The permission the route needs, if any (spec §2 table). */
  required?: RoutePermission | null;
}

export function decideAccess({ user, permissionsLoading, hasPermission, required }: AccessInput): AccessDecision {
  if (!user) return 'login';
  if (permissionsLoading) return 'loading';
  if (required && !hasPermission(required)) return 'denied';
  return 'allow';
}

/** Visible texts of the guard (spec §4 and §8), exactly as the spec words them. */
export const GUARD_TEXT = {
  loadingPermissions: 'Loading permissions...',
  deniedTitle: 'Access Denied',
  deniedBody: 'You do not have permission to view this page.',
  deniedButton: 'OK',
} as const;
