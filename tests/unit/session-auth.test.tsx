import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../contract';
import { registerWithLicense, resetCsrfState, fetchUser } from '../../src/api';
import {
  AuthProvider,
  getSessionSnapshot,
  restoreSession,
  useAuth,
  usePermissions,
  whenSessionStored,
  sessionState,
} from '../../src/session';
import { login, logout, refreshUser, signIn, checkPaymentApproval, setCredits } from '../../src/session/auth-actions';
import { clearLocalStore, db, permissionsRepo, sessionRepo } from '../../src/store';
import { markFirstScreenShown, resetFirstScreenForTests } from '../../src/ui/first-screen';
import { fakeServer, type FakeServer } from './helpers/fake-server';

const ann: User = {
  id: 1,
  name: 'Ann',
  email: 'ann@example.com',
  plan: 'pro',
  plan_name: 'Pro',
  credits: 40,
  has_payment_approval: false,
  skip_payment_approval: false,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

const bob: User = { ...ann, id: 2, name: 'Bob', email: 'bob@example.com' };

const approval = (overrides: Record<string, unknown> = {}) => ({
  success: true,
  has_payment_approval: false,
  has_payment_method: false,
  skip_payment_approval: false,
  original_payment_approval: false,
  payment_approval_meta: null,
  ...overrides,
});

let server: FakeServer;
let warn: ReturnType<typeof vi.spyOn>;
let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(async () => {
  resetCsrfState();
  await clearLocalStore();
  restoreSession();
  server = fakeServer();
  server.on('GET', '/api/stripe/payment-approval', { body: approval() });
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(async () => {
  await whenSessionStored();
  server.restore();
  vi.restoreAllMocks();
});

const wrapper = ({ children }: { children: ReactNode }) => <AuthProvider>{children}</AuthProvider>;
const paymentCalls = () => server.calls('GET', '/api/stripe/payment-approval');

describe('start-up and localStorage', () => {
  it('is signed out with credits 0 when nothing is stored', () => {
    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current.user).toBeNull();
    expect(result.current.token).toBeNull();
    expect(result.current.credits).toBe(0);
    expect(result.current.isAuthenticated).toBe(false);
  });

  it('restores user, token and credits from localStorage', () => {
    localStorage.setItem('user', JSON.stringify(ann));
    localStorage.setItem('token', 'tok');
    localStorage.setItem('credits', '12');
    restoreSession();
    const { result } = renderHook(() => useAuth(), { wrapper });
    expect(result.current.user).toEqual(ann);
    expect(result.current.token).toBe('tok');
    expect(result.current.credits).toBe(12);
    expect(result.current.isAuthenticated).toBe(true);
    expect(getSessionSnapshot().isAuthenticated).toBe(true);
  });

  it.each([
    ['user without token', { user: JSON.stringify(ann) }],
    ['token without user', { token: 'tok' }],
    ['unreadable user', { user: '{not json', token: 'tok' }],
  ])('is not authenticated with %s', (_label, stored: Record<string, string>) => {
    for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
    restoreSession();
    expect(getSessionSnapshot().isAuthenticated).toBe(false);
  });

  it('checks payment approval on start when a session was restored', async () => {
    localStorage.setItem('user', JSON.stringify(ann));
    localStorage.setItem('token', 'tok');
    restoreSession();
    resetFirstScreenForTests();
    renderHook(() => useAuth(), { wrapper });
    // After the first screen has shown (its chunks and permissions come first on a slow link).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(paymentCalls()).toHaveLength(0);
    markFirstScreenShown();
    await waitFor(() => expect(paymentCalls()).toHaveLength(1));
    expect(paymentCalls()[0]?.headers.authorization).toBe('Bearer tok');
  });
});

describe('the start-up check after a sign-out', () => {
  it('is not made when the session ended before the first screen showed', async () => {
    localStorage.setItem('user', JSON.stringify(ann));
    localStorage.setItem('token', 'tok');
    restoreSession();
    resetFirstScreenForTests();
    server.on('POST', '/api/logout', { body: { message: 'Logged out.' } });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await act(() => result.current.logout());
    markFirstScreenShown();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(paymentCalls()).toHaveLength(0);
    expect(getSessionSnapshot().paymentStatus.lastChecked).toBeNull();
  });
});

describe('login', () => {
  it('signs in, saves user/token/credits to localStorage and mirrors them into the local store', async () => {
    const { result } = renderHook(() => useAuth(), { wrapper });
    await act(() => result.current.login(ann, 'tok', 7));
    expect(result.current.isAuthenticated).toBe(true);
    expect(result.current.credits).toBe(7);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(ann);
    expect(localStorage.getItem('token')).toBe('tok');
    expect(localStorage.getItem('credits')).toBe('7');
    await whenSessionStored();
    expect(await sessionRepo.get('token')).toBe('tok');
    expect(await sessionRepo.get('user')).toEqual(ann);
  });

  it('checks payment approval once in the background, with the new token', async () => {
    const { result } = renderHook(() => useAuth(), { wrapper });
    await act(() => result.current.login(ann, 'tok', 0));
    await waitFor(() => expect(result.current.paymentStatus.lastChecked).not.toBeNull());
    expect(paymentCalls()).toHaveLength(1);
    expect(paymentCalls()[0]?.headers.authorization).toBe('Bearer tok');
  });

  it('a failing approval check only warns and does not block login', async () => {
    server.on('GET', '/api/stripe/payment-approval', { status: 500, body: { message: 'Stripe down' } });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await act(() => result.current.login(ann, 'tok', 3));
    expect(result.current.isAuthenticated).toBe(true);
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(result.current.isAuthenticated).toBe(true);
    expect(result.current.paymentStatus.error).toBe('Stripe down');
  });

  it('updates the stored user when the checked approval flag differs', async () => {
    server.on('GET', '/api/stripe/payment-approval', {
      body: approval({ has_payment_approval: true, skip_payment_approval: true, has_payment_method: true, payment_approval_meta: '{"card":"visa"}' }),
    });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await act(() => result.current.login(ann, 'tok', 0));
    await waitFor(() => expect(result.current.user?.has_payment_approval).toBe(true));
    expect(result.current.user?.skip_payment_approval).toBe(true);
    const stored = JSON.parse(localStorage.getItem('user') ?? '{}') as User;
    expect(stored.has_payment_approval).toBe(true);
    expect(stored.skip_payment_approval).toBe(true);
    expect(result.current.paymentStatus).toMatchObject({
      hasPaymentApproval: true,
      hasPaymentMethod: true,
      skipPaymentApproval: true,
      checkingStatus: false,
      error: null,
      meta: { card: 'visa' },
    });
    // updating the flags is not a new identity: no second check
    await whenSessionStored();
    expect(paymentCalls()).toHaveLength(1);
  });

  it('leaves the stored user alone when the flag is the same', async () => {
    server.on('GET', '/api/stripe/payment-approval', { body: approval({ has_payment_approval: false, skip_payment_approval: true }) });
    await login(ann, 'tok', 0);
    await waitFor(() => expect(sessionState.paymentStatus.lastChecked).not.toBeNull());
    expect(sessionState.user?.skip_payment_approval).toBe(false);
  });

  it('re-checks approval when the token changes while signed in', async () => {
    await login(ann, 'tok', 0);
    await waitFor(() => expect(paymentCalls()).toHaveLength(1));
    await login(ann, 'tok2', 0);
    await waitFor(() => expect(paymentCalls()).toHaveLength(2));
    expect(paymentCalls()[1]?.headers.authorization).toBe('Bearer tok2');
    await whenSessionStored();
    expect(paymentCalls()).toHaveLength(2);
  });

  it('licence registration stores the token; a stale user on record is dropped until login()', async () => {
    localStorage.setItem('user', JSON.stringify(bob));
    restoreSession(); // e.g. left behind by a 401: user without token
    server.on('POST', '/api/register-with-license', { body: { token: 'lic', user: ann, credits: 0 } });
    const res = await registerWithLicense({ name: 'Ann', email: 'a@b.c', password: 'p', password_confirmation: 'p', license_key: 'K' });
    expect(getSessionSnapshot().token).toBe('lic');
    expect(localStorage.getItem('token')).toBe('lic');
    expect(getSessionSnapshot().user).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(getSessionSnapshot().isAuthenticated).toBe(false);
    await login(res.user, res.token, res.credits);
    expect(getSessionSnapshot().isAuthenticated).toBe(true);
    await waitFor(() => expect(paymentCalls()).toHaveLength(1));
    expect(paymentCalls()[0]?.headers.authorization).toBe('Bearer lic');
  });

  it('sets loading while logging in', async () => {
    const { result } = renderHook(() => useAuth(), { wrapper });
    const pending = login(ann, 'tok', 0);
    expect(sessionState.loading).toBe(true);
    expect(getSessionSnapshot().loading).toBe(true);
    await act(() => pending);
    expect(result.current.loading).toBe(false);
  });
});

describe('payment approval', () => {
  it('without success: status reset to all false with the error and a check time, error rethrown', async () => {
    server.on('GET', '/api/stripe/payment-approval', { body: approval({ success: false, has_payment_approval: true }) });
    localStorage.setItem('token', 'tok');
    await expect(checkPaymentApproval()).rejects.toThrow('Failed to get payment approval status');
    expect(sessionState.paymentStatus).toMatchObject({
      hasPaymentApproval: false,
      hasPaymentMethod: false,
      skipPaymentApproval: false,
      originalPaymentApproval: false,
      checkingStatus: false,
      error: 'Failed to get payment approval status',
      meta: null,
    });
    expect(Date.parse(sessionState.paymentStatus.lastChecked ?? '')).not.toBeNaN();
  });

  it('meta is null when payment_approval_meta does not parse', async () => {
    server.on('GET', '/api/stripe/payment-approval', { body: approval({ payment_approval_meta: '{oops' }) });
    const status = await checkPaymentApproval();
    expect(status.meta).toBeNull();
  });
});

describe('signIn', () => {
  it('posts the credentials and signs in with the answer', async () => {
    server.on('POST', '/api/login', { body: { token: 'tok', user: ann, credits: 9 } });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await act(() => result.current.signIn({ email: 'ann@example.com', password: 'secret123' }));
    expect(server.calls('POST', '/api/login')[0]?.data).toEqual({ email: 'ann@example.com', password: 'secret123' });
    expect(result.current.isAuthenticated).toBe(true);
    expect(result.current.credits).toBe(9);
    expect(result.current.error).toBeNull();
  });

  it('sets the error to the server message and rethrows', async () => {
    const body = { message: 'These credentials do not match our records.', errors: { email: ['These credentials do not match our records.'] } };
    server.on('POST', '/api/login', { status: 422, body });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await act(async () => {
      await expect(result.current.signIn({ email: 'ann@example.com', password: 'wrong' })).rejects.toEqual(body);
    });
    expect(result.current.error).toBe('These credentials do not match our records.');
    expect(result.current.isAuthenticated).toBe(false);
    expect(result.current.loading).toBe(false);
  });

  it('falls back to "An error occurred during login"', async () => {
    server.on('POST', '/api/login', { status: 500, body: { unexpected: true } });
    await expect(signIn({ email: 'a@b.c', password: 'x' })).rejects.toEqual({ unexpected: true });
    expect(sessionState.error).toBe('An error occurred during login');
  });

  it('is loading while the request is pending', async () => {
    let release!: () => void;
    server.on('POST', '/api/login', () => new Promise((resolve) => (release = () => resolve({ body: { token: 't', user: ann, credits: 0 } }))));
    const pending = signIn({ email: 'a@b.c', password: 'x' });
    expect(sessionState.loading).toBe(true);
    await waitFor(() => expect(release).toBeTypeOf('function'));
    release();
    await pending;
    expect(sessionState.loading).toBe(false);
  });
});

describe('logout', () => {
  async function signedInWithLocalData(): Promise<void> {
    await login(ann, 'tok', 5);
    await whenSessionStored();
    localStorage.setItem('theme', 'dark');
    sessionStorage.setItem('draft', 'x');
    document.cookie = 'XSRF-TOKEN=abc; path=/';
    document.cookie = 'reelflow_session=s1; path=/';
    await permissionsRepo.put(ann.id, { can_create_video: true });
    await db.outbox.add({
      id: 'o1',
      kind: 'post.create',
      entityKey: 'post:1',
      method: 'POST',
      url: '/api/create/post',
      body: {},
      payload: {},
      schemaVersion: 1,
      createdAt: new Date().toISOString(),
      attempts: 0,
      nextAttemptAt: 0,
      status: 'pending',
      lastError: null,
    });
    // Any row will do: only its removal is checked.
    await db.series.put({ id: 's1', name: 'A series' } as never);
  }

  async function expectEverythingWiped(): Promise<void> {
    const snap = getSessionSnapshot();
    expect(snap.user).toBeNull();
    expect(snap.token).toBeNull();
    expect(snap.credits).toBe(0);
    expect(snap.isAuthenticated).toBe(false);
    expect(snap.paymentStatus.lastChecked).toBeNull();
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(document.cookie).toBe('');
    expect(await db.session.count()).toBe(0);
    expect(await db.permissions.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.series.count()).toBe(0);
  }

  it('calls the API, then wipes state, storage, cookies and the local store', async () => {
    await signedInWithLocalData();
    server.on('POST', '/api/logout', { body: { message: 'Logged out.' } });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await act(() => result.current.logout());
    expect(server.calls('POST', '/api/logout')[0]?.headers.authorization).toBe('Bearer tok');
    await expectEverythingWiped();
    expect(result.current.error).toBeNull();
    expect(result.current.loading).toBe(false);
  });

  it('still signs out locally when the API call fails, with the error message', async () => {
    await signedInWithLocalData();
    server.on('POST', '/api/logout', { status: 500, body: { message: 'Server exploded' } });
    await logout();
    await expectEverythingWiped();
    expect(sessionState.error).toBe('Server exploded');
  });

  it('uses "An error occurred during logout" when the failure has no message', async () => {
    await signedInWithLocalData();
    server.on('POST', '/api/logout', { status: 500, body: { nothing: 'here' } });
    await logout();
    await expectEverythingWiped();
    expect(sessionState.error).toBe('An error occurred during logout');
  });

  it('expires cookies set for the current path as well', async () => {
    const happy = (window as unknown as { happyDOM?: { setURL(url: string): void } }).happyDOM;
    happy?.setURL('http://localhost:3000/users/user-profile');
    document.cookie = 'scoped=1; path=/users';
    document.cookie = 'root=1; path=/';
    expect(document.cookie).toContain('scoped=1');
    server.on('POST', '/api/logout', { body: {} });
    await logout();
    expect(document.cookie).toBe('');
    happy?.setURL('http://localhost:3000/');
  });

  it('sets loading during logout', async () => {
    await login(ann, 'tok', 0);
    server.on('POST', '/api/logout', { body: {} });
    const pending = logout();
    expect(sessionState.loading).toBe(true);
    await pending;
    expect(sessionState.loading).toBe(false);
  });
});

describe('refreshUser', () => {
  it('re-fetches the user, then re-checks payment approval', async () => {
    await login(ann, 'tok', 0);
    await waitFor(() => expect(paymentCalls()).toHaveLength(1));
    const renamed = { ...ann, name: 'Ann B.', credits: 33 };
    server.on('GET', '/api/user', { body: renamed });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.paymentStatus.checkingStatus).toBe(false));
    const before = paymentCalls().length;
    let fetched: User | undefined;
    await act(async () => {
      fetched = await result.current.refreshUser();
    });
    expect(fetched).toEqual(renamed);
    expect(result.current.user?.name).toBe('Ann B.');
    expect(result.current.credits).toBe(33);
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ name: 'Ann B.' });
    expect(paymentCalls()).toHaveLength(before + 1);
    const order = server.requests.map((r) => r.url).filter((u) => u === '/api/user' || u === '/api/stripe/payment-approval');
    expect(order.slice(-2)).toEqual(['/api/user', '/api/stripe/payment-approval']);
    expect(result.current.loading).toBe(false);
  });

  it('logs and rethrows a failure', async () => {
    await login(ann, 'tok', 0);
    server.on('GET', '/api/user', { status: 500, body: { message: 'down' } });
    await expect(refreshUser()).rejects.toEqual({ message: 'down' });
    expect(consoleError).toHaveBeenCalled();
    expect(sessionState.loading).toBe(false);
  });
});

