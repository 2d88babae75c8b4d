// "My videos" as a user sees it: the real Dexie store (fake-indexeddb) and the real
// collection functions; only the network is absent. Loading and empty states, rows with status,
// stage and live progress, "Waiting to be sent", the failure reason, the per-stage list, filters
// and search, "Video not available for download", restart and delete with Undo through the outbox.
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '../../contract/publishing';
import { toLocalPost } from '../../src/features/publishing/data';
import { createVideoLocally, toLocalVideo } from '../../src/features/videos/data/videos';
import { clearLocalStore, db } from '../../src/store';
import { setOutboxOwner } from '../../src/sync';
import { serverVideo } from './helpers/videos';

const { MyVideosPage } = await import('../../src/features/videos/MyVideosPage');

function renderPage(entry = '/my-videos') {
  const rootRoute = createRootRoute({ component: MyVideosPage });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: [entry] }) });
  return render(
    <MantineProvider env="test">
      <Notifications />
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

const card = (title: string) => screen.getByRole('article', { name: title });

beforeEach(() => setOutboxOwner(() => 'u1'));
afterEach(async () => {
  setOutboxOwner(null);
  await clearLocalStore();
});

describe('MyVideosPage', () => {
  it('shows the empty state with the ways to make a video', async () => {
    renderPage();
    expect(await screen.findByText('No videos yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create AI video' }).getAttribute('href')).toBe('/create-ai-video');
    expect(screen.getByRole('link', { name: 'Faceless video' }).getAttribute('href')).toBe('/faceless-video');
  });

  it('renders the videos with status, stage, live progress, failure reason and waiting rows', async () => {
    await db.videos.bulkPut([
      toLocalVideo(serverVideo('done', { title: 'Finished one', created_at: '2026-01-03T00:00:00.000Z' })),
      toLocalVideo(serverVideo('busy', { title: 'Rendering one', status: 'processing', progress: 42, stage: 'visuals', ai_video: { video_src: null, thumbnail_src: null, duration: null, width: null, height: null, size_bytes: null } })),
      toLocalVideo(serverVideo('bad', { title: 'Broken one', status: 'failed', stage: 'voice', error: 'The voice service did not answer.' })),
    ]);
    await createVideoLocally({ title: 'Made offline', script: 'Hello there.' }, { credits: 3, seconds: 10 });
    renderPage();
    expect(await screen.findByRole('article', { name: 'Finished one' })).toBeTruthy();
    expect(screen.getByText('4 videos')).toBeTruthy();

    const busy = card('Rendering one');
    expect(within(busy).getByText('Drawing the visuals · 42%')).toBeTruthy();
    expect(within(busy).getByRole('progressbar', { name: 'Progress of Rendering one' }).getAttribute('aria-valuenow')).toBe('42');
    expect(within(card('Broken one')).getByText('The voice service did not answer.')).toBeTruthy();
    expect(within(card('Made offline')).getByText('Waiting to be sent')).toBeTruthy();
    expect(within(card('Finished one')).getByRole('button', { name: 'Play Finished one' })).toBeTruthy();

    // Live: the row changes in the store (a poll), the card follows.
    await act(async () => {
      await db.videos.update('busy', { progress: 80, stage: 'render' });
    });
    await waitFor(() => expect(within(card('Rendering one')).getByText('Rendering the video · 80%')).toBeTruthy());

    // Stages on demand.
    fireEvent.click(within(card('Broken one')).getByRole('button', { name: 'Stages' }));
    const stages = within(card('Broken one')).getByRole('list', { name: 'Stages of Broken one' });
    expect(within(stages).getAllByRole('listitem')).toHaveLength(7);
  });

  it('opens the player on the video named by ?play= (a series episode), once', async () => {
    await db.videos.bulkPut([toLocalVideo(serverVideo('done', { title: 'Episode three' })), toLocalVideo(serverVideo('other', { title: 'Another one' }))]);
    renderPage('/my-videos?play=done');
    expect(await screen.findByRole('dialog', { name: 'Episode three' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close the player' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Episode three' })).toBeNull());
    expect(card('Another one')).toBeTruthy();
  });

  it('filters by status and searches titles', async () => {
    await db.videos.bulkPut([
      toLocalVideo(serverVideo('a', { title: 'Trains at night' })),
      toLocalVideo(serverVideo('b', { title: 'Cooking pasta', status: 'failed', error: 'x' })),
    ]);
    renderPage();
    await screen.findByRole('article', { name: 'Trains at night' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search videos' }), { target: { value: 'pasta' } });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Trains at night' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Cooking pasta' })).toBeTruthy();
    expect(screen.getByText('1 of 2 videos')).toBeTruthy();
  });

  it('says "Video not available for download" when a finished video has no file', async () => {
    await db.videos.put(toLocalVideo(serverVideo('nofile', { title: 'No file', ai_video: { video_src: null, thumbnail_src: null, duration: 10, width: null, height: null, size_bytes: null } })));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Download No file' }));
    expect((await within(card('No file')).findByRole('alert')).textContent).toBe('Video not available for download');
  });

  it('restart queues POST …/restart and shows the video queued again', async () => {
    await db.videos.put(toLocalVideo(serverVideo('bad', { title: 'Broken one', status: 'failed', stage: 'voice', error: 'No voice.' })));
    renderPage();
    fireEvent.click(await within(await screen.findByRole('article', { name: 'Broken one' })).findByRole('button', { name: 'Restart' }));
    await waitFor(async () => expect((await db.outbox.toArray()).map((item) => item.url)).toEqual(['/api/ai-videos/bad/restart']));
    await waitFor(() => expect(within(card('Broken one')).getByText('Waiting to be sent')).toBeTruthy());
    expect(within(card('Broken one')).queryByText('No voice.')).toBeNull();
  });

  it('delete asks first; once confirmed the card goes at once, and Undo brings it back without sending anything', async () => {
    await db.videos.put(toLocalVideo(serverVideo('v1', { title: 'Keep me' })));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Keep me' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete video?' });
    // Nothing happens before the creator confirms.
    expect(screen.getByRole('article', { name: 'Keep me' })).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
    expect(within(dialog).queryByText(/scheduled post/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete video' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Keep me' })).toBeNull());
    expect((await db.outbox.toArray()).map((item) => item.method)).toEqual(['DELETE']);
    fireEvent.click(await screen.findByRole('button', { name: 'Undo delete of Keep me' }));
    expect(await screen.findByRole('article', { name: 'Keep me' })).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
  });
  it('says how many scheduled posts use the video; Keep video changes nothing; deleting cancels them through the outbox, with Undo', async () => {
    await db.videos.bulkPut([toLocalVideo(serverVideo('v1', { title: 'Posted one' })), toLocalVideo(serverVideo('v2', { title: 'Other one' }))]);
    const post = (id: string, videoId: string, status: Post['status']) =>
      toLocalPost({ id, status, video_id: videoId, video: null, caption: `Post ${id}`, scheduled_at: null, timezone: null, options: {}, targets: [], published_at: null, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' });
    await db.posts.bulkPut([post('p1', 'v1', 'scheduled'), post('p2', 'v1', 'scheduled'), post('p3', 'v1', 'published'), post('p4', 'v2', 'scheduled')]);
    renderPage();

    fireEvent.click(await screen.findByRole('button', { name: 'Delete Posted one' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete video?' });
    expect(await within(dialog).findByText(/2 scheduled posts use this video\./)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep video' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete video?' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Posted one' })).toBeTruthy();
    expect(await db.posts.count()).toBe(4);
    expect(await db.outbox.count()).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Posted one' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete video?' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Cancel 2 posts and delete' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Posted one' })).toBeNull());
    // The scheduled posts of this video are gone; its published post and the other video's stay.
    expect((await db.posts.toArray()).map((row) => row.id).sort()).toEqual(['p3', 'p4']);
    const items = await db.outbox.toArray();
    expect(items.map((item) => `${item.method} ${item.url}`).sort()).toEqual(['DELETE /api/ai-videos/v1', 'DELETE /api/posts/p1', 'DELETE /api/posts/p2']);
    // All held for the undo window: nothing is sent before it ends.
    for (const item of items) expect(item.nextAttemptAt).toBeGreaterThan(Date.now());

    fireEvent.click(await screen.findByRole('button', { name: 'Undo delete of Posted one' }));
    expect(await screen.findByRole('article', { name: 'Posted one' })).toBeTruthy();
    await waitFor(async () => expect((await db.posts.toArray()).map((row) => row.id).sort()).toEqual(['p1', 'p2', 'p3', 'p4']));
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('downloadVideoFile', () => {
  it('fetches the signed URL into a Blob and saves it as video-{id}.mp4', async () => {
    const { downloadVideoFile } = await import('../../src/features/videos/media');
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:video');
    const requested: string[] = [];
    const video = toLocalVideo(serverVideo('abc'));
    await downloadVideoFile(video, (input) => {
      requested.push(input as string);
      return Promise.resolve(new Response(new Uint8Array(5)));
    });
    expect(requested).toEqual([video.ai_video.video_src]);
    expect(saved).toEqual(['video-abc.mp4']);
    expect(created).toHaveBeenCalledTimes(1);
    click.mockRestore();
    created.mockRestore();
  });

  it('rejects with exactly "Video not available for download" when there is no source', async () => {
    const { downloadVideoFile } = await import('../../src/features/videos/media');
    const video = toLocalVideo(serverVideo('abc', { ai_video: { video_src: null, thumbnail_src: null, duration: null, width: null, height: null, size_bytes: null } }));
    await expect(downloadVideoFile(video, () => Promise.reject(new Error('no request expected')))).rejects.toThrow(/^Video not available for download$/);
  });
});
