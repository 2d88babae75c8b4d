// Play on My videos plays with one tap: the player the tap opens starts its <video> as soon as the
// source is there (happy-dom's play() really moves the element out of "paused"). A browser that
// refuses to start sound gets the video muted rather than stopped, and the creator is told.
import { MantineProvider } from '@mantine/core';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toLocalVideo } from '../../src/features/videos/data';
import { clearLocalStore, db } from '../../src/store';
import { serverVideo } from './helpers/videos';

configure({ asyncUtilTimeout: 15_000 });

const { MyVideosPage } = await import('../../src/features/videos/MyVideosPage');

function renderPage() {
  const rootRoute = createRootRoute({ component: MyVideosPage });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/my-videos'] }) });
  return render(
    <MantineProvider env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

async function openPlayer(title: string): Promise<HTMLVideoElement> {
  fireEvent.click(await screen.findByRole('button', { name: `Play ${title}` }));
  const dialog = await screen.findByRole('dialog', { name: title });
  return within(dialog).findByLabelText<HTMLVideoElement>(`Video: ${title}`);
}

afterEach(async () => {
  vi.restoreAllMocks();
  await clearLocalStore();
});

describe('the video player', () => {
  it('plays after one tap on Play', async () => {
    await db.videos.put(toLocalVideo(serverVideo('v1', { title: 'Trains at night' })));
    renderPage();
    const video = await openPlayer('Trains at night');
    expect(video.getAttribute('src')).toBe('/media/videos/v1.mp4?expires=9&signature=abc');
    await waitFor(() => expect(video.paused).toBe(false));
    expect(video.muted).toBe(false);
    expect(screen.queryByText(/Playing without sound/)).toBeNull();

    // Closed and opened again: one tap plays again.
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Trains at night' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const again = await openPlayer('Trains at night');
    await waitFor(() => expect(again.paused).toBe(false));
  });

  it('plays muted, and says so, when the browser refuses to start sound', async () => {
    // happy-dom's own play(), taken from the prototype before it is replaced.
    const original = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'play')?.value as (this: HTMLMediaElement) => Promise<void>;
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      // What browsers do without a fresh tap: sound is refused, a muted start is allowed.
      if (!this.muted) return Promise.reject(new DOMException('play() can only be initiated by a user gesture.', 'NotAllowedError'));
      return original.call(this);
    });
    await db.videos.put(toLocalVideo(serverVideo('v2', { title: 'Cooking pasta' })));
    renderPage();
    const video = await openPlayer('Cooking pasta');
    await waitFor(() => expect(video.paused).toBe(false));
    expect(video.muted).toBe(true);
    expect(play).toHaveBeenCalledTimes(2);
    expect(screen.getByText(/Playing without sound/).getAttribute('role')).toBe('status');
  });
});
