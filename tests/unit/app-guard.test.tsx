import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthContextValue, PermissionsContextValue } from '../../src/session/types';

interface SessionMock {
  user: { id: number; name: string } | null;
  token: string | null;
  loading: boolean;
  held: string[];
}

const session = vi.hoisted((): SessionMock => ({ user: null, token: null, loading: false, held: [] }));

vi.mock('../../src/session', () => ({
  useAuth: () =>
    ({ user: session.user, token: session.token, isAuthenticated: Boolean(session.user && session.token) }) as unknown as AuthContextValue,
  usePermissions: () =>
    ({
      loading: session.loading,
      hasPermission: (name: string) => !session.loading && session.held.includes(name),
    }) as unknown as PermissionsContextValue,
}));

const { AccessGate } = await import('../../src/app/AccessGate');

function wrap(children: ReactNode) {
  return (
    <MantineProvider env="test">
      {children}
    </MantineProvider>
  );
}

describe('AccessGate (spec §4 route guard)', () => {
  beforeEach(() => {
    session.user = { id: 1, name: 'Ada' };
    session.token = '1|secret';
    session.loading = false;
    session.held = [];
  });
  afterEach(() => cleanup());

  it('redirects to /login without a user and renders nothing', () => {
    session.user = null;
    const onRedirect = vi.fn();
    render(wrap(<AccessGate onRedirect={onRedirect}>secret page</AccessGate>));
    expect(onRedirect).toHaveBeenCalledWith('/login');
    expect(screen.queryByText('secret page')).toBeNull();
  });

  it('treats a stored user without a token (after a 401) as signed out', () => {
    session.token = null;
    const onRedirect = vi.fn();
    render(wrap(<AccessGate onRedirect={onRedirect}>secret page</AccessGate>));
    expect(onRedirect).toHaveBeenCalledWith('/login');
    expect(screen.queryByText('secret page')).toBeNull();
  });

  it('shows "Loading permissions..." while permissions load', () => {
    session.loading = true;
    const onRedirect = vi.fn();
    render(wrap(<AccessGate required="can_create_video" onRedirect={onRedirect}>secret page</AccessGate>));
    expect(screen.getByText('Loading permissions...')).toBeTruthy();
    expect(screen.queryByText('secret page')).toBeNull();
    expect(onRedirect).not.toHaveBeenCalled();
  });

  it('renders the page when the permission is held', () => {
    session.held = ['can_create_series'];
    render(wrap(<AccessGate required="can_create_series" onRedirect={vi.fn()}>series page</AccessGate>));
    expect(screen.getByText('series page')).toBeTruthy();
  });

  it('shows the Access Denied alert and goes home after OK', async () => {
    const onRedirect = vi.fn();
    render(wrap(<AccessGate required="can_publish_post" onRedirect={onRedirect}>publish page</AccessGate>));
    expect(screen.queryByText('publish page')).toBeNull();
    // The alert's module is loaded when a route is denied (AccessGate.tsx).
    const dialog = await screen.findByRole('dialog', undefined, { timeout: 5000 });
    expect(screen.getByText('Access Denied')).toBeTruthy();
    expect(screen.getByText('You do not have permission to view this page.')).toBeTruthy();
    expect(dialog.textContent).toContain('Access Denied');
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    });
    expect(onRedirect).toHaveBeenCalledTimes(1);
    expect(onRedirect).toHaveBeenCalledWith('/');
  });

  it('also goes home (once) when the alert is closed with Escape', async () => {
    const onRedirect = vi.fn();
    render(wrap(<AccessGate required="can_create_video_caption" onRedirect={onRedirect}>captions</AccessGate>));
    const dialog = await screen.findByRole('dialog', undefined, { timeout: 5000 });
    act(() => {
      fireEvent.keyDown(dialog, { key: 'Escape' });
    });
    expect(onRedirect).toHaveBeenCalledTimes(1);
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    });
    expect(onRedirect).toHaveBeenCalledTimes(1);
    expect(onRedirect).toHaveBeenCalledWith('/');
  });
});
