// The connect screen as a creator sees it: the real Dexie store (fake-indexeddb) and the
// real collection; the API behind a fake axios adapter; the popup is a stand-in window. Accounts
// from the store with health, sandbox and waiting posts; the platform cards; search and paging;
// the popup's message (origin checked), also through the BroadcastChannel; the full-page fallback when the popup is blocked and the
// return from it; disconnect with its confirmation through the outbox; offline and the plan limit.
import { notifications } from '@mantine/notifications';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectPopupMessage } from '../../contract';
import { PLATFORM_LABELS, SOCIAL_PLATFORMS } from '../../contract/publishing';
import { resetCsrfState } from '../../src/api';
import { disconnectAccountLocally, toLocalAccount } from '../../src/features/accounts/data';
import { clearLocalStore, db } from '../../src/store';
import { appDrainDeps, appOutbox, setEngineHooks, setOutboxOwner } from '../../src/sync';
import { serverAccount } from './helpers/accounts';
import { CREATOR_PERMISSIONS, permissionsView, renderConnectScreen } from './helpers/connect-screen';
import { fakeServer, type FakeServer } from './helpers/fake-server';

vi.mock('../../src/session', async (importOriginal) => {
  const { testPermissions } = await import('./helpers/connect-screen');
  return { ...(await importOriginal<typeof import('../../src/session')>()), usePermissions: testPermissions };
});

const { ConnectPage } = await import('../../src/features/accounts/ConnectPage');
const { connectBrowser } = await import('../../src/features/accounts/connect-flow');
const { NOT_SET_UP } = await import('../../src/features/accounts/PlatformCards');

const CONSENT_URL = 'http://localhost:3000/sandbox/youtube/o/oauth2/auth?state=s1';

interface FakePopup {
  closed: boolean;
  location: { href: string };
  document: { title: string; body: { textContent: string } };
  focus: () => void;
  close: () => void;
}

function fakePopup(): FakePopup {
  const popup: FakePopup = {
    closed: false,
    location: { href: 'about:blank' },
    document: { title: '', body: { textContent: '' } },
    focus: () => undefined,
    close: () => {
      popup.closed = true;
    },
  };
  return popup;
}

function setOnline(online: boolean): void {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

function postFromPopup(message: Partial<ConnectPopupMessage>, origin = window.location.origin): void {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'reelflow:connect', ...message }, origin }));
  });
}

const card = (name: string) => screen.getByRole('article', { name });
const liveRegion = () => document.querySelector('[role="status"][aria-live="polite"][aria-atomic="true"]');

let api: FakeServer;
let pulls: string[];

beforeEach(() => {
  setOutboxOwner(() => 'u1');
  resetCsrfState();
  api = fakeServer();
  pulls = [];
  setEngineHooks({ pull: (collection) => Promise.resolve(void pulls.push(collection)) });
  permissionsView.current = { permissions: CREATOR_PERMISSIONS, loading: false, error: null };
});

afterEach(async () => {
  // Unmounted first: coming back online would make the screen ask the (restored) real API.
  cleanup();
  notifications.clean();
  setOnline(true);
  api.restore();
  vi.restoreAllMocks();
  setEngineHooks(null);
  setOutboxOwner(null);
  await clearLocalStore();
});

