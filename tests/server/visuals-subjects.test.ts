// The built-in visuals show what a scene talks about: over scripts on 40+ topics, most scenes
// show a picture whose annotations match a word of the scene, no key phrase is a stop word, and
// a scene that names nothing picturable is typographic. Every art style, with every caption
// preset, keeps the caption lines readable (WCAG contrast ≥ 4.5:1 measured over the frame) and
// draws no letterbox inside a vertical frame.
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { CAPTION_PRESETS, resolveCaptionStyle } from '../../contract/captions';
import { ART_STYLES } from '../../contract/permissions';
import { planScenes } from '../../server/domain/videos/pipeline/scenes';
import { captionLayout } from '../../server/media/captions/ass';
import { captionBand } from '../../server/providers/visuals/builtin/caption-backing';
import { createRng } from '../../server/providers/visuals/builtin/random';
import { sceneLayout } from '../../server/providers/visuals/builtin/subject-layer';
import { renderSceneArt, sceneSubjectOf } from '../../server/providers/visuals';
import { iconWords, lemma } from '../../server/providers/visuals/builtin/emoji';
import { renderThumbnailFrame, THUMBNAIL_SIZE } from '../../server/providers/visuals/builtin/thumbnail';
import { stopWordsFor } from '../../server/providers/visuals/stop-words';
import { TOPIC_SCRIPTS } from './fixtures/topic-scripts';

const stop = stopWordsFor('english');
const wordsOf = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);

describe('what the built-in visuals picture', () => {
  const scenes = TOPIC_SCRIPTS.flatMap((script) => {
    const planned = planScenes(script.narration, 'realistic', 'english');
    const topic = [script.title, planned[0]?.text].join('. ');
    return planned.map((scene, index) => ({ script, index, text: scene.text, subject: sceneSubjectOf({ prompt: scene.prompt, topic }) }));
  });

  it('covers at least 40 topics across every domain', () => {
    expect(TOPIC_SCRIPTS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(TOPIC_SCRIPTS.map((script) => script.domain)).size).toBe(8);
  });

  it('shows, in most scenes, a picture whose keywords match a word of the scene', () => {
    const matching = scenes.filter(({ text, subject }) => {
      if (!subject.hero) return false;
      const annotations = new Set(iconWords(subject.hero));
      return wordsOf(text).some((word) => !stop.has(word) && (annotations.has(word) || annotations.has(lemma(word))));
    });
    const share = matching.length / scenes.length;
    console.info(`built-in visuals: ${matching.length} of ${scenes.length} scenes (${(share * 100).toFixed(0)} %) picture a noun of the scene`);
    expect(share).toBeGreaterThanOrEqual(0.8);
  });

  it('pictures the obvious subject of an opening scene', () => {
    const pinned = scenes.filter(({ script, index }) => index === 0 && script.hero);
    expect(pinned.length).toBeGreaterThanOrEqual(25);
    const wrong = pinned.filter(({ script, subject }) => subject.hero !== script.hero).map(({ script, subject }) => `${script.title}: ${subject.hero}`);
    expect(wrong).toEqual([]);
  });

  it('never sets a stop word or filler as the key phrase', () => {
    for (const { text, subject } of scenes) {
      expect(subject.heading, text).toBeTruthy();
      const words = wordsOf(subject.heading!);
      expect(words.every((word) => stop.has(word)), `${text} → ${subject.heading}`).toBe(false);
      expect(stop.has(words.at(-1)!), `${text} → ${subject.heading}`).toBe(false);
    }
    const filler = sceneSubjectOf({ prompt: 'Everything about this practise shows its complexity.', topic: null });
    expect(['everything', 'practise', 'complexity']).not.toContain(filler.heading?.toLowerCase());
  });

  it('names things the annotations get wrong through the hand-kept list', () => {
    expect(sceneSubjectOf({ prompt: 'The Eiffel Tower was finished in 1889.', topic: null })).toMatchObject({ hero: 'tokyo-tower', heading: 'Eiffel Tower' });
    expect(sceneSubjectOf({ prompt: 'How bitcoin works, in one minute.', topic: null }).hero).toBe('coin');
    expect(sceneSubjectOf({ prompt: 'The Roman Empire fell slowly.', topic: null })).toMatchObject({ hero: 'classical-building', heading: 'Roman Empire' });
  });

  it('falls back to the script topic, then to a typographic scene, never to a random picture', () => {
    const vague = 'Honestly, it changes how you think about it. (anime style, vertical short-video frame, no text)';
    expect(sceneSubjectOf({ prompt: vague, topic: 'Octopuses are aliens' })).toMatchObject({ hero: 'octopus', typographic: false });
    const typographic = sceneSubjectOf({ prompt: vague, topic: null });
    expect(typographic).toMatchObject({ hero: null, supports: [], typographic: true });
    expect(typographic.heading).toBe('Honestly');
    // Loose annotation tags ("changes" is a tag of the baby symbol) are not matches.
    expect(sceneSubjectOf({ prompt: 'Everything changes and shows.', topic: null }).hero).toBeNull();
  });
});

