// A session held in a test's own `vi.hoisted` object, and the `useAuth` / `usePermissions` hooks
// that read it, for tests that render the real route tree with the session mocked. This module
// imports nothing of src at run time: the `vi.mock('../../src/session')` factory that loads it
// runs while the app's modules are still being imported.
import type { AuthContextValue, PermissionsContextValue } from '../../../src/session/types';

export interface MockedUser {
  id: number;
  name: string;
  email: string;
  plan: string;
}

export interface MockedSession {
  user: MockedUser | null;
  /** The plan's permissions and `*_limit` values; `'all'` grants everything, unlimited. */
  permissions: Record<string, unknown> | 'all';
  credits: number;
  signIn: (values: unknown) => Promise<void>;
  logout: () => Promise<void>;
}

export function newMockedSession(): MockedSession {
  return { user: null, permissions: {}, credits: 120, signIn: () => Promise.resolve(), logout: () => Promise.resolve() };
}

function limitValue(session: MockedSession, limit: string): unknown {
  if (session.permissions === 'all') return undefined;
  return session.permissions[limit.endsWith('_limit') ? limit : `${limit}_limit`];
}

/** The two session hooks, answering from `session` at each call. */
export function mockedSessionHooks(session: MockedSession) {
  return {
    useAuth: () =>
      ({
        user: session.user,
        token: session.user ? '1|token' : null,
        isAuthenticated: Boolean(session.user),
        credits: session.user ? session.credits : 0,
        loading: false,
        error: null,
        signIn: session.signIn,
        logout: session.logout,
        refreshUser: () => Promise.resolve(session.user),
      }) as unknown as AuthContextValue,
    usePermissions: () =>
      ({
        permissions: session.permissions === 'all' ? {} : session.permissions,
        loading: false,
        error: null,
        hasPermission: (name: string) =>
          session.permissions === 'all' || (session.permissions[name] !== undefined && session.permissions[name] !== null),
        getDisplayText: (limit: string) => {
          const value = limitValue(session, limit);
          return typeof value === 'number' ? String(value) : 'Unlimited';
        },
        isUnlimited: (limit: string) => typeof limitValue(session, limit) !== 'number',
        getLimit: (limit: string) => {
          const value = limitValue(session, limit);
          return typeof value === 'number' ? value : null;
        },
        isArtStyleAllowed: () => true,
      }) as unknown as PermissionsContextValue,
  };
}
