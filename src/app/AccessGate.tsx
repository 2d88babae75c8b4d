// The route guard of spec §4 as a component. The router's signed-in layout renders it around
// the page; navigation is passed in so that the gate is tested without a router.
import { Button, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import type { RoutePermission } from '../../contract';
import { useAuth, usePermissions } from '../session';
import { CenteredText } from '../ui/CenteredText';
import { ChunkBoundary } from '../ui/ChunkBoundary';
import { decideAccess, GUARD_TEXT } from './access';

// The alert is a modal (Mantine's Modal and its scroll lock, ~10 KB gzip) that only a locked route
// reached by its address shows: loaded then, not with every signed-in screen (Lighthouse LCP on `/`).
// A chunk that cannot be fetched (a new deployment while offline) still tells the creator and
// offers the way home, without the modal.
const AccessDeniedAlert = lazy(() => import('./AccessDeniedAlert').then(({ AccessDeniedAlert: Alert }) => ({ default: Alert })));

function DeniedWithoutModal({ onDone }: { onDone: () => void }) {
  return (
    <Stack align="center" gap="sm" p="md" role="alert">
      <Text fw={700}>{GUARD_TEXT.deniedTitle}</Text>
      <Text>{GUARD_TEXT.deniedBody}</Text>
      <Button onClick={onDone}>{GUARD_TEXT.deniedButton}</Button>
    </Stack>
  );
}

export interface AccessGateProps {
  /** The permission the current route needs (spec §2), if any. */
  required?: RoutePermission | null;
  /** Navigates; '/login' when signed out, '/' after the access-denied alert. */
  onRedirect: (to: '/login' | '/') => void;
  children: ReactNode;
}

export function AccessGate({ required, onRedirect, children }: AccessGateProps) {
  const { user, isAuthenticated } = useAuth();
  const { loading, hasPermission } = usePermissions();
  // A user object without a token (after a 401 removed it) is not signed in (spec §4), so the
  // guard treats it as "no user"; /login then does not bounce back either.
  const decision = decideAccess({ user: isAuthenticated ? user : null, permissionsLoading: loading, hasPermission, required });

  useEffect(() => {
    if (decision === 'login') onRedirect('/login');
  }, [decision, onRedirect]);

  if (decision === 'login') return null;
  if (decision === 'loading') return <CenteredText withLoader>{GUARD_TEXT.loadingPermissions}</CenteredText>;
  if (decision === 'denied') {
    const goHome = () => onRedirect('/');
    return (
      <ChunkBoundary name="The access-denied alert" fallback={<DeniedWithoutModal onDone={goHome} />}>
        <Suspense fallback={null}>
          <AccessDeniedAlert onDone={goHome} />
        </Suspense>
      </ChunkBoundary>
    );
  }
  return <>{children}</>;
}

