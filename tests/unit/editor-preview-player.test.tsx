// The editor's preview player in the page: the right scene at a controlled time with its layers,
// the stand-in marks of a scene not made yet, the keyboard and the data-time hook, and the sound it
// schedules on Web Audio (a fake context records what would play).
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Timeline } from '../../contract';
import { audioPlan } from '../../src/features/editor/preview/audio-plan';
import { PreviewAudio } from '../../src/features/editor/preview/preview-audio';
import { NEW_PICTURE_LABEL, PREVIEW_VOICE_LABEL, type PreviewAssets } from '../../src/features/editor/preview/preview-frame';
import { TimelinePlayer } from '../../src/features/editor/preview/TimelinePlayer';
import { PREVIEW_ASSETS, previewTimeline } from './helpers/editor-timeline';

const MUSIC_SRC = 'https://media.test/music.mp3?sig=1';

class FakeParam {
  readonly events: Array<[string, number, number]> = [];
  setValueAtTime(value: number, at: number) {
    this.events.push(['set', value, at]);
  }
  linearRampToValueAtTime(value: number, at: number) {
    this.events.push(['ramp', value, at]);
  }
}

class FakeSource {
  buffer: { duration: number; src: string } | null = null;
  loop = false;
  readonly starts: number[][] = [];
  stopped = false;
  connect<T>(node: T): T {
    return node;
  }
  disconnect() {}
  start(...args: number[]) {
    this.starts.push(args);
  }
  stop() {
    this.stopped = true;
  }
}

class FakeAudioContext {
  static last: FakeAudioContext | null = null;
  state = 'running';
  currentTime = 10;
  readonly destination = {};
  readonly sources: FakeSource[] = [];
  readonly gains: FakeParam[] = [];
  constructor() {
    FakeAudioContext.last = this;
  }
  decodeAudioData(data: ArrayBuffer) {
    return Promise.resolve({ duration: 20, src: new TextDecoder().decode(data) });
  }
  createBufferSource() {
    const source = new FakeSource();
    this.sources.push(source);
    return source;
  }
  createGain() {
    const gain = new FakeParam();
    this.gains.push(gain);
    return { gain, connect: <T,>(node: T) => node, disconnect() {} };
  }
  resume() {
    return Promise.resolve();
  }
  close() {
    return Promise.resolve();
  }
}

let failing: string[] = [];

beforeEach(() => {
  failing = [];
  vi.stubGlobal('AudioContext', FakeAudioContext);
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => Promise.resolve(failing.includes(url) ? new Response('gone', { status: 404 }) : new Response(url, { status: 200 }))),
  );
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  FakeAudioContext.last = null;
});

function renderPlayer(props: { timeline?: Timeline; base?: Timeline; time?: number; onTimeChange?: (time: number) => void; assets?: PreviewAssets }) {
  return render(
    <MantineProvider env="test">
      <TimelinePlayer timeline={props.timeline ?? previewTimeline()} assets={props.assets ?? PREVIEW_ASSETS} base={props.base ?? null} musicSrc={MUSIC_SRC} time={props.time} onTimeChange={props.onTimeChange} width={390} />
    </MantineProvider>,
  );
}

const frame = () => screen.getByTestId('preview-frame');

