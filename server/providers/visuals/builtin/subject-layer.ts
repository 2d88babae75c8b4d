// Where a scene's pictures and key phrase go, and how each style treats the pictures. The layout
// keeps the caption lines clear: on a vertical frame the key phrase sits under the platforms' top
// bar, the hero above the middle caption line, and the lower third is left to the scenery.
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { iconImage } from './emoji';
import type { Rng } from './random';

export interface Placement {
  x: number;
  y: number;
  /** Edge of the square the picture is drawn in, pixels. */
  size: number;
}

export interface SceneLayout {
  /** Centre line of the key phrase. */
  headingY: number;
  /** 1 above a picture; larger on a typographic scene, where the phrase is the picture. */
  headingScale: number;
  hero: Placement | null;
  supports: Placement[];
}

export interface SubjectPictures {
  hero: string | null;
  supports: string[];
}

/** Rows the burned-in captions may cover (caption-backing.ts), in pixels. */
export interface ReservedRows {
  top: number;
  bottom: number;
}

/**
 * The layout per frame shape, around the caption lines. Vertical: the key phrase just under the
 * platforms' top bar; the hero as large as fits in the largest free stretch between the phrase
 * and 62 % of the height (above middle captions, or over bottom ones); supports stand on the
 * scenery below middle captions when there is room, else at the hero's flanks, kept out of the
 * right 12 % the platforms cover with buttons. Landscape: phrase top-centre, hero on the right
 * third (captions are centred). Square: between the two.
 */
export function sceneLayout(width: number, height: number, pictures: SubjectPictures, rng: Rng, captions: ReservedRows | null): SceneLayout {
  const portrait = height > width * 1.2;
  const landscape = width > height * 1.2;
  const jitter = rng.range(-1, 1);
  const flip = rng.chance(0.5);
  const clear = (top: number, bottom: number) => !captions || bottom <= captions.top || top >= captions.bottom;
  // The phrase goes under the top bar, or under top captions when those are there.
  const headingTop = clear(height * 0.1, height * 0.17) ? height * 0.1 : captions!.bottom;
  const headingY = headingTop + height * (portrait ? 0.035 : 0.06);
  const below = headingTop + height * (portrait ? 0.075 : 0.12);
  // The largest stretch of rows free of captions between the phrase and `limit`.
  const freeStretch = (limit: number): [number, number] => {
    if (!captions || captions.bottom <= below || captions.top >= limit) return [below, limit];
    const upper: [number, number] = [below, Math.max(below, captions.top)];
    const lower: [number, number] = [Math.min(limit, captions.bottom), limit];
    return upper[1] - upper[0] >= lower[1] - lower[0] ? upper : lower;
  };
  if (!pictures.hero) {
    const [top, bottom] = freeStretch(height * (portrait ? 0.62 : 0.7));
    return { headingY: (top + bottom) / 2, headingScale: 1.5, hero: null, supports: [] };
  }
  if (landscape) {
    const size = height * 0.46;
    const hero = { x: width * (0.79 + jitter * 0.02), y: height * 0.52, size };
    const side = size * 0.46;
    const flanks = [{ x: width * 0.14, y: height * 0.72, size: side }, { x: width * 0.6, y: height * 0.3, size: side }];
    if (flip) flanks.reverse();
    return { headingY, headingScale: 1, hero, supports: flanks.slice(0, pictures.supports.length) };
  }
  const [top, bottom] = freeStretch(height * (portrait ? 0.62 : 0.66));
  const size = Math.min(width * (portrait ? 0.62 : 0.4), (bottom - top) * 0.96);
  const hero = { x: width * (0.47 + jitter * 0.03), y: (top + bottom) / 2, size };
  // Supports stand on the scenery under middle captions when there is a tall enough stretch.
  const groundTop = captions ? captions.bottom + height * 0.015 : bottom;
  const groundBottom = height * (portrait ? 0.8 : 0.86);
  let supports: Placement[];
  if (groundBottom - groundTop >= height * 0.1 && captions && captions.bottom < groundBottom) {
    const side = Math.min(width * 0.27, (groundBottom - groundTop) * 0.9);
    const y = (groundTop + groundBottom) / 2;
    supports = [{ x: width * 0.28, y, size: side }, { x: width * 0.64, y: y + side * 0.08, size: side * 0.9 }];
  } else {
    const side = size * 0.44;
    supports = [
      { x: Math.max(width * 0.06 + side / 2, hero.x - size * 0.6), y: hero.y + size * 0.3, size: side },
      { x: Math.min(width * 0.88 - side / 2, hero.x + size * 0.6), y: hero.y - size * 0.28, size: side },
    ];
  }
  // Which place the first support takes alternates with the seed, so scenes do not repeat a pose.
  if (flip) supports.reverse();
  return { headingY, headingScale: 1, hero, supports: supports.slice(0, pictures.supports.length) };
}

/** How a style treats its pictures: an outline (comic ink, anime cel line), a glow (neon,
 *  magic), a soft shadow (photographic), a colour filter (sepia prints), a blend (watercolour). */
export interface SubjectTreatment {
  outline?: { colour: string; width: number };
  glow?: { colour: string; blur: number };
  shadow?: { colour: string; blur: number; dx: number; dy: number };
  filter?: string;
  blend?: 'multiply' | 'source-over';
  alpha?: number;
  /** Only the hero, no supports (minimalism). */
  heroOnly?: boolean;
  /** Drawn under each picture (a disc, a panel): the style's stage for the object. */
  backdrop?: (ctx: SKRSContext2D, at: Placement, hero: boolean) => void;
}

