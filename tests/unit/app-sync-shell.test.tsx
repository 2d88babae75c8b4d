// The shell's sync pieces: the sign-out warning decision, the indicator's text, the
// pull's axios GET (304 passes through) and the runtime's start/stop around the session.
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signOutWarning, unsyncedChangeCount } from '../../src/app/sign-out';
import { clockTime, SyncIndicator, syncLabel } from '../../src/app/shell/SyncIndicator';
import { axiosGet } from '../../src/sync';
import { clearLocalStore, db } from '../../src/store';
import { createScriptLocally } from '../../src/features/scripts/data';
import { appDrainDeps, appOutbox, syncStatus, type SyncStatus } from '../../src/sync';

const base: SyncStatus = { online: true, pendingCount: 0, failedCount: 0, authRequired: false, lastSyncedAt: null, draining: false };

afterEach(async () => {
  vi.restoreAllMocks();
  await clearLocalStore();
  await syncStatus.refresh();
});

describe('sign-out warning', () => {
  it('signs out without asking when nothing is unsynced', () => {
    expect(unsyncedChangeCount({ pending: 0, failed: 0 })).toBe(0);
    expect(signOutWarning({ pending: 0, failed: 0 })).toBeNull();
  });

  it('warns with the number of pending and failed changes', () => {
    expect(signOutWarning({ pending: 2, failed: 1 })).toBe(
      'You have 3 changes that have not reached the server. Signing out will delete them from this device.',
    );
    expect(signOutWarning({ pending: 0, failed: 1 })).toBe(
      'You have 1 change that has not reached the server. Signing out will delete it from this device.',
    );
  });
});

describe('sync indicator text', () => {
  it('offline, failed, pending, synced HH:MM, not synced yet', () => {
    expect(syncLabel({ ...base, online: false }).parts).toEqual(['Offline']);
    expect(syncLabel({ ...base, online: false, pendingCount: 3 }).parts).toEqual(['Offline', '3 pending']);
    expect(syncLabel({ ...base, pendingCount: 3 }).parts).toEqual(['3 pending']);
    expect(syncLabel({ ...base, failedCount: 1, pendingCount: 2 }).parts).toEqual(['1 failed', '2 pending']);
    const at = new Date(2026, 0, 2, 9, 5).toISOString();
    expect(clockTime(at)).toBe('09:05');
    expect(syncLabel({ ...base, lastSyncedAt: at }).parts).toEqual(['Synced 09:05']);
    expect(syncLabel(base).parts).toEqual(['Not synced yet']);
  });

  it('phones show the state in words when something is not synced, and no words when all is', () => {
    expect(syncLabel({ ...base, online: false }).compact).toEqual(['Offline']);
    expect(syncLabel({ ...base, online: false, pendingCount: 3, failedCount: 1 }).compact).toEqual(['Offline', '4 waiting']);
    expect(syncLabel({ ...base, failedCount: 1, pendingCount: 2 }).compact).toEqual(['Sync failed', 'Retry']);
    expect(syncLabel({ ...base, pendingCount: 1 }).compact).toEqual(['1 change', 'waiting']);
    expect(syncLabel({ ...base, pendingCount: 99 }).compact).toEqual(['99 changes', 'waiting']);
    // Capped: the two lines keep within a 360 px header.
    expect(syncLabel({ ...base, pendingCount: 1200 }).compact).toEqual(['99+ changes', 'waiting']);
    expect(syncLabel({ ...base, online: false, pendingCount: 1200 }).compact).toEqual(['Offline', '99+ waiting']);
    expect(syncLabel({ ...base, lastSyncedAt: new Date().toISOString() }).compact).toEqual([]);
    expect(syncLabel(base).compact).toEqual([]);
  });
});

describe('axiosGet', () => {
  it('lets a 304 through as a status and passes the headers', async () => {
    const get = vi.fn((_url: string, config: { headers: Record<string, string>; validateStatus: (s: number) => boolean; rawError: boolean }) => {
      expect(config.validateStatus(304)).toBe(true);
      expect(config.validateStatus(500)).toBe(false);
      expect(config.rawError).toBe(true);
      return Promise.resolve({ status: 304, headers: { etag: 'W/"1"' }, data: '' });
    });
    const http = { get } as unknown as Parameters<typeof axiosGet>[0];
    await expect(axiosGet(http)('/api/scripts?page=1&per_page=1000', { 'If-None-Match': 'W/"1"' })).resolves.toMatchObject({ status: 304 });
    expect(get.mock.calls[0]?.[1].headers).toEqual({ 'If-None-Match': 'W/"1"' });
  });
});

describe('SyncIndicator', () => {
  it('shows "N failed", lists the refused change with the server message, and discards it', async () => {
    const row = await createScriptLocally({ title: 'Too long', body: '' });
    await createScriptLocally({ title: 'Waiting', body: '' });
    let first = true;
    await appOutbox.drain(
      appDrainDeps(() => {
        if (first) {
          first = false;
          return Promise.resolve({ status: 422, body: { message: 'The title field must not be greater than 200 characters.' } });
        }
        return Promise.reject(new TypeError('Failed to fetch'));
      }),
    );
    await syncStatus.refresh();
    render(
      <MantineProvider env="test">
        <SyncIndicator />
      </MantineProvider>,
    );
    const button = await screen.findByRole('button', { name: /1 failed, 1 pending/ });
    // Phones' words (CSS shows them below the xs breakpoint only).
    expect(button.querySelector('[data-sync-words]')?.textContent).toBe('Sync failedRetry');
    fireEvent.click(button);
    expect(await screen.findByText('New script "Too long"')).toBeTruthy();
    expect(screen.getByText('The title field must not be greater than 200 characters.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry now' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Discard: New script "Too long"' }));
    await waitFor(async () => expect(await db.scripts.get(row.id)).toBeUndefined());
    await waitFor(() => expect(screen.queryByText('New script "Too long"')).toBeNull());
    await syncStatus.refresh();
    const pending = await screen.findByRole('button', { name: /^1 pending$/ });
    expect(pending.querySelector('[data-sync-words]')?.textContent).toBe('1 changewaiting');
  });
});

describe('install prompt', () => {
  it('offers installation after beforeinstallprompt, prompts once, hides after appinstalled', async () => {
    const { getInstallState, listenForInstallPrompt, promptInstall, resetInstallPrompt } = await import('../../src/app/install-prompt');
    resetInstallPrompt();
    listenForInstallPrompt(window);
    expect(getInstallState().available).toBe(false);
    const prompt = vi.fn(() => Promise.resolve());
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'dismissed' as const }),
    });
    window.dispatchEvent(offer);
    expect(offer.defaultPrevented).toBe(true);
    expect(getInstallState().available).toBe(true);
    await expect(promptInstall()).resolves.toBe('dismissed');
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(getInstallState().available).toBe(false); // the event is single-use
    await expect(promptInstall()).resolves.toBe('unavailable');
    window.dispatchEvent(Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt, userChoice: Promise.resolve({ outcome: 'accepted' as const }) }));
    expect(getInstallState().available).toBe(true);
    window.dispatchEvent(new Event('appinstalled'));
    expect(getInstallState()).toEqual({ available: false, installed: true });
  });
});
