// Captions without ffmpeg: paging (shared with the browser preview), the ASS writer's highlight,
// escaping and safe margins, and the SRT/VTT exports.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CAPTION_HOLD, pageCaptions, resolveCaptionStyle, type WordTiming } from '../../contract';
import { assColor, assTime, buildAss, captionLayout, escapeAssText, toSrt, toVtt } from '../../server/media/captions';

const timed = (text: string, step = 0.4, from = 0): WordTiming[] =>
  text.split(' ').map((word, index) => ({ word, start: from + index * step, end: from + index * step + step * 0.9 }));

const dialogues = (ass: string) => ass.split('\n').filter((line) => line.startsWith('Dialogue:'));

describe('pageCaptions', () => {
  it('fills words_per_line × lines, then starts a new page', () => {
    const pages = pageCaptions(timed('one two three four five six seven'), { words_per_line: 3, lines: 2 });
    expect(pages.map((page) => page.lines.map((line) => line.map((word) => word.word).join(' ')))).toEqual([['one two three', 'four five six'], ['seven']]);
  });

  it('breaks early after a sentence end and before a long pause', () => {
    const words = [...timed('Hello there. How are'), ...timed('you today', 0.4, 1.6 + 0.7)];
    const pages = pageCaptions(words, { words_per_line: 4, lines: 2 });
    expect(pages.map((page) => page.lines.flat().map((word) => word.word).join(' '))).toEqual(['Hello there.', 'How are', 'you today']);
  });

  it('bridges short gaps to the next page and holds briefly before a pause', () => {
    const words = [...timed('a b c'), ...timed('d e', 0.4, 3)];
    const [first, second, third] = pageCaptions(words, { words_per_line: 2, lines: 1 });
    expect(first!.end).toBe(second!.start);
    expect(second!.end).toBeCloseTo(words[2]!.end + CAPTION_HOLD);
    expect(third!.end).toBeCloseTo(words[4]!.end + CAPTION_HOLD);
  });

  it('never makes an empty page', () => {
    expect(pageCaptions([], { words_per_line: 3, lines: 1 })).toEqual([]);
    expect(pageCaptions([{ word: '  ', start: 0, end: 1 }, { word: '\n', start: 1, end: 2 }], { words_per_line: 3, lines: 1 })).toEqual([]);
  });

  it('keeps every spoken word once, in order, in pages that fit and never overlap', () => {
    const word = fc.record({ word: fc.oneof(fc.constantFrom('go', 'stop.', 'why?', ' ', 'x'), fc.string({ maxLength: 6 })), gap: fc.double({ min: 0, max: 1.5, noNaN: true }), length: fc.double({ min: 0, max: 0.8, noNaN: true }) });
    fc.assert(
      fc.property(fc.array(word, { maxLength: 40 }), fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 3 }), (raw, perLine, lines) => {
        let at = 0;
        const words = raw.map(({ word: text, gap, length }) => {
          at += gap;
          const timing = { word: text, start: at, end: at + length };
          at += length;
          return timing;
        });
        const pages = pageCaptions(words, { words_per_line: perLine, lines });
        expect(pages.flatMap((page) => page.lines.flat().map((w) => w.word))).toEqual(words.filter((w) => w.word.trim() !== '').map((w) => w.word));
        pages.forEach((page, index) => {
          expect(page.lines.length).toBeGreaterThan(0);
          expect(page.lines.length).toBeLessThanOrEqual(lines);
          page.lines.forEach((line) => expect(line.length).toBeGreaterThan(0));
          page.lines.forEach((line) => expect(line.length).toBeLessThanOrEqual(perLine));
          expect(page.end).toBeGreaterThanOrEqual(page.start);
          if (pages[index + 1]) expect(page.end).toBeLessThanOrEqual(pages[index + 1]!.start);
        });
      }),
    );
  });
});

