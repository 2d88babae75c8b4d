// A scene's key phrase as kinetic type, burned by libass in the captions' pass: the built-in art
// designs it (face, size, place, ink: SceneHeadline) and this module animates it in with an
// entrance that suits the style — a punch for comic, a glitch for cyberpunk, a typewriter for
// pixel art, a slow tracking-in for cinematic — and out before its scene ends. Type set by the
// burner stays still while the picture under it drifts, and costs no extra ffmpeg input.
import type { CaptionRows } from '../../../contract';
import type { ArtStyleName, SceneHeadline } from '../../domain/ports/visuals';
import { HEADLINE_FONT_FACES } from '../fonts';
import { assColor, assTime, escapeAssText } from './ass-format';

/** One scene's headline and the scene's span in the video, seconds. */
export interface HeadlineCue {
  headline: SceneHeadline;
  start: number;
  duration: number;
}

/** Rows of the frame the caption text covers, pixels (contract's captionBlockRows). */
export type ReservedRows = CaptionRows;

/** The phrase comes in this long after its scene cuts in (the cut reads first), … */
export const HEADLINE_DELAY = 0.08;
/** … its entrance is over within this (a viewer reads it while the narration starts), … */
export const HEADLINE_ENTRANCE_LIMIT = 0.5;
/** … and it is gone this long before the scene ends, so it never crosses the cut. */
export const HEADLINE_CLEARANCE = 0.12;
/** A scene shorter than this gets no headline: it would flash by unread. */
export const HEADLINE_MIN_SCENE = 1.2;

/** The one style line every headline event uses; all of its look is set per event. */
export const HEADLINE_STYLE_LINE = 'Style: Headline,Noto Sans,48,&H00FFFFFF,&H00FFFFFF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,0,0,5,0,0,0,1';

/** Where a set phrase sits, in frame pixels, after keeping it off the captions. */
interface Placed {
  x: number;
  y: number;
  /** ASS Fontsize (the face's winAscent + winDescent, as libass sizes it). */
  fontSize: number;
  tracking: number;
  /** Frame pixels per design unit (1 at a 1080-pixel short side). */
  unit: number;
  width: number;
  height: number;
  textWidth: number;
}

interface Entrance {
  /** Milliseconds the phrase takes to come in (≤ HEADLINE_ENTRANCE_LIMIT), of it fading in, and
   *  of fading out. */
  in: number;
  fadeIn: number;
  out: number;
  /** Pixels the phrase travels while it comes in, up or down (kept off the captions too). */
  rise: (placed: Placed) => number;
  /** The events: [layer, override tags + text]. */
  events: (placed: Placed, cue: SceneHeadline, text: string, fade: string) => Array<[number, string]>;
}

const round = (value: number) => Math.round(value * 10) / 10;
const pos = (x: number, y: number) => `\\pos(${round(x)},${round(y)})`;
const move = (x1: number, y1: number, x2: number, y2: number, ms: number) => `\\move(${round(x1)},${round(y1)},${round(x2)},${round(y2)},0,${ms})`;

function face(cue: SceneHeadline, placed: Placed): string {
  const font = HEADLINE_FONT_FACES[cue.font];
  return `\\fn${font.assName}\\b${font.bold ? 1 : 0}\\i${font.italic ? 1 : 0}\\fs${round(placed.fontSize)}\\fsp${round(placed.tracking)}`;
}

/** A jagged speech burst around the phrase, as an ASS drawing (its box is centred on \pos). */
function burstDrawing(rx: number, ry: number): string {
  const spikes = 14;
  const inner = [0.7, 0.76, 0.66, 0.72, 0.78, 0.68, 0.74];
  const points = Array.from({ length: spikes * 2 }, (_, i) => {
    const angle = (i / (spikes * 2)) * Math.PI * 2;
    const r = i % 2 === 0 ? 1 : inner[(i >> 1) % inner.length]!;
    return `${Math.round(rx + Math.cos(angle) * rx * r)} ${Math.round(ry + Math.sin(angle) * ry * r)}`;
  });
  return `m ${points[0]} l ${points.slice(1).join(' ')}`;
}

