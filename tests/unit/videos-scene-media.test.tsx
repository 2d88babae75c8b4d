// The creator's own pictures or clips in the create-ai-video flow: an upload (only
// uploadSceneMedia, the network, is mocked) shows a progress bar and adds "Scene 1"; the list can be
// reordered and trimmed by keyboard-reachable buttons; Create sends `scene_media` in that order;
// offline the picker says so and is disabled. Real store, real videos collection (spied on).
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearLocalStore, db } from '../../src/store';
import { setOutboxOwner } from '../../src/sync';
import { PLANS, renderScreen } from './helpers/video-screens';

configure({ asyncUtilTimeout: 15_000 });

vi.mock('../../src/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/session')>()),
  useAuth: () => ({ user: { plan: 'pro' }, credits: 100 }),
  usePermissions: () => ({ hasPermission: () => true, isArtStyleAllowed: () => true, loading: false }),
}));
const createVideoLocally = vi.hoisted(() => ({ spy: null as null | ReturnType<typeof vi.fn> }));
vi.mock('../../src/features/videos/data/videos', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/features/videos/data/videos')>();
  createVideoLocally.spy = vi.fn(original.createVideoLocally);
  return { ...original, createVideoLocally: createVideoLocally.spy };
});
const uploadSceneMedia = vi.hoisted(() => vi.fn<(file: Blob, options: { onProgress?: (fraction: number | null) => void }) => Promise<Record<string, unknown>>>());
vi.mock('../../src/features/videos/data/videos-http', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../src/features/videos/data/videos-http')>()), uploadSceneMedia }));

if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
vi.setConfig({ testTimeout: 30_000 });

const { CreateAiVideoPage } = await import('../../src/features/videos/CreateAiVideoPage');

const IDS = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'];

function sceneMedia(id: string, kind: 'image' | 'video') {
  return { id, kind, mime_type: kind === 'image' ? 'image/png' : 'video/mp4', size_bytes: 1000, width: 100, height: 100, duration: null, src: `/api/media/${id}/file`, created_at: '2026-01-01T00:00:00Z' };
}

function setOnline(online: boolean): void {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

function pickFile(file: File) {
  fireEvent.change(document.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [file] } });
}

async function openStep(title: RegExp): Promise<void> {
  fireEvent.click(await screen.findByRole('button', { name: title }));
  await waitFor(() => expect(screen.getByRole('button', { name: title }).getAttribute('aria-expanded')).toBe('true'));
}

function sceneNames(): string[] {
  const list = screen.getByRole('list', { name: 'Your own visuals' });
  return within(list).getAllByRole('listitem').map((item) => item.textContent ?? '');
}

beforeEach(async () => {
  await clearLocalStore();
  await db.plans.bulkPut(PLANS);
  setOutboxOwner(() => 'u1');
  createVideoLocally.spy?.mockClear();
  uploadSceneMedia.mockReset();
  setOnline(true);
});
afterEach(() => setOutboxOwner(null));

describe('own pictures or clips per scene', () => {
  it('uploads with progress, reorders and removes, and sends scene_media in order', async () => {
    let finish: (value: Record<string, unknown>) => void = () => undefined;
    uploadSceneMedia.mockImplementationOnce((_file, options) => {
      options.onProgress?.(0.5);
      return new Promise((resolve) => (finish = resolve));
    });
    uploadSceneMedia.mockResolvedValueOnce(sceneMedia(IDS[1]!, 'video'));
    uploadSceneMedia.mockResolvedValueOnce(sceneMedia(IDS[2]!, 'image'));
    renderScreen(CreateAiVideoPage, '/?prompt=Octopus%20facts&duration=20');
    await openStep(/Art style/);
    expect(screen.getByText(/Scenes without one get the art style chosen above/)).toBeTruthy();

    pickFile(new File([new Uint8Array(1000)], 'reef.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe('50'));
    await act(() => {
      finish(sceneMedia(IDS[0]!, 'image'));
      return Promise.resolve();
    });
    await waitFor(() => expect(sceneNames()).toEqual(['Scene 1reef.png']));
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).toBeNull();
    pickFile(new File([new Uint8Array(1000)], 'dive.mp4', { type: 'video/mp4' }));
    await waitFor(() => expect(sceneNames()).toHaveLength(2));
    pickFile(new File([new Uint8Array(1000)], 'ink.webp', { type: 'image/webp' }));
    await waitFor(() => expect(sceneNames()).toEqual(['Scene 1reef.png', 'Scene 2dive.mp4', 'Scene 3ink.webp']));
    expect(uploadSceneMedia).toHaveBeenCalledTimes(3);

    // Move the clip first, then drop the first picture.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Move scene 1 up' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move scene 2 up' }));
    expect(sceneNames()).toEqual(['Scene 1dive.mp4', 'Scene 2reef.png', 'Scene 3ink.webp']);
    fireEvent.click(screen.getByRole('button', { name: 'Move scene 3 up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move scene 1 down' }));
    expect(sceneNames()).toEqual(['Scene 1ink.webp', 'Scene 2dive.mp4', 'Scene 3reef.png']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove scene 3 (reef.png)' }));
    expect(sceneNames()).toEqual(['Scene 1ink.webp', 'Scene 2dive.mp4']);

    await openStep(/Review and create/);
    expect(screen.getByText('Your own visuals')).toBeTruthy();
    expect(screen.getByText('2 scenes')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create video' }));
      await Promise.resolve();
    });
    await screen.findByText('My videos page');
    const [request] = createVideoLocally.spy!.mock.calls[0] as [Record<string, unknown>];
    expect(request).toMatchObject({ prompt: 'Octopus facts', scene_media: [IDS[2], IDS[1]] });
  });

  it('refuses a file that is not a picture or clip, and is disabled offline', async () => {
    renderScreen(CreateAiVideoPage);
    await openStep(/Art style/);
    pickFile(new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText(/“notes.txt” is not a picture or clip/)).toBeTruthy();
    expect(uploadSceneMedia).not.toHaveBeenCalled();

    setOnline(false);
    expect(await screen.findByText('You are offline. Uploading your own pictures or clips needs a connection.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /Add a picture or clip/ }).disabled).toBe(true);
  });

  it('leaves scene_media out when none were chosen', async () => {
    renderScreen(CreateAiVideoPage, '/?prompt=Octopus%20facts&duration=20');
    await openStep(/Review and create/);
    expect(screen.queryByText('Your own visuals')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create video' }));
      await Promise.resolve();
    });
    await screen.findByText('My videos page');
    const [request] = createVideoLocally.spy!.mock.calls[0] as [Record<string, unknown>];
    expect(request).not.toHaveProperty('scene_media');
  });
});
