// Graphic looks: pixel art (drawn at low resolution in a 16-colour palette, dithered, scaled up
// without smoothing, pixel grid), cyberpunk (neon perspective grid, striped sun, glowing
// skyline, scanlines), minimalist (one flat pastel field, one or two shapes, lots of space) and
// vintage (sepia sunburst photo in a cream print border, grain, dust). Each returns the inks its
// key phrase is burned in (server/media/captions/headline.ts animates it).
import { createCanvas } from '@napi-rs/canvas';
import { fillVertical, hsl, hslHex, ridge, softCircle, type StyleDrawer } from './kit';
import { dustAndScratches, filmGrain, scanlines, vignette } from './textures';

/** The PICO-8 palette: a fixed, recognisable 16-colour set. */
const PICO = ['#000000', '#1d2b53', '#7e2553', '#008751', '#ab5236', '#5f574f', '#c2c3c7', '#fff1e8', '#ff004d', '#ffa300', '#ffec27', '#00e436', '#29adff', '#83769c', '#ff77a8', '#ffccaa'] as const;

export const drawPixelArt: StyleDrawer = (art) => {
  const { ctx, width, height, rng, unit } = art;
  const cell = Math.max(4, Math.round(14 * unit));
  const lw = Math.ceil(width / cell);
  const lh = Math.ceil(height / cell);
  const low = createCanvas(lw, lh);
  const px = low.getContext('2d');
  const night = art.index % 3 === 2;
  const bands = night ? [PICO[0], PICO[1], PICO[2], PICO[13]] : [PICO[1], PICO[12], PICO[14], PICO[15]];
  // Sky in bands with a checkerboard dither where two bands meet.
  const bandHeight = Math.ceil((lh * 0.7) / bands.length);
  for (let b = 0; b < bands.length; b++) {
    px.fillStyle = bands[b]!;
    px.fillRect(0, b * bandHeight, lw, bandHeight);
    if (b > 0) {
      px.fillStyle = bands[b - 1]!;
      for (let x = 0; x < lw; x++) for (let y = 0; y < 2; y++) if ((x + y) % 2 === 0) px.fillRect(x, b * bandHeight + y, 1, 1);
    }
  }
  px.fillStyle = bands[bands.length - 1]!;
  px.fillRect(0, bandHeight * bands.length, lw, lh);
  // Stars or clouds.
  if (night) {
    px.fillStyle = PICO[7];
    for (let i = 0; i < 40; i++) px.fillRect(rng.int(0, lw), rng.int(0, Math.floor(lh * 0.5)), 1, 1);
  } else {
    px.fillStyle = PICO[7];
    for (let c = 0; c < 3; c++) {
      const cx = rng.int(0, lw - 12);
      const cy = rng.int(Math.floor(lh * 0.24), Math.floor(lh * 0.4));
      px.fillRect(cx, cy, 12, 3);
      px.fillRect(cx + 2, cy - 2, 6, 2);
    }
  }
  // A blocky sun or moon.
  const sx = rng.int(Math.floor(lw * 0.2), Math.floor(lw * 0.8));
  const sy = Math.floor(lh * rng.range(0.2, 0.38));
  const sr = Math.max(4, Math.round(lw * 0.09));
  px.fillStyle = night ? PICO[6] : PICO[10];
  for (let y = -sr; y <= sr; y++) for (let x = -sr; x <= sr; x++) if (x * x + y * y <= sr * sr) px.fillRect(sx + x, sy + y, 1, 1);
  // Stepped mountains, then grass and dirt rows.
  const ground = Math.floor(lh * 0.78);
  for (const [colour, base, amplitude] of [[PICO[13], 0.55, 0.12], [PICO[5], 0.64, 0.08]] as const) {
    px.fillStyle = colour;
    let y = Math.floor(lh * base);
    for (let x = 0; x < lw; x++) {
      y += rng.int(-1, 1);
      y = Math.max(Math.floor(lh * (base - amplitude)), Math.min(ground, y));
      px.fillRect(x, y, 1, lh - y);
    }
  }
  px.fillStyle = PICO[11];
  px.fillRect(0, ground, lw, 2);
  px.fillStyle = PICO[3];
  px.fillRect(0, ground + 2, lw, 3);
  px.fillStyle = PICO[4];
  px.fillRect(0, ground + 5, lw, lh);
  px.fillStyle = PICO[5];
  for (let i = 0; i < lw; i += 3) px.fillRect(i + rng.int(0, 2), ground + 6 + rng.int(0, lh - ground), 1, 1);
  // Trees.
  for (let t = 0; t < 4; t++) {
    const tx = rng.int(1, lw - 6);
    px.fillStyle = PICO[4];
    px.fillRect(tx + 2, ground - 4, 1, 4);
    px.fillStyle = PICO[3];
    px.fillRect(tx, ground - 9, 5, 5);
    px.fillRect(tx + 1, ground - 11, 3, 2);
  }
  // Objects drawn at the low resolution too, with a one-pixel black outline, so they turn into
  // sprites when the whole picture is scaled up.
  art.paintSubject({ outline: { colour: PICO[0], width: 1 } }, px, 1 / cell);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(low, 0, 0, lw * cell, lh * cell);
  ctx.imageSmoothingEnabled = true;
  // A faint pixel grid, like a screen up close.
  const gridTile = createCanvas(cell, cell);
  const grid = gridTile.getContext('2d');
  grid.fillStyle = 'rgba(0,0,0,0.16)';
  grid.fillRect(cell - 1, 0, 1, cell);
  grid.fillRect(0, cell - 1, cell, 1);
  const pattern = ctx.createPattern(gridTile, 'repeat');
  if (pattern) {
    ctx.fillStyle = pattern;
    ctx.fillRect(0, 0, width, height);
  }
  // Sun yellow with a black pixel shadow, as a game's title.
  return { ink: PICO[10], accent: PICO[0] };
};