/** How far the anime phrase drops from: 6 % of the frame, less near the top edge (it starts on the frame). */
const animeDrop = (p: Placed) => Math.min(p.height * 0.06, Math.max(0, p.y - p.fontSize * 0.55));

const ENTRANCES: Record<ArtStyleName, Entrance> = {
  // A clean slide from the left, and a hairline rule drawing itself under the phrase.
  realistic: {
    in: 400,
    fadeIn: 250,
    out: 250,
    rise: () => 0,
    events: (p, cue, text, fade) => {
      const slide = p.width * 0.04;
      const rule = `m 0 0 l ${Math.round(120 * p.unit)} 0 ${Math.round(120 * p.unit)} ${Math.round(3 * p.unit)} 0 ${Math.round(3 * p.unit)}`;
      const shadow = `\\bord0\\shad${round(2 * p.unit)}\\4c${assColor('#000000')}\\4a&H60&\\blur${round(3 * p.unit)}`;
      return [
        [2, `{\\an5${move(p.x - slide, p.y, p.x, p.y, 400)}${fade}${face(cue, p)}\\1c${assColor(cue.ink)}${shadow}}${text}`],
        [2, `{\\an5${pos(p.x, p.y + p.fontSize * 0.42)}${fade}\\p1\\1c${assColor(cue.ink)}${shadow}\\fscx0\\t(150,450,\\fscx100)}${rule}{\\p0}`],
      ];
    },
  },
  // A slow fade while the tracking closes in, like a film's title card.
  cinematic: {
    in: 500,
    fadeIn: 500,
    out: 400,
    rise: () => 0,
    events: (p, cue, text, fade) => [
      [2, `{\\an5${pos(p.x, p.y)}${fade}${face(cue, p)}\\fsp${round(p.tracking * 2.2)}\\t(0,1600,0.6,\\fsp${round(p.tracking)})\\1c${assColor(cue.ink)}\\bord${round(3 * p.unit)}\\3c${assColor('#000000')}\\3a&H70&\\blur${round(8 * p.unit)}\\shad0}${text}`],
    ],
  },
  // Drops in stretched, squashes on landing, springs back: the genre's bounce.
  anime: {
    in: 440,
    fadeIn: 120,
    out: 250,
    rise: (p) => animeDrop(p),
    events: (p, cue, text, fade) => {
      const ink = `\\1c${assColor(cue.ink)}\\bord${round(7 * p.unit)}\\3c${assColor('#1B1B3A')}\\4c${assColor(cue.accent)}\\xshad${round(10 * p.unit)}\\yshad${round(10 * p.unit)}`;
      const bounce = '\\fscx80\\fscy125\\t(200,290,\\fscx118\\fscy84)\\t(290,440,\\fscx100\\fscy100)';
      return [[2, `{\\an5${move(p.x, p.y - animeDrop(p), p.x, p.y, 200)}${fade}${face(cue, p)}\\frz3.4${ink}${bounce}}${text}`]];
    },
  },
  // The speech burst punches in past full size and settles, the phrase on it.
  comic: {
    in: 300,
    fadeIn: 80,
    out: 200,
    rise: () => 0,
    events: (p, cue, text, fade) => {
      const pop = '\\fscx0\\fscy0\\t(0,180,\\fscx118\\fscy118)\\t(180,300,\\fscx100\\fscy100)';
      const rx = Math.max(p.textWidth * 0.68, p.fontSize * 1.1);
      const ry = Math.max(p.fontSize * 0.8, rx * 0.4);
      const burst = `{\\an5${pos(p.x, p.y)}${fade}\\p1\\1c${assColor('#FFFFFF')}\\bord${round(9 * p.unit)}\\3c${assColor('#111111')}\\shad0\\frz-3${pop}}${burstDrawing(rx, ry)}{\\p0}`;
      const words = `{\\an5${pos(p.x, p.y)}${fade}${face(cue, p)}\\1c${assColor(cue.ink)}\\bord${round(3 * p.unit)}\\3c${assColor('#111111')}\\shad0\\frz4${pop}}${text}`;
      return [[2, burst], [3, words]];
    },
  },
  // Soaks in: a soft, blurred rise that sharpens as it settles.
  watercolor: {
    in: 500,
    fadeIn: 400,
    out: 400,
    rise: (p) => p.height * 0.015,
    events: (p, cue, text, fade) => [
      [2, `{\\an5${move(p.x, p.y + p.height * 0.015, p.x, p.y, 500)}${fade}${face(cue, p)}\\1c${assColor(cue.ink)}\\bord0\\shad0\\blur${round(6 * p.unit)}\\t(0,500,\\blur0.6)}${text}`],
    ],
  },
  // Typed in a letter at a time, each glyph (and its hard pixel shadow) switched on in one step.
  'pixel-art': {
    in: 450,
    fadeIn: 0,
    out: 0,
    rise: () => 0,
    events: (p, cue, text, fade) => {
      const letters = [...text];
      const step = Math.max(10, Math.floor(420 / Math.max(1, letters.length)));
      const typed = letters.map((letter, i) => (letter === ' ' ? letter : `{\\alpha&HFF&\\t(${i * step},${i * step + 1},\\alpha&H00&)}${letter}`)).join('');
      return [[2, `{\\an5${pos(p.x, p.y)}${fade}${face(cue, p)}\\1c${assColor(cue.ink)}\\bord0\\shad${round(6 * p.unit)}\\4c${assColor(cue.accent)}}${typed}`]];
    },
  },
  // Glitches in: two neon copies slide in from the sides and lock on as the white core flickers.
  cyberpunk: {
    in: 320,
    fadeIn: 0,
    out: 200,
    rise: () => 0,
    events: (p, cue, text, fade) => {
      const split = 7 * p.unit;
      const from = p.width * 0.08;
      const base = `${fade}${face(cue, p)}\\bord0\\shad0`;
      const flicker = '\\alpha&HFF&\\t(90,91,\\alpha&H00&)\\t(150,151,\\alpha&HA0&)\\t(200,201,\\alpha&H00&)';
      return [
        [2, `{\\an5${move(p.x - from, p.y, p.x - split, p.y, 220)}${base}\\1c${assColor('#00E5FF')}\\1a&H30&}${text}`],
        [2, `{\\an5${move(p.x + from, p.y, p.x + split, p.y, 220)}${base}\\1c${assColor(cue.accent)}\\1a&H30&}${text}`],
        [3, `{\\an5${pos(p.x, p.y)}${fade}${face(cue, p)}\\1c${assColor(cue.ink)}\\bord${round(4 * p.unit)}\\3c${assColor(cue.accent)}\\blur${round(10 * p.unit)}\\shad0${flicker}}${text}`],
      ];
    },
  },
  // Rises out of the mist with a golden glow.
  fantasy: {
    in: 500,
    fadeIn: 450,
    out: 400,
    rise: (p) => p.height * 0.02,
    events: (p, cue, text, fade) => [
      [2, `{\\an5${move(p.x, p.y + p.height * 0.02, p.x, p.y, 500)}${fade}${face(cue, p)}\\1c${assColor(cue.ink)}\\bord${round(6 * p.unit)}\\3c${assColor(cue.accent)}\\3a&H40&\\blur${round(12 * p.unit)}\\shad0}${text}`],
    ],
  },
  // A gentle fade-up, nothing more.
  minimalist: {
    in: 450,
    fadeIn: 450,
    out: 300,
    rise: (p) => p.height * 0.012,
    events: (p, cue, text, fade) => [
      [2, `{\\an4${move(p.x, p.y + p.height * 0.012, p.x, p.y, 450)}${fade}${face(cue, p)}\\1c${assColor(cue.ink)}\\bord0\\shad0}${text}`],
    ],
  },
  // Fades up like a print developing, with its offset red-brown shadow.
  vintage: {
    in: 450,
    fadeIn: 450,
    out: 350,
    rise: (p) => p.height * 0.01,
    events: (p, cue, text, fade) => [
      [2, `{\\an5${move(p.x, p.y + p.height * 0.01, p.x, p.y, 450)}${fade}${face(cue, p)}\\1c${assColor(cue.ink)}\\bord0\\shad${round(5 * p.unit)}\\4c${assColor(cue.accent)}}${text}`],
    ],
  },
};

