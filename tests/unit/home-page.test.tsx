// Home starts the work: "Create a video" and the faceless styles first, then what needs the
// creator (failed videos and posts, accounts to reconnect, each with its action), the latest
// videos, the next scheduled posts, and the plan and credits last. Over the real Dexie store
// (fake-indexeddb) with the real data layers; permissions decide what shows. Axe included.
import type { RouteComponent } from '@tanstack/react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FailedJob } from '../../contract/publishing';
import { toLocalAccount } from '../../src/features/accounts/data/accounts';
import { toLocalFailedJob } from '../../src/features/publishing/data/failed-jobs';
import { toLocalPost } from '../../src/features/publishing/data/posts';
import { toLocalVideo } from '../../src/features/videos/data';
import { attentionItems, latestVideos, nextPosts } from '../../src/features/home/activity/select';
import { clearLocalStore, db } from '../../src/store';
import { setEngineHooks, setOutboxOwner } from '../../src/sync';
import { serverAccount } from './helpers/accounts';
import { CREATOR_PERMISSIONS, permissionsView, renderConnectScreen } from './helpers/connect-screen';
import { serverPost, target } from './helpers/publishing';
import { serverVideo } from './helpers/videos';

vi.mock('../../src/session', async (importOriginal) => {
  const { testPermissions } = await import('./helpers/connect-screen');
  return {
    ...(await importOriginal<typeof import('../../src/session')>()),
    usePermissions: testPermissions,
    useAuth: () => ({ user: { id: 1, name: 'Ada', email: 'ada@example.com', plan: 'creator' }, credits: 1250, refreshUser: () => Promise.resolve(null) }),
  };
});

const { HomePage } = await import('../../src/app/home-page');

const ALL = { ...CREATOR_PERMISSIONS, can_create_video: true, videos_per_month_limit: 30 };
const HOUR = 3600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

function failedJob(id: string, fields: Partial<FailedJob> = {}): FailedJob {
  return {
    id,
    kind: 'publish',
    platform: 'tiktok',
    account_id: 'a-ok',
    account_name: 'Basil Daily',
    post_id: 'p-1',
    video_id: 'v-1',
    video_title: 'Basil care',
    post_title: 'Three basil tips',
    series_name: null,
    attempts: 3,
    reason: 'TikTok refused the video: it is longer than this account may post.',
    code: 'duration',
    error_class: 'policy',
    failed_at: '2026-11-01T10:00:00.000Z',
    ...fields,
  };
}

const renderHome = () => renderConnectScreen(() => <p>Connect</p>, '/', { '/': HomePage as RouteComponent });

