// The real route tree and shell, rendered with a memory history and a mocked session.
import { createMemoryHistory } from '@tanstack/react-router';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createAppRouter } from '../../src/app/router';
import { renderAppAt as renderAt } from './helpers/render-app';

const session = await vi.hoisted(async () => (await import('./helpers/mocked-session')).newMockedSession());

vi.mock('../../src/session', async (importOriginal) => {
  // The real plan hints (they read the local store); the session itself is mocked.
  const { mockedSessionHooks } = await import('./helpers/mocked-session');
  return { ...(await importOriginal<typeof import('../../src/session')>()), ...mockedSessionHooks(session) };
});

const { db } = await import('../../src/store');


const SPEC_PATHS = [
  '/',
  '/faceless-video',
  '/create-ai-video',
  '/create-ai-series',
  '/create-ai-series/$seriesId',
  '/video-series',
  '/video-series/detail/$id',
  '/video-series/edit-meta',
  '/video-series/setting/$id',
  '/publish',
  '/calender',
  '/connect',
  '/video-transcription',
  '/users/credits-history',
  '/users/user-edit',
  '/users/user-profile',
  '/users/branding',
  '/my-videos',
  '/editor',
  '/my-scripts',
  '/about',
  '/login',
  '/register',
  '/license',
  '/register-with-license',
  '/forget-password',
  '/reset-password',
  '/unauthorized',
];

const SPEC_PERMISSIONS: Record<string, string> = {
  '/create-ai-video': 'can_create_video',
  '/create-ai-series': 'can_create_series',
  '/create-ai-series/$seriesId': 'can_create_series',
  '/video-series': 'can_create_series',
  '/video-series/detail/$id': 'can_create_series',
  '/video-series/edit-meta': 'can_create_series',
  '/video-series/setting/$id': 'can_create_series',
  '/publish': 'can_publish_post',
  '/calender': 'can_publish_post',
  '/connect': 'can_publish_post',
  '/video-transcription': 'can_create_video_caption',
};

