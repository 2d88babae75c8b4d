// Signing out from the account menu (HeaderMenus.tsx, or PlainAccountMenu.tsx when that cannot be
// loaded). Sign-out wipes this device (spec §4): changes not yet on the server would be lost, so
// it asks first when there are any.
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useAuth } from '../../session';
import { openConfirm } from '../../ui/confirm';
import { currentSignOutWarning, SIGN_OUT_ANYWAY, signOutNow } from '../sign-out';

export const SIGN_OUT_WARNING_TITLE = 'Sign out and lose unsent changes?';

export function useSignOut(): () => Promise<void> {
  const { logout } = useAuth();
  const navigate = useNavigate();
  return useCallback(async () => {
    const signOutAndLeave = async () => {
      try {
        await signOutNow(logout);
      } finally {
        await navigate({ to: '/login', replace: true });
      }
    };
    const warning = await currentSignOutWarning();
    if (warning === null) {
      await signOutAndLeave();
      return;
    }
    await openConfirm({
      title: SIGN_OUT_WARNING_TITLE,
      message: warning,
      confirmLabel: SIGN_OUT_ANYWAY,
      danger: true,
      onConfirm: () => void signOutAndLeave(),
    });
  }, [logout, navigate]);
}
