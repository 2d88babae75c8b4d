// The transcription editor as a creator uses it: the facts of a completed
// transcription, correcting a word and saving the whole list through the collection (mocked here:
// the outbox is the lead's collection's business), the rules shown next to the word, the
// rough-draft warning, and the captioned video's states.
import { MantineProvider } from '@mantine/core';
import axe from 'axe-core';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearLocalStore, type LocalTranscription } from '../../src/store';
import { localTranscription } from './helpers/transcriptions';

configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 30_000 });

const collection = vi.hoisted(() => ({
  updateTranscriptionLocally: vi.fn((_id: string, _changes: unknown, _wordsVersion?: string | null) => Promise.resolve()),
  renderTranscriptionLocally: vi.fn((_id: string) => Promise.resolve()),
  setTranscriptionKeptOffline: vi.fn((_id: string, _kept: boolean) => Promise.resolve()),
  isRefusedEdit: vi.fn((_outboxId: string | null) => Promise.resolve(false)),
}));
vi.mock('../../src/features/transcription/data/transcription-sync', () => collection);

const { TranscriptionDetail } = await import('../../src/features/transcription/TranscriptionDetail');
const DefaultExport = (await import('../../src/features/transcription/TranscriptionDetail')).default;

function transcription(overrides: Partial<LocalTranscription> = {}): LocalTranscription {
  const base = {
    title: 'My talk',
    language: 'en',
    engine: { id: 'openai' as const, label: 'OpenAI Whisper' },
    rough_draft: false,
    duration: 3,
    text: 'hello wrold again',
    words: [
      { word: 'hello', start: 0, end: 0.5 },
      { word: 'wrold', start: 0.5, end: 1 },
      { word: 'again', start: 1.2, end: 1.8 },
    ],
    caption_settings: { preset: 'clean' as const },
    media_url: 'https://example.test/media/t1.mp4?sig=x',
    media_type: 'video/mp4',
    media_size: 1000,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:05:00.000Z',
  };
  return localTranscription('t1', { ...base, wordsUpdatedAt: base.updated_at, ...overrides });
}

function show(row: LocalTranscription) {
  return render(
    <MantineProvider env="test">
      <TranscriptionDetail transcription={row} />
    </MantineProvider>,
  );
}

beforeEach(() => {
  collection.updateTranscriptionLocally.mockClear();
  collection.renderTranscriptionLocally.mockClear();
});
afterEach(async () => {
  await clearLocalStore();
});

