// The start of the transcription screen as a creator reads it: the captioned-video switch says
// what its current position means (what is uploaded, and whether a captioned video can be made
// later), and a server without a speech engine is one plain sentence, not settings to set. The
// media worker is replaced by a probe that answers at once (ffmpeg.wasm does not run here).
import { MantineProvider } from '@mantine/core';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SpeechEngineStatus } from '../../contract';
import type { ProbeFacts } from '../../src/media/media-worker-client';

configure({ asyncUtilTimeout: 15_000 });

const VIDEO_FACTS: ProbeFacts = { durationSeconds: 12, sizeBytes: 4_000_000, container: 'mp4', videoCodec: 'h264', audioCodec: 'aac', width: 1080, height: 1920, rotation: 0, bitRate: 2_000_000 };
const AUDIO_FACTS: ProbeFacts = { ...VIDEO_FACTS, container: 'mp3', videoCodec: null, width: null, height: null };
const media = vi.hoisted(() => ({ facts: null as ProbeFacts | null }));

vi.mock('../../src/media/media-worker-client', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/media/media-worker-client')>();
  return {
    ...original,
    mediaClient: () => ({
      probe: () => Promise.resolve(media.facts),
      thumbnail: () => Promise.reject(new Error('no thumbnails here')),
      extractSpeechAudio: () => Promise.reject(new Error('not used')),
      compressToFit: () => Promise.reject(new Error('not used')),
      engine: () => Promise.reject(new Error('not used')),
      dispose: () => undefined,
    }),
  };
});

const { NewTranscription } = await import('../../src/features/transcription/NewTranscription');
const { EngineStatus } = await import('../../src/features/transcription/EngineStatus');

async function pick(facts: ProbeFacts, name: string): Promise<void> {
  media.facts = facts;
  const { container } = render(
    <MantineProvider env="test">
      <NewTranscription userId="u1" limit={100 * 1024 * 1024} canTranscribe onQueued={() => undefined} />
    </MantineProvider>,
  );
  const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [new File([new Uint8Array(64)], name, { type: 'video/mp4' })] } });
  await screen.findByRole('heading', { name });
}

/** The switch's accessible description: what a screen reader says after "switch, on/off". */
function descriptionOf(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();
}

describe('the captioned-video switch', () => {
  it('describes the position it is in: off uploads only the audio and rules out a render later, on uploads the video', async () => {
    await pick(VIDEO_FACTS, 'clip.mp4');
    const toggle = screen.getByRole('switch', { name: 'Render a captioned video' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(descriptionOf(toggle)).toBe('Only the audio is uploaded, which is much smaller; you won’t be able to render a captioned video from this transcription later.');

    fireEvent.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    expect(descriptionOf(toggle)).toBe('The video is uploaded, and a captioned copy is made once the transcript is ready. After correcting words you can render it again.');
    expect(descriptionOf(toggle)).not.toMatch(/^Off/);
    expect(screen.getByTestId('upload-decision').getAttribute('data-kind')).toBe('as-is');
    expect(screen.getByRole('switch', { name: 'Skip the size check' })).toBeTruthy();
  });

  it('says a file without a picture cannot become a captioned video', async () => {
    await pick(AUDIO_FACTS, 'voice.mp3');
    const toggle = screen.getByRole('switch', { name: 'Render a captioned video' });
    expect((toggle as HTMLInputElement).disabled).toBe(true);
    expect(descriptionOf(toggle)).toBe('This file has no picture, so only its audio is uploaded and no captioned video can be made from it.');
  });
});

describe('the speech engine status', () => {
  it('tells creators in one plain sentence that transcription is not available, without setting names', () => {
    // Whatever the server's own message says, the creator reads the screen's sentence.
    const status: SpeechEngineStatus = { configured: false, engine: null, rough_draft: false, max_upload_bytes: 1, message: 'Set STT_PROVIDER or STT_OPENAI_BASE_URL.' };
    render(
      <MantineProvider env="test">
        <EngineStatus engine={{ status, loading: false, fromCache: false }} />
      </MantineProvider>,
    );
    const alert = screen.getByTestId('no-speech-engine');
    expect(alert.textContent).toContain('Transcription isn’t available on this server yet. Ask its administrator to set up a speech-to-text engine.');
    expect(alert.textContent).not.toMatch(/STT_|LEMONFOX|POCKETSPHINX|environment/);
  });
});
