// Where a scene's pictures and key phrase go, and how each style treats the pictures. The layout
// keeps the caption lines clear: the hero takes the largest stretch of rows the captions leave,
// the key phrase (burned in later as kinetic type) keeps its own rows above or below them.
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
  /** Centre line of the key phrase (left free in the picture: the phrase is burned over it). */
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
 * The layout around the caption lines, for every frame shape. The hero is what the scene is about,
 * so it gets the largest stretch of rows the captions leave free, never rows under them. Two
 * arrangements compete and the one with the larger hero wins: the key phrase under the platforms'
 * top bar (or under top captions) with the pictures below it; or, when captions run across the
 * middle, the hero above them from near the top edge and the phrase just under them. Supports stand
 * on the scenery under middle captions when there is room, else at the hero's flanks, out of the
 * right 12 % the platforms cover with buttons.
 */
export function sceneLayout(width: number, height: number, pictures: SubjectPictures, rng: Rng, captions: ReservedRows | null): SceneLayout {
  const portrait = height > width * 1.2;
  const landscape = width > height * 1.2;
  const jitter = rng.range(-1, 1);
  const flip = rng.chance(0.5);
  const clear = (top: number, bottom: number) => !captions || bottom <= captions.top || top >= captions.bottom;
  const topBar = height * (portrait ? 0.1 : 0.08);
  // Below this the platforms lay their own caption, music and account lines over the video.
  const floor = height * (portrait ? 0.78 : 0.88);
  const phrase = height * (portrait ? 0.075 : 0.12);
  const gap = height * 0.015;
  // The largest stretch of rows free of captions within [from, to].
  const freeStretch = (from: number, to: number): [number, number] => {
    if (!captions || captions.bottom <= from || captions.top >= to) return [from, to];
    const upper: [number, number] = [from, Math.max(from, captions.top - gap)];
    const lower: [number, number] = [Math.min(to, captions.bottom + gap), to];
    return upper[1] - upper[0] >= lower[1] - lower[0] ? upper : lower;
  };
  const phraseTop = clear(topBar, topBar + phrase) ? topBar : captions!.bottom + gap;
  const underTop = { headingY: phraseTop + phrase / 2, stretch: freeStretch(phraseTop + phrase, floor) };
  // Under the captions the phrase keeps a wider gap, so it reads as a title, not a caption line.
  const middle = captions !== null && captions.top > height * 0.3 && captions.bottom + gap * 2 + phrase <= floor;
  const underCaptions = middle ? { headingY: captions.bottom + gap * 2 + phrase / 2, stretch: [height * 0.04, captions.top - gap] as [number, number] } : null;
  const length = ([top, bottom]: [number, number]) => bottom - top;
  if (!pictures.hero) {
    // A typographic scene: the phrase is the picture, set larger in the free stretch.
    const [top, bottom] = freeStretch(phraseTop, height * (portrait ? 0.62 : 0.7));
    return { headingY: (top + bottom) / 2, headingScale: 1.5, hero: null, supports: [] };
  }
  const chosen = underCaptions && length(underCaptions.stretch) > length(underTop.stretch) ? underCaptions : underTop;
  const [top, bottom] = chosen.stretch;
  const size = Math.max(height * 0.08, Math.min(width * (portrait ? 0.72 : landscape ? 0.4 : 0.5), (bottom - top) * 0.94));
  const hero = { x: width * ((landscape ? 0.5 : 0.47) + jitter * 0.03), y: (top + bottom) / 2, size };
  // Supports stand on the scenery under middle captions (and under the phrase set there) when
  // there is a tall enough stretch.
  const groundTop = captions ? Math.max(captions.bottom, chosen === underCaptions ? chosen.headingY + phrase / 2 : 0) + gap : bottom;
  const groundBottom = height * (portrait ? 0.8 : 0.86);
  let supports: Placement[];
  if (groundBottom - groundTop >= height * 0.1 && captions && captions.bottom < groundBottom) {
    const side = Math.min(width * 0.27, (groundBottom - groundTop) * 0.9);
    const y = (groundTop + groundBottom) / 2;
    supports = [{ x: width * 0.28, y, size: side }, { x: width * 0.64, y: y + side * 0.08, size: side * 0.9 }];
  } else {
    const side = size * (landscape ? 0.55 : 0.4);
    const reach = size * (landscape ? 0.95 : 0.62);
    supports = [
      { x: Math.max(width * 0.06 + side / 2, hero.x - reach), y: hero.y + size * 0.3, size: side },
      { x: Math.min(width * 0.88 - side / 2, hero.x + reach), y: hero.y - size * 0.28, size: side },
    ];
  }
  // Which place the first support takes alternates with the seed, so scenes do not repeat a pose.
  if (flip) supports.reverse();
  return { headingY: chosen.headingY, headingScale: 1, hero, supports: supports.slice(0, pictures.supports.length) };
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

const composites = new Map<string, { canvas: Canvas; x: number; y: number }>();

/**
 * The halo and the sticker flattened into one cached bitmap: one large image to composite per
 * picture and scene instead of two (source-over is associative, so the pixels are the same).
 */
function composite(icon: string, image: Canvas, size: number, treatment: SubjectTreatment, glow: { colour: string; blur: number; dx: number; dy: number }): { canvas: Canvas; x: number; y: number } {
  const key = `${icon}@${size}@${glow.colour}@${glow.blur.toFixed(1)}@${glow.dx.toFixed(1)}@${glow.dy.toFixed(1)}@${treatment.outline?.colour ?? ''}@${treatment.outline?.width.toFixed(1) ?? ''}@${treatment.filter ?? ''}`;
  const cached = composites.get(key);
  if (cached) return cached;
  const shade = halo(icon, image, size, glow.colour, glow.blur);
  const face = sticker(icon, image, size, treatment);
  const x = Math.floor(Math.min(-shade.pad + glow.dx, -face.pad));
  const y = Math.floor(Math.min(-shade.pad + glow.dy, -face.pad));
  const right = Math.ceil(Math.max(size + shade.pad + glow.dx, size + face.pad));
  const bottom = Math.ceil(Math.max(size + shade.pad + glow.dy, size + face.pad));
  const canvas = createCanvas(right - x, bottom - y);
  const paint = canvas.getContext('2d');
  paint.drawImage(shade.canvas, -shade.pad + glow.dx - x, -shade.pad + glow.dy - y);
  paint.drawImage(face.canvas, -face.pad - x, -face.pad - y);
  const entry = { canvas, x, y };
  if (composites.size >= 32) composites.delete(composites.keys().next().value!);
  composites.set(key, entry);
  return entry;
}

function drawPicture(ctx: SKRSContext2D, icon: string, at: Placement, treatment: SubjectTreatment, hero: boolean): void {
  const size = Math.max(8, Math.round(at.size));
  const image = iconImage(icon, size);
  const left = at.x - size / 2;
  const top = at.y - size / 2;
  treatment.backdrop?.(ctx, at, hero);
  const glow = treatment.shadow ?? (treatment.glow ? { ...treatment.glow, dx: 0, dy: 0 } : null);
  if (glow && !treatment.blend && treatment.alpha === undefined) {
    const flat = composite(icon, image, size, treatment, glow);
    ctx.drawImage(flat.canvas, left + flat.x, top + flat.y);
    return;
  }
  ctx.save();
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
