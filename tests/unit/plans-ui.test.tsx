// Plans "locked, not dead" (docs/decisions/plans.md), client side: limit texts with usage on top of the spec §5 accessor,
// the plan catalogue and usage pulled into the store (304 keeps them), and the signed-in licence
// form that changes the plan and refreshes user and permissions without a reload.
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LimitUsage, PlanSummary, User } from '../../contract';
import { resetCsrfState } from '../../src/api';
import { ApplyLicenseForm } from '../../src/features/users/ApplyLicenseForm';
import { AuthProvider, limitText, PermissionsProvider, permissionRules, restoreSession, usePermissions, whenSessionStored, type PermissionsView } from '../../src/session';
import { login } from '../../src/session/auth-actions';
import { permissionsState } from '../../src/session/state';
import { clearLocalStore, db } from '../../src/store';
import { createPlansSync, createUsageSync } from '../../src/features/plans/data';
import type { HttpGet } from '../../src/sync';
import { fakeServer, type FakeServer } from './helpers/fake-server';

function accessor(view: PermissionsView) {
  return {
    ...view,
    isUnlimited: (limit: string) => permissionRules.isUnlimited(view, limit),
    getLimit: (limit: string) => permissionRules.getLimit(view, limit),
    getDisplayText: (limit: string) => permissionRules.getDisplayText(view, limit),
  };
}

const FREE = {
  scripts_per_month_limit: 20,
  has_unlimited_scripts_per_month: false,
  scripts_per_month_display: '20 per month',
  videos_per_month_limit: 5,
  has_unlimited_videos_per_month: false,
  videos_per_month_display: '5 per month',
  series_limit: 0,
  has_unlimited_series: false,
  series_display: '0',
};
const month: LimitUsage = { limit: 'scripts_per_month', used: 3, period_start: '2026-11-01T00:00:00.000Z', period_end: '2026-12-01T00:00:00.000Z' };

describe('limitText', () => {
  it('reads "3 of 20 this month", "Not included" for 0, the display text without a count, "Loading..." while loading', () => {
    const loaded = accessor({ permissions: FREE, loading: false, error: null });
    expect(limitText(loaded, 'scripts_per_month_limit', month)).toEqual({ value: '3 of 20 this month', detail: null });
    expect(limitText(loaded, 'series_limit')).toEqual({ value: 'Not included', detail: null });
    expect(limitText(loaded, 'videos_per_month_limit')).toEqual({ value: '5 per month', detail: null });
    expect(limitText(loaded, 'series_limit', { limit: 'series', used: 2, period_start: null, period_end: null }).value).toBe('Not included');
    expect(limitText(accessor({ permissions: { series_limit: 10 }, loading: false, error: null }), 'series_limit', { limit: 'series', used: 2, period_start: null, period_end: null }).value).toBe('2 of 10');
    expect(limitText(accessor({ permissions: null, loading: true, error: null }), 'scripts_per_month_limit', month).value).toBe('Loading...');
    expect(limitText(accessor({ permissions: null, loading: false, error: new Error('x') }), 'scripts_per_month_limit', month).value).toBe('Loading...');
  });

  it('keeps "Unlimited" for unlimited limits and full access, with the usage as a detail', () => {
    const creator = accessor({ permissions: { scripts_per_month_limit: null, has_unlimited_scripts_per_month: true }, loading: false, error: null });
    expect(limitText(creator, 'scripts_per_month_limit', month)).toEqual({ value: 'Unlimited', detail: '3 used this month' });
    const pro = accessor({ permissions: { full_access: true, series_limit: 0 }, loading: false, error: null });
    expect(limitText(pro, 'series_limit').value).toBe('Unlimited');
  });
});

describe('plan catalogue and usage in the store', () => {
  const plans: PlanSummary[] = [
    { key: 'free', name: 'Free', rank: 0, full_access: false, abilities: ['can_create_video'], limits: { series: { value: 0, period: null } }, allowed_art_styles: ['anime'], video: { credits_per_second: 0.5, max_seconds: 60 } },
    { key: 'creator', name: 'Creator', rank: 1, full_access: false, abilities: ['can_create_video', 'can_publish_post'], limits: {}, allowed_art_styles: null, video: { credits_per_second: 0.5, max_seconds: 60 } },
  ];

  beforeEach(() => clearLocalStore());

  it('pulls GET /api/plans and /api/user/usage into their tables; a 304 keeps them', async () => {
    const sent: Array<[string, Record<string, string>]> = [];
    const get: HttpGet = (url, headers) => {
      sent.push([url, headers]);
      if (headers['If-None-Match']) return Promise.resolve({ status: 304 });
      const body = url === '/api/plans' ? { data: plans } : { data: [month] };
      return Promise.resolve({ status: 200, headers: { etag: `W/"${url}"` }, body });
    };
    await createPlansSync(get).run();
    await createUsageSync(get).run();
    expect((await db.plans.toArray()).map((plan) => plan.name).sort()).toEqual(['Creator', 'Free']);
    expect(await db.usage.get('scripts_per_month')).toEqual(month);

    const again = await createPlansSync(get).run();
    expect(again.status).toBe(304);
    expect(sent.at(-1)).toEqual(['/api/plans', { 'If-None-Match': 'W/"/api/plans"' }]);
    expect(await db.plans.count()).toBe(2);
  });

  it('a malformed answer changes nothing', async () => {
    await db.plans.bulkPut(plans);
    await expect(createPlansSync(() => Promise.resolve({ status: 200, body: { data: [{ nope: true }] } })).run()).rejects.toThrow();
    expect(await db.plans.count()).toBe(2);
  });
});

