// What every style drawer receives, and the small drawing helpers the styles share.
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { Rng } from './random';
import type { SceneLayout, SubjectTreatment } from './subject-layer';

export interface SceneArt {
  ctx: SKRSContext2D;
  width: number;
  height: number;
  rng: Rng;
  /** Where the key phrase and the pictures go (subject-layer.ts); the phrase itself is burned
   *  over the moving picture as kinetic type, so the still only keeps its place free. */
  layout: SceneLayout;
  /** Draws the scene's pictures with the style's treatment; each style calls it between its
   *  scenery and its textures. Pixel art passes its low-resolution context and scale. */
  paintSubject: (treatment: SubjectTreatment, target?: SKRSContext2D, scale?: number) => void;
  /** Scale of the design: 1 at a 1080-pixel short side, so sizes read the same at any resolution. */
  unit: number;
  /** The scene index, for styles that alternate a composition between scenes. */
  index: number;
}

/** What a drawn scene tells its key phrase: the inks that suit this very picture (#RRGGBB), and
 *  its centre line when the style sets it elsewhere than the layout's (frame pixels). */
export interface HeadlineInk {
  ink: string;
  accent: string;
  y?: number;
}

export type StyleDrawer = (art: SceneArt) => HeadlineInk;

/** An HSL colour as #RRGGBB (for the burner, which takes no CSS colours). */
export function hslHex(hue: number, saturation: number, lightness: number): string {
  const h = ((hue % 360) + 360) % 360;
  const s = saturation / 100;
  const l = lightness / 100;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const value = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255).toString(16).padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`.toUpperCase();
}

export function hsl(hue: number, saturation: number, lightness: number, alpha = 1): string {
  const h = ((hue % 360) + 360) % 360;
  return `hsla(${h.toFixed(1)}, ${saturation.toFixed(1)}%, ${lightness.toFixed(1)}%, ${alpha.toFixed(3)})`;
}

/** A vertical gradient over the whole frame from colour stops [offset, colour]. */
export function fillVertical(art: SceneArt, stops: Array<[number, string]>, top = 0, bottom = art.height): void {
  const gradient = art.ctx.createLinearGradient(0, top, 0, bottom);
  for (const [offset, colour] of stops) gradient.addColorStop(offset, colour);
  art.ctx.fillStyle = gradient;
  art.ctx.fillRect(0, top, art.width, bottom - top);
}

/** A soft disc: full colour in the middle fading to transparent (glows, bokeh, blotches). */
export function softCircle(ctx: SKRSContext2D, x: number, y: number, radius: number, colour: string, transparent: string, hardness = 0): void {
  const gradient = ctx.createRadialGradient(x, y, radius * hardness, x, y, radius);
  gradient.addColorStop(0, colour);
  gradient.addColorStop(1, transparent);
  ctx.fillStyle = gradient;
  ctx.beginPath();
  ctx.arc(x, y, radius, 0, Math.PI * 2);
  ctx.fill();
}

/**
 * A mountain or hill ridge from the left edge to the right, filled down to `bottom`. Midpoint
 * displacement gives natural-looking peaks; `roughness` is the first displacement in pixels.
 */
export function ridge(art: SceneArt, baseY: number, roughness: number, colour: string | CanvasGradientLike, bottom = art.height, steps = 7): void {
  const { ctx, width, rng } = art;
  let points = [baseY + rng.range(-roughness, roughness), baseY + rng.range(-roughness, roughness)];
  let spread = roughness;
  for (let level = 0; level < steps; level++) {
    const next: number[] = [];
    for (let i = 0; i < points.length - 1; i++) {
      next.push(points[i]!, (points[i]! + points[i + 1]!) / 2 + rng.range(-spread, spread));
    }
    next.push(points[points.length - 1]!);
    points = next;
    spread *= 0.52;
  }
  ctx.beginPath();
  ctx.moveTo(0, bottom);
  points.forEach((y, i) => ctx.lineTo((i / (points.length - 1)) * width, y));
  ctx.lineTo(width, bottom);
  ctx.closePath();
  ctx.fillStyle = colour;
  ctx.fill();
}

/** Canvas gradients and patterns are accepted wherever a fill colour is. */
export type CanvasGradientLike = ReturnType<SKRSContext2D['createLinearGradient']>;

/** An irregular blob (clouds, watercolour blotches): a circle whose radius wobbles. */
export function blobPath(ctx: SKRSContext2D, rng: Rng, x: number, y: number, radius: number, wobble = 0.25, points = 14): void {
  ctx.beginPath();
  for (let i = 0; i <= points; i++) {
    const angle = (i / points) * Math.PI * 2;
    const r = radius * (1 + rng.range(-wobble, wobble));
    const px = x + Math.cos(angle) * r;
    const py = y + Math.sin(angle) * r;
    if (i === 0) ctx.moveTo(px, py);
    else ctx.lineTo(px, py);
  }
  ctx.closePath();
}

/** Shrinks a font size until `text` fits `maxWidth` at the given font family template. */
export function fitFontSize(ctx: SKRSContext2D, text: string, font: (size: number) => string, size: number, maxWidth: number, trackingPx = 0): number {
  let current = size;
  for (let i = 0; i < 12; i++) {
    ctx.font = font(current);
    const width = ctx.measureText(text).width + trackingPx * text.length;
    if (width <= maxWidth) break;
    current *= Math.max(0.6, (maxWidth / width) * 0.98);
  }
  ctx.font = font(current);
  return current;
}
