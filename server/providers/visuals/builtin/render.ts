// Draws one scene in one art style to a PNG. Pure CPU, no network, deterministic per
// (style, scene index, prompt): the same request always yields the same bytes.
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import type { ArtStyleName } from '../art-styles';
import type { VisualMotion } from '../types';
import { drawableKeyword, ensureArtFonts } from './fonts';
import type { StyleDrawer } from './kit';
import { createRng, hashSeed } from './random';
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

export interface SceneArtInput {
  style: ArtStyleName;
  /** The scene text: part of the seed, so different scenes draw different pictures. */
  prompt: string;
  /** The word set as typography (null or an undrawable script: no text). */
  keyword: string | null;
  index: number;
  width: number;
  height: number;
  /** Encoding of the returned bytes (default PNG). */
  format?: 'png' | 'jpeg';
}

/** Draws one scene on a new canvas at exactly width×height. */
export function drawSceneArt(input: SceneArtInput): Canvas {
  ensureArtFonts();
  const width = Math.max(16, Math.round(input.width));
  const height = Math.max(16, Math.round(input.height));
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const rng = createRng(hashSeed(`${input.style}\u0000${input.index}\u0000${input.prompt}`));
  STYLE_DRAWERS[input.style]({
    ctx,
    width,
    height,
    rng,
    keyword: drawableKeyword(input.keyword),
    unit: Math.min(width, height) / 1080,
    index: input.index,
  });
  return canvas;
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
  const canvas = drawSceneArt(input);
  return input.format === 'jpeg' ? canvas.encode('jpeg', 92) : canvas.encode('png');
}
