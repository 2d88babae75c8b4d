import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { checkPaymentApproval, login, logout, refreshUser, setCredits, signIn, startSession } from './auth-actions';
import { isAuthenticated, sessionState } from './state';
import type { AuthContextValue } from './types';

const AuthContext = createContext<AuthContextValue | undefined>(undefined);

export function AuthProvider({ children }: { children?: ReactNode }) {
  const snap = useSnapshot(sessionState);

  useEffect(() => {
    startSession();
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: snap.user,
      token: snap.token,
      credits: snap.credits,
      isAuthenticated: isAuthenticated(snap),
      loading: snap.loading,
      error: snap.error,
      paymentStatus: snap.paymentStatus,
      login,
      signIn,
      logout,
      refreshUser,
      checkPaymentApproval,
      setCredits,
    }),
    [snap],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