export const drawCyberpunk: StyleDrawer = (art) => {
  const { ctx, width, height, rng, unit } = art;
  const horizon = height * rng.range(0.56, 0.64);
  // Neon pairs rotate between scenes: magenta/cyan, hot pink/lime, violet/amber.
  const [neonA, neonB] = ([[305, 185], [330, 95], [275, 40]] as const)[(art.index + rng.int(0, 1)) % 3]!;
  fillVertical(art, [[0, hsl(265, 70, 6)], [0.7, hsl(285, 65, 16)], [1, hsl(neonA, 80, 32)]], 0, horizon);
  // Striped retro sun.
  const sunX = width / 2 + rng.range(-0.15, 0.15) * width;
  const sunR = width * 0.3;
  const sun = ctx.createLinearGradient(0, horizon - sunR * 1.4, 0, horizon);
  sun.addColorStop(0, hsl(50, 100, 60));
  sun.addColorStop(1, hsl(neonA, 100, 55));
  ctx.save();
  ctx.beginPath();
  ctx.arc(sunX, horizon - sunR * 0.35, sunR, 0, Math.PI * 2);
  ctx.clip();
  ctx.fillStyle = sun;
  ctx.fillRect(0, 0, width, horizon);
  ctx.fillStyle = hsl(285, 65, 14);
  for (let i = 0; i < 7; i++) ctx.fillRect(0, horizon - sunR * 0.9 + i * i * 6 * unit + i * 18 * unit, width, (2 + i * 2.5) * unit);
  ctx.restore();
  // Skyline with neon window strips.
  ctx.save();
  let x = -10 * unit;
  while (x < width) {
    const w = rng.range(60, 150) * unit;
    const h = rng.range(0.1, 0.42) * height;
    ctx.fillStyle = hsl(260, 60, 5);
    ctx.fillRect(x, horizon - h, w, h);
    ctx.shadowBlur = 14 * unit;
    for (let y = horizon - h + 20 * unit; y < horizon - 12 * unit; y += 26 * unit) {
      if (!rng.chance(0.35)) continue;
      const colour = rng.chance(0.5) ? hsl(neonA, 100, 62) : hsl(neonB, 100, 55);
      ctx.shadowColor = colour;
      ctx.fillStyle = colour;
      ctx.fillRect(x + 8 * unit, y, w - 16 * unit, 4 * unit);
    }
    ctx.shadowBlur = 0;
    x += w + rng.range(4, 20) * unit;
  }
  ctx.restore();
  // Perspective neon grid floor.
  ctx.fillStyle = hsl(265, 70, 5);
  ctx.fillRect(0, horizon, width, height - horizon);
  ctx.save();
  ctx.strokeStyle = hsl(neonA, 100, 62);
  ctx.shadowColor = hsl(neonA, 100, 60);
  ctx.shadowBlur = 18 * unit;
  ctx.lineWidth = 4 * unit;
  ctx.beginPath();
  const vanishX = width / 2;
  for (let i = -14; i <= 14; i++) {
    ctx.moveTo(vanishX + i * 12 * unit, horizon);
    ctx.lineTo(vanishX + i * width * 0.22, height);
  }
  const floor = height - horizon;
  for (let i = 1; i <= 14; i++) {
    const y = horizon + floor * Math.pow(i / 14, 2.2);
    ctx.moveTo(0, y);
    ctx.lineTo(width, y);
  }
  ctx.stroke();
  ctx.restore();
  softCircle(ctx, width / 2, horizon, width * 0.7, hsl(neonA, 100, 60, 0.35), hsl(neonA, 100, 60, 0));
  // Holograms: a neon keyline and glow around each object, then the scanlines over them too.
  art.paintSubject({ outline: { colour: hsl(neonB, 100, 60), width: 4 * unit }, glow: { colour: hsl(neonA, 100, 60), blur: 50 * unit } });
  scanlines(art, 6 * unit, 0.32);
  return { ink: '#FFFFFF', accent: hslHex(neonA, 100, 58) };
};

