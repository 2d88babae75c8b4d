// The live caption preview of the create flow: the sample is paged by the server's own paging
// (contract pageCaptions), and the lit word follows the time, drawn from resolveCaptionStyle.
import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CAPTION_FONT_METRICS, captionBlockRows, captionLayout, resolveCaptionStyle } from '../../contract';
import { CaptionFrameView, CaptionPreview } from '../../src/ui/captions/CaptionPreview';
import { captionTextStyle } from '../../src/ui/captions/caption-block-style';
import { SAMPLE_SENTENCE, sampleTimings, timelineLength } from '../../src/ui/captions/caption-timeline';

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

describe('caption sample', () => {
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

describe('CaptionFrameView placement', () => {
  const px = (value: string) => Number.parseFloat(value);
  const block = () => screen.getByTestId('caption-block');
  const words = [
    { word: 'one', start: 0, end: 0.4 },
    { word: 'two', start: 0.4, end: 0.8 },
  ];

  it('puts the block where the server’s layout burns it, scaled to a 390-px 9:16 frame', () => {
    const scale = 390 / 1080;
    for (const position of ['top', 'middle', 'bottom'] as const) {
      const style = resolveCaptionStyle({ preset: 'clean', position, lines: 1 });
      const layout = captionLayout(style, 1080, 1920);
      const rows = captionBlockRows(style, 1080, 1920);
      const { unmount } = render(
        <MantineProvider env="test">
          <CaptionFrameView style={style} timings={words} time={0.5} aspectRatio="9:16" width={390} background="transparent" />
        </MantineProvider>,
      );
      expect(px(screen.getByTestId('caption-frame').style.height)).toBeCloseTo(1920 * scale, 6);
      // The area is where libass may draw the lines; the block inside hugs them.
      const box = screen.getByTestId('caption-area').style;
      expect(block().parentElement).toBe(screen.getByTestId('caption-area'));
      // One line of text is one ASS Fontsize tall: the reserved rows less the outline on both sides.
      const line = layout.fontSize * scale;
      expect(px(block().style.lineHeight)).toBeCloseTo(line, 6);
      expect(px(block().style.fontSize)).toBeCloseTo((layout.fontSize / CAPTION_FONT_METRICS.Poppins.winHeightPerEm) * scale, 6);
      expect(rows.bottom - rows.top).toBeCloseTo(layout.fontSize + layout.outline * 2, 6);
      if (position === 'top') {
        expect(px(box.top)).toBeCloseTo(rows.top * scale, 6);
        expect(box.bottom).toBe('');
      } else if (position === 'bottom') {
        expect(px(box.bottom)).toBeCloseTo((1920 - rows.bottom) * scale, 6);
        expect(box.top).toBe('');
      } else {
        expect(px(box.top)).toBeCloseTo(((rows.top + rows.bottom) / 2) * scale, 6);
        expect(box.transform).toBe('translateY(-50%)');
      }
      // Lines wrap where libass wraps them: between the margins, centred on the anchor.
      expect(px(box.width)).toBeCloseTo((1080 - layout.marginLeft - layout.marginRight) * scale, 6);
      expect(px(box.left) + px(box.width) / 2).toBeCloseTo(layout.x * scale, 6);
      expect(block().style.whiteSpace).toBe('normal');
      expect(box.justifyContent).toBe('center');
      // libass draws the outline outside the glyph; a CSS stroke is half outside, so twice as wide.
      expect(captionTextStyle(style, layout, scale).WebkitTextStroke).toBe(`${layout.outline * scale * 2}px ${style.outline_color}`);
      unmount();
    }
  });

  it('draws one line per page line, the box highlight as wide as the layout says, nothing between pages', () => {
    const style = resolveCaptionStyle({ preset: 'karaoke-box', words_per_line: 2, lines: 2 });
    const layout = captionLayout(style, 1080, 1080);
    const spoken = [...words, { word: 'three', start: 0.8, end: 1.2 }, { word: 'later', start: 5, end: 5.4 }];
    const { rerender } = render(
      <MantineProvider env="test">
        <CaptionFrameView style={style} timings={spoken} time={1} aspectRatio="1:1" width={270} />
      </MantineProvider>,
    );
    const lines = [...block().children] as HTMLElement[];
    expect(lines.map((line) => line.textContent)).toEqual(['ONE TWO', 'THREE']);
    // Anton's baseline: libass 1.404 em below the line's top, a browser 1.290 em: lines move down.
    const em = (layout.fontSize * 0.25) / CAPTION_FONT_METRICS.Anton.winHeightPerEm;
    expect(px(lines[1]!.style.top)).toBeGreaterThan(0);
    expect(px(lines[1]!.style.top)).toBeCloseTo((2876 / 2048 - (1.7334 - 3083 / 2048) / 2 - 2409 / 2048) * em, 5);
    const lit = block().querySelector<HTMLElement>('[data-active="true"]')!;
    expect(lit.textContent).toBe('THREE');
    expect(lit.style.boxShadow).toContain(`${layout.boxPadding * 0.25}px`);
    rerender(
      <MantineProvider env="test">
        <CaptionFrameView style={style} timings={spoken} time={3} aspectRatio="1:1" width={270} />
      </MantineProvider>,
    );
    expect(screen.queryByTestId('caption-block')).toBeNull();
  });

  it('lays out on the picture’s own size when given one', () => {
    const style = resolveCaptionStyle({ preset: 'clean', position: 'bottom' });
    render(
      <MantineProvider env="test">
        <CaptionFrameView style={style} timings={words} time={0.1} aspectRatio="16:9" renderSize={{ width: 1280, height: 720 }} width={320} />
      </MantineProvider>,
    );
    const layout = captionLayout(style, 1280, 720);
    expect(px(screen.getByTestId('caption-frame').style.height)).toBeCloseTo(180, 6);
    expect(px(screen.getByTestId('caption-area').style.bottom)).toBeCloseTo((720 - layout.y) * 0.25, 6);
  });
});
