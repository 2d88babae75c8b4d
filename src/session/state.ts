// Session and permissions state, in vanilla valtio so that non-React code (the router guard, the
// sync engine) can read it; the providers expose it to screens through useAuth/usePermissions.
import { proxy, snapshot, subscribe } from 'valtio/vanilla';
import type { Permissions, User } from '../../contract';
import { hasPermission } from './permission-rules';
import type { PaymentStatus } from './types';

export interface SessionState {
  user: User | null;
  token: string | null;
  credits: number;
  loading: boolean;
  error: string | null;
  paymentStatus: PaymentStatus;
}

export interface PermissionsState {
  permissions: Permissions | null;
  /** Initially true (spec §4). */
  loading: boolean;
  error: unknown;
  /** Which signed-in identity the current permissions/loading/error belong to (null: signed
   *  out; undefined: nothing loaded yet). */
  forKey?: string | null;
  /** Whose `permissions` these are (the user id), kept while a re-fetch for them runs. */
  heldFor?: string | null;
}

export function initialPaymentStatus(): PaymentStatus {
  return {
    hasPaymentApproval: false,
    hasPaymentMethod: false,
    skipPaymentApproval: false,
    originalPaymentApproval: false,
    checkingStatus: false,
    lastChecked: null,
    error: null,
    meta: null,
  };
}

export const sessionState: SessionState = proxy<SessionState>({
  user: null,
  token: null,
  credits: 0,
  loading: false,
  error: null,
  paymentStatus: initialPaymentStatus(),
});

export const permissionsState: PermissionsState = proxy<PermissionsState>({ permissions: null, loading: true, error: null, forKey: undefined, heldFor: null });

/** What identifies "the user" for refetching permissions: a different account or plan, or a
 *  server-side change (updated_at) — not our local update of the payment flags. */
export function permissionsUserKey(user: (Pick<User, 'id'> & Partial<User>) | null | undefined): string | null {
  if (!user) return null;
  return `${String(user.id)}|${String(user.plan ?? '')}|${String(user.updated_at ?? '')}`;
}

/** The permissions identity the session currently asks for: null when not authenticated. */
export function wantedPermissionsKey(state: Pick<SessionState, 'user' | 'token'> = sessionState): string | null {
  return isAuthenticated(state) ? permissionsUserKey(state.user) : null;
}

/**
 * The permissions as checks must see them: still loading while the loaded ones belong to another
 * identity (e.g. right after sign-in, before the fetch has even started), so the route guard
 * never denies on a stale "loaded, nothing held".
 *
 * A re-fetch for the same user (their plan or profile changed, a licence applied) keeps the
 * permissions held until its answer arrives instead of going back to "loading": the guard would
 * otherwise swap the screen for "Loading permissions..." and back, and whatever the creator was
 * typing in it (an open editor) would be gone (docs/decisions/client-session.md).
 */
export function effectivePermissions(
  session: Pick<SessionState, 'user' | 'token'>,
  perms: Pick<PermissionsState, 'permissions' | 'loading' | 'error' | 'forKey' | 'heldFor'>,
): { permissions: Permissions | null; loading: boolean; error: unknown } {
  const current = perms.forKey === wantedPermissionsKey(session);
  if (current && !perms.loading) return { permissions: perms.permissions, loading: false, error: perms.error };
  const sameUser = isAuthenticated(session) && perms.heldFor != null && perms.heldFor === String(session.user?.id);
  if (sameUser && perms.permissions !== null) return { permissions: perms.permissions, loading: false, error: null };
  return {
    permissions: current ? perms.permissions : null,
    loading: perms.loading || !current,
    error: current ? perms.error : null,
  };
}

/** Authenticated only when both user and token exist (spec §4). */
export function isAuthenticated(state: Pick<SessionState, 'user' | 'token'> = sessionState): boolean {
  return Boolean(state.user) && Boolean(state.token);
}

export interface SessionSnapshot {
  readonly user: User | null;
  readonly token: string | null;
  readonly credits: number;
  readonly isAuthenticated: boolean;
  readonly loading: boolean;
  readonly error: string | null;
  readonly paymentStatus: Readonly<PaymentStatus>;
}

/** An immutable copy of the session for non-React readers (router guard). */
export function getSessionSnapshot(): SessionSnapshot {
  const snap = snapshot(sessionState) as SessionState;
  return { ...snap, isAuthenticated: isAuthenticated(snap) };
}

export interface PermissionsSnapshot {
  readonly permissions: Permissions | null;
  readonly loading: boolean;
  readonly error: unknown;
}

export function getPermissionsSnapshot(): PermissionsSnapshot {
  return effectivePermissions(snapshot(sessionState), snapshot(permissionsState) as PermissionsState);
}

/** Non-React permission check for the router guard (same rules as usePermissions). */
export function checkPermission(name: string): boolean {
  return hasPermission(getPermissionsSnapshot(), name);
}

/** Call `listener` after every change of the session (for non-React readers). */
export function subscribeSession(listener: () => void): () => void {
  return subscribe(sessionState, listener);
}

/** Call `listener` after every change of the permissions state. */
export function subscribePermissions(listener: () => void): () => void {
  return subscribe(permissionsState, listener);
}