const silhouettes = new Map<string, Canvas>();

/** A picture's silhouette in one colour, with room for an outline around it; cached per process. */
function silhouette(icon: string, image: Canvas, size: number, colour: string, pad: number): Canvas {
  const key = `${icon}@${size}@${colour}@${pad}`;
  const cached = silhouettes.get(key);
  if (cached) return cached;
  const canvas = createCanvas(Math.ceil(size + pad * 2), Math.ceil(size + pad * 2));
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, pad, pad, size, size);
  ctx.globalCompositeOperation = 'source-in';
  ctx.fillStyle = colour;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  if (silhouettes.size >= 48) silhouettes.delete(silhouettes.keys().next().value!);
  silhouettes.set(key, canvas);
  return canvas;
}

const halos = new Map<string, { canvas: Canvas; pad: number }>();

/**
 * A blurred silhouette (a shadow or a glow), rendered once per icon, size, colour and blur and
 * cached: a canvas shadow re-blurs the whole picture on every draw, which cost more than the rest
 * of a frame.
 */
function halo(icon: string, image: Canvas, size: number, colour: string, blur: number): { canvas: Canvas; pad: number } {
  const key = `${icon}@${size}@${colour}@${blur.toFixed(1)}`;
  const cached = halos.get(key);
  if (cached) return cached;
  const pad = Math.ceil(blur * 1.2);
  const shape = silhouette(icon, image, size, colour, 0);
  const canvas = createCanvas(Math.ceil(size + pad * 2), Math.ceil(size + pad * 2));
  const ctx = canvas.getContext('2d');
  // Canvas shadowBlur is about twice a Gaussian's standard deviation.
  ctx.filter = `blur(${(blur / 2).toFixed(1)}px)`;
  ctx.drawImage(shape, pad, pad);
  const entry = { canvas, pad };
  if (halos.size >= 32) halos.delete(halos.keys().next().value!);
  halos.set(key, entry);
  return entry;
}

const stickers = new Map<string, { canvas: Canvas; pad: number }>();

/** The picture with its outline and colour filter baked in, cached like the halos. */
function sticker(icon: string, image: Canvas, size: number, treatment: SubjectTreatment): { canvas: Canvas; pad: number } {
  const outline = treatment.outline && treatment.outline.width > 0 ? treatment.outline : null;
  if (!outline && !treatment.filter) return { canvas: image, pad: 0 };
  const key = `${icon}@${size}@${outline?.colour ?? ''}@${outline?.width.toFixed(1) ?? ''}@${treatment.filter ?? ''}`;
  const cached = stickers.get(key);
  if (cached) return cached;
  const pad = Math.ceil(outline?.width ?? 0);
  const canvas = createCanvas(Math.ceil(size + pad * 2), Math.ceil(size + pad * 2));
  const ctx = canvas.getContext('2d');
  if (outline) {
    const shape = silhouette(icon, image, size, outline.colour, pad);
    // Stamping the silhouette around a circle gives an even outline of any shape.
    for (let i = 0; i < 12; i++) {
      const angle = (i / 12) * Math.PI * 2;
      ctx.drawImage(shape, Math.cos(angle) * outline.width, Math.sin(angle) * outline.width);
    }
  }
  if (treatment.filter) ctx.filter = treatment.filter;
  ctx.drawImage(image, pad, pad, size, size);
  const entry = { canvas, pad };
  if (stickers.size >= 48) stickers.delete(stickers.keys().next().value!);
  stickers.set(key, entry);
  return entry;
}

function drawPicture(ctx: SKRSContext2D, icon: string, at: Placement, treatment: SubjectTreatment, hero: boolean): void {
  const size = Math.max(8, Math.round(at.size));
  const image = iconImage(icon, size);
  const left = at.x - size / 2;
  const top = at.y - size / 2;
  treatment.backdrop?.(ctx, at, hero);
  ctx.save();
  const glow = treatment.shadow ?? (treatment.glow ? { ...treatment.glow, dx: 0, dy: 0 } : null);
  if (glow) {
    const { canvas, pad } = halo(icon, image, size, glow.colour, glow.blur);
    ctx.drawImage(canvas, left - pad + glow.dx, top - pad + glow.dy);
  }
  if (treatment.blend) ctx.globalCompositeOperation = treatment.blend;
  if (treatment.alpha !== undefined) ctx.globalAlpha = treatment.alpha;
  const { canvas, pad } = sticker(icon, image, size, treatment);
  ctx.drawImage(canvas, left - pad, top - pad);
  ctx.restore();
}

/** Draws the supports, then the hero over them, at `scale` (pixel art draws at 1/cell). */
export function paintSubject(ctx: SKRSContext2D, layout: SceneLayout, pictures: SubjectPictures, treatment: SubjectTreatment, scale = 1): void {
  if (!pictures.hero || !layout.hero) return;
  const scaled = (at: Placement): Placement => ({ x: at.x * scale, y: at.y * scale, size: at.size * scale });
  if (!treatment.heroOnly) pictures.supports.forEach((icon, i) => {
    const at = layout.supports[i];
    if (at) drawPicture(ctx, icon, scaled(at), treatment, false);
  });
  drawPicture(ctx, pictures.hero, scaled(layout.hero), treatment, true);
}