/** WCAG relative luminance, computed here on its own so the test does not trust the engine's. */
function luminance(r: number, g: number, b: number): number {
  const linear = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

async function pixels(bytes: Buffer) {
  const image = await loadImage(bytes);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  return { width: image.width, height: image.height, data: ctx.getImageData(0, 0, image.width, image.height).data };
}

/** Rows from the top (or bottom) that are bars: flat near-black across the outer sixth of the
 *  width on both sides (a title may be set in the middle of a bar). Designed dark ground carries
 *  grain and light; a bar is one flat colour. */
function barRows(frame: { width: number; height: number; data: Uint8ClampedArray }, fromBottom: boolean): number {
  const edge = Math.floor(frame.width / 6);
  let rows = 0;
  for (let step = 0; step < frame.height; step++) {
    const y = fromBottom ? frame.height - 1 - step : step;
    let low = 255;
    let high = 0;
    for (let x = 0; x < frame.width; x++) {
      if (x === edge) x = frame.width - edge;
      const i = (y * frame.width + x) * 4;
      for (let channel = 0; channel < 3; channel++) {
        low = Math.min(low, frame.data[i + channel]!);
        high = Math.max(high, frame.data[i + channel]!);
      }
    }
    if (high >= 16 || high - low > 3) break;
    rows++;
  }
  return rows;
}

describe('built-in frames', () => {
  const prompt = 'Octopuses have three hearts and blue blood. (style, vertical short-video frame, no text)';

  it.each(ART_STYLES)('%s: no letterbox in 9:16, captions of every preset at ≥ 4.5:1 over the frame', async (style) => {
    for (const preset of CAPTION_PRESETS.filter((name) => name !== 'none')) {
      const caption = resolveCaptionStyle({ preset });
      const frame = await pixels(renderSceneArt({ style, prompt, topic: null, caption, index: 1, width: 540, height: 960, format: 'png' }));
      expect(barRows(frame, false), `${style} ${preset} top`).toBeLessThan(frame.height * 0.03);
      expect(barRows(frame, true), `${style} ${preset} bottom`).toBeLessThan(frame.height * 0.03);
      // The text block where the burner puts it (the still at rest), with one more line for a line
      // of long words that wraps, 90th percentile luminance.
      const layout = captionLayout(caption, frame.width, frame.height);
      const block = layout.fontSize * (caption.lines + 1);
      const top = layout.alignment === 5 ? layout.y - block / 2 : layout.alignment === 2 ? layout.y - block : layout.y;
      const samples: number[] = [];
      for (let y = Math.max(0, Math.floor(top)); y < Math.min(frame.height, top + block); y++) {
        for (let x = layout.marginLeft; x < frame.width - layout.marginRight; x++) {
          const i = (y * frame.width + x) * 4;
          samples.push(luminance(frame.data[i]!, frame.data[i + 1]!, frame.data[i + 2]!));
        }
      }
      samples.sort((a, b) => a - b);
      const background = samples[Math.floor(samples.length * 0.9)]!;
      const hex = (colour: string) => [1, 3, 5].map((at) => Number.parseInt(colour.slice(at, at + 2), 16)) as [number, number, number];
      for (const colour of [caption.text_color, ...(caption.highlight === 'color' ? [caption.highlight_color] : [])]) {
        const text = luminance(...hex(colour));
        const contrast = (Math.max(text, background) + 0.05) / (Math.min(text, background) + 0.05);
        expect(contrast, `${style} ${preset} ${colour}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('gives the hero the most rows the captions leave, never rows under them', () => {
    const pictures = { hero: 'octopus', supports: ['jar', 'puzzle-piece'] };
    for (const preset of CAPTION_PRESETS.filter((name) => name !== 'none')) {
      for (const [width, height] of [[1080, 1920], [1080, 1080], [1920, 1080]] as const) {
        const band = captionBand(resolveCaptionStyle({ preset }), width, height, 0.1)!;
        const layout = sceneLayout(width, height, pictures, createRng(7), band);
        const hero = layout.hero!;
        const clear = hero.y + hero.size / 2 <= band.top || hero.y - hero.size / 2 >= band.bottom;
        expect(clear, `${preset} ${width}x${height}`).toBe(true);
        // On a vertical frame the hero is the scene: at least half the width, whatever the preset.
        if (height > width) expect(hero.size, preset).toBeGreaterThanOrEqual(width * 0.5);
        // The key phrase keeps its own rows off the captions too.
        expect(Math.abs(layout.headingY - (band.top + band.bottom) / 2), preset).toBeGreaterThan((band.bottom - band.top) / 2);
      }
    }
  });

  it('keeps cinema bars for a wide frame only (the detector sees them there)', async () => {
    const wide = await pixels(renderSceneArt({ style: 'cinematic', prompt, topic: null, index: 1, width: 960, height: 540, format: 'png' }));
    expect(barRows(wide, false)).toBeGreaterThan(wide.height * 0.05);
  });

  it('draws a darker caption backing only where the frame needs one', async () => {
    const light = await pixels(renderSceneArt({ style: 'minimalist', prompt, topic: null, caption: null, index: 1, width: 540, height: 960, format: 'png' }));
    const backed = await pixels(renderSceneArt({ style: 'minimalist', prompt, topic: null, caption: resolveCaptionStyle({ preset: 'bold-pop' }), index: 1, width: 540, height: 960, format: 'png' }));
    const mid = (frame: typeof light) => {
      const i = (Math.round(frame.height / 2) * frame.width + Math.round(frame.width * 0.1)) * 4;
      return luminance(frame.data[i]!, frame.data[i + 1]!, frame.data[i + 2]!);
    };
    expect(mid(backed)).toBeLessThan(mid(light) / 3);
  });
});

describe('style picker thumbnails', () => {
  it('are real WebP frames of the engine, one per style, each different and the same on every build', async () => {
    const frames = ART_STYLES.map((style) => renderThumbnailFrame(style));
    for (const bytes of frames) {
      expect(bytes.subarray(0, 4).toString()).toBe('RIFF');
      expect(bytes.subarray(8, 12).toString()).toBe('WEBP');
      const image = await loadImage(bytes);
      expect([image.width, image.height]).toEqual([THUMBNAIL_SIZE.width, THUMBNAIL_SIZE.height]);
    }
    expect(new Set(frames.map((bytes) => bytes.toString('base64'))).size).toBe(ART_STYLES.length);
    expect(renderThumbnailFrame('comic').equals(frames[ART_STYLES.indexOf('comic')]!)).toBe(true);
  });
});
