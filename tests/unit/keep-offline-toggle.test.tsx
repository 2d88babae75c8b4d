// The shared "Keep offline" switch (finished videos and captioned videos): keeping shows the size
// of the copy, a failure shows its reason and leaves the switch off, offline it says a connection
// is needed without trying, and turning it off frees the copy.
import { MantineProvider } from '@mantine/core';
import { act, configure, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeepOfflineToggle, OFFLINE_KEEP_NEEDS_NETWORK } from '../../src/ui/KeepOfflineToggle';

configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 30_000 });

function Harness({ keep, forget }: { keep: () => Promise<number>; forget: () => Promise<void> }) {
  const [kept, setKept] = useState(false);
  return (
    <MantineProvider env="test">
      <KeepOfflineToggle
        copyId="v1"
        kept={kept}
        offDescription="Play it without a connection"
        readSize={() => Promise.resolve(3 * 1024 * 1024)}
        keep={async () => {
          const size = await keep();
          setKept(true);
          return size;
        }}
        forget={async () => {
          await forget();
          setKept(false);
        }}
      />
    </MantineProvider>
  );
}

const setOnline = (online: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

afterEach(() => setOnline(true));

describe('KeepOfflineToggle', () => {
  it('keeps a copy and shows its size; off frees it', async () => {
    const keep = vi.fn(() => Promise.resolve(5 * 1024 * 1024));
    const forget = vi.fn(() => Promise.resolve());
    render(<Harness keep={keep} forget={forget} />);
    expect(screen.getByText('Play it without a connection')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: /Keep offline/ }));
    expect(await screen.findByText(/Saved on this device · \d\.\d MB/)).toBeTruthy();
    expect(keep).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('switch', { name: /Keep offline/ }));
    expect(await screen.findByText('Play it without a connection')).toBeTruthy();
    expect(forget).toHaveBeenCalledTimes(1);
  });

  it('shows why keeping failed and stays off; offline it does not try', async () => {
    const keep = vi.fn(() => Promise.reject(new Error('There is no captioned video to keep yet.')));
    render(<Harness keep={keep} forget={() => Promise.resolve()} />);
    fireEvent.click(screen.getByRole('switch', { name: /Keep offline/ }));
    expect(await screen.findByText('There is no captioned video to keep yet.')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('switch', { name: /Keep offline/ }).checked).toBe(false);

    setOnline(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    fireEvent.click(screen.getByRole('switch', { name: /Keep offline/ }));
    expect(await screen.findByText(OFFLINE_KEEP_NEEDS_NETWORK)).toBeTruthy();
    expect(keep).toHaveBeenCalledTimes(1);
  });
});
