// axe-core over the my-videos screen with videos in every state and the music library tab
// (contrast is checked by the browser tests; happy-dom computes no styles).
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveUploadedTrack } from '../../src/features/videos/data';
import { createVideoLocally, toLocalVideo } from '../../src/features/videos/data/videos';
import { clearLocalStore, db } from '../../src/store';
import { setOutboxOwner } from '../../src/sync';
import { serverTrack, serverVideo } from './helpers/videos';

const { MyVideosPage } = await import('../../src/features/videos/MyVideosPage');

function renderPage() {
  const rootRoute = createRootRoute({ component: () => <main><MyVideosPage /></main> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/my-videos'] }) });
  return render(
    <MantineProvider env="test">
      <Notifications />
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

beforeEach(() => setOutboxOwner(() => 'u1'));
afterEach(async () => {
  setOutboxOwner(null);
  await clearLocalStore();
});

describe('my-videos accessibility', () => {
  it('has no axe violations with videos in every state, stages open, and in the music tab', async () => {
    await db.videos.bulkPut([
      toLocalVideo(serverVideo('done', { title: 'Finished one' })),
      toLocalVideo(serverVideo('busy', { title: 'Rendering one', status: 'processing', progress: 42, stage: 'visuals' })),
      toLocalVideo(serverVideo('bad', { title: 'Broken one', status: 'failed', stage: 'voice', error: 'The voice service did not answer.' })),
    ]);
    await createVideoLocally({ title: 'Made offline', script: 'Hello there.' }, { credits: 3, seconds: 10 });
    await saveUploadedTrack(serverTrack('m1', { title: 'Morning run' }));
    renderPage();
    await screen.findByRole('article', { name: 'Finished one' });
    fireEvent.click(screen.getAllByRole('button', { name: 'Stages' })[0]!);
    expect(await violations()).toEqual([]);
    fireEvent.click(screen.getByRole('tab', { name: 'Music library' }));
    await screen.findByRole('listitem', { name: 'Morning run' });
    expect(await violations()).toEqual([]);
  }, 30_000);

  it('has no axe violations in the empty state', async () => {
    renderPage();
    await screen.findByText('No videos yet');
    expect(await violations()).toEqual([]);
  }, 30_000);
});
