// The one caption layout shared by the server's burn-in and the browser's previews: anchors per
// position and frame shape, sizes that scale with the frame's width, and which page and word are
// on screen at a time — the lit word as the ASS writer's word-states light it, nothing between pages.
import { describe, expect, it } from 'vitest';
import {
  CAPTION_FONT_LINE_HEIGHT,
  CAPTION_FONT_METRICS,
  CAPTION_FONTS,
  CAPTION_HOLD,
  captionBlockRows,
  captionFrameAt,
  captionLayout,
  captionSafeArea,
  FRAME_SIZES,
  pageCaptions,
  resolveCaptionStyle,
  type WordTiming,
} from '../../contract';

describe('captionLayout', () => {
  it('anchors the block inside the safe area: top edge, middle, bottom edge, per frame shape', () => {
    for (const aspect of ['9:16', '1:1', '16:9'] as const) {
      const { width, height } = FRAME_SIZES[aspect];
      const safe = captionSafeArea(width, height);
      const top = captionLayout(resolveCaptionStyle({ preset: 'clean', position: 'top' }), width, height);
      const middle = captionLayout(resolveCaptionStyle({ preset: 'clean', position: 'middle' }), width, height);
      const bottom = captionLayout(resolveCaptionStyle({ preset: 'clean', position: 'bottom' }), width, height);
      expect([top.alignment, middle.alignment, bottom.alignment]).toEqual([8, 5, 2]);
      // The outline reaches past the text, so the anchor sits that much further inside.
      expect(top.y).toBe(Math.ceil(safe.top * height) + Math.ceil(top.outline));
      expect(middle.y).toBe(Math.round(height / 2));
      expect(bottom.y).toBe(Math.floor((1 - safe.bottom) * height) - Math.ceil(bottom.outline));
      expect(top.marginLeft).toBeGreaterThanOrEqual(safe.left * width);
      expect(top.marginRight).toBeGreaterThanOrEqual(safe.right * width);
      // x is the middle of the space between the margins.
      expect(Math.abs(top.x - (top.marginLeft + width - top.marginRight) / 2)).toBeLessThanOrEqual(0.5);
      const rows = captionBlockRows(resolveCaptionStyle({ preset: 'clean', position: 'bottom' }), width, height);
      expect(rows.bottom).toBe(bottom.y);
      expect(rows.top).toBeGreaterThan(safe.top * height);
    }
    // Vertical video keeps clear of the buttons on the right: a wider right margin.
    const vertical = captionLayout(resolveCaptionStyle({ preset: 'clean' }), 1080, 1920);
    expect(vertical.marginRight).toBeGreaterThan(vertical.marginLeft);
    expect(vertical.x).toBeLessThan(540);
  });

  it('sizes text, outline and box with the frame width, the line one em × the face height', () => {
    for (const font of CAPTION_FONTS) {
      const style = resolveCaptionStyle({ preset: 'karaoke-box', font, font_size: 80, outline_width: 6 });
      const full = captionLayout(style, 1080, 1920);
      const half = captionLayout(style, 540, 960);
      expect(full.fontSize).toBe(Math.round(80 * CAPTION_FONT_METRICS[font].winHeightPerEm));
      expect(half.fontSize).toBe(Math.round(40 * CAPTION_FONT_METRICS[font].winHeightPerEm));
      expect(CAPTION_FONT_METRICS[font].winHeightPerEm).toBe(CAPTION_FONT_LINE_HEIGHT[font]);
      expect(full.outline).toBe(6);
      expect(half.outline).toBe(3);
      expect(full.boxPadding).toBe(Math.round(80 * 0.14));
      expect(half.boxPadding).toBe(Math.round(40 * 0.14));
      // A box highlight reaches further than the outline, so its margins are wider.
      expect(full.marginLeft).toBe(Math.ceil(0.06 * 1080) + full.boxPadding);
    }
    const twoLines = resolveCaptionStyle({ preset: 'clean', position: 'middle', lines: 2 });
    const layout = captionLayout(twoLines, 1080, 1920);
    const rows = captionBlockRows(twoLines, 1080, 1920);
    expect(rows.bottom - rows.top).toBe(layout.fontSize * 2 + layout.outline * 2);
    expect((rows.top + rows.bottom) / 2).toBe(layout.y);
  });
});

describe('captionFrameAt', () => {
  const words: WordTiming[] = [
    { word: 'one', start: 0.2, end: 0.5 },
    { word: 'two', start: 0.6, end: 0.9 },
    { word: 'three.', start: 0.9, end: 1.3 },
    { word: 'four', start: 1.4, end: 1.7 },
    { word: 'five', start: 1.7, end: 2 },
    // A pause longer than CAPTION_PAUSE_BREAK: the page before it is held, then taken down.
    { word: 'six', start: 3.5, end: 3.8 },
  ];
  const style = { words_per_line: 2, lines: 2, uppercase: false };

  it('shows the page of pageCaptions on screen, and nothing before, between or after pages', () => {
    const pages = pageCaptions(words, style);
    expect(pages.map((page) => page.lines.map((line) => line.map((word) => word.word)))).toEqual([[['one', 'two'], ['three.']], [['four', 'five']], [['six']]]);
    expect(captionFrameAt(words, style, 0.1)).toEqual({ page: -1, lines: [], active: -1, start: 0, end: 0 });
    expect(captionFrameAt(words, style, 0.2)).toMatchObject({ page: 0, lines: [['one', 'two'], ['three.']], active: 0 });
    // A page ends where the next begins, the next shows from its start.
    expect(captionFrameAt(words, style, 1.3999)).toMatchObject({ page: 0, end: 1.4 });
    expect(captionFrameAt(words, style, 1.4)).toMatchObject({ page: 1, lines: [['four', 'five']], active: 0 });
    // Held CAPTION_HOLD past its last word before the pause, then gone until the next page.
    expect(captionFrameAt(words, style, 2 + CAPTION_HOLD - 0.01).page).toBe(1);
    expect(captionFrameAt(words, style, 2 + CAPTION_HOLD + 0.01)).toMatchObject({ page: -1, lines: [] });
    expect(captionFrameAt(words, style, 3.5)).toMatchObject({ page: 2, lines: [['six']], active: 0, start: 3.5 });
    expect(captionFrameAt(words, style, 3.8 + CAPTION_HOLD)).toMatchObject({ page: -1 });
    expect(captionFrameAt(words, style, Number.NaN).page).toBe(-1);
    expect(captionFrameAt([], style, 1).page).toBe(-1);
  });

  it('lights a word from its start to the next word’s start, across a pause inside the page', () => {
    expect(captionFrameAt(words, style, 0.45).active).toBe(0);
    // Between "one" (ends 0.5) and "two" (starts 0.6) "one" stays lit, as the ASS word-state does.
    expect(captionFrameAt(words, style, 0.55).active).toBe(0);
    expect(captionFrameAt(words, style, 0.6).active).toBe(1);
    // Line-major: "three." on the second line is the page's third word.
    expect(captionFrameAt(words, style, 1.35).active).toBe(2);
    expect(captionFrameAt(words, style, 1.75).active).toBe(1);
  });

  it('draws words as the burn-in does: whitespace collapsed, upper-cased when asked', () => {
    const spaced = [{ word: ' hello\n', start: 0, end: 0.3 }, { word: 'world', start: 0.3, end: 0.6 }];
    expect(captionFrameAt(spaced, { words_per_line: 3, lines: 1, uppercase: true }, 0.1).lines).toEqual([['HELLO', 'WORLD']]);
  });
});