describe('401 anywhere', () => {
  it('removes the token from state and storage: no longer authenticated', async () => {
    await login(ann, 'tok', 0);
    server.on('GET', '/api/user', { status: 401, body: { message: 'Unauthenticated.' } });
    await expect(fetchUser()).rejects.toEqual({ message: 'Unauthenticated.' });
    expect(getSessionSnapshot().token).toBeNull();
    expect(getSessionSnapshot().isAuthenticated).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    await whenSessionStored();
    expect(await sessionRepo.get('token')).toBeNull();
  });
});

describe('credits', () => {
  it('setCredits saves to localStorage', () => {
    setCredits(25);
    expect(localStorage.getItem('credits')).toBe('25');
    expect(getSessionSnapshot().credits).toBe(25);
  });

  it('defaults to the user credits, else 0, when login gets none', async () => {
    await login(ann, 'tok');
    expect(getSessionSnapshot().credits).toBe(40);
    const { credits: _omit, ...noCredits } = ann;
    await login(noCredits as User, 'tok');
    expect(getSessionSnapshot().credits).toBe(0);
  });
});

describe('hooks outside their providers', () => {
  it('useAuth throws', () => {
    expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used within an AuthProvider');
  });

  it('usePermissions throws', () => {
    expect(() => renderHook(() => usePermissions())).toThrow('usePermissions must be used within a PermissionsProvider');
  });
});