async function expectNoAxeViolations() {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  expect(result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

beforeEach(() => {
  setOutboxOwner(() => 'u1');
  setEngineHooks({ pull: () => Promise.resolve() });
  permissionsView.current = { permissions: ALL, loading: false, error: null };
});

afterEach(async () => {
  vi.restoreAllMocks();
  setEngineHooks(null);
  setOutboxOwner(null);
  await clearLocalStore();
});

describe('home: what the sections choose', () => {
  it('puts accounts first, then failed posts, then failed videos; skips healthy accounts and render jobs', () => {
    const videos = [toLocalVideo(serverVideo('v-ok')), toLocalVideo(serverVideo('v-bad', { status: 'failed', error: 'The voice could not be recorded.' }))];
    const jobs = [toLocalFailedJob(failedJob('j-post')), toLocalFailedJob(failedJob('j-render', { kind: 'render', platform: null }))];
    const accounts = [
      toLocalAccount(serverAccount('a-ok', { name: 'Fine' })),
      toLocalAccount(serverAccount('a-old', { name: 'Aging', health: 'expiring', health_reason: 'Runs out in 2 days.' })),
      toLocalAccount(serverAccount('a-dead', { name: 'Zed', health: 'reconnect', health_reason: 'Access was revoked.', blocked_targets: 2 })),
    ];
    expect(attentionItems(videos, jobs, accounts, true).map((item) => `${item.kind}:${item.id}`)).toEqual(['account:a-dead', 'account:a-old', 'post:j-post', 'render:v-bad']);
    // A plan without publishing: only the videos.
    expect(attentionItems(videos, jobs, accounts, false).map((item) => `${item.kind}:${item.id}`)).toEqual(['render:v-bad']);
  });

  it('takes the newest videos and the soonest posts still to go out', () => {
    const videos = ['2026-01-01', '2026-03-01', '2026-02-01', '2026-04-01'].map((day, index) => toLocalVideo(serverVideo(`v${index}`, { created_at: `${day}T00:00:00.000Z` })));
    expect(latestVideos(videos).map((video) => video.id)).toEqual(['v3', 'v1', 'v2']);
    const now = new Date('2026-11-10T09:00:00.000Z');
    const at = (hours: number) => new Date(now.getTime() + hours * HOUR).toISOString();
    const posts = [
      toLocalPost(serverPost('later', { scheduled_at: at(30) })),
      toLocalPost(serverPost('past', { scheduled_at: at(-1) })),
      toLocalPost(serverPost('draft', { status: 'draft', scheduled_at: at(2) })),
      toLocalPost(serverPost('soon', { scheduled_at: at(1) })),
    ];
    expect(nextPosts(posts, now).map((post) => post.id)).toEqual(['soon', 'later']);
  });
});

describe('home', () => {
  it('leads with "Create a video" and the faceless styles, and keeps the plan and credits last', async () => {
    renderHome();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Create a video', 'Needs you', 'Latest videos', 'Next posts', 'Plan and credits']);

    expect(screen.getByRole('link', { name: 'Start from a topic' }).getAttribute('href')).toBe('/create-ai-video');
    const styles = within(screen.getByRole('list', { name: 'Or start from a faceless style' }));
    const scary = styles.getByRole('link', { name: 'Create a Scary stories video' });
    const search = new URL(scary.getAttribute('href') ?? '', 'http://x').searchParams;
    expect(search.get('style')).toBe('Scary stories');
    expect(search.get('caption_preset')).toBe('typewriter');
    expect(search.get('art_style')).toBe('cinematic');
    expect(screen.getByRole('link', { name: 'See every style' }).getAttribute('href')).toBe('/faceless-video');
    expect(screen.getByText('1,250')).toBeTruthy();
  });

  it('says all is well when nothing needs the creator, and that there are no videos or posts yet', async () => {
    renderHome();
    expect(await screen.findByText('All is well: no failed videos or posts, and every account is connected.', undefined, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('No videos yet. The videos you create show here while they are made.')).toBeTruthy();
    expect(await screen.findByText(/Nothing scheduled\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Schedule a post' }).getAttribute('href')).toBe('/publish');
    await expectNoAxeViolations();
  });

  it('lists what needs the creator with its action; Retry restarts a failed video', async () => {
    await db.videos.bulkPut([
      toLocalVideo(serverVideo('v-bad', { title: 'Octopus facts', status: 'failed', error: 'The voice could not be recorded.', created_at: '2026-11-02T00:00:00.000Z' })),
      toLocalVideo(serverVideo('v-ok', { title: 'Basil care', ai_video: { video_src: null, thumbnail_src: '/media/thumbs/v-ok.jpg?signature=x', duration: 30, width: 1080, height: 1920, size_bytes: 1 } })),
    ]);
    await db.failedJobs.put(toLocalFailedJob(failedJob('j-post')));
    await db.accounts.bulkPut([toLocalAccount(serverAccount('a-ok', { name: 'Basil Daily', platform: 'tiktok' })), toLocalAccount(serverAccount('a-dead', { name: 'Garden Tips', health: 'reconnect', health_reason: 'Access was revoked.', blocked_targets: 2 }))]);
    await db.posts.put(toLocalPost(serverPost('p-next', { caption: 'Morning basil routine', video: null, options: {}, scheduled_at: inHours(5), targets: [target('a-ok', { platform: 'tiktok', account_name: 'Basil Daily' })] })));
    renderHome();

    const needs = within(await screen.findByRole('list', { name: 'What needs you' }, { timeout: 5000 }));
    const rows = needs.getAllByRole('listitem').map((row) => row.textContent ?? '');
    expect(rows[0]).toContain('Garden Tips');
    expect(rows[0]).toContain('2 posts wait for it');
    expect(rows[1]).toContain('Three basil tips');
    expect(rows[1]).toContain('TikTok refused the video');
    expect(rows[2]).toContain('Octopus facts');
    expect(rows[2]).toContain('The voice could not be recorded.');
    expect(needs.getByRole('link', { name: 'Reconnect YouTube account Garden Tips' }).getAttribute('href')).toBe('/connect?reconnect=a-dead');
    expect(needs.getByRole('link', { name: 'Open failed post Three basil tips on Publish' }).getAttribute('href')).toBe('/publish');
    expect(needs.getByRole('link', { name: 'Open video Octopus facts in My videos' }).getAttribute('href')).toBe('/my-videos');

    const latest = within(screen.getByRole('list', { name: 'Latest videos' }));
    expect(latest.getAllByRole('listitem').map((row) => row.textContent)).toEqual(['Octopus factsFailed', 'Basil careReady']);
    const next = within(await screen.findByRole('list', { name: 'Next scheduled posts' }));
    expect(next.getByText('Morning basil routine')).toBeTruthy();
    expect(next.getByText(/TikTok/)).toBeTruthy();
    await expectNoAxeViolations();

    fireEvent.click(needs.getByRole('button', { name: 'Retry video Octopus facts' }));
    await waitFor(async () => expect((await db.videos.get('v-bad'))?.status).toBe('queued'));
    expect(await db.outbox.count()).toBe(1);
    // Restarted, it no longer needs the creator.
    await waitFor(() => expect(screen.queryByText('Octopus facts', { selector: '[aria-label="What needs you"] *' })).toBeNull());
  });

  it('names the plan that unlocks creating, and shows no posts or accounts to a plan without publishing', async () => {
    permissionsView.current = { permissions: { videos_per_month_limit: 5 }, loading: false, error: null };
    await db.accounts.put(toLocalAccount(serverAccount('a-dead', { name: 'Garden Tips', health: 'reconnect' })));
    await db.failedJobs.put(toLocalFailedJob(failedJob('j-post')));
    renderHome();
    expect(await screen.findByText('Creating videos is not in your plan.', { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Apply a licence code' }).getAttribute('href')).toBe('/users/user-profile#licence');
    expect(screen.queryByRole('link', { name: 'Start from a topic' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Create a .* video$/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'See every style' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Next posts' })).toBeNull();
    expect(await screen.findByText('All is well: no failed videos.', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('Garden Tips')).toBeNull();
    expect(screen.getByRole('list', { name: 'Locked features and the plan that unlocks them' }).textContent).toContain('Create AI videos');
    await expectNoAxeViolations();
  });
});
