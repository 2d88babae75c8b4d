// Token health on the screens: a post due in the next 24 hours on an account
// that needs reconnecting warns on Home, on the calendar (a banner and a marker on the entry) and on
// the post card, each with a one-click Reconnect that starts the connect flow for that account on
// the connect screen — and the post stays. The rules (src/features/publishing/data/publish-alerts.ts) are
// checked directly; the screens over the real Dexie store (fake-indexeddb), axe included.
import { notifications } from '@mantine/notifications';
import type { RouteComponent } from '@tanstack/react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Post, PostTarget, SocialAccount } from '../../contract/publishing';
import { resetCsrfState } from '../../src/api';
import { toLocalAccount } from '../../src/features/accounts/data/accounts';
import { toLocalPost } from '../../src/features/publishing/data/posts';
import { ALERT_WINDOW_MS, postAlert, publishAlerts } from '../../src/features/publishing/data/publish-alerts';
import { clearLocalStore, db, type LocalAccount, type LocalPost } from '../../src/store';
import { setEngineHooks, setOutboxOwner } from '../../src/sync';
import { serverAccount } from './helpers/accounts';
import { CREATOR_PERMISSIONS, permissionsView, renderConnectScreen } from './helpers/connect-screen';
import { fakeServer, type FakeServer } from './helpers/fake-server';
import { serverPost, target as helperTarget } from './helpers/publishing';

vi.mock('../../src/session', async (importOriginal) => {
  const { testPermissions } = await import('./helpers/connect-screen');
  return {
    ...(await importOriginal<typeof import('../../src/session')>()),
    usePermissions: testPermissions,
    useAuth: () => ({ user: { id: 1, name: 'Ada', email: 'ada@example.com', plan: 'creator' }, credits: 10, refreshUser: () => Promise.resolve(null) }),
  };
});

const { HomePage } = await import('../../src/app/home-page');
const { ConnectPage } = await import('../../src/features/accounts/ConnectPage');
const { connectBrowser } = await import('../../src/features/accounts/connect-flow');
const { CalendarPage } = await import('../../src/features/publishing/calendar/CalendarPage');
const { PostCard } = await import('../../src/features/publishing/posts/PostCard');

const NOW = new Date('2026-11-10T09:00:00.000Z');
const HOUR = 3600_000;
const inHours = (hours: number) => new Date(NOW.getTime() + hours * HOUR).toISOString();

const target = (fields: Partial<PostTarget> = {}): PostTarget =>
  helperTarget(fields.account_id ?? 'a-ok', { id: crypto.randomUUID(), account_name: 'Fine Channel', sandbox: false, ...fields });

function post(id: string, fields: Partial<Post> = {}): LocalPost {
  const video = { id: `video-${id}`, title: `Video ${id}`, thumbnail_url: null, duration: 30 };
  return toLocalPost(serverPost(id, { video_id: video.id, video, options: {}, scheduled_at: inHours(3), targets: [target()], ...fields }));
}

const account = (id: string, fields: Partial<SocialAccount> = {}): LocalAccount => toLocalAccount(serverAccount(id, fields));
const REVOKED_REASON = "YouTube no longer accepts Reelflow's access to Garden Tips (it was revoked or has expired). Reconnect it to publish.";
const ACCOUNTS = [
  account('a-ok', { name: 'Fine Channel' }),
  account('a-dead', { name: 'Garden Tips', health: 'reconnect', health_reason: REVOKED_REASON, blocked_targets: 1 }),
  account('a-old', { name: 'Cooking Lab', health: 'expiring', health_reason: "YouTube's permission for this account ends within 2 days. Reconnect it to keep publishing." }),
];
const byId = new Map(ACCOUNTS.map((row) => [row.id, row]));

