// The one-click reconnect of Home, the calendar and the post card: they link to
// /connect?reconnect=<account id> (features do not import each other, so they cannot run this
// screen's flow themselves), and this screen starts the connect flow for that account as soon as
// the account is read from the store. Arriving by an in-app link keeps the click's user activation,
// so the popup usually opens; when the browser blocks it, the flow's full-page redirect takes over
// (and comes back here). The key is removed from the address first, so a reload or the way back
// from the consent page does not start it again.
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { SocialPlatform } from '../../../contract/publishing';
import { RECONNECT_PARAM } from './data/reconnect-link';
import type { LocalAccount } from '../../store';

export const RECONNECT_UNKNOWN = 'That account is not connected any more. Connect it again below.';

/** Starts the reconnect the address asks for; returns a notice when it cannot. */
export function useReconnectLink(accounts: LocalAccount[] | undefined, online: boolean, connect: (platform: SocialPlatform) => void): string | null {
  const search: Record<string, unknown> = useSearch({ strict: false });
  const navigate = useNavigate();
  const handled = useRef(false);
  const [notice, setNotice] = useState<string | null>(null);
  const wanted = search[RECONNECT_PARAM];

  useEffect(() => {
    if (handled.current || wanted === undefined || accounts === undefined) return;
    handled.current = true;
    const rest = Object.fromEntries(Object.entries(search).filter(([key]) => key !== RECONNECT_PARAM));
    void navigate({ to: '.', search: rest as never, replace: true });
    const account = typeof wanted === 'string' ? accounts.find((row) => row.id === wanted) : undefined;
    if (!account) setNotice(RECONNECT_UNKNOWN);
    // Offline, the page says why connecting is off; the account's Reconnect stays there for later.
    else if (online) connect(account.platform);
  }, [wanted, accounts, online, connect, search, navigate]);

  return notice;
}
