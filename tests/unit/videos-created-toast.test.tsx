// The toast a new video raises follows the video's row: it says "queued" while the video waits,
// "rendering" while the server makes it, and "ready" as soon as the row says so — never a stale
// "Video queued" next to a finished video. Real store, real collection, the create flow as a
// creator uses it (offline, so nothing is sent), then the row changed as a pull would change it.
import { notifications } from '@mantine/notifications';
import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearLocalStore, db } from '../../src/store';
import { setOutboxOwner } from '../../src/sync';
import { PLANS, renderScreen } from './helpers/video-screens';

configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 30_000 });

vi.mock('../../src/session', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/session')>();
  return {
    ...original,
    useAuth: () => ({ user: { plan: 'free' }, credits: 100 }),
    usePermissions: () => ({ hasPermission: () => true, isArtStyleAllowed: () => true, loading: false }),
  };
});

// Mantine's autosize textarea listens to document.fonts, which happy-dom lacks.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });

const { CreateAiVideoPage } = await import('../../src/features/videos/CreateAiVideoPage');

const toast = (title: string) => screen.queryByText(title);

beforeEach(async () => {
  await clearLocalStore();
  await db.plans.bulkPut(PLANS);
  setOutboxOwner(() => 'u1');
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false });
});

afterEach(() => {
  setOutboxOwner(null);
  // The toasts live in Mantine's module-wide store: none may leak into the next test.
  notifications.clean();
});

async function createOne(): Promise<string> {
  renderScreen(CreateAiVideoPage);
  fireEvent.click(await screen.findByRole('radio', { name: 'Topic' }));
  fireEvent.change(screen.getByRole('textbox', { name: /Topic/ }), { target: { value: 'Five facts about octopuses' } });
  fireEvent.click(await screen.findByRole('button', { name: /Review and create/ }));
  await waitFor(() => expect(screen.getByTestId('video-cost').textContent).toBe('15 credits'));
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Create video' }));
    await Promise.resolve();
  });
  await screen.findByText('My videos page');
  const [video] = await db.videos.toArray();
  return video!.id;
}

describe('the toast of a new video', () => {
  it('says queued while the video waits, then rendering, and turns into ready once the row is ready', async () => {
    const id = await createOne();
    expect(await screen.findByText('Video queued')).toBeTruthy();
    expect(screen.getByText(/It will be sent when you’re back online/)).toBeTruthy();

    // Delivered: the server has it, still queued there.
    await act(async () => {
      await db.videos.update(id, { syncStatus: 'synced' });
    });
    await waitFor(() => expect(screen.getByText(/The server has “Five facts about octopuses” and starts rendering it shortly/)).toBeTruthy());
    expect(toast('Video queued')).toBeTruthy();

    await act(async () => {
      await db.videos.update(id, { status: 'processing', progress: 10, stage: 'script' });
    });
    await waitFor(() => expect(toast('Rendering your video')).toBeTruthy());
    expect(toast('Video queued')).toBeNull();

    await act(async () => {
      await db.videos.update(id, { status: 'completed', progress: 100, stage: null });
    });
    await waitFor(() => expect(toast('Video ready')).toBeTruthy());
    expect(screen.getByText('“Five facts about octopuses” is ready to play in My videos.')).toBeTruthy();
    expect(toast('Rendering your video')).toBeNull();
    expect(toast('Video queued')).toBeNull();
  });

  it('goes away when the video is deleted while it waits', async () => {
    const id = await createOne();
    expect(await screen.findByText('Video queued')).toBeTruthy();
    await act(async () => {
      await db.videos.delete(id);
    });
    await waitFor(() => expect(toast('Video queued')).toBeNull());
  });

  it('says why when the server refuses the video', async () => {
    const id = await createOne();
    expect(await screen.findByText('Video queued')).toBeTruthy();
    await act(async () => {
      await db.videos.update(id, { syncStatus: 'failed', syncError: 'You do not have enough credits for this video.' });
    });
    await waitFor(() => expect(toast('Video not sent')).toBeTruthy());
    expect(screen.getByText('You do not have enough credits for this video.')).toBeTruthy();
    expect(toast('Video queued')).toBeNull();
  });
});