describe('ASS writer', () => {
  const frame = { width: 1080, height: 1920 };

  it('highlights exactly the spoken word, one Dialogue per word, timed by the word timings', () => {
    const words = timed('alpha beta gamma');
    const style = resolveCaptionStyle({ preset: 'bold-pop', words_per_line: 3 });
    const events = dialogues(buildAss({ words, style, ...frame }));
    expect(events).toHaveLength(3);
    const highlight = `{\\1c${assColor(style.highlight_color)}}`;
    expect(events[0]).toContain(`,${assTime(0)},${assTime(words[1]!.start)},`);
    expect(events[1]).toContain(`,${assTime(words[1]!.start)},${assTime(words[2]!.start)},`);
    expect(events[0]).toContain(`${highlight}ALPHA{`);
    expect(events[1]).toContain(`${highlight}BETA{`);
    expect(events[2]).toContain(`${highlight}GAMMA{`);
    events.forEach((event) => expect(event.split(highlight)).toHaveLength(2));
  });

  it('box mode draws the box on a lower layer with the same text and position', () => {
    const style = resolveCaptionStyle({ preset: 'karaoke-box' });
    const ass = buildAss({ words: timed('one two'), style, ...frame });
    const events = dialogues(ass);
    expect(events).toHaveLength(4);
    expect(events[0]).toMatch(/^Dialogue: 0,.*,Box,/);
    expect(events[1]).toMatch(/^Dialogue: 1,.*,Text,/);
    expect(ass).toMatch(new RegExp(`^Style: Box,Anton,\\d+,[^,]+,[^,]+,${assColor(style.highlight_color)},.*,3,`, 'm'));
    const position = (event: string) => /\\pos\([^)]*\)/.exec(event)![0];
    expect(position(events[0]!)).toBe(position(events[1]!));
  });

  it('writes one Dialogue per page without a highlight, none when captions are off', () => {
    const words = timed('a b c d');
    expect(dialogues(buildAss({ words, style: resolveCaptionStyle({ preset: 'clean', highlight: 'none', words_per_line: 2, lines: 1 }), ...frame }))).toHaveLength(2);
    expect(dialogues(buildAss({ words, style: resolveCaptionStyle({ preset: 'none' }), ...frame }))).toHaveLength(0);
  });

  it('escapes user text so it can never become an override tag or a new line of the file', () => {
    expect(escapeAssText('a{\\fs200\\c&H0000FF&}b\\Nc\nd}')).toBe('a(/fs200/c&H0000FF&)b/Nc d)');
    const style = resolveCaptionStyle({ preset: 'clean', highlight: 'color', uppercase: false });
    const evil = buildAss({ words: [{ word: '{\\pos(0,0)}x', start: 0, end: 1 }, { word: 'y\n[Events]\\N', start: 1, end: 2 }], style, ...frame });
    const benign = buildAss({ words: [{ word: 'x', start: 0, end: 1 }, { word: 'y', start: 1, end: 2 }], style, ...frame });
    const count = (text: string, char: string) => text.split(char).length - 1;
    for (const char of ['{', '}', '\\']) expect(count(evil, char)).toBe(count(benign, char));
    expect(evil.split('\n')).toHaveLength(benign.split('\n').length);
  });

  it('keeps captions inside the safe area of a 9:16 frame and scales with the frame', () => {
    const bottom = captionLayout(resolveCaptionStyle({ preset: 'clean', position: 'bottom' }), 1080, 1920);
    expect(bottom.alignment).toBe(2);
    expect(bottom.y).toBeLessThanOrEqual(1920 * 0.78);
    expect(bottom.marginRight).toBeGreaterThanOrEqual(1080 * 0.12);
    expect(bottom.x).toBeLessThan(540);
    const top = captionLayout(resolveCaptionStyle({ preset: 'clean', position: 'top' }), 1080, 1920);
    expect(top.alignment).toBe(8);
    expect(top.y).toBeGreaterThanOrEqual(1920 * 0.1);
    const half = captionLayout(resolveCaptionStyle({ preset: 'clean', position: 'bottom' }), 540, 960);
    expect(half.fontSize).toBeCloseTo(bottom.fontSize / 2, 0);
    const ass = buildAss({ words: timed('a'), style: resolveCaptionStyle({}), width: 540, height: 960 });
    expect(ass).toContain('PlayResX: 540');
    expect(ass).toContain('PlayResY: 960');
  });

  it('writes colours as &HAABBGGRR', () => {
    expect(assColor('#FFD400')).toBe('&H0000D4FF');
    expect(assColor('#112233', 0x80)).toBe('&H80332211');
  });
});

describe('SRT and VTT', () => {
  const words = [...timed('Hello <b>world</b> & more.'), { word: 'a-->b', start: 3, end: 3.5 }];
  const style = { words_per_line: 2, lines: 2, uppercase: false };

  it('writes numbered SRT cues with comma milliseconds', () => {
    expect(toSrt(words, style)).toBe(
      '1\n00:00:00,000 --> 00:00:02,160\nHello <b>world</b>\n& more.\n\n2\n00:00:03,000 --> 00:00:04,100\na→b\n',
    );
  });

  it('writes WebVTT with escaped text', () => {
    expect(toVtt(words, style)).toBe('WEBVTT\n\n00:00:00.000 --> 00:00:02.160\nHello &lt;b&gt;world&lt;/b&gt;\n&amp; more.\n\n00:00:03.000 --> 00:00:04.100\na→b\n');
  });
});
