// Burned-in captions must read over any built-in frame. The art knows where the captions will sit
// (the same captionLayout the ASS writer uses) and the colours they are drawn in, so after drawing
// it measures the WCAG contrast of each caption colour over the frame behind the caption lines;
// below 4.5:1 it lays a soft backing scrim (darkening for light captions, lightening for dark
// ones), stronger step by step until the contrast holds. It lives in the art, not the burner,
// because only here are the pixels known before the video is encoded.
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { captionLayout } from '../../../../contract/caption-layout';
import type { CaptionStyle } from '../../../../contract/captions';

export const MIN_CAPTION_CONTRAST = 4.5;

const LINEAR = Array.from({ length: 256 }, (_, i) => {
  const c = i / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

/** WCAG relative luminance of an sRGB colour, 0–1. */
export function relativeLuminance(r: number, g: number, b: number): number {
  return 0.2126 * LINEAR[r]! + 0.7152 * LINEAR[g]! + 0.0722 * LINEAR[b]!;
}

export function contrastRatio(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

function hexLuminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  return relativeLuminance((value >> 16) & 255, (value >> 8) & 255, value & 255);
}

export interface CaptionBand {
  top: number;
  bottom: number;
  left: number;
  right: number;
  /** Height of the caption text block; the band is taller by the camera's travel. */
  block: number;
  /** Height of one caption line: the contrast is measured line by line, since any line may hold text. */
  line: number;
  /** Luminance of every colour the caption text takes (its colour and its highlight). */
  textLuminances: number[];
}

/**
 * The rows the caption lines may cover on a width×height frame, widened by the still's camera
 * move (`motionAmount`, share of the frame) so the band still sits behind the text at either end
 * of the pan. Null when captions are off.
 */
export function captionBand(style: CaptionStyle, width: number, height: number, motionAmount: number): CaptionBand | null {
  if (!style.enabled) return null;
  const layout = captionLayout(style, width, height);
  // One line more than the preset's: a line of long words in capitals wraps (libass breaks it),
  // and that line must land on the backing too, not on the hero.
  const block = layout.fontSize * (Math.max(1, style.lines) + 1) + layout.outline * 2;
  const [top, bottom] = layout.alignment === 5 ? [layout.y - block / 2, layout.y + block / 2] : layout.alignment === 2 ? [layout.y - block, layout.y] : [layout.y, layout.y + block];
  const drift = (motionAmount * height) / 2;
  const colours = style.highlight === 'color' ? [style.text_color, style.highlight_color] : [style.text_color];
  return {
    top: Math.max(0, Math.floor(top - drift)),
    bottom: Math.min(height, Math.ceil(bottom + drift)),
    left: Math.max(0, layout.marginLeft),
    right: Math.min(width, width - layout.marginRight),
    block: Math.min(height, Math.ceil(block)),
    line: Math.max(1, Math.round(layout.fontSize)),
    textLuminances: colours.map(hexLuminance),
  };
}

/** The luminance percentile the contrast is measured against: the 90th under light text, the
 *  10th under dark text, so a few sparkles do not decide it but any sizeable patch does. */
function windowLuminance(pixels: Uint8ClampedArray, w: number, firstRow: number, rows: number, light: boolean): number {
  // A luminance histogram of every fourth pixel of every fourth row: percentiles without a sort.
  const BINS = 1024;
  const histogram = new Uint32Array(BINS);
  let count = 0;
  for (let y = firstRow; y < firstRow + rows; y += 4) {
    for (let x = 0; x < w; x += 4) {
      const i = (y * w + x) * 4;
      histogram[Math.min(BINS - 1, Math.floor(relativeLuminance(pixels[i]!, pixels[i + 1]!, pixels[i + 2]!) * BINS))]! += 1;
      count++;
    }
  }
  const share = light ? 0.9 : 0.1;
  let seen = 0;
  for (let bin = 0; bin < BINS; bin++) {
    seen += histogram[bin]!;
    // The bin's edge on the harder side: upper for light text, lower for dark text.
    if (seen > count * share) return (light ? bin + 1 : bin) / BINS;
  }
  return 1;
}

/** The worst background over the text block at rest and at either end of the camera's travel
 *  (one read of the band's pixels, three windows over it). */
function backgroundLuminance(ctx: SKRSContext2D, band: CaptionBand, light: boolean): number {
  const top = Math.round(band.top);
  const w = Math.max(1, Math.round(band.right - band.left));
  const h = Math.max(1, Math.round(band.bottom) - top);
  const rows = Math.min(h, Math.max(1, band.line));
  const pixels = ctx.getImageData(Math.round(band.left), top, w, h).data;
  // A line-high window every half line, top to bottom: the worst one decides.
  const starts: number[] = [];
  for (let start = 0; start < h - rows; start += Math.max(1, Math.floor(rows / 2))) starts.push(start);
  starts.push(h - rows);
  const values = starts.map((start) => windowLuminance(pixels, w, start, rows, light));
  return light ? Math.max(...values) : Math.min(...values);
}

const isLight = (band: CaptionBand) => Math.min(...band.textLuminances) >= 0.18;

/** The contrast the band gives its worst caption colour. */
export function measureBandContrast(ctx: SKRSContext2D, band: CaptionBand): number {
  const background = backgroundLuminance(ctx, band, isLight(band));
  return Math.min(...band.textLuminances.map((text) => contrastRatio(text, background)));
}

/** sRGB value 0–1 of a grey of luminance `l` (the inverse of the WCAG curve). */
const srgb = (l: number) => (l <= 0.0031308 ? l * 12.92 : 1.055 * l ** (1 / 2.4) - 0.055);

type Gradient = ReturnType<SKRSContext2D['createLinearGradient']>;

/** Stops from `from` (transparent) to `to` (full) along a smoothstep: a linear ramp shows its two
 *  ends as lines (Mach bands), an eased one fades without an edge. */
function easedRamp(gradient: Gradient, from: number, to: number, colour: (share: number) => string): void {
  for (let step = 0; step <= 6; step++) {
    const t = step / 6;
    gradient.addColorStop(from + (to - from) * t, colour(t * t * (3 - 2 * t)));
  }
}

/**
 * A plate behind the caption block in the style's ink: for flat, light styles (minimalist, anime,
 * comic, pixel art) a crisp shape with rounded corners reads as part of the design, where a soft
 * shadow on a flat pastel field reads as a smudge.
 */
function paintPlate(ctx: SKRSContext2D, width: number, band: CaptionBand, rgb: string, alpha: number, radius: number): void {
  const pad = Math.max(4, (band.bottom - band.top) * 0.08);
  const left = Math.max(0, band.left - pad * 2);
  const right = Math.min(width, band.right + pad * 2);
  ctx.save();
  ctx.fillStyle = `rgba(${rgb}, ${alpha.toFixed(3)})`;
  ctx.beginPath();
  ctx.roundRect(left, band.top - pad, right - left, band.bottom - band.top + pad * 2, Math.min(radius, (band.bottom - band.top) / 2 + pad));
  ctx.fill();
  ctx.restore();
}

/**
 * A soft scrim behind the caption block: flat over the rows and columns the text can cover, fading
 * out on every side (half the band's height above and below, the caption margin left and right),
 * so it reads as shade in the picture rather than a strip pasted across it. Drawn as a vertical
 * fade masked by a horizontal one on a small canvas, scaled up.
 */
function paintScrim(ctx: SKRSContext2D, width: number, band: CaptionBand, rgb: string, alpha: number): void {
  const featherY = (band.bottom - band.top) * 0.6;
  const featherX = Math.max(1, Math.min(band.left, width - band.right) * 0.9);
  const left = Math.max(0, Math.floor(band.left - featherX));
  const right = Math.min(width, Math.ceil(band.right + featherX));
  const top = Math.floor(band.top - featherY);
  const fullW = Math.max(1, right - left);
  const fullH = Math.max(1, Math.ceil(band.bottom + featherY) - top);
  // Drawn at an eighth of the size and scaled up: it is all smooth gradients, and a full-size
  // offscreen canvas cost twice the old band.
  const w = Math.max(2, Math.ceil(fullW / 8));
  const h = Math.max(2, Math.ceil(fullH / 8));
  const scrim = createCanvas(w, h);
  const paint = scrim.getContext('2d');
  const vertical = paint.createLinearGradient(0, 0, 0, h);
  easedRamp(vertical, 0, featherY / fullH, (share) => `rgba(${rgb}, ${(alpha * share).toFixed(3)})`);
  easedRamp(vertical, 1, 1 - featherY / fullH, (share) => `rgba(${rgb}, ${(alpha * share).toFixed(3)})`);
  paint.fillStyle = vertical;
  paint.fillRect(0, 0, w, h);
  const horizontal = paint.createLinearGradient(0, 0, w, 0);
  easedRamp(horizontal, 0, Math.min(0.5, (band.left - left) / fullW), (share) => `rgba(0, 0, 0, ${share.toFixed(3)})`);
  easedRamp(horizontal, 1, Math.max(0.5, (band.right - left) / fullW), (share) => `rgba(0, 0, 0, ${share.toFixed(3)})`);
  paint.globalCompositeOperation = 'destination-in';
  paint.fillStyle = horizontal;
  paint.fillRect(0, 0, w, h);
  ctx.drawImage(scrim, left, top, fullW, fullH);
}

/**
 * Adds the backing scrim where it is needed; returns the contrast reached. The band's opacity is
 * solved from the measured background (compositing is linear in sRGB values), then checked; a
 * second, stronger coat follows only if the estimate fell short.
 */
export interface CaptionBacking {
  /** The style's darkest ink, "r, g, b": what the backing is laid in under light captions. */
  ink: string;
  /** A soft scrim, or a plate with this corner radius in pixels (0: square, as pixel art). */
  shape: 'scrim' | { plateRadius: number };
}

export function ensureCaptionContrast(ctx: SKRSContext2D, width: number, band: CaptionBand, backing: CaptionBacking = { ink: '8, 8, 14', shape: 'scrim' }): number {
  const darkRgb = backing.ink;
  const light = isLight(band);
  const contrastOver = (background: number) => Math.min(...band.textLuminances.map((text) => contrastRatio(text, background)));
  // One read of the band per check: the background measured for the contrast also solves the coat.
  let background = backgroundLuminance(ctx, band, light);
  let contrast = contrastOver(background);
  const [r, g, b] = (light ? darkRgb : '250, 250, 245').split(',').map((part) => Number(part.trim())) as [number, number, number];
  const coat = srgb(relativeLuminance(r, g, b));
  const worstText = light ? Math.min(...band.textLuminances) : Math.max(...band.textLuminances);
  // The background luminance that gives 4.5:1 with a little to spare, as an sRGB value.
  const goal = srgb(Math.min(1, Math.max(0, light ? (worstText + 0.05) / (MIN_CAPTION_CONTRAST * 1.08) - 0.05 : (worstText + 0.05) * MIN_CAPTION_CONTRAST * 1.08 - 0.05)));
  for (let attempt = 0; attempt < 3 && contrast < MIN_CAPTION_CONTRAST; attempt++) {
    const now = srgb(background);
    const alpha = Math.min(0.95, Math.max(0.25, Math.abs(now - goal) / Math.max(0.01, Math.abs(now - coat)) + attempt * 0.15));
    if (backing.shape === 'scrim') paintScrim(ctx, width, band, `${r}, ${g}, ${b}`, alpha);
    else paintPlate(ctx, width, band, `${r}, ${g}, ${b}`, alpha, backing.shape.plateRadius);
    background = backgroundLuminance(ctx, band, light);
    contrast = contrastOver(background);
  }
  return contrast;
}
