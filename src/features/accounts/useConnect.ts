// The connect flow wired to the screen: the click handler (popup or full-page redirect), the popup's
// message, and the `?connected=` / `?connect_error=` a full-page connect comes back with (shown once,
// then removed from the address so a reload does not show it again). Every outcome is a toast, a
// sentence for the page's live region, and — for a refusal — an alert that stays until dismissed.
import { notifications } from '@mantine/notifications';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { PLATFORM_LABELS, type SocialPlatform } from '../../../contract/publishing';
import { errorMessage } from '../../api';
import { refreshAccounts } from './data/accounts';
import { connectedTitle, listenForConnectMessages, outcomeOfMessage, outcomeOfReturn, RETURN_KEYS, startConnect, type ConnectOutcome } from './connect-flow';

/** How often a waiting popup is checked for having been closed. */
const POPUP_WATCH_MS = 700;

export interface ConnectState {
  /** The platform whose connect address is being fetched. */
  busy: SocialPlatform | null;
  /** The platform waiting for its popup to report back. */
  waiting: SocialPlatform | null;
  /** Platforms the server said run on the built-in sandbox (from a connect answer). */
  sandbox: Partial<Record<SocialPlatform, boolean>>;
  /** The last refusal, shown as an alert until dismissed or a new attempt starts. */
  error: string | null;
  /** The last outcome in words, for the page's live region. */
  announcement: string;
  connect: (platform: SocialPlatform) => void;
  dismissError: () => void;
}

function refreshAfterConnect(): void {
  // The new account (and its usage) come with the next pull; the sync layer reports its failures.
  refreshAccounts().catch(() => undefined);
  import('../plans/data')
    .then(({ refreshUsage }) => refreshUsage())
    .catch(() => undefined);
}

export function useConnect(): ConnectState {
  const [busy, setBusy] = useState<SocialPlatform | null>(null);
  const [waiting, setWaiting] = useState<SocialPlatform | null>(null);
  const [sandbox, setSandbox] = useState<Partial<Record<SocialPlatform, boolean>>>({});
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  /** The popup being waited for. */
  const popupRef = useRef<Pick<Window, 'closed'> | null>(null);

  const report = useCallback((outcome: ConnectOutcome) => {
    popupRef.current = null;
    setWaiting(null);
    if (outcome.ok) {
      const title = connectedTitle(outcome.platform);
      setError(null);
      setAnnouncement(`${title}.`);
      notifications.show({ color: 'teal', title, message: 'It is in your accounts below, ready for posts.' });
      refreshAfterConnect();
    } else {
      const what = outcome.platform ? `${PLATFORM_LABELS[outcome.platform]} account not connected` : 'Account not connected';
      setError(outcome.error);
      setAnnouncement(`${what}: ${outcome.error}`);
      notifications.show({ color: 'red', title: what, message: outcome.error });
    }
  }, []);

  // The popup's callback page reports here, through the opener or the BroadcastChannel (only this
  // app's origin is trusted).
  useEffect(() => listenForConnectMessages((message) => report(outcomeOfMessage(message))), [report]);

  // Back from a full-page connect: report once, then clean the address.
  const search: Record<string, unknown> = useSearch({ strict: false });
  const navigate = useNavigate();
  const handledReturn = useRef(false);
  useEffect(() => {
    if (handledReturn.current) return;
    const outcome = outcomeOfReturn(search);
    if (!outcome) return;
    handledReturn.current = true;
    report(outcome);
    const rest = Object.fromEntries(Object.entries(search).filter(([key]) => !(RETURN_KEYS as readonly string[]).includes(key)));
    void navigate({ to: '.', search: rest as never, replace: true });
  }, [search, navigate, report]);

  // A popup closed without a message (the creator gave up, or the platform's page cut the link
  // to this window): stop waiting, and pull in case the account was connected all the same.
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (!popupRef.current?.closed) return;
      popupRef.current = null;
      setWaiting(null);
      refreshAccounts().catch(() => undefined);
    }, POPUP_WATCH_MS);
    return () => clearInterval(timer);
  }, [waiting]);

  const connect = useCallback((platform: SocialPlatform) => {
    setError(null);
    setBusy(platform);
    // startConnect opens the popup synchronously, inside this click.
    startConnect(platform)
      .then((started) => {
        if (started.sandbox) setSandbox((current) => ({ ...current, [platform]: true }));
        if (started.mode === 'popup') {
          popupRef.current = started.popup;
          setWaiting(platform);
          setAnnouncement(`Finish connecting your ${PLATFORM_LABELS[platform]} account in the window that opened.`);
        }
      })
      .catch((failure: unknown) => {
        const message = errorMessage(failure, 'The connection could not be started. Try again.');
        setError(message);
        setAnnouncement(`Not connected: ${message}`);
      })
      .finally(() => setBusy(null));
  }, []);

  const dismissError = useCallback(() => setError(null), []);

  return { busy, waiting, sandbox, error, announcement, connect, dismissError };
}
