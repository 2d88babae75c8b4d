// Confirmations (src/ui/confirm.ts) go through Mantine's modals manager, which the signed-in app
// mounts after the first screen (src/app/ModalsHost.tsx): one asked for sooner asks for the manager
// and opens once it is there, instead of going nowhere.
import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { describe, expect, it } from 'vitest';
import { ModalsHost } from '../../src/app/ModalsHost';
import { modalsHostRequested, openConfirm, subscribeModalsHostRequest } from '../../src/ui/confirm';

function HostWhenRequested() {
  const requested = useSyncExternalStore(subscribeModalsHostRequest, modalsHostRequested);
  return requested ? <ModalsHost /> : null;
}

describe('openConfirm', () => {
  it('asks for the modals manager when it is not there yet, and opens the dialog once it is', async () => {
    render(
      <MantineProvider env="test">
        <HostWhenRequested />
      </MantineProvider>,
    );
    expect(modalsHostRequested()).toBe(false);
    let opened: Promise<void> = Promise.resolve();
    act(() => {
      opened = openConfirm({ title: 'Sign out and lose unsent changes?', message: 'You have 1 change that has not reached the server.', confirmLabel: 'Sign out anyway', onConfirm: () => undefined });
    });
    expect(modalsHostRequested()).toBe(true);
    await act(() => opened);
    expect(await screen.findByRole('dialog', { name: 'Sign out and lose unsent changes?' })).toBeTruthy();
  });
});
