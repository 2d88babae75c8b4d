import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { AccessGate } from '../../src/app/AccessGate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../contract';
import { fetchUser, resetCsrfState } from '../../src/api';
import { AuthProvider, PermissionsProvider, checkPermission, getPermissionsSnapshot, loadPermissions, restoreSession, useAuth, usePermissions, whenSessionStored } from '../../src/session';
import { login, logout } from '../../src/session/auth-actions';
import { permissionsState, sessionState } from '../../src/session/state';
import { clearLocalStore, permissionsRepo } from '../../src/store';
import { markFirstScreenShown, resetFirstScreenForTests } from '../../src/ui/first-screen';
import { fakeServer, type FakeServer } from './helpers/fake-server';

const ann: User = {
  id: 1,
  name: 'Ann',
  email: 'ann@example.com',
  plan: 'pro',
  plan_name: 'Pro',
  credits: 0,
  has_payment_approval: true,
  skip_payment_approval: false,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};
const bob: User = { ...ann, id: 2, name: 'Bob', email: 'bob@example.com' };

const PRO = { can_create_video: true, can_create_series: true, videos_limit: 10, allowed_art_styles: ['anime'] };

let server: FakeServer;
let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(async () => {
  resetCsrfState();
  resetFirstScreenForTests();
  await clearLocalStore();
  restoreSession();
  permissionsState.permissions = null;
  permissionsState.heldFor = null;
  permissionsState.error = null;
  permissionsState.loading = true;
  server = fakeServer();
  server.on('GET', '/api/stripe/payment-approval', { body: { success: true, has_payment_approval: true } });
  server.on('GET', '/api/user/permissions', { body: PRO });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(async () => {
  await whenSessionStored();
  server.restore();
  vi.restoreAllMocks();
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <AuthProvider>
    <PermissionsProvider>{children}</PermissionsProvider>
  </AuthProvider>
);
const useBoth = () => ({ auth: useAuth(), perms: usePermissions() });
const permissionCalls = () => server.calls('GET', '/api/user/permissions');

describe('PermissionsProvider', () => {
  it('starts loading, then with no authenticated user stops loading and holds nothing, without a request', async () => {
    const { result } = renderHook(useBoth, { wrapper });
    await waitFor(() => expect(result.current.perms.loading).toBe(false));
    expect(result.current.perms.permissions).toBeNull();
    expect(result.current.perms.error).toBeNull();
    expect(result.current.perms.hasPermission('can_create_video')).toBe(false);
    expect(result.current.perms.getDisplayText('videos')).toBe('0');
    expect(permissionCalls()).toHaveLength(0);
  });

  it('is loading on first render', () => {
    const { result } = renderHook(useBoth, { wrapper });
    expect(result.current.perms.loading).toBe(true);
    expect(result.current.perms.getDisplayText('videos')).toBe('Loading...');
    expect(result.current.perms.hasPermission('can_create_video')).toBe(false);
  });

  it('fetches once after sign-in and answers the checks', async () => {
    const { result } = renderHook(useBoth, { wrapper });
    await act(() => result.current.auth.login(ann, 'tok', 0));
    await waitFor(() => expect(result.current.perms.permissions).toEqual(PRO));
    expect(result.current.perms.loading).toBe(false);
    expect(result.current.perms.hasPermission('can_create_series')).toBe(true);
    expect(result.current.perms.hasPermission('can_publish_post')).toBe(false);
    expect(result.current.perms.getLimit('videos')).toBe(10);
    expect(result.current.perms.getLimit('videos_limit')).toBe(10);
    expect(result.current.perms.isUnlimited('series')).toBe(true);
    expect(result.current.perms.getDisplayText('videos')).toBe('10');
    expect(result.current.perms.isArtStyleAllowed('anime')).toBe(true);
    expect(result.current.perms.isArtStyleAllowed('comic')).toBe(false);
    expect(result.current.perms.getPermissionValue('videos_limit')).toBe(10);
    expect(checkPermission('can_create_series')).toBe(true);
    // the payment check may update the user's flags: that is not a new user, so no refetch
    await whenSessionStored();
    expect(permissionCalls()).toHaveLength(1);
    expect(permissionCalls()[0]?.headers.authorization).toBe('Bearer tok');
    // The offline copy is written once the first screen has shown (its render comes first).
    expect(await permissionsRepo.get(ann.id)).toBeNull();
    markFirstScreenShown();
    await waitFor(async () => expect(await permissionsRepo.get(ann.id)).toEqual(PRO));
  });

  it('fetches again when the user changes, and drops them on sign-out', async () => {
    server.on('GET', '/api/user/permissions', (req) => ({
      body: req.headers.authorization === 'Bearer bob' ? { can_publish_post: true } : PRO,
    }));
    const { result } = renderHook(useBoth, { wrapper });
    await act(() => result.current.auth.login(ann, 'ann', 0));
    await waitFor(() => expect(result.current.perms.hasPermission('can_create_video')).toBe(true));
    await act(() => result.current.auth.login(bob, 'bob', 0));
    await waitFor(() => expect(result.current.perms.hasPermission('can_publish_post')).toBe(true));
    expect(result.current.perms.hasPermission('can_create_video')).toBe(false);
    expect(permissionCalls()).toHaveLength(2);
    server.on('POST', '/api/logout', { body: {} });
    await act(() => logout());
    await waitFor(() => expect(result.current.perms.permissions).toBeNull());
    expect(result.current.perms.loading).toBe(false);
    expect(result.current.perms.hasPermission('can_publish_post')).toBe(false);
    // The offline copies wait for the first screen; one that comes after the sign-out wiped the
    // store is not written back.
    markFirstScreenShown();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await permissionsRepo.get(ann.id)).toBeNull();
    expect(await permissionsRepo.get(bob.id)).toBeNull();
  });

  it('a re-fetch for the same user (a changed plan) keeps the page and what is typed in it; the new answer then applies', async () => {
    let answer: Record<string, unknown> = PRO;
    let release: (() => void) | null = null;
    server.on('GET', '/api/user/permissions', () =>
      release === null && permissionCalls().length <= 1 ? { body: answer } : new Promise((resolve) => (release = () => resolve({ body: answer }))),
    );
    function Editor() {
      const [text, setText] = useState('');
      return <input aria-label="Draft" value={text} onChange={(event) => setText(event.target.value)} />;
    }
    const onRedirect = vi.fn();
    render(
      <MantineProvider env="test">
        <AuthProvider>
          <PermissionsProvider>
            <AccessGate required="can_create_video" onRedirect={onRedirect}>
              <Editor />
            </AccessGate>
          </PermissionsProvider>
        </AuthProvider>
      </MantineProvider>,
    );
    await act(() => login(ann, 'ann', 0));
    const draft = await screen.findByLabelText('Draft');
    onRedirect.mockClear();
    fireEvent.change(draft, { target: { value: 'half a script' } });

    // The server now says the plan changed: the user is refreshed, the permissions fetched again.
    answer = { can_create_video: true, can_publish_post: true };
    act(() => {
      sessionState.user = { ...ann, plan: 'creator', updated_at: '2026-11-24T09:00:00Z' };
    });
    await waitFor(() => expect(release).toBeTypeOf('function'));
    expect(screen.queryByText('Loading permissions...')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Draft').value).toBe('half a script');
    expect(checkPermission('can_create_video')).toBe(true);
    expect(checkPermission('can_publish_post')).toBe(false);
    await act(async () => {
      release?.();
      await Promise.resolve();
    });
    await waitFor(() => expect(checkPermission('can_publish_post')).toBe(true));
    expect(screen.getByLabelText<HTMLInputElement>('Draft').value).toBe('half a script');

    // A plan that lacks the page's permission: once its answer arrives, the page is denied.
    release = null;
    answer = { can_publish_post: true };
    act(() => {
      sessionState.user = { ...ann, plan: 'free', updated_at: '2026-11-24T10:00:00Z' };
    });
    await waitFor(() => expect(release).toBeTypeOf('function'));
    expect(screen.getByLabelText<HTMLInputElement>('Draft').value).toBe('half a script');
    await act(async () => {
      release?.();
      await Promise.resolve();
    });
    expect(await screen.findByText('You do not have permission to view this page.')).toBeTruthy();
    expect(screen.queryByLabelText('Draft')).toBeNull();
    expect(onRedirect).not.toHaveBeenCalled();
    cleanup();
  });

  it('signing in as someone else shows "loading" again: their own permissions, never the last user\'s', async () => {
    let release: (() => void) | null = null;
    server.on('GET', '/api/user/permissions', (req) =>
      req.headers.authorization === 'Bearer bob' ? new Promise((resolve) => (release = () => resolve({ body: { can_publish_post: true } }))) : { body: PRO },
    );
    const { result } = renderHook(useBoth, { wrapper });
    await act(() => login(ann, 'ann', 0));
    await waitFor(() => expect(result.current.perms.hasPermission('can_create_video')).toBe(true));
    await act(() => login(bob, 'bob', 0));
    await waitFor(() => expect(release).toBeTypeOf('function'));
    expect(result.current.perms.loading).toBe(true);
    expect(result.current.perms.hasPermission('can_create_video')).toBe(false);
    await act(async () => {
      release?.();
      await Promise.resolve();
    });
    await waitFor(() => expect(result.current.perms.hasPermission('can_publish_post')).toBe(true));
  });

  it('right after sign-in (before the fetch) the guard sees "loading", never a stale denial', async () => {
    let release!: () => void;
    server.on('GET', '/api/user/permissions', () => new Promise((resolve) => (release = () => resolve({ body: PRO }))));
    const { result } = renderHook(useBoth, { wrapper });
    await waitFor(() => expect(result.current.perms.loading).toBe(false));
    const pending = login(ann, 'tok', 0);
    // synchronously after login: no provider render has happened yet
    expect(getPermissionsSnapshot().loading).toBe(true);
    expect(getPermissionsSnapshot().permissions).toBeNull();
    await act(() => pending);
    expect(result.current.perms.loading).toBe(true);
    await waitFor(() => expect(release).toBeTypeOf('function'));
    await act(async () => {
      release();
      await Promise.resolve();
    });
    await waitFor(() => expect(result.current.perms.loading).toBe(false));
    expect(getPermissionsSnapshot().loading).toBe(false);
    expect(checkPermission('can_create_video')).toBe(true);
  });

  it('an HTTP error is stored and logged; every check denies; loading ends', async () => {
    server.on('GET', '/api/user/permissions', { status: 500, body: { message: 'Server Error' } });
    const { result } = renderHook(useBoth, { wrapper });
    await act(() => login(ann, 'tok', 0));
    await waitFor(() => expect(result.current.perms.error).toEqual({ message: 'Server Error' }));
    expect(result.current.perms.loading).toBe(false);
    expect(result.current.perms.hasPermission('can_create_video')).toBe(false);
    expect(result.current.perms.isArtStyleAllowed('anime')).toBe(false);
    expect(result.current.perms.getDisplayText('videos')).toBe('Loading...');
    expect(consoleError).toHaveBeenCalled();
  });

  it('an HTTP error does not fall back to the cache', async () => {
    await permissionsRepo.put(ann.id, PRO);
    server.on('GET', '/api/user/permissions', { status: 403, body: { message: 'Forbidden' } });
    const { result } = renderHook(useBoth, { wrapper });
    await act(() => login(ann, 'tok', 0));
    await waitFor(() => expect(result.current.perms.error).toEqual({ message: 'Forbidden' }));
    expect(result.current.perms.hasPermission('can_create_video')).toBe(false);
  });

  it('offline (no response) with a cached copy for this user: uses the cache', async () => {
    await permissionsRepo.put(ann.id, PRO);
    await permissionsRepo.put(bob.id, { full_access: true });
    server.on('GET', '/api/user/permissions', { network: true });
    const { result } = renderHook(useBoth, { wrapper });
    await act(() => login(ann, 'tok', 0));
    await waitFor(() => expect(result.current.perms.loading).toBe(false));
    expect(result.current.perms.error).toBeNull();
    expect(result.current.perms.permissions).toEqual(PRO);
    expect(result.current.perms.hasPermission('can_create_video')).toBe(true);
    expect(result.current.perms.hasPermission('can_publish_post')).toBe(false);
  });

  it('offline without a cached copy: error state with the message', async () => {
    server.on('GET', '/api/user/permissions', { network: true });
    const { result } = renderHook(useBoth, { wrapper });
    await act(() => login(ann, 'tok', 0));
    await waitFor(() => expect(result.current.perms.error).toBe('Network Error'));
    expect(result.current.perms.loading).toBe(false);
    expect(result.current.perms.hasPermission('can_create_video')).toBe(false);
  });

  it('a 401 signs the user out of the permissions as well', async () => {
    const { result } = renderHook(useBoth, { wrapper });
    await act(() => login(ann, 'tok', 0));
    await waitFor(() => expect(result.current.perms.permissions).toEqual(PRO));
    server.on('GET', '/api/user', { status: 401, body: { message: 'Unauthenticated.' } });
    await act(async () => {
      await fetchUser().catch(() => undefined);
    });
    await waitFor(() => expect(result.current.auth.isAuthenticated).toBe(false));
    await waitFor(() => expect(result.current.perms.permissions).toBeNull());
    expect(result.current.perms.hasPermission('can_create_video')).toBe(false);
  });

  it("a plain success comes by the browser's fetch; any other answer is asked again through the HTTP client", async () => {
    const { result } = renderHook(useBoth, { wrapper });
    await act(() => login(ann, 'tok', 0));
    await waitFor(() => expect(result.current.perms.permissions).toEqual(PRO));
    expect(permissionCalls().map((call) => call.via)).toEqual(['fetch']);
    expect(permissionCalls()[0]?.headers).toMatchObject({ accept: 'application/json', authorization: 'Bearer tok' });

    // A 401: the client's answer to it (spec §3: the token is removed, the session ends) still happens.
    server.on('GET', '/api/user/permissions', { status: 401, body: { message: 'Unauthenticated.' } });
    await act(() => loadPermissions({ force: true }));
    expect(permissionCalls().map((call) => call.via)).toEqual(['fetch', 'fetch', 'axios']);
    await waitFor(() => expect(result.current.auth.isAuthenticated).toBe(false));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a success that is not a JSON object is not taken from the quick fetch', async () => {
    let answered = 0;
    server.on('GET', '/api/user/permissions', (request) => {
      answered += 1;
      // The quick fetch gets a list, the client the real object.
      return { body: request.via === 'fetch' ? ['not', 'an', 'object'] : PRO };
    });
    const { result } = renderHook(useBoth, { wrapper });
    await act(() => login(ann, 'tok', 0));
    await waitFor(() => expect(result.current.perms.permissions).toEqual(PRO));
    expect(answered).toBe(2);
  });

  it('a load started before the provider mounts (the entry, for a restored session) is shared, not repeated', async () => {
    await login(ann, 'tok', 0);
    const early = loadPermissions();
    const { result } = renderHook(useBoth, { wrapper });
    await early;
    await waitFor(() => expect(result.current.perms.permissions).toEqual(PRO));
    await whenSessionStored();
    expect(permissionCalls()).toHaveLength(1);
  });

  it('a load finished before the provider mounts (the first screen waits for it) is not repeated', async () => {
    await login(ann, 'tok', 0);
    await loadPermissions();
    expect(permissionCalls()).toHaveLength(1);
    const { result } = renderHook(useBoth, { wrapper });
    await waitFor(() => expect(result.current.perms.permissions).toEqual(PRO));
    await whenSessionStored();
    expect(permissionCalls()).toHaveLength(1);
    // Another identity (a plan change) is fetched again.
    await act(() => login({ ...ann, plan: 'creator' }, 'tok', 0));
    await waitFor(() => expect(permissionCalls()).toHaveLength(2));
  });

  it('refresh() fetches again', async () => {
    const { result } = renderHook(useBoth, { wrapper });
    await act(() => login(ann, 'tok', 0));
    await waitFor(() => expect(result.current.perms.permissions).toEqual(PRO));
    server.on('GET', '/api/user/permissions', { body: { full_access: '1' } });
    await act(() => result.current.perms.refresh());
    expect(result.current.perms.hasPermission('anything')).toBe(true);
    expect(result.current.perms.getPermissionValue('videos_limit')).toBeNull();
    expect(result.current.perms.getDisplayText('videos')).toBe('Unlimited');
  });
});
