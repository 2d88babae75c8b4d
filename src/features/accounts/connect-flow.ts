// Connecting an account: the platform's consent page opens in a popup, which is opened
// synchronously in the click (a popup opened after an await is blocked by most browsers) and sent
// to the address GET /api/{platform}/connect answers once it is known. The server's callback page
// then posts a ConnectPopupMessage to this window (and on a BroadcastChannel) and closes. When the popup is blocked, the whole
// page goes to the consent page instead and comes back to /connect?connected=… or ?connect_error=….
// No React here; the screen wires it in useConnect.ts.
import { PLATFORM_LABELS, SOCIAL_PLATFORMS, type ConnectPopupMessage, type ConnectResponse, type SocialPlatform } from '../../../contract/publishing';
import { API_BASE } from '../../api';
import type { ConnectOptions } from './data/accounts';
import { connectUrl as askServer } from './data/connect-http';

/** Where the browser comes back to after the consent page. */
export const CONNECT_RETURN_PATH = '/connect';
export const CONNECT_POPUP_NAME = 'reelflow-connect';
const POPUP_FEATURES = 'popup=yes,width=520,height=720';

/** The browser calls of the flow, in one object so tests can replace them. */
export const connectBrowser = {
  open: (): Window | null => window.open('', CONNECT_POPUP_NAME, POPUP_FEATURES),
  assign: (url: string): void => window.location.assign(url),
};

export type ConnectStart =
  /** The consent page is open in the popup; its message comes later. */
  | { mode: 'popup'; sandbox: boolean; popup: Pick<Window, 'closed'> }
  /** The popup was blocked: this page is leaving for the consent page. */
  | { mode: 'redirect'; sandbox: boolean }
  /** The creator closed the popup before the address arrived. */
  | { mode: 'cancelled'; sandbox: boolean };

export interface ConnectDeps {
  connectUrl: (platform: SocialPlatform, options: ConnectOptions) => Promise<ConnectResponse>;
}

/** An empty popup, or null when the browser blocked it. Says what is happening while it waits. */
function openPopup(): Window | null {
  let popup: Window | null;
  try {
    popup = connectBrowser.open();
  } catch {
    return null;
  }
  if (!popup || popup.closed) return null;
  try {
    popup.document.title = 'Connecting… · Reelflow';
    popup.document.body.textContent = 'Opening the sign-in page…';
  } catch {
    // Another origin's page already (a reused popup): it is navigated anyway.
  }
  return popup;
}

/**
 * Start connecting `platform`. MUST be called synchronously from the click handler: the popup
 * is opened before anything is awaited. Rejects with the server's refusal (e.g. the plan's limit);
 * the popup is closed then.
 */
export function startConnect(platform: SocialPlatform, deps: ConnectDeps = { connectUrl: askServer }): Promise<ConnectStart> {
  const popup = openPopup();
  return (async (): Promise<ConnectStart> => {
    try {
      const answer = await deps.connectUrl(platform, popup ? { path: CONNECT_RETURN_PATH, popup: true } : { path: CONNECT_RETURN_PATH });
      if (popup) {
        if (popup.closed) return { mode: 'cancelled', sandbox: answer.sandbox };
        popup.location.href = answer.url;
        popup.focus();
        return { mode: 'popup', sandbox: answer.sandbox, popup };
      }
      connectBrowser.assign(answer.url);
      return { mode: 'redirect', sandbox: answer.sandbox };
    } catch (error) {
      popup?.close();
      throw error;
    }
  })();
}

/** Origins whose messages are trusted: this app's, and the API's when it is served elsewhere. */
export function trustedOrigins(): string[] {
  const origins = [location.origin];
  if (API_BASE) {
    try {
      origins.push(new URL(API_BASE, location.href).origin);
    } catch {
      // A malformed base is not an origin to trust.
    }
  }
  return origins;
}

function isPlatform(value: unknown): value is SocialPlatform {
  return typeof value === 'string' && (SOCIAL_PLATFORMS as readonly string[]).includes(value);
}

