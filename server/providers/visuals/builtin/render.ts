// Draws one scene in one art style to a PNG, and designs its key phrase (burned in later as
// kinetic type). Pure CPU, no network, deterministic per (style, scene index, prompt, topic,
// captions): the same request always yields the same bytes and the same phrase.
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { resolveCaptionStyle, type CaptionStyle } from '../../../../contract/captions';
import type { ArtStyleName } from '../art-styles';
import type { SceneHeadline, VisualMotion } from '../types';
import { captionBand, ensureCaptionContrast } from './caption-backing';
import { drawableKeyword, ensureArtFonts } from './fonts';
import { designHeadline } from './headline';
import type { StyleDrawer } from './kit';
import { createRng, hashSeed } from './random';
import { chooseSubject, type SceneSubject } from './subject';
import { paintSubject, sceneLayout } from './subject-layer';
import { drawAnime, drawComic, drawFantasy, drawWatercolor } from './styles-illustrated';
import { drawCyberpunk, drawMinimalist, drawPixelArt, drawVintage } from './styles-graphic';
import { drawCinematic, drawRealistic } from './styles-photo';

export const STYLE_DRAWERS: Record<ArtStyleName, StyleDrawer> = {
  realistic: drawRealistic,
  cinematic: drawCinematic,
  anime: drawAnime,
  comic: drawComic,
  watercolor: drawWatercolor,
  'pixel-art': drawPixelArt,
  cyberpunk: drawCyberpunk,
  fantasy: drawFantasy,
  minimalist: drawMinimalist,
  vintage: drawVintage,
};

/**
 * How the composer should move each style's still: slow documentary drift for photographic
 * looks, a rise for anime and cyberpunk, a descent from the night sky for fantasy, a punch-in for
 * comic panels, a barely-there drift for watercolour, stillness for minimalist.
 */
export const STYLE_MOTION: Record<ArtStyleName, VisualMotion> = {
  realistic: { pan: 'right', zoom: 'in', amount: 0.06 },
  cinematic: { pan: 'left', zoom: 'none', amount: 0.08 },
  anime: { pan: 'up', zoom: 'none', amount: 0.1 },
  comic: { pan: 'none', zoom: 'in', amount: 0.12 },
  watercolor: { pan: 'right', zoom: 'none', amount: 0.04 },
  'pixel-art': { pan: 'left', zoom: 'none', amount: 0.1 },
  cyberpunk: { pan: 'up', zoom: 'in', amount: 0.08 },
  fantasy: { pan: 'down', zoom: 'out', amount: 0.08 },
  minimalist: { pan: 'none', zoom: 'none', amount: 0 },
  vintage: { pan: 'left', zoom: 'out', amount: 0.05 },
};

/**
 * Each style's caption backing (when one is needed): its own darkest ink, so it reads as part of
 * the picture — sepia for vintage, indigo ink for watercolour, night purple for cyberpunk — as a
 * soft scrim on painted and photographic looks, a plate on the flat ones (square in pixel art).
 * Light captions get it; dark captions get a light paper one instead.
 */
const plate = (radius: number) => ({ plateRadius: radius });
const STYLE_BACKING: Record<ArtStyleName, { ink: string; shape: 'scrim' | { plateRadius: number } }> = {
  realistic: { ink: '10, 16, 22', shape: 'scrim' },
  cinematic: { ink: '4, 14, 18', shape: 'scrim' },
  anime: { ink: '27, 27, 58', shape: plate(28) },
  comic: { ink: '17, 17, 17', shape: plate(10) },
  watercolor: { ink: '32, 38, 66', shape: 'scrim' },
  'pixel-art': { ink: '29, 43, 83', shape: plate(0) },
  cyberpunk: { ink: '22, 6, 34', shape: 'scrim' },
  fantasy: { ink: '10, 14, 38', shape: 'scrim' },
  minimalist: { ink: '38, 42, 52', shape: plate(36) },
  vintage: { ink: '46, 29, 18', shape: 'scrim' },
};