describe('applying a licence while signed in', () => {
  const ann: User = {
    id: 7,
    name: 'Ann',
    email: 'ann@example.com',
    plan: 'free',
    plan_name: 'Free',
    credits: 50,
    has_payment_approval: true,
    skip_payment_approval: false,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  };
  const upgraded: User = { ...ann, plan: 'creator', plan_name: 'Creator', credits: 550, updated_at: '2026-11-23T10:00:00Z' };
  let server: FakeServer;
  let plan = 'free';

  beforeEach(async () => {
    resetCsrfState();
    await clearLocalStore();
    restoreSession();
    permissionsState.permissions = null;
    permissionsState.heldFor = null;
    permissionsState.error = null;
    permissionsState.loading = true;
    plan = 'free';
    server = fakeServer();
    server.on('GET', '/api/stripe/payment-approval', { body: { success: true, has_payment_approval: true } });
    server.on('GET', '/api/user/permissions', () => ({ body: plan === 'free' ? { can_create_video: true } : { can_create_video: true, can_publish_post: true } }));
    server.on('GET', '/api/user', () => ({ body: plan === 'free' ? ann : upgraded }));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(async () => {
    await whenSessionStored();
    server.restore();
    vi.restoreAllMocks();
  });

  function CanPublish() {
    const { hasPermission } = usePermissions();
    return <p>{hasPermission('can_publish_post') ? 'Publishing unlocked' : 'Publishing locked'}</p>;
  }

  async function renderSignedIn() {
    await act(() => login(ann, '7|token', 50));
    render(
      <MantineProvider env="test">
        <Notifications />
        <AuthProvider>
          <PermissionsProvider>
            <CanPublish />
            <ApplyLicenseForm />
          </PermissionsProvider>
        </AuthProvider>
      </MantineProvider>,
    );
    expect(await screen.findByText('Publishing locked')).toBeTruthy();
  }

  it('changes the plan at once: user and permissions refresh, no reload', async () => {
    server.on('POST', '/api/user/license', (request) => {
      expect(request.data).toEqual({ license_key: 'ABCDE-FGHJK-LMNPQ-RSTUV' });
      plan = 'creator';
      return { body: { message: 'Licence applied: you are now on the Creator plan.', already_applied: false, user: upgraded, credits: 550, permissions: {} } };
    });
    await renderSignedIn();
    fireEvent.change(screen.getByLabelText('Licence code'), { target: { value: ' ABCDE-FGHJK-LMNPQ-RSTUV ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply licence' }));
    expect(await screen.findByText('Licence applied: you are now on the Creator plan.')).toBeTruthy();
    expect(await screen.findByText('Publishing unlocked')).toBeTruthy();
    expect(server.calls('GET', '/api/user/permissions').length).toBeGreaterThanOrEqual(2);
    expect(localStorage.getItem('credits')).toBe('550');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ plan: 'creator', plan_name: 'Creator' });
  });

  it('shows the server’s refusal on the field and changes nothing', async () => {
    const refusal = 'This licence is for the Free plan, which you already have. It was not used, so you can give it to someone else.';
    server.on('POST', '/api/user/license', { status: 422, body: { message: refusal, errors: { license_key: [refusal] } } });
    await renderSignedIn();
    fireEvent.change(screen.getByLabelText('Licence code'), { target: { value: 'FREE1-FREE2-FREE3-FREE4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply licence' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.getByLabelText('Licence code').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Publishing locked')).toBeTruthy();
    expect(server.calls('GET', '/api/user')).toHaveLength(0);
  });

  it('an empty code is refused before anything is sent', async () => {
    await renderSignedIn();
    fireEvent.click(screen.getByRole('button', { name: 'Apply licence' }));
    expect(await screen.findByText('The licence code field is required.')).toBeTruthy();
    await waitFor(() => expect(server.calls('POST', '/api/user/license')).toHaveLength(0));
  });
});
