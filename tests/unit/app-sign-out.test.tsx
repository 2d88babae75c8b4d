// Sign-out with unsynced work (issue 3 §4), in the real shell: a queued change makes "Sign out"
// ask first (Cancel keeps everything; "Sign out anyway" signs out); with nothing queued it signs
// out at once.
import { MantineProvider } from '@mantine/core';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthContextValue, PermissionsContextValue } from '../../src/session/types';

interface SessionMock {
  user: { id: number; name: string; email: string; plan: string } | null;
  logout: () => Promise<void>;
}

const session = vi.hoisted((): SessionMock => ({ user: null, logout: () => Promise.resolve() }));

vi.mock('../../src/session', async (importOriginal) => ({
  // The real plan hints (they read the local store); the session itself is mocked.
  ...(await importOriginal<typeof import('../../src/session')>()),
  useAuth: () =>
    ({
      user: session.user,
      token: session.user ? '1|token' : null,
      isAuthenticated: Boolean(session.user),
      credits: 10,
      loading: false,
      error: null,
      logout: session.logout,
      refreshUser: () => Promise.resolve(session.user),
    }) as unknown as AuthContextValue,
  usePermissions: () =>
    ({
      permissions: {},
      loading: false,
      error: null,
      hasPermission: () => true,
      getDisplayText: () => 'Unlimited',
      isArtStyleAllowed: () => true,
    }) as unknown as PermissionsContextValue,
}));

const { createAppRouter } = await import('../../src/app/router');
const { clearLocalStore, db } = await import('../../src/store');
const { createScriptLocally } = await import('../../src/collections');
const { setOutboxOwner } = await import('../../src/sync');

function renderShell() {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    // No ModalsProvider here: the signed-in layout brings its own (src/app/SignedInApp.tsx).
    <MantineProvider env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

async function clickSignOut() {
  fireEvent.click(await screen.findByRole('button', { name: /^Account menu/ }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
}

describe('sign-out with unsynced work', () => {
  beforeEach(() => {
    session.user = { id: 7, name: 'Ada', email: 'ada@example.com', plan: 'Creator' };
    session.logout = vi.fn(() => {
      session.user = null;
      return Promise.resolve();
    });
    setOutboxOwner(() => '7');
  });
  afterEach(async () => {
    cleanup();
    setOutboxOwner(null);
    await clearLocalStore();
  });

  it('warns, Cancel keeps the session and the queued changes', async () => {
    await createScriptLocally({ title: 'One', body: '' });
    await createScriptLocally({ title: 'Two', body: '' });
    const router = renderShell();
    await clickSignOut();
    expect(await screen.findByText('You have 2 changes that have not reached the server. Signing out will delete them from this device.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sign out anyway' })).toBeNull());
    expect(session.logout).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(2);
    expect(router.state.location.pathname).toBe('/');
  });

  it('"Sign out anyway" signs out and goes to /login', async () => {
    await createScriptLocally({ title: 'One', body: '' });
    const router = renderShell();
    await clickSignOut();
    expect(await screen.findByText('You have 1 change that has not reached the server. Signing out will delete it from this device.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out anyway' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(session.logout).toHaveBeenCalledTimes(1);
  });

  it('with nothing queued, signs out at once', async () => {
    const router = renderShell();
    await clickSignOut();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(session.logout).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/have not reached the server/)).toBeNull();
  });
});
