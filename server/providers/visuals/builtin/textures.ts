// Surface textures laid over a finished picture: film grain, halftone dots, scanlines, paper,
// vignette, letterbox bars. Each is drawn from small tiles or simple shapes, never by touching
// every pixel of the full frame in JavaScript, so a 1080x1920 frame stays fast.
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { softCircle, type SceneArt } from './kit';
import type { Rng } from './random';

const TILE = 256;

/** A tile of random grey noise around `base`; `tint` offsets the channels (warm paper). Around
 *  128 it suits 'overlay' (no average change); near 255 it suits 'multiply' (paper). */
function noiseTile(rng: Rng, contrast: number, tint: [number, number, number] = [0, 0, 0], base = 128, size = TILE): Canvas {
  const tile = createCanvas(size, size);
  const context = tile.getContext('2d');
  const image = context.createImageData(size, size);
  const data = image.data;
  for (let i = 0; i < data.length; i += 4) {
    const value = base + (rng.next() - 0.5) * 2 * contrast;
    data[i] = value + tint[0];
    data[i + 1] = value + tint[1];
    data[i + 2] = value + tint[2];
    data[i + 3] = 255;
  }
  context.putImageData(image, 0, 0);
  return tile;
}

function overlayTile(art: SceneArt, tile: Canvas, alpha: number, mode: 'overlay' | 'multiply'): void {
  const { ctx } = art;
  const pattern = ctx.createPattern(tile, 'repeat');
  if (!pattern) return;
  ctx.save();
  ctx.globalAlpha = alpha;
  ctx.globalCompositeOperation = mode;
  ctx.fillStyle = pattern;
  ctx.fillRect(0, 0, art.width, art.height);
  ctx.restore();
}

/** Photographic / film grain. */
export function filmGrain(art: SceneArt, strength: number): void {
  overlayTile(art, noiseTile(art.rng, 90), strength, 'overlay');
}

/** Paper: fine noise plus longer fibres, multiplied into the picture. */
export function paperTexture(art: SceneArt, strength: number): void {
  const tile = noiseTile(art.rng, 14, [0, -3, -10], 238);
  const context = tile.getContext('2d');
  context.strokeStyle = 'rgba(150, 130, 100, 0.22)';
  context.lineWidth = 1;
  for (let i = 0; i < 70; i++) {
    const x = art.rng.range(0, TILE);
    const y = art.rng.range(0, TILE);
    const angle = art.rng.range(0, Math.PI);
    const length = art.rng.range(6, 26);
    context.beginPath();
    context.moveTo(x, y);
    context.lineTo(x + Math.cos(angle) * length, y + Math.sin(angle) * length);
    context.stroke();
  }
  overlayTile(art, tile, strength, 'multiply');
}

/** Halftone: dots on a 45° grid, larger where the `shade` function says darker (0–1). */
export function halftone(art: SceneArt, spacing: number, colour: string, shade: (x: number, y: number) => number): void {
  const { ctx, width, height } = art;
  ctx.save();
  ctx.fillStyle = colour;
  ctx.beginPath();
  for (let row = 0, y = 0; y < height + spacing; row++, y += spacing * 0.7071) {
    const offset = row % 2 === 0 ? 0 : spacing / 2;
    for (let x = offset; x < width + spacing; x += spacing) {
      const radius = (spacing / 2) * Math.max(0, Math.min(1, shade(x, y)));
      if (radius < 0.6) continue;
      ctx.moveTo(x + radius, y);
      ctx.arc(x, y, radius, 0, Math.PI * 2);
    }
  }
  ctx.fill();
  ctx.restore();
}

/** CRT scanlines: dark horizontal lines every `gap` pixels. */
export function scanlines(art: SceneArt, gap: number, alpha: number): void {
  const tile = createCanvas(4, Math.max(2, Math.round(gap)));
  const context = tile.getContext('2d');
  context.fillStyle = `rgba(0, 0, 0, ${alpha})`;
  context.fillRect(0, 0, 4, Math.max(1, Math.round(gap / 2)));
  const pattern = art.ctx.createPattern(tile, 'repeat');
  if (!pattern) return;
  art.ctx.fillStyle = pattern;
  art.ctx.fillRect(0, 0, art.width, art.height);
}

/** Darkened corners. */
export function vignette(art: SceneArt, strength: number, colour = '0, 0, 0'): void {
  const { ctx, width, height } = art;
  const radius = Math.hypot(width, height) / 2;
  const gradient = ctx.createRadialGradient(width / 2, height / 2, radius * 0.35, width / 2, height / 2, radius);
  gradient.addColorStop(0, `rgba(${colour}, 0)`);
  gradient.addColorStop(1, `rgba(${colour}, ${strength})`);
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, width, height);
}

/** Black cinema bars that leave a 2.39:1-ish band (or at least 11% bars on tall frames). */
export function letterbox(art: SceneArt): number {
  const { ctx, width, height } = art;
  const band = Math.min(height * 0.78, width / 2.39 + height * 0.45);
  const bar = Math.max(height * 0.11, (height - band) / 2);
  ctx.fillStyle = '#050505';
  ctx.fillRect(0, 0, width, bar);
  ctx.fillRect(0, height - bar, width, bar);
  return bar;
}

/** Out-of-focus highlights: soft discs with a brighter rim, like a lens wide open. */
export function bokeh(art: SceneArt, count: number, hues: number[], maxRadius: number, top = 0, bottom = art.height): void {
  const { ctx, rng } = art;
  ctx.save();
  ctx.globalCompositeOperation = 'screen';
  for (let i = 0; i < count; i++) {
    const x = rng.range(0, art.width);
    const y = rng.range(top, bottom);
    const radius = rng.range(maxRadius * 0.3, maxRadius);
    const hue = rng.pick(hues);
    const alpha = rng.range(0.12, 0.35);
    softCircle(ctx, x, y, radius, `hsla(${hue}, 80%, 75%, ${alpha})`, `hsla(${hue}, 80%, 70%, 0)`, 0.75);
    ctx.fillStyle = `hsla(${hue}, 70%, 80%, ${alpha * 0.5})`;
    ctx.beginPath();
    ctx.arc(x, y, radius * 0.8, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.restore();
}

/** Film dust and scratches (vintage). */
export function dustAndScratches(art: SceneArt, amount: number): void {
  const { ctx, rng, width, height, unit } = art;
  ctx.save();
  ctx.strokeStyle = 'rgba(255, 245, 225, 0.35)';
  for (let i = 0; i < amount; i++) {
    ctx.lineWidth = rng.range(0.8, 2.2) * unit;
    const x = rng.range(0, width);
    const y = rng.range(0, height * 0.7);
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + rng.range(-6, 6) * unit, y + rng.range(height * 0.1, height * 0.4));
    ctx.stroke();
  }
  ctx.fillStyle = 'rgba(30, 20, 10, 0.55)';
  for (let i = 0; i < amount * 8; i++) {
    ctx.beginPath();
    ctx.arc(rng.range(0, width), rng.range(0, height), rng.range(0.8, 3.2) * unit, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.restore();
}
