// The series screens over the real local store: the list (empty, a card with state, next slot and
// counts, attention with Reconnect, pause, delete with Undo, drafts to continue), the detail
// (timeline, approve, reject asks for a note first) and edit-meta (nothing to save until the series
// is loaded; a missing id says so), each checked with axe (contrast is the browser tests'; happy-dom
// computes no styles).
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, type RouteComponent } from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseSearch, stringifySearch } from '../../src/app/search';
import { SeriesDetailPage } from '../../src/features/series/SeriesDetailPage';
import { SeriesEditMetaPage } from '../../src/features/series/SeriesEditMetaPage';
import { VideoSeriesPage } from '../../src/features/series/VideoSeriesPage';
import { toLocalSeries } from '../../src/features/series/data/series-sync';
import { clearLocalStore, db } from '../../src/store';
import { setOutboxOwner } from '../../src/sync';
import { serverEpisode, serverSeries, SERIES_ID, storeSeries } from './helpers/series';

// Mantine's autosize textarea listens to document.fonts, which every browser has but happy-dom lacks.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });

function renderAt(url: string) {
  const root = createRootRoute({ component: () => <main><Outlet /></main> });
  const other = (text: string): RouteComponent => () => <p>{text}</p>;
  const routes = [
    createRoute({ getParentRoute: () => root, path: '/video-series', component: VideoSeriesPage }),
    createRoute({ getParentRoute: () => root, path: '/video-series/detail/$id', component: SeriesDetailPage }),
    createRoute({ getParentRoute: () => root, path: '/video-series/edit-meta', component: SeriesEditMetaPage }),
    createRoute({ getParentRoute: () => root, path: '/video-series/setting/$id', component: other('Settings page') }),
    createRoute({ getParentRoute: () => root, path: '/create-ai-series', component: other('Create page') }),
    createRoute({ getParentRoute: () => root, path: '/create-ai-series/$seriesId', component: other('Continue page') }),
    createRoute({ getParentRoute: () => root, path: '/connect', component: other('Connect page') }),
    createRoute({ getParentRoute: () => root, path: '/my-videos', component: other('My videos page') }),
  ];
  const router = createRouter({ routeTree: root.addChildren(routes), history: createMemoryHistory({ initialEntries: [url] }), parseSearch, stringifySearch });
  render(
    <MantineProvider env="test">
      <Notifications />
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

beforeEach(() => setOutboxOwner(() => 'u1'));
afterEach(async () => {
  // Toasts live in Mantine's global store: one left by a test would show in the next one's page.
  notifications.clean();
  setOutboxOwner(null);
  await clearLocalStore();
});

describe('video series list', () => {
  it('says there is none yet and offers to create one', async () => {
    renderAt('/video-series');
    expect(await screen.findByRole('heading', { name: 'No series yet' })).toBeTruthy();
    const create = screen.getAllByRole('link', { name: 'Create a series' });
    expect(create.at(-1)?.getAttribute('href')).toBe('/create-ai-series');
    expect(await violations()).toEqual([]);
  }, 30_000);

  it('shows each series with its state, next slot and counts, attention with Reconnect, and drafts to continue', async () => {
    await storeSeries(serverSeries(SERIES_ID, { name: 'Space facts' }));
    await storeSeries(serverSeries('s-paused', { name: 'Old recipes', status: 'paused', attention: { kind: 'reconnect', message: 'Reconnect your TikTok account “Chef Ana” to continue.', account_id: 'acc-1' }, stats: { next_slot_at: null, episodes_this_month: 1, credits_this_week: 0, estimated_credits_per_week: 70 } }));
    await storeSeries(serverSeries('s-draft', { name: 'Half-made idea', status: 'draft' }));
    renderAt('/video-series');
    const card = await screen.findByRole('article', { name: 'Space facts' });
    expect(within(card).getByText('Active')).toBeTruthy();
    // 17:00 UTC is 18:00 in Berlin (the series' zone), whatever the machine's zone.
    expect(within(card).getByText(/^Next new episode: .* at 18:00$/)).toBeTruthy();
    expect(within(card).getByText('3 episodes this month · 40 credits this week')).toBeTruthy();
    const paused = screen.getByRole('article', { name: 'Old recipes' });
    expect(within(paused).getByText('Needs attention')).toBeTruthy();
    expect(within(paused).getByText('Reconnect your TikTok account “Chef Ana” to continue.')).toBeTruthy();
    expect(within(paused).getByRole('link', { name: 'Reconnect the account of Old recipes' }).getAttribute('href')).toBe('/connect?reconnect=acc-1');
    const draft = screen.getByRole('listitem', { name: 'Half-made idea' });
    expect(within(draft).getByRole('link', { name: 'Continue Half-made idea' }).getAttribute('href')).toBe('/create-ai-series/s-draft');
    expect(await violations()).toEqual([]);
  }, 30_000);

  it('pauses a series at once and queues the change', async () => {
    await storeSeries(serverSeries(SERIES_ID, { name: 'Space facts' }));
    renderAt('/video-series');
    fireEvent.click(await screen.findByRole('button', { name: 'Pause Space facts' }));
    const card = screen.getByRole('article', { name: 'Space facts' });
    await within(card).findByText('Paused');
    expect(within(card).getByText('No episode is planned while it is paused.')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Resume Space facts' })).toBeTruthy();
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({ method: 'PUT', url: `/api/series/${SERIES_ID}`, body: { status: 'paused' } });
  }, 30_000);

  it('deletes after a confirmation saying what happens, and Undo brings the series back', async () => {
    await storeSeries(serverSeries(SERIES_ID, { name: 'Space facts' }));
    renderAt('/video-series');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Space facts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Space facts”?' });
    expect(within(dialog).getByText('No new episodes are made. Its posts still waiting to be published are cancelled.')).toBeTruthy();
    expect(within(dialog).getByText('Videos it already made stay in My videos.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete series' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Space facts' })).toBeNull());
    expect((await db.outbox.toArray()).map((item) => item.method)).toEqual(['DELETE']);
    fireEvent.click(await screen.findByRole('button', { name: 'Undo delete of Space facts' }));
    expect(await screen.findByRole('article', { name: 'Space facts' })).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
  }, 30_000);
});

describe('series detail', () => {
  const episodes = () => [
    serverEpisode('e-review', SERIES_ID, { title: 'Mars has blue sunsets', status: 'awaiting_review', slot_at: '2026-12-04T17:00:00.000Z', video_id: 'v1' }),
    serverEpisode('e-rendering', SERIES_ID, { title: 'Jupiter has no surface', status: 'rendering', slot_at: '2026-12-05T17:00:00.000Z', video_id: 'v2' }),
    serverEpisode('e-skipped', SERIES_ID, { title: null, topic: 'Saturn could float', status: 'skipped', slot_at: '2026-11-28T17:00:00.000Z', reason: 'Not enough credits: 40 needed, 12 left' }),
    serverEpisode('e-published', SERIES_ID, {
      title: 'Venus spins backwards',
      status: 'published',
      posts: [{ post_id: 'p1', platform: 'youtube', account_name: 'Space Channel', status: 'published', url: 'https://youtube.example/watch?v=1' }],
    }),
  ];

  it('shows the schedule in words, the next slots and the timeline with reasons and where each was posted', async () => {
    await storeSeries(serverSeries(SERIES_ID, { name: 'Space facts' }), episodes());
    renderAt(`/video-series/detail/${SERIES_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Space facts' })).toBeTruthy();
    expect(screen.getByText('Every day at 18:00 (Europe/Berlin)')).toBeTruthy();
    const coming = screen.getByRole('region', { name: 'Coming up' });
    expect(within(coming).getAllByRole('listitem')).toHaveLength(5);
    cleanup();
    // Slots already made are in the timeline: the list starts at the server's next slot.
    await storeSeries(serverSeries(SERIES_ID, { name: 'Space facts', stats: { next_slot_at: '2030-01-10T17:00:00.000Z', episodes_this_month: 0, credits_this_week: 0, estimated_credits_per_week: 0 } }), episodes());
    renderAt(`/video-series/detail/${SERIES_ID}`);
    const later = await screen.findByRole('region', { name: 'Coming up' });
    expect(within(later).getAllByRole('listitem')[0]!.textContent).toContain('10 January 2030 at 18:00');
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe(`/video-series/setting/${SERIES_ID}`);
    expect(screen.getByRole('link', { name: 'Edit details' }).getAttribute('href')).toBe(`/video-series/edit-meta?id=${SERIES_ID}`);
    const skipped = await screen.findByRole('listitem', { name: 'Saturn could float' });
    expect(within(skipped).getByText('Skipped')).toBeTruthy();
    expect(within(skipped).getByText('Not enough credits: 40 needed, 12 left')).toBeTruthy();
    const published = screen.getByRole('listitem', { name: 'Venus spins backwards' });
    expect(within(published).getByText(/YouTube · Space Channel/)).toBeTruthy();
    expect(within(published).getByRole('link', { name: 'View on YouTube' }).getAttribute('href')).toBe('https://youtube.example/watch?v=1');
    expect(within(screen.getByRole('listitem', { name: 'Mars has blue sunsets' })).getByRole('link', { name: 'Play Mars has blue sunsets in My videos' }).getAttribute('href')).toBe('/my-videos?play=v1');
    // A video still rendering cannot be played yet.
    expect(within(screen.getByRole('listitem', { name: 'Jupiter has no surface' })).queryByRole('link', { name: /^Play / })).toBeNull();
    expect(await violations()).toEqual([]);
  }, 30_000);

  it('approves an episode awaiting review', async () => {
    await storeSeries(serverSeries(SERIES_ID), episodes());
    renderAt(`/video-series/detail/${SERIES_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve Mars has blue sunsets' }));
    const episode = screen.getByRole('listitem', { name: 'Mars has blue sunsets' });
    await within(episode).findByText('Scheduled');
    expect(within(episode).queryByRole('button', { name: /Approve/ })).toBeNull();
    expect((await db.outbox.toArray())[0]).toMatchObject({ url: `/api/series/${SERIES_ID}/episodes/e-review/approve` });
  }, 30_000);

  it('asks for a note before rejecting, then sends it', async () => {
    await storeSeries(serverSeries(SERIES_ID), episodes());
    renderAt(`/video-series/detail/${SERIES_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Reject Mars has blue sunsets' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject “Mars has blue sunsets”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject and remake' }));
    expect(await within(dialog).findByText('Say in a few words what to change.')).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /What should change\?/ }), { target: { value: 'A calmer voice' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject and remake' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await db.outbox.toArray())[0]).toMatchObject({ url: `/api/series/${SERIES_ID}/episodes/e-review/reject`, body: { note: 'A calmer voice' } });
  }, 30_000);

  it('says there are no episodes only once the pull is over (here without a sync engine: it fails at once)', async () => {
    await storeSeries(serverSeries(SERIES_ID), []);
    renderAt(`/video-series/detail/${SERIES_ID}`);
    expect(await screen.findByRole('heading', { name: 'No episodes yet' })).toBeTruthy();
    expect(screen.queryByText('Loading episodes...')).toBeNull();
  }, 30_000);

  it('says so when the series is not on this device', async () => {
    renderAt('/video-series/detail/unknown');
    expect(await screen.findByRole('heading', { name: 'This series is not on this device' })).toBeTruthy();
  }, 30_000);
});

describe('edit series details', () => {
  it('starts from the series once loaded and saves only through the outbox', async () => {
    await storeSeries(serverSeries(SERIES_ID, { name: 'Space facts', tags: ['space'], hashtags: ['#space'] }));
    const router = renderAt(`/video-series/edit-meta?id=${SERIES_ID}`);
    // The form mounts again with the series' words once it is read: query the field after that.
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe('Space facts'));
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(screen.getByText('Changes apply to episodes not rendered yet.')).toBeTruthy();
    expect(await violations()).toEqual([]);
    fireEvent.change(name, { target: { value: 'Space facts daily' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/video-series/detail/${SERIES_ID}`));
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({ method: 'PUT', body: { name: 'Space facts daily', description: 'One surprising fact about space.', tags: ['space'], hashtags: ['#space'] } });
  }, 30_000);

  it('keeps Save disabled until the series is loaded', async () => {
    // A write holds the series table while the screen comes up, so its read waits: the form shows,
    // loading, with nothing to save; once the read answers, the form holds the series' words.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const holding = db.transaction('rw', db.series, async () => {
      await db.series.put(toLocalSeries(serverSeries(SERIES_ID, { name: 'Space facts' })));
      await Dexie.waitFor(gate);
    });
    renderAt(`/video-series/edit-meta?id=${SERIES_ID}`);
    const save = await screen.findByRole<HTMLButtonElement>('button', { name: 'Save' });
    expect(save.disabled).toBe(true);
    expect(screen.getByText('Loading the series...')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe('');
    release();
    await holding;
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe('Space facts'));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(false);
  }, 30_000);

  it('says which series is missing when there is no id', async () => {
    renderAt('/video-series/edit-meta');
    expect(await screen.findByRole('heading', { name: 'No series chosen' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  }, 30_000);
});