describe('TranscriptionDetail', () => {
  it('shows a completed transcription: facts, words with timings, preview over the video, downloads', () => {
    show(transcription());
    expect(DefaultExport).toBe(TranscriptionDetail);
    expect(screen.getByRole('heading', { name: 'My talk' })).toBeTruthy();
    expect(screen.getByText('Completed')).toBeTruthy();
    expect(screen.getByText('OpenAI Whisper')).toBeTruthy();
    expect(screen.getByText('English')).toBeTruthy();
    expect(screen.getByText('0:03.00')).toBeTruthy();
    expect(screen.queryByText('Rough draft — review every word')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Word 2').value).toBe('wrold');
    expect(screen.getByLabelText<HTMLInputElement>('Start of word 3 (seconds)').value).toBe('1.2');
    expect(screen.getByLabelText<HTMLInputElement>('End of word 3 (seconds)').value).toBe('1.8');
    expect(screen.getByLabelText('Your video with the caption preview').getAttribute('src')).toBe('https://example.test/media/t1.mp4?sig=x');
    // The saved style's preset, drawn by the shared preview: the first page is on screen at 0 s.
    expect(screen.getByTestId('caption-frame').textContent).toBe('hello wrold again');
    expect(screen.getByRole('button', { name: /Download SRT/ })).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save words' }).disabled).toBe(true);
  });

  it('corrects a word and saves the whole corrected list through the collection', async () => {
    show(transcription());
    fireEvent.change(screen.getByLabelText('Word 2'), { target: { value: 'world' } });
    // The preview over the video plays the correction before it is saved.
    await waitFor(() => expect(screen.getByTestId('caption-frame').textContent).toBe('hello world again'));
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save words' });
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(collection.updateTranscriptionLocally).toHaveBeenCalledTimes(1));
    // With the version of the words the correction was made on.
    expect(collection.updateTranscriptionLocally).toHaveBeenCalledWith(
      't1',
      {
        words: [
          { word: 'hello', start: 0, end: 0.5 },
          { word: 'world', start: 0.5, end: 1 },
          { word: 'again', start: 1.2, end: 1.8 },
        ],
      },
      '2026-11-01T10:05:00.000Z',
    );
    expect(await screen.findByText(/sent to the server as soon as there is a connection/)).toBeTruthy();
  });

  it('says what is wrong next to the word and keeps Save off; deletes a word; discards', async () => {
    show(transcription());
    fireEvent.change(screen.getByLabelText('Word 1'), { target: { value: '  ' } });
    expect(await screen.findByText('A word cannot be empty; delete it instead.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Word 1 needs a fix before saving.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save words' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Delete word 1 (empty)' }));
    await waitFor(() => expect(screen.queryByLabelText('Word 3')).toBeNull());
    expect(screen.getByLabelText<HTMLInputElement>('Word 1').value).toBe('wrold');
    fireEvent.click(screen.getByRole('button', { name: 'Save words' }));
    await waitFor(() => expect(collection.updateTranscriptionLocally).toHaveBeenCalledWith('t1', { words: [{ word: 'wrold', start: 0.5, end: 1 }, { word: 'again', start: 1.2, end: 1.8 }] }, '2026-11-01T10:05:00.000Z'));
    fireEvent.change(screen.getByLabelText('Word 1'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Word 1').value).toBe('hello'));
  });

  it('warns that a rough draft needs every word reviewed, shows a failure and a change waiting to be sent', () => {
    const { unmount } = show(transcription({ rough_draft: true, engine: { id: 'pocketsphinx', label: 'pocketsphinx (offline, rough draft)' }, syncStatus: 'pending' }));
    expect(screen.getByText('Rough draft — review every word')).toBeTruthy();
    expect(screen.getByText('Waiting to be sent')).toBeTruthy();
    unmount();
    show(transcription({ status: 'failed', error: 'This file has no sound to transcribe.', words: [], captions: null }));
    expect(screen.getByText('This file has no sound to transcribe.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save words' })).toBeNull();
  });

  it('asks for a render, then shows its progress, its failure, an outdated video and the finished one', async () => {
    const { rerender } = show(transcription());
    fireEvent.click(screen.getByRole('button', { name: 'Render captioned video' }));
    await waitFor(() => expect(collection.renderTranscriptionLocally).toHaveBeenCalledWith('t1'));
    const again = (row: LocalTranscription) =>
      rerender(
        <MantineProvider env="test">
          <TranscriptionDetail transcription={row} />
        </MantineProvider>,
      );
    again(transcription({ render_status: 'rendering', render_progress: 40 }));
    expect(screen.getByText('Rendering the captioned video: 40 %')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Render progress' }).getAttribute('aria-valuenow')).toBe('40');
    expect(screen.queryByRole('button', { name: /Render/ })).toBeNull();
    again(transcription({ render_status: 'failed', render_error: 'The video could not be read.' }));
    expect(screen.getByText('The video could not be read.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try rendering again' })).toBeTruthy();
    const done = { captioned_url: 'https://example.test/c.mp4', captioned_download_url: 'https://example.test/c.mp4?download=1' };
    again(transcription({ render_status: 'completed', render_outdated: true, ...done }));
    expect(screen.getByText('Older than your latest edits')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Render again' }));
    await waitFor(() => expect(collection.renderTranscriptionLocally).toHaveBeenCalledTimes(2));
    again(transcription({ render_status: 'completed', ...done }));
    expect(screen.queryByRole('button', { name: /Render/ })).toBeNull();
    expect(screen.getByLabelText('The captioned video').getAttribute('src')).toBe('https://example.test/c.mp4');
    expect(screen.getByRole('link', { name: 'Download the captioned video' }).getAttribute('href')).toBe('https://example.test/c.mp4?download=1');
    // Audio has no picture: no render, and the reason is said.
    again(transcription({ media_type: 'audio/mpeg' }));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Render captioned video' }).disabled).toBe(true);
    expect(screen.getByText(/Only the sound of this recording is on the server, so there is no picture/)).toBeTruthy();
    expect(within(screen.getByRole('article')).getByLabelText('Your recording with the caption preview')).toBeTruthy();
  });

  it('has no axe violations with a rendered, outdated captioned video and a rough draft', async () => {
    show(transcription({ rough_draft: true, render_status: 'completed', render_outdated: true, captioned_url: 'https://example.test/c.mp4', captioned_download_url: 'https://example.test/c.mp4?download=1' }));
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
