// An episode's video and post carry the series' name: on its card in My videos, and on its calendar
// entry (spoken in narrow views, written in the list and day views). A series paused by a problem is
// listed in Home's "Needs you".
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { attentionItems } from '../../src/features/home/activity/select';
import { toLocalSeries } from '../../src/features/series/data';
import { toPostEvent } from '../../src/features/publishing/calendar/calendar-events';
import { toLocalPost } from '../../src/features/publishing/data';
import { toLocalVideo } from '../../src/features/videos/data';
import { clearLocalStore, db } from '../../src/store';
import { setOutboxOwner } from '../../src/sync';
import { serverPost } from './helpers/publishing';
import { serverSeries, SERIES_ID } from './helpers/series';
import { serverVideo } from './helpers/videos';

const { MyVideosPage } = await import('../../src/features/videos/MyVideosPage');

const label = { series_id: SERIES_ID, series_name: 'Space facts', episode_id: 'e1' };

beforeEach(() => setOutboxOwner(() => 'u1'));
afterEach(async () => {
  setOutboxOwner(null);
  await clearLocalStore();
});

describe('series labels', () => {
  it('My videos names the series of an episode and nothing on other videos', async () => {
    await db.videos.bulkPut([toLocalVideo(serverVideo('v1', { title: 'Venus spins backwards', series: label })), toLocalVideo(serverVideo('v2', { title: 'My own video' }))]);
    const rootRoute = createRootRoute({ component: () => <MyVideosPage /> });
    const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/my-videos'] }) });
    render(
      <MantineProvider env="test">
        <Notifications />
        <RouterProvider router={router} />
      </MantineProvider>,
    );
    const episode = await screen.findByRole('article', { name: 'Venus spins backwards' });
    expect(within(episode).getByText('Episode of the series “Space facts”')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'My own video' })).queryByText(/Episode of the series/)).toBeNull();
  }, 30_000);

  it('a calendar entry carries the series name of an episode post', () => {
    const episodePost = toPostEvent(toLocalPost(serverPost('p1', { scheduled_at: '2026-12-04T17:00:00.000Z', series: label })));
    const otherPost = toPostEvent(toLocalPost(serverPost('p2', { scheduled_at: '2026-12-04T18:00:00.000Z' })));
    expect(episodePost?.extendedProps.series).toBe('Space facts');
    expect(otherPost?.extendedProps.series).toBeNull();
  });

  it('Home lists a series needing attention after the accounts, with the account to reconnect', () => {
    const series = [
      toLocalSeries(serverSeries('s-ok', { name: 'Running fine' })),
      toLocalSeries(serverSeries('s-reconnect', { name: 'Old recipes', status: 'paused', attention: { kind: 'reconnect', message: 'Reconnect your TikTok account.', account_id: 'acc-1' } })),
      toLocalSeries(serverSeries('s-plan', { name: 'Big plans', status: 'paused', attention: { kind: 'plan', message: 'Your plan no longer includes series.', account_id: null } })),
    ];
    const failed = [toLocalVideo(serverVideo('v-bad', { status: 'failed', error: 'The voice could not be recorded.' }))];
    const items = attentionItems(failed, [], [], true, series);
    expect(items.map((item) => `${item.kind}:${item.id}`)).toEqual(['series:s-plan', 'series:s-reconnect', 'render:v-bad']);
    expect(items[1]).toMatchObject({ reason: 'Reconnect your TikTok account.', reconnectAccountId: 'acc-1' });
    // Without publishing the series still need the creator.
    expect(attentionItems(failed, [], [], false, series).map((item) => item.kind)).toEqual(['series', 'series', 'render']);
  });
});
