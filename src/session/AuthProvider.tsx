import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { checkPaymentApproval, login, logout, refreshUser, setCredits, signIn, startSession } from './auth-actions';
import { isAuthenticated, sessionState } from './state';
import type { AuthContextValue } from './types';
import { useTransitionSnapshot } from './use-transition-snapshot';

const AuthContext = createContext<AuthContextValue | undefined>(undefined);

/** The session's actions: module functions, the same on every render. */
const ACTIONS = { login, signIn, logout, refreshUser, checkPaymentApproval, setCredits };

export function AuthProvider({ children }: { children?: ReactNode }) {
  // Read every field during render (valtio tracks what a render touches), then memoise on them.
  const { user, token, credits, loading, error, paymentStatus } = useTransitionSnapshot(sessionState);

  useEffect(() => {
    startSession();
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      token,
      credits,
      isAuthenticated: isAuthenticated({ user, token }),
      loading,
      error,
      paymentStatus,
      ...ACTIONS,
    }),
    [user, token, credits, loading, error, paymentStatus],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