export interface SceneArtInput {
  style: ArtStyleName;
  /** The scene text: what the pictures and the key phrase are chosen from, and part of the seed. */
  prompt: string;
  /** The script's topic (its title, or its first scene): pictured when the scene names nothing. */
  topic?: string | null;
  /** The video's caption style: its lines are kept readable. Omitted: the default preset's. */
  caption?: CaptionStyle | null;
  index: number;
  width: number;
  height: number;
  /** Encoding of the returned bytes (default PNG). */
  format?: 'png' | 'jpeg';
}

/** What the scene shows; exposed so tests can check the choice without decoding pixels. */
export function sceneSubjectOf(input: Pick<SceneArtInput, 'prompt' | 'topic'>): SceneSubject {
  return chooseSubject(input.prompt, input.topic ?? null);
}

/** A drawn scene: its picture and, when it has a key phrase the fonts can set, that phrase's
 *  design for the burner to animate in over the picture. */
export interface DrawnScene {
  canvas: Canvas;
  headline: SceneHeadline | null;
}

/** Draws one scene on a new canvas at exactly width×height. */
export function drawSceneArt(input: SceneArtInput): Canvas {
  return drawScene(input).canvas;
}

/** Draws one scene and designs its key phrase. */
export function drawScene(input: SceneArtInput): DrawnScene {
  ensureArtFonts();
  const width = Math.max(16, Math.round(input.width));
  const height = Math.max(16, Math.round(input.height));
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const seed = `${input.style}\u0000${input.index}\u0000${input.prompt}`;
  const rng = createRng(hashSeed(seed));
  const subject = sceneSubjectOf(input);
  const pictures = { hero: subject.hero, supports: subject.supports };
  const caption = input.caption === undefined ? resolveCaptionStyle(undefined) : input.caption;
  const band = caption ? captionBand(caption, width, height, STYLE_MOTION[input.style].amount) : null;
  // Its own generator, so where the pictures go does not shift the scenery's random choices.
  const layout = sceneLayout(width, height, pictures, createRng(hashSeed(`layout\u0000${seed}`)), band);
  const ink = STYLE_DRAWERS[input.style]({
    ctx,
    width,
    height,
    rng,
    layout,
    paintSubject: (treatment, target = ctx, scale = 1) => paintSubject(target, layout, pictures, treatment, scale),
    unit: Math.min(width, height) / 1080,
    index: input.index,
  });
  if (band) {
    const backing = STYLE_BACKING[input.style];
    const unit = Math.min(width, height) / 1080;
    ensureCaptionContrast(ctx, width, band, { ink: backing.ink, shape: backing.shape === 'scrim' ? 'scrim' : { plateRadius: backing.shape.plateRadius * unit } });
  }
  const phrase = drawableKeyword(subject.heading);
  return { canvas, headline: phrase ? designHeadline(ctx, input.style, phrase, layout, ink, width, height) : null };
}

/** Renders one scene; returns PNG (or JPEG, quality 92) bytes. Synchronous. */
export function renderSceneArt(input: SceneArtInput): Buffer {
  const canvas = drawSceneArt(input);
  return input.format === 'jpeg' ? canvas.encodeSync('jpeg', 92) : canvas.encodeSync('png');
}

/**
 * The same bytes as renderSceneArt, but the encoding runs on libuv's thread pool, so only the
 * rasterising (measured: about half of a frame's time) blocks the event loop of a process that
 * may also serve requests.
 */
export async function renderSceneArtAsync(input: SceneArtInput): Promise<Buffer> {
  return (await renderSceneAsync(input)).bytes;
}

/** renderSceneArtAsync with the scene's key phrase design alongside the bytes. */
export async function renderSceneAsync(input: SceneArtInput): Promise<{ bytes: Buffer; headline: SceneHeadline | null }> {
  const { canvas, headline } = drawScene(input);
  const bytes = await (input.format === 'jpeg' ? canvas.encode('jpeg', 92) : canvas.encode('png'));
  return { bytes, headline };
}
