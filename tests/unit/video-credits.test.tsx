// A finished video's description (its credits): shown in the player with a copy button, and
// filled into the publish form's YouTube description when the creator picks that video — only
// into an empty description (or one still holding the previous video's credits), never over
// what the creator typed. Rows cached before descriptions existed show nothing and fill nothing.
import { MantineProvider } from '@mantine/core';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyYoutube, youtubeForVideo } from '../../src/features/publishing/compose/compose-values';
import { toLocalVideo } from '../../src/features/videos/data';
import { VideoCredits } from '../../src/features/videos/VideoCredits';
import { clearLocalStore, db } from '../../src/store';
import { setOutboxOwner } from '../../src/sync';
import { renderPublishPage } from './helpers/publish-page';
import { ACCOUNT_ID, account, publishableVideo, VIDEO_2_ID, VIDEO_ID } from './helpers/publishing';
import { serverVideo } from './helpers/videos';

configure({ asyncUtilTimeout: 15_000 });

const { MyVideosPage } = await import('../../src/features/videos/MyVideosPage');

const CREDITS = 'Visuals:\nPhoto: "Sunrise over the bay" by Ana Costa, CC BY 4.0, https://www.flickr.com/photos/example/1';
const OTHER_CREDITS = 'Visuals:\nVideo by Ben Li on Pexels';

afterEach(async () => {
  vi.restoreAllMocks();
  setOutboxOwner(null);
  await clearLocalStore();
});

describe('youtubeForVideo', () => {
  const trains = publishableVideo(VIDEO_ID, { title: 'Trains at night', description: CREDITS });
  const pasta = publishableVideo(VIDEO_2_ID, { title: 'Cooking pasta', description: OTHER_CREDITS });

  it('fills an empty description with the video’s credits, and swaps them while untouched', () => {
    const first = youtubeForVideo(emptyYoutube(), trains, null);
    expect(first).toMatchObject({ title: 'Trains at night', description: CREDITS });
    expect(youtubeForVideo(first, pasta, trains)).toMatchObject({ title: 'Cooking pasta', description: OTHER_CREDITS });
  });

  it('never replaces what the creator wrote, and fills nothing from a row without a description', () => {
    const typed = { ...emptyYoutube(), description: 'My own words' };
    expect(youtubeForVideo(typed, trains, null).description).toBe('My own words');
    const edited = { ...youtubeForVideo(emptyYoutube(), trains, null), description: `${CREDITS}\nThanks for watching!` };
    expect(youtubeForVideo(edited, pasta, trains).description).toBe(`${CREDITS}\nThanks for watching!`);
    const cachedBefore = publishableVideo(VIDEO_2_ID, { title: 'Old row' });
    expect(youtubeForVideo(emptyYoutube(), cachedBefore, null).description).toBe('');
    expect(youtubeForVideo(youtubeForVideo(emptyYoutube(), trains, null), cachedBefore, trains).description).toBe('');
  });
});

describe('VideoCredits', () => {
  const renderCredits = (fields: Parameters<typeof serverVideo>[1]) =>
    render(
      <MantineProvider env="test">
        <VideoCredits video={toLocalVideo(serverVideo('v1', fields))} />
      </MantineProvider>,
    );

  it('shows the credits and copies them', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
    renderCredits({ description: CREDITS });
    const region = screen.getByRole('region', { name: 'Description and credits' });
    expect(within(region).getByLabelText('Credits text').textContent).toBe(CREDITS);
    fireEvent.click(within(region).getByRole('button', { name: 'Copy description' }));
    expect(writeText).toHaveBeenCalledWith(CREDITS);
    expect(await within(region).findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(within(region).getByRole('status').textContent).toBe('Description copied to the clipboard.');
  });

  it('says when nothing needs a credit; shows nothing while unfinished or for a row cached before', () => {
    const { unmount } = renderCredits({ description: '' });
    expect(screen.getByText('Nothing in this video needs a credit.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy description' })).toBeNull();
    unmount();
    const processing = renderCredits({ status: 'processing', description: '' });
    expect(screen.queryByRole('region')).toBeNull();
    processing.unmount();
    renderCredits({});
    expect(screen.queryByRole('region')).toBeNull();
  });
});

describe('the player', () => {
  it('shows the video’s credits under it', async () => {
    await db.videos.put(toLocalVideo(serverVideo('v1', { title: 'Trains at night', description: CREDITS })));
    const rootRoute = createRootRoute({ component: MyVideosPage });
    const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/my-videos'] }) });
    render(
      <MantineProvider env="test">
        <RouterProvider router={router} />
      </MantineProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Play Trains at night' }));
    const dialog = await screen.findByRole('dialog', { name: 'Trains at night' });
    const region = await within(dialog).findByRole('region', { name: 'Description and credits' });
    expect(within(region).getByLabelText('Credits text').textContent).toBe(CREDITS);
    const result = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' ')}`)).toEqual([]);
  });
});

describe('the publish form', () => {
  beforeEach(async () => {
    setOutboxOwner(() => 'u1');
    await db.publishVideos.bulkPut([
      publishableVideo(VIDEO_ID, { title: 'Trains at night', description: CREDITS, created_at: '2026-01-02T00:00:00.000Z' }),
      publishableVideo(VIDEO_2_ID, { title: 'Cooking pasta', description: OTHER_CREDITS }),
    ]);
    await db.accounts.put(account(ACCOUNT_ID, { name: 'My channel' }));
  });

  it('fills the YouTube description with the picked video’s credits, and keeps what the creator typed', async () => {
    renderPublishPage();
    fireEvent.click(await screen.findByRole('radio', { name: 'Trains at night' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^My channel/ }));
    const description = await screen.findByRole('textbox', { name: /^Description/ });
    expect((description as HTMLTextAreaElement).value).toBe(CREDITS);

    fireEvent.click(screen.getByRole('radio', { name: 'Cooking pasta' }));
    await waitFor(() => expect((description as HTMLTextAreaElement).value).toBe(OTHER_CREDITS));

    fireEvent.change(description, { target: { value: 'Pasta night. Recipe below.' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Trains at night' }));
    expect((description as HTMLTextAreaElement).value).toBe('Pasta night. Recipe below.');
  });
});
