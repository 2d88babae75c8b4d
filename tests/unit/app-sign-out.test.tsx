// Sign-out with unsynced work, in the real shell: a queued change makes "Sign out"
// ask first (Cancel keeps everything; "Sign out anyway" signs out); with nothing queued it signs
// out at once.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderAppAt } from './helpers/render-app';

const session = await vi.hoisted(async () => {
  const { newMockedSession } = await import('./helpers/mocked-session');
  return { ...newMockedSession(), permissions: 'all' as const };
});

vi.mock('../../src/session', async (importOriginal) => {
  // The real plan hints (they read the local store); the session itself is mocked.
  const { mockedSessionHooks } = await import('./helpers/mocked-session');
  return { ...(await importOriginal<typeof import('../../src/session')>()), ...mockedSessionHooks(session) };
});

const { clearLocalStore, db } = await import('../../src/store');
const { createScriptLocally } = await import('../../src/features/scripts/data');
const { setOutboxOwner } = await import('../../src/sync');


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
    const router = renderAppAt('/');
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
    const router = renderAppAt('/');
    await clickSignOut();
    expect(await screen.findByText('You have 1 change that has not reached the server. Signing out will delete it from this device.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out anyway' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(session.logout).toHaveBeenCalledTimes(1);
  });

  it('with nothing queued, signs out at once', async () => {
    const router = renderAppAt('/');
    await clickSignOut();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(session.logout).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/have not reached the server/)).toBeNull();
  });
});