describe('route tree (spec §2)', () => {
  beforeEach(() => {
    session.user = null;
    session.permissions = {};
    session.logout = vi.fn(() => {
      session.user = null;
      return Promise.resolve();
    });
  });
  afterEach(() => cleanup());

  it('has exactly the spec routes, with the spec permissions', () => {
    const router = createAppRouter({ history: createMemoryHistory() });
    const byPath = router.routesByPath as Record<string, { options: { staticData?: { permission?: string } } }>;
    expect(Object.keys(byPath).sort()).toEqual([...SPEC_PATHS].sort());
    for (const path of SPEC_PATHS) {
      expect([path, byPath[path]?.options.staticData?.permission]).toEqual([path, SPEC_PERMISSIONS[path]]);
    }
  });

  it('shows the sign-in form to a signed-out visitor', async () => {
    renderAt('/login');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByLabelText(/^Email/)).toBeTruthy();
    expect(screen.getByLabelText(/^Password/)).toBeTruthy();
  });

  it('sends a signed-out visitor of a signed-in page to /login', async () => {
    const router = renderAt('/publish');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('sends a signed-in user away from public pages to the home dashboard', async () => {
    session.user = { id: 1, name: 'Ada', email: 'ada@example.com', plan: 'Creator' };
    session.permissions = { can_create_video: true, videos_limit: 30 };
    const router = renderAt('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('Creator')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Create a video' })).toBeTruthy();
    expect(screen.getByText('Videos')).toBeTruthy();
    expect(screen.getByText('30')).toBeTruthy();
  });

  it('marks areas outside the plan as locked in the navigation', async () => {
    session.user = { id: 1, name: 'Ada', email: 'ada@example.com', plan: 'Creator' };
    session.permissions = { can_create_video: true };
    renderAt('/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(nav.querySelector('a[href="/create-ai-video"]')?.textContent).not.toContain('locked');
    expect(nav.querySelector('a[href="/publish"]')?.textContent).toContain('locked — upgrade your plan');
    expect(nav.querySelector('a[href="/calender"]')?.textContent).toContain('Calendar');
  });

  it('names the plan that unlocks a locked area once the plan catalogue is cached', async () => {
    await db.plans.bulkPut([
      { key: 'free', name: 'Free', rank: 0, full_access: false, abilities: ['can_create_video'], limits: {}, allowed_art_styles: [], video: { credits_per_second: 0.5, max_seconds: 60 } },
      { key: 'creator', name: 'Creator', rank: 1, full_access: false, abilities: ['can_create_video', 'can_publish_post'], limits: {}, allowed_art_styles: null, video: { credits_per_second: 0.5, max_seconds: 60 } },
      { key: 'pro', name: 'Pro', rank: 2, full_access: true, abilities: [], limits: {}, allowed_art_styles: null, video: { credits_per_second: 0.5, max_seconds: 60 } },
    ]);
    await db.usage.put({ limit: 'scripts_per_month', used: 3, period_start: '2026-11-01T00:00:00.000Z', period_end: '2026-12-01T00:00:00.000Z' });
    session.user = { id: 1, name: 'Ada', email: 'ada@example.com', plan: 'free' };
    session.permissions = { can_create_video: true, scripts_per_month_limit: 20, series_limit: 0 };
    renderAt('/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    // Publishing is in Creator; series only in Pro (full access): each names its lowest plan.
    await waitFor(() => expect(nav.querySelector('a[href="/publish"]')?.textContent).toContain('locked — included in the Creator plan'));
    expect(nav.querySelector('a[href="/video-series"]')?.textContent).toContain('locked — included in the Pro plan');
    expect(nav.querySelector('a[href="/create-ai-video"]')?.textContent).not.toContain('locked');
    // Home lists what is locked and the plan that unlocks it.
    const locked = await screen.findByRole('list', { name: 'Locked features and the plan that unlocks them' });
    expect(locked.textContent).toContain('Publish and schedule posts — Creator plan');
    expect(locked.textContent).toContain('Create AI video series — Pro plan');
    // Limits: usage counted by the server, and 0 reads as "Not included".
    expect(await screen.findByText('3 of 20 this month')).toBeTruthy();
    expect(screen.getByText('Not included')).toBeTruthy();
    await db.plans.clear();
    await db.usage.clear();
  });

  it('denies a page the plan lacks with the Access Denied alert, then goes home', async () => {
    session.user = { id: 1, name: 'Ada', email: 'ada@example.com', plan: 'Starter' };
    session.permissions = {};
    const router = renderAt('/video-series');
    // The alert's module is loaded when a route is denied (AccessGate.tsx): give it time on a busy machine.
    expect(await screen.findByText('You do not have permission to view this page.', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('Access Denied')).toBeTruthy();
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeTruthy();
  });

  it('shows a placeholder, not fake data, for areas that arrive later', async () => {
    session.user = { id: 1, name: 'Ada', email: 'ada@example.com', plan: 'Creator' };
    renderAt('/users/branding');
    expect(await screen.findByRole('heading', { level: 1, name: 'Branding' })).toBeTruthy();
    expect(screen.getByText('This area arrives in a later update of Reelflow.')).toBeTruthy();
  });

  it('opens the editor without a video on the list of finished videos to choose from', async () => {
    session.user = { id: 1, name: 'Ada', email: 'ada@example.com', plan: 'Creator' };
    renderAt('/editor');
    expect(await screen.findByRole('heading', { level: 1, name: 'Editor' })).toBeTruthy();
    expect(await screen.findByText('No finished videos yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a video' })).toBeTruthy();
  });

  it('signs out from the user menu and goes to /login', async () => {
    session.user = { id: 1, name: 'Ada', email: 'ada@example.com', plan: 'Creator' };
    const router = renderAt('/');
    fireEvent.click(await screen.findByRole('button', { name: /^Account menu/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(session.logout).toHaveBeenCalledTimes(1);
  });

  it('shows a not-found page for unknown paths', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
