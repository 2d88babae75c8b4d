// axe-core over the connect screen: accounts in every health state (sandbox, waiting posts, a
// refused disconnect), paging, the disconnect dialog, the offline and limit notices, and the empty
// state (contrast is checked by the browser tests; happy-dom computes no styles).
import { notifications } from '@mantine/notifications';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toLocalAccount } from '../../src/features/accounts/data';
import { clearLocalStore, db } from '../../src/store';
import { setOutboxOwner } from '../../src/sync';
import { serverAccount } from './helpers/accounts';
import { fakeServer, type FakeServer } from './helpers/fake-server';
import { CREATOR_PERMISSIONS, permissionsView, renderConnectScreen } from './helpers/connect-screen';

vi.mock('../../src/session', async (importOriginal) => {
  const { testPermissions } = await import('./helpers/connect-screen');
  return { ...(await importOriginal<typeof import('../../src/session')>()), usePermissions: testPermissions };
});

const { ConnectPage } = await import('../../src/features/accounts/ConnectPage');

async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

function setOnline(online: boolean): void {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

let api: FakeServer;

beforeEach(() => {
  setOutboxOwner(() => 'u1');
  // The screen asks which platforms are set up; a sandbox one is labelled.
  api = fakeServer().on('GET', '/api/social/platforms', { body: { data: [{ platform: 'youtube', available: true, sandbox: true }, { platform: 'tiktok', available: false, sandbox: false }, { platform: 'instagram', available: true, sandbox: false }] } });
  permissionsView.current = { permissions: CREATOR_PERMISSIONS, loading: false, error: null };
});
afterEach(async () => {
  // Unmounted first: coming back online would make the screen ask the (restored) real API.
  cleanup();
  api.restore();
  notifications.clean();
  setOnline(true);
  setOutboxOwner(null);
  await clearLocalStore();
});

describe('connect accessibility', () => {
  it('has no axe violations with accounts in every state, paging, offline, at the limit and with the dialog open', async () => {
    permissionsView.current = { permissions: { ...CREATOR_PERMISSIONS, social_accounts_limit: 12, social_accounts_display: '12' }, loading: false, error: null };
    await db.accounts.bulkPut([
      toLocalAccount(serverAccount('ok', { name: 'Trains Daily', avatar_url: '/media/avatars/ok.png', connected_at: '2026-11-20T00:00:00.000Z' })),
      toLocalAccount(serverAccount('sand', { name: 'Cooking Lab', sandbox: true, health: 'expiring', health_reason: 'The sign-in lapses in 2 days.', connected_at: '2026-11-19T00:00:00.000Z' })),
      toLocalAccount(serverAccount('bad', { name: 'Garden Tips', health: 'reconnect', health_reason: 'Reconnect the account.', blocked_targets: 2, connected_at: '2026-11-18T00:00:00.000Z' })),
      { ...toLocalAccount(serverAccount('refused', { name: 'Refused One', connected_at: '2026-11-17T00:00:00.000Z' })), syncStatus: 'failed', syncError: 'The server refused it.', failedOutboxId: 'x' },
      ...Array.from({ length: 8 }, (_, index) => toLocalAccount(serverAccount(`more${index}`, { connected_at: `2026-11-0${index + 1}T00:00:00.000Z` }))),
    ]);
    renderConnectScreen(ConnectPage);
    await screen.findByRole('article', { name: 'Garden Tips' });
    expect(await screen.findByRole('navigation', { name: 'Pages of accounts' })).toBeTruthy();
    expect(await violations()).toEqual([]);

    setOnline(false);
    await screen.findByText('You are offline');
    expect(await violations()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Disconnect Garden Tips' }));
    await screen.findByRole('dialog', { name: 'Disconnect Garden Tips?' });
    expect(await violations()).toEqual([]);
  }, 30_000);

  it('has no axe violations in the empty state and at a limit of 0', async () => {
    const { unmount } = renderConnectScreen(ConnectPage);
    await screen.findByText('No accounts connected yet');
    expect(await violations()).toEqual([]);
    unmount();
    permissionsView.current = { permissions: { ...CREATOR_PERMISSIONS, social_accounts_limit: 0, social_accounts_display: '0' }, loading: false, error: null };
    renderConnectScreen(ConnectPage);
    await screen.findByText('Not included in your plan');
    expect(await violations()).toEqual([]);
  }, 30_000);
});