describe('TimelinePlayer', () => {
  it('draws the scene on screen at a controlled time: its clip, the caption word, the watermark', async () => {
    renderPlayer({ time: 2.5 });
    expect(frame().getAttribute('data-scene')).toBe('b');
    expect(frame().getAttribute('data-time')).toBe('2.500');
    expect(frame().style.width).toBe('390px');
    expect(frame().style.height).toBe('693px');
    const picture = within(frame()).getByTestId('preview-picture');
    expect(picture.getAttribute('data-asset')).toBe('v/scene-1.mp4');
    expect(picture.querySelector('video')?.getAttribute('src')).toBe(PREVIEW_ASSETS['v/scene-1.mp4'].src);
    // Scene b's second word ("blue") is spoken from 2.4 s; bold-pop upper-cases it.
    expect(within(frame()).getByTestId('caption-frame').querySelector('[data-active="true"]')?.textContent).toBe('BLUE');
    expect(within(frame()).getByTestId('preview-watermark').textContent).toBe('Made with Reelflow');
    expect(screen.getByTestId('preview-time').textContent).toBe('0:02 / 0:08');
    expect(screen.getByRole('slider', { name: 'Position' }).getAttribute('aria-valuetext')).toBe('0:02 of 0:08');
    expect(within(frame()).queryByText(PREVIEW_VOICE_LABEL)).toBeNull();
    expect(within(frame()).queryByText(NEW_PICTURE_LABEL)).toBeNull();
    await waitFor(() => expect(within(frame()).queryByTestId('preview-loading')).toBeNull());
  });

  it('moves a still by its drift and shows the headline in its scene', () => {
    const { rerender } = renderPlayer({ time: 1 });
    const image = within(frame()).getByTestId('preview-picture').querySelector('img')!;
    expect(image.getAttribute('src')).toBe(PREVIEW_ASSETS['v/scene-0.png'].src);
    expect(image.style.width).toBe('108%');
    // Halfway through scene a's rightward drift: half the slack (4 % of 108 %).
    expect(image.style.transform).toBe(`translate3d(${-Math.round((0.5 * 0.08 / 1.08) * 1e6) / 1e4}%, ${-Math.round((0.5 * 0.08 / 1.08) * 1e6) / 1e4}%, 0)`);
    expect(within(frame()).queryByTestId('preview-headline')).toBeNull();
    rerender(
      <MantineProvider env="test">
        <TimelinePlayer timeline={previewTimeline()} assets={PREVIEW_ASSETS} musicSrc={MUSIC_SRC} time={6} width={390} />
      </MantineProvider>,
    );
    expect(frame().getAttribute('data-scene')).toBe('c');
    expect(within(frame()).getByTestId('preview-headline').textContent).toBe('ALIVE');
  });

  it('marks a scene with a new line and a new picture as stand-ins, over the old picture dimmed', () => {
    const base = previewTimeline();
    const edited = previewTimeline((input) => {
      input.scenes[1]!.text = 'and bright blue blood';
      input.scenes[1]!.visual = { source: 'stock', asset: null, kind: 'video', prompt: 'a blue octopus', motion: null, trim_start: 0, attribution: null };
    });
    renderPlayer({ timeline: edited, base, time: 2.5 });
    expect(frame().getAttribute('data-scene')).toBe('b');
    expect(within(frame()).getByText(NEW_PICTURE_LABEL)).toBeTruthy();
    expect(within(frame()).getByText('a blue octopus')).toBeTruthy();
    expect(within(frame()).getByText(PREVIEW_VOICE_LABEL)).toBeTruthy();
    const old = within(frame()).getByTestId('preview-picture');
    expect(old.getAttribute('data-asset')).toBe('v/scene-1.mp4');
    expect(old.querySelector('video')?.style.opacity).toBe('0.4');
  });

  it('shows a placeholder when a new picture has nothing to stand in for it', () => {
    const edited = previewTimeline((input) => {
      input.scenes[0]!.visual = { source: 'generated', asset: null, kind: 'image', prompt: 'a giant octopus', motion: null, trim_start: 0, attribution: null };
    });
    renderPlayer({ timeline: edited, time: 0.5 });
    expect(within(frame()).getByTestId('preview-placeholder')).toBeTruthy();
    expect(within(frame()).getByText(NEW_PICTURE_LABEL)).toBeTruthy();
  });

  it('steps by frame and second from the keyboard, and seeks when data-time is written', async () => {
    const times: number[] = [];
    renderPlayer({ onTimeChange: (time) => times.push(time) });
    frame().focus();
    fireEvent.keyDown(frame(), { key: 'ArrowRight' });
    expect(frame().getAttribute('data-time')).toBe('0.033');
    fireEvent.keyDown(frame(), { key: 'ArrowRight', shiftKey: true });
    expect(frame().getAttribute('data-time')).toBe('1.033');
    fireEvent.keyDown(frame(), { key: 'ArrowLeft' });
    expect(frame().getAttribute('data-time')).toBe('1.000');
    fireEvent.keyDown(frame(), { key: 'End' });
    expect(frame().getAttribute('data-time')).toBe('8.000');
    expect(frame().getAttribute('data-scene')).toBe('c');
    fireEvent.keyDown(frame(), { key: 'Home' });
    expect(frame().getAttribute('data-time')).toBe('0.000');
    expect(times.at(-1)).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Forward one frame' }));
    expect(frame().getAttribute('data-time')).toBe('0.033');

    act(() => frame().setAttribute('data-time', '5.5'));
    await waitFor(() => expect(frame().getAttribute('data-scene')).toBe('c'));
    expect(screen.getByTestId('preview-time').textContent).toBe('0:05 / 0:08');
  });

  it('schedules the voice clips and the ducked music on play, and stops them on pause', async () => {
    renderPlayer({});
    await waitFor(() => expect(within(frame()).queryByTestId('preview-loading')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Play preview' }));
    const context = FakeAudioContext.last!;
    await waitFor(() => expect(context.sources).toHaveLength(4));
    await screen.findByRole('button', { name: 'Pause preview' });
    const [a, b, c, music] = context.sources;
    // Clip starts on the context's clock (10 s + the 50 ms lead), offsets into the narration file.
    expect(a!.starts[0]).toEqual([10.05, 0, 1.8]);
    expect(b!.starts[0]![0]).toBeCloseTo(12.05, 6);
    expect(b!.starts[0]![1]).toBeCloseTo(1.8, 6);
    expect(c!.starts[0]![0]).toBeCloseTo(15.05, 6);
    expect(music!.loop).toBe(true);
    expect(music!.buffer?.src).toBe(MUSIC_SRC);
    expect(music!.starts[0]).toEqual([10.05, 0]);
    const gain = context.gains[0]!.events;
    expect(gain[0]).toEqual(['set', 0, 10.05]);
    expect(gain.some(([kind, value]) => kind === 'ramp' && Math.abs(value - 0.25 * 10 ** (-12 / 20)) < 1e-6)).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Pause preview' }));
    expect(context.sources.every((source) => source.stopped)).toBe(true);
    expect(screen.getByRole('button', { name: 'Play preview' })).toBeTruthy();
  });

  it('says when the voice could not be loaded, and still draws the picture', async () => {
    failing = [PREVIEW_ASSETS['v/voice.mp3'].src];
    renderPlayer({ time: 0.5 });
    expect(await within(frame()).findByText('The voice of this scene could not be loaded.')).toBeTruthy();
    expect(within(frame()).getByTestId('preview-picture').querySelector('img')).toBeTruthy();
  });
});

describe('PreviewAudio', () => {
  it('schedules nothing for a start overtaken by a stop while the context was resuming', async () => {
    const audio = new PreviewAudio();
    const context = FakeAudioContext.last!;
    await audio.load(PREVIEW_ASSETS['v/voice.mp3'].src);
    context.state = 'suspended';
    let resumed: () => void = () => undefined;
    context.resume = () =>
      new Promise<void>((resolve) => {
        resumed = () => {
          context.state = 'running';
          resolve();
        };
      });
    const plan = audioPlan(previewTimeline(), 0);
    const sources = { recording: () => PREVIEW_ASSETS['v/voice.mp3'].src, music: null, language: 'en' };
    const started = audio.start(plan, sources);
    audio.stop();
    resumed();
    await started;
    expect(context.sources).toHaveLength(0);
    expect(audio.videoTime()).toBeNull();
    // An uninterrupted start schedules the three narration clips.
    await audio.start(plan, sources);
    expect(context.sources).toHaveLength(3);
    audio.close();
  });
});