/** The popup's message, or null for anything else (another origin, another kind of message). */
export function connectMessageOf(event: Pick<MessageEvent, 'origin' | 'data'>, origins: readonly string[] = trustedOrigins()): ConnectPopupMessage | null {
  if (!origins.includes(event.origin)) return null;
  const data = event.data as Partial<ConnectPopupMessage> | null;
  if (typeof data !== 'object' || data === null || data.type !== 'reelflow:connect' || typeof data.ok !== 'boolean' || !isPlatform(data.platform)) return null;
  return {
    type: 'reelflow:connect',
    ok: data.ok,
    platform: data.platform,
    account_id: typeof data.account_id === 'string' ? data.account_id : null,
    error: typeof data.error === 'string' && data.error.trim() ? data.error.trim().slice(0, 500) : null,
  };
}

/** The BroadcastChannel the callback page also posts on (server/http/connect-popup.ts). */
export const CONNECT_CHANNEL: ConnectPopupMessage['type'] = 'reelflow:connect';
/** An identical message arriving by the other path within this time is the same report. */
const SAME_REPORT_MS = 10_000;

/**
 * Calls `onMessage` with each valid ConnectPopupMessage, whether it came through window.opener
 * (a 'message' event, origin checked) or the BroadcastChannel — after a real platform's pages the
 * popup can come back without its opener (Cross-Origin-Opener-Policy). The callback page uses both
 * paths, so the copy that arrives second is dropped. Returns the function that stops listening.
 */
export function listenForConnectMessages(onMessage: (message: ConnectPopupMessage) => void, now: () => number = Date.now): () => void {
  let last: { key: string; at: number } | null = null;
  const deliver = (message: ConnectPopupMessage | null) => {
    if (!message) return;
    const key = JSON.stringify(message);
    const at = now();
    if (last && last.key === key && at - last.at < SAME_REPORT_MS) return;
    last = { key, at };
    onMessage(message);
  };
  const onWindowMessage = (event: MessageEvent) => deliver(connectMessageOf(event));
  window.addEventListener('message', onWindowMessage);
  let channel: BroadcastChannel | null = null;
  try {
    if (typeof BroadcastChannel === 'function') {
      channel = new BroadcastChannel(CONNECT_CHANNEL);
      // A BroadcastChannel only ever carries messages of this origin; the data is checked as strictly.
      channel.onmessage = (event: MessageEvent) => deliver(connectMessageOf({ origin: location.origin, data: event.data as unknown }));
    }
  } catch {
    channel = null;
  }
  return () => {
    window.removeEventListener('message', onWindowMessage);
    channel?.close();
  };
}

export type ConnectOutcome = { ok: true; platform: SocialPlatform | null } | { ok: false; platform: SocialPlatform | null; error: string };

export const CONNECT_FAILED = 'The account was not connected. Try again.';

export function outcomeOfMessage(message: ConnectPopupMessage): ConnectOutcome {
  return message.ok ? { ok: true, platform: message.platform } : { ok: false, platform: message.platform, error: message.error ?? CONNECT_FAILED };
}

/** The search keys the consent flow returns with after a full-page redirect. */
export const RETURN_KEYS = ['connected', 'connect_error'] as const;

/**
 * `?connected=youtube` or `?connect_error=<reason>` after a full-page connect, or null. The
 * connected value is normally the platform; anything else still means "connected".
 */
export function outcomeOfReturn(search: Record<string, unknown>): ConnectOutcome | null {
  const error = search.connect_error;
  const connected = search.connected;
  const platformOf = (value: unknown) => (isPlatform(value) ? value : null);
  if (typeof error === 'string' || typeof error === 'number') {
    const text = String(error).trim().slice(0, 500);
    return { ok: false, platform: platformOf(connected), error: text && text !== '1' ? text : CONNECT_FAILED };
  }
  if (connected !== undefined && connected !== null && connected !== '' && connected !== '0' && connected !== false) return { ok: true, platform: platformOf(connected) };
  return null;
}

/** "YouTube account connected" / "Account connected". */
export function connectedTitle(platform: SocialPlatform | null): string {
  return platform ? `${PLATFORM_LABELS[platform]} account connected` : 'Account connected';
}