describe('ConnectPage: the list', () => {
  it('shows the empty state, the platform cards and pulls the accounts on entry', async () => {
    renderConnectScreen(ConnectPage);
    expect(await screen.findByText('No accounts connected yet')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Connect accounts' })).toBeTruthy();
    expect(within(card('YouTube')).getByRole('button', { name: 'Connect YouTube' }).hasAttribute('disabled')).toBe(false);
    for (const platform of SOCIAL_PLATFORMS.map((name) => PLATFORM_LABELS[name])) {
      expect(within(card(platform)).getByRole('button', { name: `Connect ${platform}` }).hasAttribute('disabled')).toBe(false);
    }
    expect(screen.getByText('0 of 10 accounts')).toBeTruthy();
    await waitFor(() => expect(pulls).toContain('accounts'));
  });

  it('marks sandbox platforms and turns off one the server has not set up, before any click', async () => {
    api.on('GET', '/api/social/platforms', {
      body: {
        data: [
          { platform: 'youtube', available: true, sandbox: false },
          { platform: 'tiktok', available: false, sandbox: false },
          { platform: 'instagram', available: true, sandbox: true },
        ],
      },
    });
    renderConnectScreen(ConnectPage);
    const instagram = await within(await screen.findByRole('article', { name: 'Instagram' })).findByRole('button', { name: 'Connect Instagram (Sandbox)' });
    expect(instagram.hasAttribute('disabled')).toBe(false);
    expect(within(card('Instagram')).getByText('Sandbox')).toBeTruthy();
    const tiktok = within(card('TikTok')).getByRole('button', { name: 'Connect TikTok' });
    expect(tiktok.hasAttribute('disabled')).toBe(true);
    expect(tiktok.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(tiktok.getAttribute('aria-describedby')!)?.textContent).toBe(NOT_SET_UP);
    expect(within(card('YouTube')).getByRole('button', { name: 'Connect YouTube' }).hasAttribute('disabled')).toBe(false);
    expect(within(card('YouTube')).queryByText('Sandbox')).toBeNull();
  });

  it('renders the accounts from the store with avatar, platform, sandbox, health, reason and waiting posts', async () => {
    await db.accounts.bulkPut([
      toLocalAccount(serverAccount('a1', { name: 'Trains Daily', handle: '@trainsdaily', avatar_url: null, connected_at: '2026-11-03T00:00:00.000Z' })),
      toLocalAccount(serverAccount('a2', { name: 'Cooking Lab', sandbox: true, health: 'expiring', health_reason: 'The sandbox sign-in lapses in 2 days.', connected_at: '2026-11-02T00:00:00.000Z' })),
      toLocalAccount(
        serverAccount('a3', { name: 'Garden Tips', health: 'reconnect', health_reason: 'YouTube no longer accepts the sign-in. Reconnect the account.', blocked_targets: 2, connected_at: '2026-11-01T00:00:00.000Z' }),
      ),
    ]);
    renderConnectScreen(ConnectPage);
    await screen.findByRole('article', { name: 'Trains Daily' });
    expect(screen.getByText('3 accounts')).toBeTruthy();
    expect(screen.getByText('3 of 10 accounts')).toBeTruthy();
    // Newest connection first.
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent).filter((name) => /Daily|Lab|Tips/.test(name ?? ''))).toEqual(['Trains Daily', 'Cooking Lab', 'Garden Tips']);

    const trains = card('Trains Daily');
    expect(within(trains).getByText('TD')).toBeTruthy();
    expect(within(trains).getByText('YouTube · @trainsdaily')).toBeTruthy();
    expect(within(trains).getByText('Connected')).toBeTruthy();
    expect(within(trains).queryByText('Sandbox')).toBeNull();

    const cooking = card('Cooking Lab');
    expect(within(cooking).getByText('Sandbox')).toBeTruthy();
    expect(within(cooking).getByText('Expiring soon')).toBeTruthy();
    expect(within(cooking).getByText('The sandbox sign-in lapses in 2 days.')).toBeTruthy();

    const garden = card('Garden Tips');
    expect(within(garden).getByText('Reconnect needed')).toBeTruthy();
    expect(within(garden).getByText('YouTube no longer accepts the sign-in. Reconnect the account.')).toBeTruthy();
    expect(within(garden).getByText(/^2 posts waiting/)).toBeTruthy();
    const reconnect = within(garden).getByRole('button', { name: 'Reconnect Garden Tips' });
    expect(reconnect.getAttribute('data-variant')).toBe('filled');
    expect(within(trains).getByRole('button', { name: 'Reconnect Trains Daily' }).getAttribute('data-variant')).toBe('default');

    // A sandbox account marks the platform's card.
    expect(within(card('YouTube')).getByText('Sandbox')).toBeTruthy();
    expect(within(card('YouTube')).getByRole('button', { name: 'Connect YouTube (Sandbox)' })).toBeTruthy();

    // Live: the row changes in the store (a pull), the card follows.
    await act(async () => {
      await db.accounts.update('a3', { health: 'ok', health_reason: null, blocked_targets: 0 });
    });
    await waitFor(() => expect(within(card('Garden Tips')).getByText('Connected')).toBeTruthy());
  });

  it('searches by name, handle and platform, and pages ten at a time', async () => {
    const accounts = Array.from({ length: 23 }, (_, index) =>
      toLocalAccount(serverAccount(`a${index}`, { name: `Channel ${String(index + 1).padStart(2, '0')}`, handle: index === 7 ? '@special-handle' : null, connected_at: `2026-11-${String(30 - index).padStart(2, '0')}T00:00:00.000Z` })),
    );
    await db.accounts.bulkPut(accounts);
    renderConnectScreen(ConnectPage);
    await screen.findByRole('article', { name: 'Channel 01' });
    expect(screen.getByText('Showing 1–10 of 23 accounts')).toBeTruthy();
    expect(screen.getAllByRole('article', { name: /^Channel/ })).toHaveLength(10);

    const pages = screen.getByRole('navigation', { name: 'Pages of accounts' });
    fireEvent.click(within(pages).getByRole('button', { name: 'Page 3' }));
    await screen.findByRole('article', { name: 'Channel 21' });
    expect(screen.getByText('Showing 21–23 of 23 accounts')).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Channel 01' })).toBeNull();
    fireEvent.click(within(pages).getByRole('button', { name: 'Previous page' }));
    await screen.findByRole('article', { name: 'Channel 11' });

    const search = screen.getByRole('searchbox', { name: 'Search accounts' });
    fireEvent.change(search, { target: { value: 'special' } });
    await screen.findByText('Showing 1–1 of 1 account');
    expect(screen.getByRole('article', { name: 'Channel 08' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pages of accounts' })).toBeNull();

    fireEvent.change(search, { target: { value: 'youtube' } });
    await screen.findByText('Showing 1–10 of 23 accounts');

    fireEvent.change(search, { target: { value: 'nothing like this' } });
    await screen.findByText('No accounts match “nothing like this”');
    fireEvent.click(screen.getByRole('button', { name: 'Show all accounts' }));
    await screen.findByText('Showing 1–10 of 23 accounts');
    // Rendering 23 cards and paging takes about a second alone; on a busy shared machine far longer.
  }, 30_000);
});

describe('ConnectPage: connecting', () => {
  it('opens the popup in the click, sends it to the consent page, and reports the popup message', async () => {
    const popup = fakePopup();
    const open = vi.spyOn(connectBrowser, 'open').mockImplementation(() => popup as unknown as Window);
    const assign = vi.spyOn(connectBrowser, 'assign').mockImplementation(() => undefined);
    let answer: (reply: { body: unknown }) => void = () => undefined;
    api.on('GET', '/api/youtube/connect', () => new Promise((resolve) => (answer = resolve)));
    renderConnectScreen(ConnectPage);
    const connect = await within(await screen.findByRole('article', { name: 'YouTube' })).findByRole('button', { name: 'Connect YouTube' });
    fireEvent.click(connect);
    // Opened synchronously, before the server answered (popup blockers allow only that).
    expect(open).toHaveBeenCalledTimes(1);
    expect(popup.location.href).toBe('about:blank');
    await waitFor(() => expect(api.calls('GET', '/api/youtube/connect')).toHaveLength(1));
    expect(api.calls('GET', '/api/youtube/connect')[0]?.params).toEqual({ path: '/connect', popup: '1' });
    await act(async () => {
      answer({ body: { url: CONSENT_URL, sandbox: true } });
      await Promise.resolve();
    });
    await waitFor(() => expect(popup.location.href).toBe(CONSENT_URL));
    expect(assign).not.toHaveBeenCalled();
    // The server said sandbox: the card says so from now on.
    await within(card('YouTube')).findByText('Sandbox');
    expect(within(card('YouTube')).getByText('Finish in the window that opened.')).toBeTruthy();

    // A message from another origin, or of another kind, is ignored.
    postFromPopup({ ok: true, platform: 'youtube', account_id: 'x', error: null }, 'https://evil.example');
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'something-else' }, origin: window.location.origin }));
    expect(screen.queryByText('YouTube account connected')).toBeNull();
    const before = pulls.length;

    postFromPopup({ ok: true, platform: 'youtube', account_id: 'a9', error: null });
    expect(await screen.findByText('YouTube account connected')).toBeTruthy();
    expect(liveRegion()?.textContent).toContain('YouTube account connected.');
    expect(pulls.slice(before)).toContain('accounts');
    expect(screen.queryByText('Finish in the window that opened.')).toBeNull();
  });

  it('a popup closed without a message stops the wait and pulls the accounts', async () => {
    const popup = fakePopup();
    vi.spyOn(connectBrowser, 'open').mockReturnValue(popup as unknown as Window);
    api.on('GET', '/api/youtube/connect', { body: { url: CONSENT_URL, sandbox: false } });
    renderConnectScreen(ConnectPage);
    fireEvent.click(await within(await screen.findByRole('article', { name: 'YouTube' })).findByRole('button', { name: 'Connect YouTube' }));
    await within(card('YouTube')).findByText('Finish in the window that opened.');
    const before = pulls.length;
    popup.close();
    await waitFor(() => expect(within(card('YouTube')).queryByText('Finish in the window that opened.')).toBeNull(), { timeout: 10_000 });
    expect(pulls.slice(before)).toContain('accounts');
  });

  it('shows the reason of a failed connect from the popup as an alert and a toast', async () => {
    renderConnectScreen(ConnectPage);
    await screen.findByText('No accounts connected yet');
    postFromPopup({ ok: false, platform: 'youtube', account_id: null, error: 'You did not allow Reelflow to upload videos.' });
    const alert = await screen.findByRole('alert', { name: 'Not connected' });
    expect(within(alert).getByText('You did not allow Reelflow to upload videos.')).toBeTruthy();
    expect(await screen.findByText('YouTube account not connected')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'Not connected' })).toBeNull());
  });

  it('hears the callback page on the BroadcastChannel when the popup lost its opener, and reports once when both paths carry it', async () => {
    const popup = fakePopup();
    vi.spyOn(connectBrowser, 'open').mockReturnValue(popup as unknown as Window);
    api.on('GET', '/api/youtube/connect', { body: { url: CONSENT_URL, sandbox: true } });
    renderConnectScreen(ConnectPage);
    fireEvent.click(await within(await screen.findByRole('article', { name: 'YouTube' })).findByRole('button', { name: 'Connect YouTube' }));
    await within(card('YouTube')).findByText('Finish in the window that opened.');
    // What server/http/connect-popup.ts's script does when window.opener is gone.
    const callbackPage = new BroadcastChannel('reelflow:connect');
    try {
      // Something else on the channel is ignored, as on window messages.
      callbackPage.postMessage({ type: 'reelflow:connect', ok: true, platform: 'myspace' });
      callbackPage.postMessage({ type: 'something-else' });
      const before = pulls.length;
      const success: ConnectPopupMessage = { type: 'reelflow:connect', ok: true, platform: 'youtube', account_id: 'a7', error: null };
      callbackPage.postMessage(success);
      expect(await screen.findByText('YouTube account connected')).toBeTruthy();
      await waitFor(() => expect(within(card('YouTube')).queryByText('Finish in the window that opened.')).toBeNull());
      expect(pulls.slice(before)).toContain('accounts');
      // The same report through window.opener as well: not a second toast.
      postFromPopup(success);
      await act(() => new Promise((settle) => setTimeout(settle, 50)));
      expect(screen.getAllByText('YouTube account connected')).toHaveLength(1);
      // A different report on the channel is heard.
      callbackPage.postMessage({ type: 'reelflow:connect', ok: false, platform: 'youtube', account_id: null, error: 'You did not allow Reelflow to upload videos.' });
      const alert = await screen.findByRole('alert', { name: 'Not connected' });
      expect(within(alert).getByText('You did not allow Reelflow to upload videos.')).toBeTruthy();
    } finally {
      callbackPage.close();
    }
  });

  it('falls back to a full-page redirect when the popup is blocked', async () => {
    vi.spyOn(connectBrowser, 'open').mockReturnValue(null);
    const assign = vi.spyOn(connectBrowser, 'assign').mockImplementation(() => undefined);
    api.on('GET', '/api/youtube/connect', { body: { url: 'https://accounts.google.com/o/oauth2/v2/auth?state=s2', sandbox: false } });
    renderConnectScreen(ConnectPage);
    fireEvent.click(await within(await screen.findByRole('article', { name: 'YouTube' })).findByRole('button', { name: 'Connect YouTube' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.google.com/o/oauth2/v2/auth?state=s2'));
    expect(api.calls('GET', '/api/youtube/connect')[0]?.params).toEqual({ path: '/connect' });
  });

  it('a refusal of the server (plan limit) closes the popup and shows the reason', async () => {
    const popup = fakePopup();
    vi.spyOn(connectBrowser, 'open').mockReturnValue(popup as unknown as Window);
    api.on('GET', '/api/youtube/connect', { status: 403, body: { message: 'Your plan allows 10 connected accounts.' } });
    renderConnectScreen(ConnectPage);
    fireEvent.click(await within(await screen.findByRole('article', { name: 'YouTube' })).findByRole('button', { name: 'Connect YouTube' }));
    const alert = await screen.findByRole('alert', { name: 'Not connected' });
    expect(within(alert).getByText('Your plan allows 10 connected accounts.')).toBeTruthy();
    expect(popup.closed).toBe(true);
  });

  it('back from a full-page connect: ?connected= shows a toast and is removed from the address', async () => {
    const { router } = renderConnectScreen(ConnectPage, '/connect?connected=youtube&keep=this');
    expect(await screen.findByText('YouTube account connected')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toEqual({ keep: 'this' }));
    expect(pulls).toContain('accounts');
  });

  it('back from a full-page connect: ?connect_error= shows the reason and is removed from the address', async () => {
    const { router } = renderConnectScreen(ConnectPage, '/connect?connect_error=The%20sign-in%20expired.%20Try%20again.');
    const alert = await screen.findByRole('alert', { name: 'Not connected' });
    expect(within(alert).getByText('The sign-in expired. Try again.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('Reconnect runs the same flow for the account platform', async () => {
    await db.accounts.put(toLocalAccount(serverAccount('a3', { name: 'Garden Tips', health: 'reconnect', health_reason: 'Reconnect it.' })));
    const popup = fakePopup();
    vi.spyOn(connectBrowser, 'open').mockReturnValue(popup as unknown as Window);
    api.on('GET', '/api/youtube/connect', { body: { url: CONSENT_URL, sandbox: false } });
    renderConnectScreen(ConnectPage);
    fireEvent.click(await screen.findByRole('button', { name: 'Reconnect Garden Tips' }));
    await waitFor(() => expect(popup.location.href).toBe(CONSENT_URL));
  });

  it('offline: connecting is off with the reason, and the list still shows', async () => {
    await db.accounts.put(toLocalAccount(serverAccount('a1', { name: 'Trains Daily' })));
    const open = vi.spyOn(connectBrowser, 'open');
    renderConnectScreen(ConnectPage);
    await screen.findByRole('article', { name: 'Trains Daily' });
    setOnline(false);
    const connect = await within(await screen.findByRole('article', { name: 'YouTube' })).findByRole('button', { name: 'Connect YouTube' });
    await waitFor(() => expect(connect.hasAttribute('disabled')).toBe(true));
    expect(within(card('YouTube')).getByText(/Connecting an account needs a network connection/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reconnect Trains Daily' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(connect);
    expect(open).not.toHaveBeenCalled();
    setOnline(true);
    await waitFor(() => expect(within(card('YouTube')).getByRole('button', { name: 'Connect YouTube' }).hasAttribute('disabled')).toBe(false));
  });

  it('at the plan limit: "2 of 2 accounts" and connecting is off with the reason', async () => {
    permissionsView.current = { permissions: { ...CREATOR_PERMISSIONS, social_accounts_limit: 2, social_accounts_display: '2' }, loading: false, error: null };
    await db.accounts.bulkPut([toLocalAccount(serverAccount('a1')), toLocalAccount(serverAccount('a2'))]);
    renderConnectScreen(ConnectPage);
    expect(await screen.findByText('2 of 2 accounts')).toBeTruthy();
    expect(within(card('YouTube')).getByRole('button', { name: 'Connect YouTube' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getAllByText(/Your plan allows 2 connected accounts\. Disconnect one to connect another/).length).toBeGreaterThan(0);
    // Reconnecting an account already counted stays possible.
    expect(screen.getByRole('button', { name: 'Reconnect Channel a1' }).hasAttribute('disabled')).toBe(false);
  });

  it('a plan without accounts says so; an unlimited plan counts what is connected', async () => {
    permissionsView.current = { permissions: { ...CREATOR_PERMISSIONS, social_accounts_limit: 0, social_accounts_display: '0' }, loading: false, error: null };
    const { unmount } = renderConnectScreen(ConnectPage);
    expect(await screen.findByText('Not included in your plan')).toBeTruthy();
    expect(within(card('YouTube')).getByRole('button', { name: 'Connect YouTube' }).hasAttribute('disabled')).toBe(true);
    unmount();
    permissionsView.current = { permissions: { can_publish_post: true, full_access: true }, loading: false, error: null };
    await db.accounts.put(toLocalAccount(serverAccount('a1')));
    renderConnectScreen(ConnectPage);
    expect(await screen.findByText('Unlimited accounts')).toBeTruthy();
    expect(screen.getByText(/1 account connected/)).toBeTruthy();
  });
});

describe('ConnectPage: disconnecting', () => {
  it('asks first, says what happens to queued posts, then removes the account through the outbox', async () => {
    setOnline(false);
    await db.accounts.put(toLocalAccount(serverAccount('a1', { name: 'Trains Daily', blocked_targets: 3 })));
    renderConnectScreen(ConnectPage);
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect Trains Daily' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Trains Daily?' });
    expect(within(dialog).getByText(/Posts scheduled for it will not be published: they move to failed jobs/)).toBeTruthy();
    expect(within(dialog).getByText('3 posts are waiting for this account right now.')).toBeTruthy();
    expect(within(dialog).getByText(/You are offline/)).toBeTruthy();

    // Cancel changes nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await db.outbox.count()).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Disconnect Trains Daily' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Disconnect Trains Daily?' })).getByRole('button', { name: 'Disconnect account' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Trains Daily' })).toBeNull());
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({ kind: 'account.disconnect', url: '/api/accounts/disconnect', body: { id: 'a1' }, status: 'pending' });
    expect(await db.accounts.get('a1')).toBeUndefined();
    // The waiting change is visible until it is sent.
    const waiting = await screen.findByRole('status', { name: 'Waiting to be sent' });
    expect(within(waiting).getByText('Disconnect of Trains Daily')).toBeTruthy();
    expect(liveRegion()?.textContent).toContain('Trains Daily will be disconnected when you are back online.');
  });

  it('a refused disconnect shows the account again with the reason, Retry and Discard', async () => {
    await db.accounts.put(toLocalAccount(serverAccount('a1', { name: 'Trains Daily' })));
    renderConnectScreen(ConnectPage);
    await screen.findByRole('article', { name: 'Trains Daily' });
    await act(async () => {
      await disconnectAccountLocally('a1');
      await appOutbox.drain(appDrainDeps(() => Promise.resolve({ status: 403, statusText: 'Forbidden', headers: {}, body: { message: 'This account belongs to another user.' } })));
    });
    const article = await screen.findByRole('article', { name: 'Trains Daily' });
    expect(within(article).getByText('Not disconnected')).toBeTruthy();
    expect(within(article).getByText('This account belongs to another user.')).toBeTruthy();
    expect(within(article).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(within(article).queryByRole('button', { name: 'Disconnect Trains Daily' })).toBeNull();
    fireEvent.click(within(article).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(within(card('Trains Daily')).queryByText('Not disconnected')).toBeNull());
    expect(within(card('Trains Daily')).getByText('Connected')).toBeTruthy();
  });
});
