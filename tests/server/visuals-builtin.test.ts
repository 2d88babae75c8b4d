// The offline scene art: every art style renders at every frame size, the styles differ
// visibly from each other (measured on downscaled pixels), a scene redraws byte for byte, and
// consecutive scenes differ. Plus the keyword picker the art and stock search share.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { ART_STYLES } from '../../contract/permissions';
import { FRAME_SIZES } from '../../contract/videos';
import { drawableKeyword } from '../../server/providers/visuals/builtin/fonts';
import { BUILTIN_VISUALS_LABEL, BuiltinVisualProvider, renderSceneArt, renderSceneArtAsync, sceneKeywords, STYLE_MOTION, type ArtStyleName } from '../../server/providers/visuals';

const work = mkdtempSync(join(tmpdir(), 'reelflow-visuals-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const PROMPT = 'Why is the ocean salty? Rivers carry minerals from rocks into the sea.';

/** RGB pixels of the picture shrunk to 27x48: composition and palette, not fine detail. */
async function thumbnail(bytes: Buffer): Promise<Uint8ClampedArray> {
  const image = await loadImage(bytes);
  const canvas = createCanvas(27, 48);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0, 27, 48);
  return context.getImageData(0, 0, 27, 48).data;
}

/** Mean absolute difference per colour channel, 0–255. */
function meanAbsoluteDifference(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < a.length; i += 4) {
    for (let channel = 0; channel < 3; channel++) sum += Math.abs(a[i + channel]! - b[i + channel]!);
    count += 3;
  }
  return sum / count;
}

function draw(style: ArtStyleName, index: number, size = { width: 540, height: 960 }): Buffer {
  return renderSceneArt({ style, prompt: PROMPT, index, ...size, format: 'png' });
}

describe('built-in scene visuals', () => {
  const provider = new BuiltinVisualProvider();

  it('is labelled as procedural, not AI', () => {
    expect(provider.id).toBe('builtin');
    expect(provider.label).toBe(BUILTIN_VISUALS_LABEL);
    expect(provider.label).toMatch(/not AI/);
  });

  it.each(ART_STYLES)('%s renders an image of each frame size, with its motion', async (style) => {
    for (const [ratio, size] of Object.entries(FRAME_SIZES)) {
      const visual = await provider.sceneVisual({
        prompt: PROMPT, keywords: ['ocean', 'minerals'], artStyle: style, ...size, index: 0, duration: 4, outputBase: join(work, style, `scene-${ratio.replace(':', 'x')}`),
      });
      const image = await loadImage(readFileSync(visual.path));
      expect([image.width, image.height], `${style} ${ratio}`).toEqual([size.width, size.height]);
      expect(visual).toMatchObject({ kind: 'image', width: size.width, height: size.height, attribution: null, label: BUILTIN_VISUALS_LABEL });
      expect(visual.path).toMatch(/\.(png|jpg)$/);
      expect(visual.motion).toEqual(STYLE_MOTION[style]);
    }
  });

  it('can always write PNG when asked', async () => {
    const png = new BuiltinVisualProvider({ format: 'png' });
    const visual = await png.sceneVisual({ prompt: PROMPT, keywords: [], artStyle: 'vintage', width: 1080, height: 1920, index: 3, duration: 3, outputBase: join(work, 'png', 'scene') });
    expect(visual.path.endsWith('.png')).toBe(true);
    expect(readFileSync(visual.path).subarray(1, 4).toString()).toBe('PNG');
  });

  it('draws every art style visibly differently from every other', async () => {
    const thumbs = new Map<ArtStyleName, Uint8ClampedArray>();
    for (const style of ART_STYLES) thumbs.set(style, await thumbnail(draw(style, 0)));
    const pairs: Array<[string, number]> = [];
    for (let i = 0; i < ART_STYLES.length; i++) {
      for (let j = i + 1; j < ART_STYLES.length; j++) {
        const [a, b] = [ART_STYLES[i]!, ART_STYLES[j]!];
        pairs.push([`${a} vs ${b}`, meanAbsoluteDifference(thumbs.get(a)!, thumbs.get(b)!)]);
      }
    }
    expect(pairs).toHaveLength(45);
    // 25 of 255 on average over every pixel and channel is a difference anyone sees at a glance
    // (the closest pair measures about 38 today; a re-run of one style measures 0).
    const similar = pairs.filter(([, difference]) => difference < 25);
    expect(similar).toEqual([]);
  });

  it('gives each style its own camera motion', () => {
    const motions = new Set(Object.values(STYLE_MOTION).map((motion) => JSON.stringify(motion)));
    expect(motions.size).toBe(ART_STYLES.length);
    for (const motion of Object.values(STYLE_MOTION)) expect(motion.amount).toBeLessThanOrEqual(0.2);
  });

  it.each(ART_STYLES)('%s redraws a scene byte for byte and varies between scenes', async (style) => {
    const first = draw(style, 0);
    expect(draw(style, 0).equals(first)).toBe(true);
    // The provider's off-thread encoder gives the very same bytes.
    expect((await renderSceneArtAsync({ style, prompt: PROMPT, index: 0, width: 540, height: 960, format: 'png' })).equals(first)).toBe(true);
    const next = draw(style, 1);
    expect(next.equals(first)).toBe(false);
    expect(meanAbsoluteDifference(await thumbnail(first), await thumbnail(next))).toBeGreaterThan(4);
    // Another scene text with the same index draws another picture too.
    const otherText = renderSceneArt({ style, prompt: 'A different scene', index: 0, width: 540, height: 960, format: 'png' });
    expect(otherText.equals(first)).toBe(false);
  });

  it('sets the key phrase as typography, and leaves out scripts the fonts cannot draw', () => {
    expect(drawableKeyword('Octopuses')).toBe('Octopuses');
    expect(drawableKeyword('東京')).toBeNull();
    expect(drawableKeyword('  ')).toBeNull();
  });
});

describe('sceneKeywords', () => {
  it('keeps the telling words of a scene, best first', () => {
    expect(sceneKeywords('Did you know that the ocean covers more than seventy percent of our planet? The ocean is deep.')[0]).toBe('ocean');
    expect(sceneKeywords('Start your morning with a glass of water and a short walk in the park.')).toEqual(['morning', 'glass', 'water']);
    expect(sceneKeywords('Rome in winter is quiet. Visit the Colosseum early.')).toContain('Colosseum');
    expect(sceneKeywords('the and of to')).toEqual([]);
    expect(sceneKeywords('')).toEqual([]);
  });

  it('drops the function words of the narration language', () => {
    expect(sceneKeywords('La montaña más alta de España es el Teide.', 'spanish')).toEqual(expect.arrayContaining(['España', 'Teide', 'montaña']));
    expect(sceneKeywords('Der Wald ist im Herbst besonders schön.', 'german')).toContain('Herbst');
    expect(sceneKeywords('Le chat dort sur le canapé pendant que nous travaillons.', 'french')).not.toContain('que');
    expect(sceneKeywords('東京の夜景はとても美しいです。', 'japanese')).toContain('東京');
  });

  it('honours the limit', () => {
    expect(sceneKeywords('mountains rivers forests deserts glaciers', 'english', 2)).toHaveLength(2);
  });
});