/** The rows a placed phrase can cover over its whole life: its line, its entrance travel, and a
 *  comic burst's spikes. */
export function headlineRows(headline: SceneHeadline, y: number, width: number, height: number): ReservedRows {
  const placed = place(headline, width, height, y);
  // A burst's half height, its ink line, and what its slight tilt adds at the ends.
  const burstX = Math.max(placed.textWidth * 0.68, placed.fontSize * 1.1);
  const half = headline.style === 'comic' ? Math.max(placed.fontSize * 0.8, burstX * 0.4) + 9 * placed.unit + burstX * 0.06 : placed.fontSize * 0.55;
  const rise = ENTRANCES[headline.style].rise(placed);
  return { top: y - half - (headline.style === 'anime' ? rise : 0), bottom: y + half + (headline.style === 'anime' ? 0 : rise) };
}

function place(headline: SceneHeadline, width: number, height: number, y: number): Placed {
  const font = HEADLINE_FONT_FACES[headline.font];
  const size = headline.size * height;
  return {
    x: headline.x * width,
    y,
    fontSize: size * font.winHeightPerEm,
    tracking: headline.tracking * height,
    unit: Math.min(width, height) / 1080,
    width,
    height,
    textWidth: headline.width * width,
  };
}

/**
 * The centre line the phrase is burned at: where the art put it (moved onto the frame if it
 * reaches past an edge), unless that would touch the caption lines (a caption style changed after the art was drawn, or a phrase measured wider);
 * then the nearest place above or below them that stays on the frame.
 */
