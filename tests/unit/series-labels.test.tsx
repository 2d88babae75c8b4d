// An episode's video and post carry the series' name: on its card in My videos, and on its calendar
// entry (spoken in narrow views, written in the list and day views).
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toPostEvent } from '../../src/features/publishing/calendar/calendar-events';
import { toLocalPost } from '../../src/features/publishing/data';
import { toLocalVideo } from '../../src/features/videos/data';
import { clearLocalStore, db } from '../../src/store';
import { setOutboxOwner } from '../../src/sync';
import { serverPost } from './helpers/publishing';
import { SERIES_ID } from './helpers/series';
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
});