describe('publish alerts: the rules', () => {
  it('warns about a post due within 24 h whose account needs reconnecting, with the account and its reason', () => {
    const risky = post('p1', { targets: [target(), target({ account_id: 'a-dead', account_name: 'Garden Tips', status: 'blocked', error: 'Reconnect Garden Tips to publish.' })] });
    expect(postAlert(risky, byId, NOW)).toEqual({
      postId: 'p1',
      at: inHours(3),
      level: 'reconnect',
      accounts: [{ id: 'a-dead', name: 'Garden Tips', platform: 'youtube', level: 'reconnect', reason: REVOKED_REASON }],
    });
    // Still scheduled (the server has not tried yet) but the account is known dead: same warning.
    expect(postAlert(post('p2', { targets: [target({ account_id: 'a-dead' })] }), byId, NOW)?.level).toBe('reconnect');
    // Blocked by the server while this device's account row is gone or stale: the target's own words.
    expect(postAlert(post('p3', { targets: [target({ account_id: 'a-gone', account_name: 'Old Name', status: 'blocked', error: 'Reconnect Old Name to publish.' })] }), byId, NOW)?.accounts).toEqual([
      { id: 'a-gone', name: 'Old Name', platform: 'youtube', level: 'reconnect', reason: 'Reconnect Old Name to publish.' },
    ]);
    // Expiring: the softer warning.
    expect(postAlert(post('p4', { targets: [target({ account_id: 'a-old' })] }), byId, NOW)?.level).toBe('expiring');
  });

  it('stays quiet for healthy accounts, posts further than 24 h, drafts, and targets already past publishing', () => {
    expect(postAlert(post('ok'), byId, NOW)).toBeNull();
    const dead = [target({ account_id: 'a-dead' })];
    expect(postAlert(post('later', { targets: dead, scheduled_at: inHours(25) }), byId, NOW)).toBeNull();
    expect(postAlert(post('edge', { targets: dead, scheduled_at: new Date(NOW.getTime() + ALERT_WINDOW_MS).toISOString() }), byId, NOW)).not.toBeNull();
    expect(postAlert(post('draft', { status: 'draft', targets: [target({ account_id: 'a-dead', status: 'draft' })] }), byId, NOW)).toBeNull();
    expect(postAlert(post('done', { status: 'published', targets: [target({ account_id: 'a-dead', status: 'published' })] }), byId, NOW)).toBeNull();
    expect(postAlert(post('going', { status: 'publishing', targets: [target({ account_id: 'a-dead', status: 'publishing' })] }), byId, NOW)).toBeNull();
    // An overdue post still blocked waits for the reconnect: it stays listed.
    expect(postAlert(post('overdue', { targets: [target({ account_id: 'a-dead', status: 'blocked' })], scheduled_at: inHours(-5) }), byId, NOW)?.level).toBe('reconnect');
  });

  it('sums up: posts soonest first, each account once (reconnect before expiring), the worst level', () => {
    const posts = [
      post('p-late', { scheduled_at: inHours(20), targets: [target({ account_id: 'a-old' }), target({ account_id: 'a-dead' })] }),
      post('p-soon', { scheduled_at: inHours(1), targets: [target({ account_id: 'a-dead' })] }),
      post('p-fine'),
      post('p-old', { scheduled_at: inHours(2), targets: [target({ account_id: 'a-old' })] }),
    ];
    const alerts = publishAlerts(posts, ACCOUNTS, NOW);
    expect(alerts.posts.map((alert) => [alert.postId, alert.level])).toEqual([
      ['p-soon', 'reconnect'],
      ['p-old', 'expiring'],
      ['p-late', 'reconnect'],
    ]);
    expect(alerts.accounts.map((row) => [row.name, row.level])).toEqual([
      ['Garden Tips', 'reconnect'],
      ['Cooking Lab', 'expiring'],
    ]);
    expect(alerts.level).toBe('reconnect');
    expect(publishAlerts([posts[3]!], ACCOUNTS, NOW).level).toBe('expiring');
    expect(publishAlerts([post('p-fine')], ACCOUNTS, NOW)).toEqual({ posts: [], accounts: [], level: null });
  });
});

async function expectNoAxeViolations() {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  expect(result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** `page` at `path`, next to the real connect screen (where Reconnect leads). */
const renderAt = (path: string, page: RouteComponent) => renderConnectScreen(ConnectPage, path, { [path]: page });

const CONSENT_URL = 'http://localhost:3000/sandbox/youtube/o/oauth2/v2/auth?state=s1';
let api: FakeServer;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  setOutboxOwner(() => 'u1');
  resetCsrfState();
  api = fakeServer();
  setEngineHooks({ pull: () => Promise.resolve() });
  permissionsView.current = { permissions: CREATOR_PERMISSIONS, loading: false, error: null };
});

afterEach(async () => {
  vi.useRealTimers();
  notifications.clean();
  api.restore();
  vi.restoreAllMocks();
  setEngineHooks(null);
  setOutboxOwner(null);
  await clearLocalStore();
});

const seed = async () => {
  await db.accounts.bulkPut(ACCOUNTS);
  await db.posts.bulkPut([
    post('p-risky', { scheduled_at: inHours(4), targets: [target({ account_id: 'a-dead', account_name: 'Garden Tips', status: 'blocked', error: 'Reconnect Garden Tips to publish.' })] }),
    post('p-fine', { scheduled_at: inHours(5) }),
    post('p-far', { scheduled_at: inHours(72), targets: [target({ account_id: 'a-dead', account_name: 'Garden Tips' })] }),
  ]);
};