export function headlineCentre(headline: SceneHeadline, width: number, height: number, captions: ReservedRows | null): number {
  // On the frame first (a large comic burst near the top edge).
  const designed = headline.y * height;
  const extent = headlineRows(headline, designed, width, height);
  const wanted = designed + Math.max(0, -extent.top) - Math.max(0, extent.bottom - height);
  if (!captions) return wanted;
  const rows = headlineRows(headline, wanted, width, height);
  if (rows.bottom <= captions.top || rows.top >= captions.bottom) return wanted;
  const gap = height * 0.01;
  const above = wanted - (rows.bottom - captions.top) - gap;
  const below = wanted + (captions.bottom - rows.top) + gap;
  const fitsAbove = above - (wanted - rows.top) >= 0;
  const fitsBelow = below + (rows.bottom - wanted) <= height;
  if (fitsAbove && (!fitsBelow || wanted - above <= below - wanted)) return above;
  return fitsBelow ? below : above;
}

function dialogue(layer: number, start: number, end: number, text: string): string {
  return `Dialogue: ${layer},${assTime(start)},${assTime(end)},Headline,,0,0,0,,${text}`;
}

/** The Dialogue lines of one scene's headline (none for a scene too short to read it in). */
export function headlineEvents(cue: HeadlineCue, width: number, height: number, captions: ReservedRows | null): string[] {
  if (!(cue.duration >= HEADLINE_MIN_SCENE) || cue.headline.text.trim() === '') return [];
  const entrance = ENTRANCES[cue.headline.style];
  const start = cue.start + HEADLINE_DELAY;
  const end = cue.start + cue.duration - HEADLINE_CLEARANCE;
  const placed = place(cue.headline, width, height, headlineCentre(cue.headline, width, height, captions));
  const fade = `\\fad(${entrance.fadeIn},${entrance.out})`;
  return entrance.events(placed, cue.headline, escapeAssText(cue.headline.text), fade).map(([layer, text]) => dialogue(layer, start, end, text));
}
