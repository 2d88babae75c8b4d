// The live caption preview of the create flow: the sample is paged like the server pages captions
// (words_per_line × lines), and the lit word follows the time, drawn from resolveCaptionStyle.
import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveCaptionStyle } from '../../contract';
import { CaptionFrameView, CaptionPreview } from '../../src/ui/captions/CaptionPreview';
import { captionFrameAt, paginate, SAMPLE_SENTENCE, sampleTimings, timelineLength } from '../../src/ui/captions/caption-timeline';

const timings = [
  { word: 'one', start: 0, end: 0.4 },
  { word: 'two', start: 0.4, end: 0.8 },
  { word: 'three', start: 0.8, end: 1.2 },
  { word: 'four', start: 1.3, end: 1.7 },
  { word: 'five', start: 1.7, end: 2.1 },
];

function frameWords(): { text: string; active: string | null } {
  const frame = screen.getByTestId('caption-frame');
  return { text: frame.textContent ?? '', active: frame.querySelector('[data-active="true"]')?.textContent ?? null };
}

afterEach(() => vi.useRealTimers());

describe('caption timeline', () => {
  it('pages words by words_per_line × lines and lights the word being spoken', () => {
    const style = { words_per_line: 2, lines: 1, uppercase: false };
    expect(paginate(timings, style).map((page) => page.map((word) => word.word))).toEqual([['one', 'two'], ['three', 'four'], ['five']]);
    expect(captionFrameAt(timings, style, 0.1)).toEqual({ lines: [['one', 'two']], active: 0, page: 0 });
    expect(captionFrameAt(timings, style, 0.5)).toEqual({ lines: [['one', 'two']], active: 1, page: 0 });
    expect(captionFrameAt(timings, style, 0.9)).toEqual({ lines: [['three', 'four']], active: 0, page: 1 });
    // In the pause between "three" and "four" the page stays and no word is lit.
    expect(captionFrameAt(timings, style, 1.25)).toEqual({ lines: [['three', 'four']], active: -1, page: 1 });
    expect(captionFrameAt(timings, style, 1.8)).toEqual({ lines: [['five']], active: 0, page: 2 });
    // Two lines of two words: one page of four, upper-cased.
    expect(captionFrameAt(timings, { words_per_line: 2, lines: 2, uppercase: true }, 1.5)).toEqual({ lines: [['ONE', 'TWO'], ['THREE', 'FOUR']], active: 3, page: 0 });
  });

  it('times the sample at the narration pace, faster with a faster voice', () => {
    const normal = sampleTimings(SAMPLE_SENTENCE);
    const fast = sampleTimings(SAMPLE_SENTENCE, 2);
    expect(normal).toHaveLength(SAMPLE_SENTENCE.split(' ').length);
    // ~2.5 words a second.
    expect(normal.at(-1)!.end).toBeCloseTo(normal.length / 2.5, 5);
    expect(fast.at(-1)!.end).toBeCloseTo(normal.at(-1)!.end / 2, 5);
    for (let index = 1; index < normal.length; index += 1) expect(normal[index]!.start).toBeCloseTo(normal[index - 1]!.end, 9);
    expect(timelineLength(normal)).toBeGreaterThan(normal.at(-1)!.end);
  });
});

describe('CaptionFrameView and CaptionPreview', () => {
  it('draws the page at the given time with the current word in the highlight colour or box', () => {
    const style = resolveCaptionStyle({ preset: 'bold-pop', words_per_line: 2, lines: 1, highlight_color: '#FF0000' });
    const { rerender } = render(
      <MantineProvider env="test">
        <CaptionFrameView style={style} timings={timings} time={0.5} aspectRatio="9:16" width={216} />
      </MantineProvider>,
    );
    expect(frameWords()).toEqual({ text: 'ONE TWO', active: 'TWO' });
    const lit = screen.getByTestId('caption-frame').querySelector<HTMLElement>('[data-active="true"]')!;
    expect(lit.style.color).toMatch(/#FF0000|rgb\(255, 0, 0\)/i);
    const frame = screen.getByTestId('caption-frame');
    expect(frame.style.height).toBe('384px');

    const boxed = resolveCaptionStyle({ preset: 'karaoke-box', words_per_line: 2, lines: 1 });
    rerender(
      <MantineProvider env="test">
        <CaptionFrameView style={boxed} timings={timings} time={1.4} aspectRatio="1:1" width={216} />
      </MantineProvider>,
    );
    expect(frameWords()).toEqual({ text: 'THREE FOUR', active: 'FOUR' });
    expect(screen.getByTestId('caption-frame').querySelector<HTMLElement>('[data-active="true"]')!.style.background).not.toBe('');
    expect(screen.getByTestId('caption-frame').style.height).toBe('216px');

    rerender(
      <MantineProvider env="test">
        <CaptionFrameView style={resolveCaptionStyle({ preset: 'none' })} timings={timings} time={0.5} aspectRatio="9:16" width={216} />
      </MantineProvider>,
    );
    expect(frameWords().text).toBe('');
  });

  it('animates through the sample in time and pauses on request', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance', 'Date'] });
    const style = resolveCaptionStyle({ preset: 'clean', words_per_line: 3, lines: 1 });
    const sample = sampleTimings(SAMPLE_SENTENCE);
    render(
      <MantineProvider env="test">
        <CaptionPreview style={style} aspectRatio="9:16" speed={1} />
      </MantineProvider>,
    );
    expect(frameWords().active).toBe('Did');
    // Into the fifth word: the second page ("octopuses have three"), "have" lit.
    act(() => {
      vi.advanceTimersByTime(Math.ceil(((sample[4]!.start + sample[4]!.end) / 2) * 1000));
    });
    expect(frameWords()).toEqual({ text: 'octopuses have three', active: 'have' });
    act(() => {
      screen.getByRole('button', { name: 'Pause caption preview' }).click();
    });
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(frameWords().active).toBe('have');
    expect(screen.getByRole('button', { name: 'Play caption preview' })).toBeTruthy();
  });
});