describe('Home', () => {
  it('warns with the count and the account, and one click on Reconnect starts the connect flow for it; the post stays', async () => {
    await seed();
    const popup = { closed: false, location: { href: 'about:blank' }, document: { title: '', body: { textContent: '' } }, focus: () => undefined, close: () => undefined };
    const open = vi.spyOn(connectBrowser, 'open').mockReturnValue(popup as unknown as Window);
    api.on('GET', '/api/youtube/connect', { body: { url: CONSENT_URL, sandbox: true } });
    const { router } = renderAt('/', HomePage);

    const alert = await screen.findByRole('alert', { name: '1 post due in the next 24 hours cannot be published' }, { timeout: 5000 });
    expect(within(alert).getByText('YouTube · Garden Tips')).toBeTruthy();
    expect(within(alert).getByText(REVOKED_REASON)).toBeTruthy();
    // The healthy account and the post three days away are not in it.
    expect(within(alert).queryByText(/Fine Channel/)).toBeNull();
    await expectNoAxeViolations();

    const reconnect = within(alert).getByRole('link', { name: 'Reconnect YouTube account Garden Tips' });
    expect(reconnect.getAttribute('href')).toBe('/connect?reconnect=a-dead');
    fireEvent.click(reconnect);
    // The connect screen starts the flow for that account by itself, and cleans the address.
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(popup.location.href).toBe(CONSENT_URL));
    expect(api.calls('GET', '/api/youtube/connect')[0]?.params).toEqual({ path: '/connect', popup: '1' });
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(router.state.location.pathname).toBe('/connect');
    expect(await db.posts.get('p-risky')).toMatchObject({ status: 'scheduled' });
  });

  it('appears only once a post is at risk (live from the store)', async () => {
    await db.accounts.bulkPut(ACCOUNTS);
    await db.posts.put(post('p-fine'));
    renderAt('/', HomePage);
    await screen.findByRole('heading', { name: 'Plan and credits' });
    expect(screen.queryByRole('alert', { name: /due in the next 24 hours/ })).toBeNull();
    await db.posts.put(post('p-risky', { targets: [target({ account_id: 'a-dead', account_name: 'Garden Tips' })] }));
    expect(await screen.findByRole('alert', { name: '1 post due in the next 24 hours cannot be published' }, { timeout: 5000 })).toBeTruthy();
  });

  it('says nothing to a plan without publishing', async () => {
    // Permissions are by presence (spec §3): a plan without publishing has no can_publish_post.
    permissionsView.current = { permissions: { videos_per_month_limit: 5 }, loading: false, error: null };
    await seed();
    renderAt('/', HomePage);
    await screen.findByRole('heading', { name: 'Plan and credits' });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(screen.queryByRole('alert', { name: /due in the next 24 hours/ })?.textContent ?? null).toBeNull();
  });

  it('a reconnect link to an account no longer on this device says so and starts nothing', async () => {
    const open = vi.spyOn(connectBrowser, 'open');
    renderConnectScreen(ConnectPage, '/connect?reconnect=missing');
    expect(await screen.findByText('That account is not connected any more. Connect it again below.')).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
  });
});

describe('calendar', () => {
  it('shows the banner and marks the entry of the post at risk', async () => {
    await seed();
    renderAt('/calender', () => <CalendarPage initialDate="2026-11-10" now={() => NOW} />);
    const alert = await screen.findByRole('alert', { name: '1 post due in the next 24 hours cannot be published' });
    expect(within(alert).getByRole('link', { name: 'Reconnect YouTube account Garden Tips' }).getAttribute('href')).toBe('/connect?reconnect=a-dead');
    const marked = await screen.findAllByText('(an account needs reconnecting)');
    expect(marked).toHaveLength(1);
    expect(marked[0]!.closest('.rf-cal-entry')?.textContent).toContain('Video p-risky');
    expect(document.querySelectorAll('.rf-cal-event-alert-reconnect')).toHaveLength(1);
    await expectNoAxeViolations();
  });
});

describe('post card', () => {
  it('carries the warning with Reconnect on the post itself', async () => {
    const risky = post('p-risky', { targets: [target({ account_id: 'a-dead', account_name: 'Garden Tips', status: 'blocked', error: 'Reconnect Garden Tips to publish.' })] });
    const alert = postAlert(risky, byId, NOW);
    const Card = () => <PostCard post={risky} timeZone="UTC" alert={alert} onEdit={() => undefined} onReschedule={() => undefined} onDelete={() => undefined} />;
    renderAt('/publish', Card);
    const card = await screen.findByRole('article', { name: 'Video p-risky' });
    const note = within(card).getByRole('alert', { name: 'Will not be published until reconnected' });
    expect(within(note).getByText(REVOKED_REASON)).toBeTruthy();
    expect(within(note).getByRole('link', { name: 'Reconnect YouTube account Garden Tips' }).getAttribute('href')).toBe('/connect?reconnect=a-dead');
    await expectNoAxeViolations();
  });

  it('an expiring account: the softer warning, "Renew access"', async () => {
    const soon = post('p-old', { targets: [target({ account_id: 'a-old', account_name: 'Cooking Lab' })] });
    const Card = () => <PostCard post={soon} timeZone="UTC" alert={postAlert(soon, byId, NOW)} onEdit={() => undefined} onReschedule={() => undefined} onDelete={() => undefined} />;
    renderAt('/publish', Card);
    const note = await screen.findByRole('alert', { name: 'May not be published' });
    expect(within(note).getByRole('link', { name: 'Renew access YouTube account Cooking Lab' })).toBeTruthy();
  });
});