export const drawMinimalist: StyleDrawer = (art) => {
  const { ctx, width, height, rng, unit } = art;
  const hue = rng.range(0, 360);
  ctx.fillStyle = hsl(hue, 30, 92);
  ctx.fillRect(0, 0, width, height);
  const accentHue = hue + 180 + rng.range(-30, 30);
  const accent = hsl(accentHue, 55, 62);
  const accentHex = hslHex(accentHue, 55, 62);
  const ink = hsl(hue, 20, 22);
  const free = [width * rng.range(0.35, 0.65), height * rng.range(0.35, 0.5), Math.min(width, height) * rng.range(0.22, 0.32)] as const;
  // With a hero, the one shape becomes its stage: centred behind it, a little smaller.
  const hero = art.layout.hero;
  const cx = hero ? hero.x : free[0];
  const cy = hero ? hero.y + hero.size * 0.08 : free[1];
  const size = hero ? hero.size * 0.56 : free[2];
  ctx.fillStyle = accent;
  switch (art.index % 4) {
    case 0: // one disc above a hairline horizon
      ctx.beginPath();
      ctx.arc(cx, cy, size, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = ink;
      ctx.fillRect(width * 0.15, cy + size * 1.6, width * 0.7, 2 * unit);
      break;
    case 1: // an arch
      ctx.beginPath();
      ctx.arc(cx, cy, size, Math.PI, 0);
      ctx.lineTo(cx + size, cy + size * 1.4);
      ctx.lineTo(cx - size, cy + size * 1.4);
      ctx.closePath();
      ctx.fill();
      break;
    case 2: // two offset blocks
      ctx.fillRect(cx - size, cy - size, size * 1.3, size * 1.8);
      ctx.fillStyle = hsl(hue + 40, 40, 75);
      ctx.fillRect(cx - size * 0.2, cy - size * 0.4, size * 1.2, size * 1.4);
      break;
    default: // a half sun resting on a line
      ctx.beginPath();
      ctx.arc(cx, cy + size, size, Math.PI, 0);
      ctx.fill();
      ctx.fillStyle = ink;
      ctx.fillRect(width * 0.12, cy + size, width * 0.76, 2 * unit);
  }
  // One object only, flat, no effects: minimalism keeps the hero and drops the supports.
  art.paintSubject({ heroOnly: true });
  return { ink: hslHex(hue, 20, 22), accent: accentHex };
};

export const drawVintage: StyleDrawer = (art) => {
  const { ctx, width, height, rng, unit } = art;
  ctx.fillStyle = '#efe4cc';
  ctx.fillRect(0, 0, width, height);
  // The "photo" inside a print border with a wider bottom, as an old instant print.
  const border = width * 0.07;
  const photo = { x: border, y: border, w: width - border * 2, h: height - border * 2 - height * 0.12 };
  ctx.save();
  ctx.beginPath();
  ctx.rect(photo.x, photo.y, photo.w, photo.h);
  ctx.clip();
  const cx = photo.x + photo.w * rng.range(0.15, 0.85);
  const cy = photo.y + photo.h * rng.range(0.4, 0.75);
  // Warm sepia on some prints, a cooler faded brown-grey on others.
  const tone = art.index % 2 === 0 ? ['#caa472', '#7a5232'] : ['#b8ab93', '#4f4538'];
  fillVertical(art, [[0, tone[0]!], [1, tone[1]!]], photo.y, photo.y + photo.h);
  // Sunburst rays in two sepia tones.
  const rays = 24;
  const reach = Math.hypot(photo.w, photo.h);
  ctx.fillStyle = 'rgba(245, 215, 160, 0.35)';
  for (let i = 0; i < rays; i += 2) {
    const a0 = (i / rays) * Math.PI * 2 + art.index * 0.1;
    const a1 = ((i + 1) / rays) * Math.PI * 2 + art.index * 0.1;
    ctx.beginPath();
    ctx.moveTo(cx, cy);
    ctx.lineTo(cx + Math.cos(a0) * reach, cy + Math.sin(a0) * reach);
    ctx.lineTo(cx + Math.cos(a1) * reach, cy + Math.sin(a1) * reach);
    ctx.fill();
  }
  softCircle(ctx, cx, cy, 120 * unit, 'rgba(255, 240, 200, 0.95)', 'rgba(255, 230, 180, 0)', 0.55);
  ridge(art, cy + 60 * unit, 70 * unit, '#4a3020', photo.y + photo.h);
  ridge(art, cy + 170 * unit, 40 * unit, '#2e1d12', photo.y + photo.h);
  // The objects printed on the same old stock: toned sepia, softened, aged with the photo.
  art.paintSubject({ filter: art.index % 2 === 0 ? 'sepia(0.9) contrast(1.05)' : 'grayscale(0.8) sepia(0.4)', shadow: { colour: 'rgba(40, 22, 10, 0.5)', blur: 24 * unit, dx: 0, dy: 14 * unit } });
  vignette(art, 0.75, '40, 22, 10');
  dustAndScratches(art, 9);
  ctx.restore();
  ctx.strokeStyle = 'rgba(60, 40, 20, 0.35)';
  ctx.lineWidth = 2 * unit;
  ctx.strokeRect(photo.x, photo.y, photo.w, photo.h);
  filmGrain(art, 0.28);
  // Faded paper corners.
  vignette(art, 0.25, '110, 80, 40');
  // Cream lettering with the print's red-brown offset shadow, over the photo.
  return { ink: '#F6EBD3', accent: '#7A2E14' };
};
