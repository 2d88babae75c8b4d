// Music previews: the built-in list (filter by mood, offline catalogue) and the library share one
// player — starting a preview stops the other, the state is announced, and leaving the screen stops it.
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { BUILTIN_MUSIC } from '../../contract/builtin-music';
import { BuiltinMusicList } from '../../src/ui/music/BuiltinMusicList';
import { MusicLibrary } from '../../src/features/videos/music/MusicLibrary';
import { stopPreview } from '../../src/ui/music/preview-player';
import { clearLocalStore, db } from '../../src/store';
import { setOutboxOwner } from '../../src/sync';
import { serverTrack } from './helpers/videos';

let play: MockInstance<HTMLMediaElement['play']>;
let pause: MockInstance<HTMLMediaElement['pause']>;
const playedSources: string[] = [];

beforeEach(() => {
  setOutboxOwner(() => 'u1');
  playedSources.length = 0;
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    playedSources.push(this.getAttribute('src') ?? '');
    return Promise.resolve();
  });
  pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
});
afterEach(async () => {
  stopPreview();
  vi.restoreAllMocks();
  setOutboxOwner(null);
  await clearLocalStore();
});

function renderScreen() {
  return render(
    <MantineProvider env="test">
      <MusicLibrary />
      <BuiltinMusicList />
    </MantineProvider>,
  );
}

const previewButton = (title: string) => screen.getByRole('button', { name: `Preview ${title}` });

describe('music previews', () => {
  it('lists every built-in track, labelled, and filters them by mood', () => {
    renderScreen();
    const list = screen.getByRole('list', { name: 'Built-in tracks' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(BUILTIN_MUSIC.length);
    expect(within(list).getAllByText('Built-in')).toHaveLength(BUILTIN_MUSIC.length);
    fireEvent.click(screen.getByRole('radio', { name: 'Lo-fi' }));
    const lofi = within(screen.getByRole('list', { name: 'Built-in tracks' })).getAllByRole('listitem');
    expect(lofi).toHaveLength(BUILTIN_MUSIC.filter((track) => track.mood === 'lofi').length);
    expect(lofi.map((item) => item.getAttribute('aria-label'))).toContain('Late Study');
    // Built-in tracks cannot be renamed or deleted.
    expect(within(lofi[0]!).queryByRole('button', { name: /Rename|Delete/ })).toBeNull();
  });

  it('plays one preview at a time, announces it, and stops on a second press', () => {
    renderScreen();
    const [first, second] = [BUILTIN_MUSIC[0]!, BUILTIN_MUSIC[1]!];
    fireEvent.click(previewButton(first.title));
    expect(previewButton(first.title).getAttribute('aria-pressed')).toBe('true');
    expect(playedSources).toEqual([`/api/builtin-music/${first.id}/preview`]);
    expect(screen.getByText(`Playing a preview of ${first.title}.`).getAttribute('aria-live')).toBe('polite');

    fireEvent.click(previewButton(second.title));
    expect(previewButton(first.title).getAttribute('aria-pressed')).toBe('false');
    expect(previewButton(second.title).getAttribute('aria-pressed')).toBe('true');
    expect(pause).toHaveBeenCalled();
    expect(playedSources).toHaveLength(2);

    fireEvent.click(previewButton(second.title));
    expect(previewButton(second.title).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText('Preview stopped.').getAttribute('role')).toBe('status');
    expect(play).toHaveBeenCalledTimes(2);
  });

  it('previews the creator’s own track through the same player, stopping a built-in one', async () => {
    await db.music.put({ ...serverTrack(crypto.randomUUID(), { title: 'My jingle' }), syncStatus: 'synced', syncError: null, failedOutboxId: null });
    renderScreen();
    fireEvent.click(previewButton(BUILTIN_MUSIC[2]!.title));
    fireEvent.click(await screen.findByRole('button', { name: 'Preview My jingle' }));
    expect(previewButton(BUILTIN_MUSIC[2]!.title).getAttribute('aria-pressed')).toBe('false');
    expect(previewButton('My jingle').getAttribute('aria-pressed')).toBe('true');
    expect(playedSources[1]).toMatch(/^\/media\//);
  });

  it('stops after the preview length by itself', () => {
    vi.useFakeTimers();
    try {
      renderScreen();
      fireEvent.click(previewButton(BUILTIN_MUSIC[3]!.title));
      act(() => {
        vi.advanceTimersByTime(15_000);
      });
      expect(previewButton(BUILTIN_MUSIC[3]!.title).getAttribute('aria-pressed')).toBe('false');
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops the preview when the screen is left', () => {
    const view = renderScreen();
    fireEvent.click(previewButton(BUILTIN_MUSIC[4]!.title));
    pause.mockClear();
    view.unmount();
    expect(pause).toHaveBeenCalled();
  });
});
