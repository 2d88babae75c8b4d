// The music library component: upload (progress, stored as synced), the 413 message of
// spec §5/§8, offline refusal, inline rename through the outbox, delete with Undo, and picking a
// track for the create flow. Real store; only uploadMusic (the network) is mocked.
import { MantineProvider } from '@mantine/core';
import { notifications, Notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveUploadedTrack } from '../../src/features/videos/data';
import { clearLocalStore, db } from '../../src/store';
import { setOutboxOwner } from '../../src/sync';
import { serverTrack } from './helpers/videos';

const uploadMusic = vi.hoisted(() => vi.fn<(file: Blob, options: { title?: string; id?: string; onProgress?: (fraction: number | null) => void }) => Promise<Record<string, unknown>>>());
vi.mock('../../src/features/videos/data/videos-http', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../src/features/videos/data/videos-http')>()), uploadMusic }));

const { MusicLibrary } = await import('../../src/features/videos/music/MusicLibrary');

function renderLibrary(onSelect?: (id: string) => void) {
  return render(
    <MantineProvider env="test">
      <Notifications />
      <MusicLibrary onSelect={onSelect ? (track) => onSelect(track.id) : undefined} />
    </MantineProvider>,
  );
}

function pickFile(file: File) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

function setOnline(online: boolean): void {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

beforeEach(() => {
  setOutboxOwner(() => 'u1');
  uploadMusic.mockReset();
});
afterEach(async () => {
  notifications.clean();
  setOnline(true);
  setOutboxOwner(null);
  await clearLocalStore();
});

describe('MusicLibrary', () => {
  it('uploads a track with a progress bar and lists it', async () => {
    let finish: (value: Record<string, unknown>) => void = () => undefined;
    uploadMusic.mockImplementation((_file, options) => {
      options.onProgress?.(0.5);
      return new Promise((resolve) => (finish = resolve));
    });
    renderLibrary();
    expect(await screen.findByText('No music yet')).toBeTruthy();
    pickFile(new File([new Uint8Array(1000)], 'morning_run.mp3', { type: 'audio/mpeg' }));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Track title' }).value).toBe('morning run');
    fireEvent.click(screen.getByRole('button', { name: 'Upload track' }));
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe('50'));
    expect(uploadMusic.mock.calls[0]?.[1]).toMatchObject({ title: 'morning run' });
    await act(() => {
      finish({ ...serverTrack('m1', { title: 'morning run' }) });
      return Promise.resolve();
    });
    expect(await screen.findByRole('listitem', { name: 'morning run' })).toBeTruthy();
    expect(await db.music.get('m1')).toMatchObject({ syncStatus: 'synced' });
  });

  it('shows the server file size message on a 413 and refuses non-audio files', async () => {
    uploadMusic.mockRejectedValue(new Error('Server file size limit exceeded: your file is 0.00 MB and the server limit is 20 MB. Please contact the administrator to raise the upload limits.'));
    renderLibrary();
    pickFile(new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText(/is not an audio file/)).toBeTruthy();
    pickFile(new File([new Uint8Array(10)], 'song.mp3', { type: 'audio/mpeg' }));
    fireEvent.click(screen.getByRole('button', { name: 'Upload track' }));
    expect(await screen.findByText(/^Server file size limit exceeded: your file is/)).toBeTruthy();
  });

  it('says plainly that uploading needs a connection when offline', () => {
    renderLibrary();
    setOnline(false);
    pickFile(new File([new Uint8Array(10)], 'song.mp3', { type: 'audio/mpeg' }));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Upload track' }).disabled).toBe(true);
    expect(screen.getAllByText(/Uploading music needs a connection/).length).toBeGreaterThan(0);
    expect(uploadMusic).not.toHaveBeenCalled();
  });

  it('renames inline through the outbox, deletes with Undo, and picks a track', async () => {
    await saveUploadedTrack(serverTrack('m1', { title: 'Old name' }));
    const picked: string[] = [];
    renderLibrary((id) => picked.push(id));
    const row = await screen.findByRole('listitem', { name: 'Old name' });
    fireEvent.click(within(row).getByRole('button', { name: 'Use this track' }));
    expect(picked).toEqual(['m1']);
    fireEvent.click(within(row).getByRole('button', { name: 'Rename Old name' }));
    const input = screen.getByRole('textbox', { name: 'Track title' });
    fireEvent.change(input, { target: { value: 'New name' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByRole('listitem', { name: 'New name' })).toBeTruthy();
    expect((await db.outbox.toArray())[0]).toMatchObject({ kind: 'music.rename', body: { title: 'New name' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete New name' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'New name' })).toBeNull());
    fireEvent.click(await screen.findByRole('button', { name: 'Undo delete of New name' }));
    expect(await screen.findByRole('listitem', { name: 'New name' })).toBeTruthy();
  });
});
