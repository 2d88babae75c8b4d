// Parts of the signed-in app loaded after the first screen (the account menu, the modals manager,
// the access-denied alert) may fail to arrive: offline on a first visit, before the service worker
// has precached them. The page stays, with a plain stand-in for the part, never the error screen.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAppAt as renderAt } from './helpers/render-app';

const session = await vi.hoisted(async () => (await import('./helpers/mocked-session')).newMockedSession());
const state = vi.hoisted(() => ({ warning: null as string | null }));

const unreachable = vi.hoisted(() => () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});
vi.mock('../../src/app/shell/HeaderMenus', unreachable);
vi.mock('../../src/app/ModalsHost', unreachable);
vi.mock('../../src/app/AccessDeniedAlert', unreachable);

vi.mock('../../src/app/sign-out', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/app/sign-out')>()),
  currentSignOutWarning: () => Promise.resolve(state.warning),
}));

vi.mock('../../src/session', async (importOriginal) => {
  const { mockedSessionHooks } = await import('./helpers/mocked-session');
  return { ...(await importOriginal<typeof import('../../src/session')>()), ...mockedSessionHooks(session) };
});

describe('when a part loaded after the first screen cannot be fetched', () => {
  beforeEach(() => {
    session.user = { id: 1, name: 'Ada', email: 'ada@example.com', plan: 'Creator' };
    session.permissions = {};
    state.warning = null;
    session.logout = vi.fn(() => {
      session.user = null;
      return Promise.resolve();
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('the account menu is a plain list that still reaches the profile, and the page stays', async () => {
    const router = renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: /^Account menu/ }));
    // The plain menu replaces the stand-in and opens, as the real one would have.
    const button = await screen.findByRole('button', { name: /^Account menu/, expanded: true });
    const list = document.getElementById(button.getAttribute('aria-controls') ?? '');
    if (!list) throw new Error('the account menu controls no list');
    const profile = within(list).getByRole('link', { name: 'Profile' });
    expect(within(list).getByRole('link', { name: 'Edit profile' })).toBeTruthy();
    expect(list.textContent).toContain('ada@example.com');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeTruthy();
    expect(screen.queryByText(/something went wrong/i)).toBeNull();
    fireEvent.keyDown(profile, { key: 'Escape' });
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('false'));
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    await screen.findByRole('button', { name: /^Account menu/, expanded: true });
    const reopened = document.getElementById(button.getAttribute('aria-controls') ?? '');
    if (!reopened) throw new Error('the account menu did not open again');
    fireEvent.click(within(reopened).getByRole('link', { name: 'Profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/user-profile'));
    expect(console.warn).toHaveBeenCalledWith('The account menu could not be loaded:', expect.anything());
  });

  it('signing out with unsent changes asks with the browser\'s dialog; Cancel keeps the session', async () => {
    state.warning = 'You have 2 changes that have not reached the server. Signing out will delete them from this device.';
    const confirm = vi.fn((_message: string) => false);
    vi.stubGlobal('confirm', confirm);
    const router = renderAt('/');
    fireEvent.click(await screen.findByRole('button', { name: /^Account menu/ }));
    await screen.findByRole('button', { name: /^Account menu/, expanded: true });
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    expect(confirm.mock.calls[0]?.[0]).toBe(`Sign out and lose unsent changes?\n\n${state.warning}`);
    expect(session.logout).not.toHaveBeenCalled();

    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByRole('button', { name: /^Account menu/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(session.logout).toHaveBeenCalledTimes(1);
  });

  it('a part that fails to arrive offline is asked for again when the network is back; online, the failure stands', async () => {
    const { retryWhenOnline } = await import('../../src/ui/ChunkBoundary');
    let attempts = 0;
    const load = retryWhenOnline(() => (++attempts < 2 ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve('the part')));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const loaded = load();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(attempts).toBe(1);
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await expect(loaded).resolves.toBe('the part');
    expect(attempts).toBe(2);

    attempts = 0;
    await expect(load()).rejects.toThrow('Failed to fetch');
    expect(attempts).toBe(1);
  });

  it('a denied route still says so and offers the way home, without the modal', async () => {
    const router = renderAt('/video-series');
    expect(await screen.findByText('You do not have permission to view this page.', undefined, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
