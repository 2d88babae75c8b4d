// The route guard of spec §4 as a component. The router's signed-in layout renders it around
// the page; navigation is passed in so that the gate is tested without a router.
import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import type { RoutePermission } from '../../contract';
import { useAuth, usePermissions } from '../session';
import { CenteredText } from '../ui/CenteredText';
import { decideAccess, GUARD_TEXT } from './access';

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
  if (decision === 'denied') return <AccessDeniedAlert onDone={() => onRedirect('/')} />;
  return <>{children}</>;
}

/**
 * "Access Denied" alert (spec §8): one OK button; closing it any other way (Escape, the close
 * button, the overlay) also goes home. onDone runs once.
 */
export function AccessDeniedAlert({ onDone }: { onDone: () => void }) {
  const done = useRef(false);
  const finish = () => {
    if (done.current) return;
    done.current = true;
    onDone();
  };
  return (
    <Modal opened onClose={finish} title={GUARD_TEXT.deniedTitle} centered trapFocus returnFocus={false}>
      <Text>{GUARD_TEXT.deniedBody}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={finish} data-autofocus>
          {GUARD_TEXT.deniedButton}
        </Button>
      </Group>
    </Modal>
  );
}
