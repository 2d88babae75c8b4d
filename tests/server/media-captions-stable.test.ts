// The ASS writer's output is pinned for a spread of styles, frame shapes and headlines: the
// caption geometry lives in contract/caption-layout.ts (shared with the browser's preview), and
// moving or refactoring it must not change a single byte of what libass burns in.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CAPTION_FONTS, CAPTION_PRESETS, FRAME_SIZES, resolveCaptionStyle, type AspectRatio, type CaptionSettings, type WordTiming } from '../../contract';
import type { SceneHeadline } from '../../server/domain/ports/visuals';
import { buildAss } from '../../server/media/captions';

const SENTENCE = 'Did you know octopuses have three hearts? And blue blood that keeps them alive, deep in the cold ocean! Really.';

/** Uneven pacing with one long pause, so pages break on sentences, pauses and fullness. */
function words(): WordTiming[] {
  let at = 0.13;
  return SENTENCE.split(' ').map((word, index) => {
    const length = 0.18 + (word.length % 5) * 0.061;
    const timing = { word, start: at, end: at + length };
    at += length + (index === 9 ? 0.9 : (index % 3) * 0.037);
    return timing;
  });
}

const headline: SceneHeadline = { text: 'THREE HEARTS', style: 'comic', font: 'Anton', x: 0.5, y: 0.3, align: 'center', size: 0.06, tracking: 0.02, width: 0.5, ink: '#FFFFFF', accent: '#FF3366' };

const cases: Array<[string, CaptionSettings, AspectRatio]> = [
  ...CAPTION_PRESETS.map((preset): [string, CaptionSettings, AspectRatio] => [preset, { preset }, '9:16']),
  ...CAPTION_FONTS.map((font): [string, CaptionSettings, AspectRatio] => [`clean ${font} top 16:9`, { preset: 'clean', font, position: 'top' }, '16:9']),
  ['karaoke-box bottom 1:1 big', { preset: 'karaoke-box', position: 'bottom', font_size: 140, outline_width: 11, lines: 3, words_per_line: 2 }, '1:1'],
  ['bold-pop no highlight', { preset: 'bold-pop', highlight: 'none', uppercase: false }, '9:16'],
];

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

describe('buildAss output', () => {
  it('is byte-for-byte what it was before the layout moved to contract/', () => {
    const actual = Object.fromEntries(
      cases.map(([name, settings, aspect]) => {
        const { width, height } = FRAME_SIZES[aspect];
        const ass = buildAss({ words: words(), style: resolveCaptionStyle(settings), width, height, headlines: [{ headline, start: 0, duration: 4 }] });
        // Every case carries captions (but 'none') and the headline, placed clear of the captions.
        expect(ass.includes(',Headline,'), name).toBe(true);
        expect(ass.includes(',Text,'), name).toBe(name !== 'none');
        return [name, digest(ass)];
      }),
    );
    expect(actual).toEqual(GOLDEN);
  });
});

const GOLDEN: Record<string, string> = {
  'bold-pop': 'f5fca72c156c1a63',
  'bold-pop no highlight': 'ecf9573ec4e884db',
  clean: '12ce63ecdea8b8a5',
  'clean Anton top 16:9': '4e2ab9635b97b4e0',
  'clean Bebas Neue top 16:9': 'c45cf2e8fcf02974',
  'clean Montserrat top 16:9': '452c0b843f07e3ac',
  'clean Noto Sans top 16:9': '5633d336e2444b7c',
  'clean Poppins top 16:9': 'bda808793523b76a',
  'karaoke-box': '566676ba6d299562',
  'karaoke-box bottom 1:1 big': '9524807e1d90033f',
  neon: 'cd60f27bab32c32e',
  none: '091939e2d0311687',
  typewriter: '1dca1751102c2fd1',
};
