// Illustrated looks: anime (saturated sky, cel-shaded clouds, speed lines), comic (flat primaries
// in panels, halftone; its speech burst is burned in with the key phrase), watercolour (soft
// layered blotches on paper) and fantasy (starry night, moon, layered mountains, mist). Each
// returns the inks its key phrase is burned in.
import { blobPath, fillVertical, hsl, hslHex, ridge, softCircle, type SceneArt, type StyleDrawer } from './kit';
import { halftone, paperTexture } from './textures';

export const drawAnime: StyleDrawer = (art) => {
  const { ctx, width, height, rng, unit } = art;
  const hue = 205 + rng.range(-12, 12);
  fillVertical(art, [[0, hsl(hue + 15, 85, 48)], [0.6, hsl(hue, 90, 68)], [1, hsl(hue - 25, 80, 88)]]);

  // Cel-shaded cumulus: flat white lobes over a flat blue-grey shadow, hard edges.
  for (let c = 0; c < 3; c++) {
    const cx = rng.range(0.1, 0.9) * width;
    const cy = rng.range(0.15, 0.55) * height;
    const size = rng.range(90, 160) * unit;
    const lobes = Array.from({ length: 7 }, () => [cx + rng.range(-1.6, 1.6) * size, cy + rng.range(-0.6, 0.4) * size, size * rng.range(0.5, 0.95)] as const);
    ctx.fillStyle = hsl(hue + 10, 45, 82);
    for (const [x, y, r] of lobes) { ctx.beginPath(); ctx.arc(x + r * 0.12, y + r * 0.18, r, 0, Math.PI * 2); ctx.fill(); }
    ctx.fillStyle = '#ffffff';
    for (const [x, y, r] of lobes) { ctx.beginPath(); ctx.arc(x, y, r * 0.92, 0, Math.PI * 2); ctx.fill(); }
  }

  // Speed lines radiating from a focus point: the genre's sense of motion.
  // They converge on the hero when there is one: the whole frame points at it.
  const randomFocus = [width * rng.range(0.35, 0.65), height * rng.range(0.35, 0.5)] as const;
  const fx = art.layout.hero?.x ?? randomFocus[0];
  const fy = art.layout.hero?.y ?? randomFocus[1];
  ctx.save();
  ctx.globalAlpha = 0.55;
  ctx.fillStyle = '#ffffff';
  const rays = 70;
  for (let i = 0; i < rays; i++) {
    const angle = (i / rays) * Math.PI * 2 + rng.range(-0.02, 0.02);
    const spread = rng.range(0.004, 0.012);
    const inner = Math.min(width, height) * rng.range(0.32, 0.45);
    const outer = Math.hypot(width, height);
    ctx.beginPath();
    ctx.moveTo(fx + Math.cos(angle) * inner, fy + Math.sin(angle) * inner);
    ctx.lineTo(fx + Math.cos(angle - spread) * outer, fy + Math.sin(angle - spread) * outer);
    ctx.lineTo(fx + Math.cos(angle + spread) * outer, fy + Math.sin(angle + spread) * outer);
    ctx.closePath();
    ctx.fill();
  }
  ctx.restore();

  // Town on a green hill with a hard two-tone shade.
  const hillY = height * 0.78;
  ridge(art, hillY, 40 * unit, hsl(110, 55, 45), height, 5);
  ctx.fillStyle = hsl(130, 50, 30, 0.5);
  ctx.fillRect(0, hillY + 90 * unit, width, height);
  for (let x = 0; x < width; x += rng.range(40, 90) * unit) {
    const w = rng.range(30, 60) * unit;
    const h = rng.range(40, 110) * unit;
    ctx.fillStyle = hsl(rng.pick([10, 30, 200, 340]), 60, 70);
    ctx.fillRect(x, hillY - h + 30 * unit, w, h);
    ctx.fillStyle = hsl(0, 65, 45);
    ctx.beginPath();
    ctx.moveTo(x - 6 * unit, hillY - h + 30 * unit);
    ctx.lineTo(x + w / 2, hillY - h);
    ctx.lineTo(x + w + 6 * unit, hillY - h + 30 * unit);
    ctx.fill();
  }
  // Sparkles.
  ctx.fillStyle = '#fffbe0';
  for (let i = 0; i < 14; i++) star4(art, rng.range(0, width), rng.range(0, height * 0.6), rng.range(6, 16) * unit);
  // Cel look: an ink line and a white keyline around each object, like a sticker on the sky.
  art.paintSubject({ outline: { colour: '#1b1b3a', width: 9 * unit }, shadow: { colour: hsl(330, 90, 55, 0.9), blur: 0, dx: 12 * unit, dy: 12 * unit } });
  return { ink: '#FFFFFF', accent: hslHex(330, 90, 55) };
};

export const drawComic: StyleDrawer = (art) => {
  const { ctx, width, height, rng, unit } = art;
  ctx.fillStyle = '#fdf6e3';
  ctx.fillRect(0, 0, width, height);
  const gutter = 26 * unit;
  const border = 9 * unit;
  // On a vertical frame the top panel is tall enough to hold the hero above the middle captions.
  const split = height * (height > width * 1.2 ? rng.range(0.47, 0.5) : rng.range(0.38, 0.5));
  const splitX = width * rng.range(0.4, 0.6);
  const panels: Array<[number, number, number, number]> = [
    [gutter, gutter, width - gutter * 2, split - gutter * 1.5],
    [gutter, split + gutter / 2, splitX - gutter * 1.5, height - split - gutter * 1.5],
    [splitX + gutter / 2, split + gutter / 2, width - splitX - gutter * 1.5, height - split - gutter * 1.5],
  ];
  const primaries = [48, 200, 355, 28, 280];
  const start = rng.int(0, primaries.length - 1);
  panels.forEach(([x, y, w, h], i) => {
    const hue = primaries[(start + i) % primaries.length]!;
    ctx.save();
    ctx.beginPath();
    ctx.rect(x, y, w, h);
    ctx.clip();
    ctx.fillStyle = hsl(hue, 90, 58);
    ctx.fillRect(x, y, w, h);
    // Halftone shading darker toward one corner, as printed comics did.
    halftone(art, 22 * unit, hsl(hue, 95, 32), (px, py) => ((px - x) / w + (py - y) / h) / 2 + 0.1);
    // Action lines from the panel centre.
    ctx.strokeStyle = 'rgba(20,20,20,0.8)';
    ctx.lineWidth = 4 * unit;
    const cx = x + w * rng.range(0.3, 0.7);
    const cy = y + h * rng.range(0.3, 0.7);
    for (let a = 0; a < 24; a++) {
      const angle = (a / 24) * Math.PI * 2;
      const r = Math.min(w, h) * 0.3;
      ctx.beginPath();
      ctx.moveTo(cx + Math.cos(angle) * r, cy + Math.sin(angle) * r);
      ctx.lineTo(cx + Math.cos(angle) * r * 3, cy + Math.sin(angle) * r * 3);
      ctx.stroke();
    }
    ctx.restore();
    ctx.lineWidth = border;
    ctx.strokeStyle = '#111111';
    ctx.strokeRect(x, y, w, h);
  });

  // Objects inked with a heavy line, then the speech burst with the key phrase above them.
  art.paintSubject({ outline: { colour: '#111111', width: 10 * unit }, shadow: { colour: 'rgba(17, 17, 17, 0.9)', blur: 0, dx: 10 * unit, dy: 10 * unit } });
  // The speech burst and its phrase punch in over the panels (the burner draws both); without a
  // picture the burst fills the top panel.
  return { ink: hslHex(355, 90, 48), accent: '#111111', ...(art.layout.hero ? {} : { y: split / 2 + gutter / 2 }) };
};

export const drawWatercolor: StyleDrawer = (art) => {
  const { ctx, width, height, rng, unit } = art;
  ctx.fillStyle = '#fbf7ee';
  ctx.fillRect(0, 0, width, height);
  const baseHue = rng.range(0, 360);
  const hues = [baseHue, baseHue + 35, baseHue + 180, baseHue - 40];
  // Wet washes: each blotch is many faint, slightly different blobs stacked (the classic
  // layered-polygon watercolour technique), which gives soft, darker edges like pigment pooling.
  const washes = rng.int(5, 7);
  for (let w = 0; w < washes; w++) {
    const hue = rng.pick(hues);
    const x = rng.range(0.1, 0.9) * width;
    const y = rng.range(0.15, 0.9) * height;
    const radius = rng.range(160, 340) * unit;
    ctx.fillStyle = hsl(hue, rng.range(55, 80), rng.range(50, 65), 0.07);
    for (let layer = 0; layer < 18; layer++) {
      blobPath(ctx, rng, x + rng.range(-30, 30) * unit, y + rng.range(-30, 30) * unit, radius * rng.range(0.6, 1.05), 0.35, 22);
      ctx.fill();
    }
  }
  // A soft horizon wash and a few hills, as a landscape sketch.
  ctx.fillStyle = hsl(baseHue + 180, 35, 45, 0.08);
  for (let layer = 0; layer < 10; layer++) ridge(art, height * 0.72 + layer * 4 * unit, 70 * unit, hsl(baseHue + 180, 35, 45, 0.07), height, 6);
  // Splatters.
  for (let i = 0; i < 40; i++) {
    ctx.fillStyle = hsl(rng.pick(hues), 60, 45, rng.range(0.2, 0.5));
    ctx.beginPath();
    ctx.arc(rng.range(0, width), rng.range(0, height), rng.range(2, 9) * unit, 0, Math.PI * 2);
    ctx.fill();
  }
  // Pigment soaks into the paper: the objects multiply with the washes under them.
  art.paintSubject({ blend: 'multiply', alpha: 0.9, filter: 'saturate(0.85)' });
  paperTexture(art, 0.55);
  // Lettered in the washes' complementary ink.
  return { ink: hslHex(baseHue + 180, 45, 22), accent: hslHex(baseHue, 60, 55) };
};

export const drawFantasy: StyleDrawer = (art) => {
  const { ctx, width, height, rng, unit } = art;
  // Twilight: deep blue overhead to a warm, luminous horizon — magic hour, not neon night.
  const hue = 215 + rng.range(-15, 15);
  const glow = rng.pick([30, 45, 330]);
  fillVertical(art, [[0, hsl(hue, 65, 10)], [0.4, hsl(hue - 20, 50, 30)], [0.62, hsl(glow, 60, 62)], [1, hsl(glow, 50, 40)]]);
  // Stars, a few with glow.
  for (let i = 0; i < 420; i++) {
    const x = rng.range(0, width);
    const y = rng.range(0, height * 0.45);
    const r = rng.range(0.6, 2.4) * unit;
    ctx.fillStyle = `rgba(255, 250, 235, ${rng.range(0.4, 1).toFixed(2)})`;
    ctx.fillRect(x, y, r, r);
  }
  for (let i = 0; i < 10; i++) softCircle(ctx, rng.range(0, width), rng.range(0, height * 0.5), 14 * unit, 'rgba(255,255,240,0.9)', 'rgba(255,255,240,0)', 0.1);
  // Aurora ribbon.
  ctx.save();
  ctx.globalCompositeOperation = 'screen';
  for (let band = 0; band < 3; band++) {
    const y0 = height * rng.range(0.15, 0.35);
    const grad = ctx.createLinearGradient(0, y0 - 120 * unit, 0, y0 + 120 * unit);
    grad.addColorStop(0, hsl(150 + band * 30, 90, 60, 0));
    grad.addColorStop(0.5, hsl(150 + band * 30, 90, 60, 0.22));
    grad.addColorStop(1, hsl(150 + band * 30, 90, 60, 0));
    ctx.fillStyle = grad;
    ctx.beginPath();
    ctx.moveTo(0, y0);
    for (let x = 0; x <= width; x += width / 8) ctx.lineTo(x, y0 + Math.sin(x / width * 5 + band + rng.range(0, 1)) * 60 * unit - 120 * unit);
    for (let x = width; x >= 0; x -= width / 8) ctx.lineTo(x, y0 + Math.sin(x / width * 5 + band) * 60 * unit + 120 * unit);
    ctx.fill();
  }
  ctx.restore();
  // Moon with halo.
  const mx = width * rng.range(0.2, 0.8);
  const my = height * rng.range(0.12, 0.3);
  softCircle(ctx, mx, my, 300 * unit, 'rgba(210, 220, 255, 0.35)', 'rgba(210,220,255,0)');
  ctx.fillStyle = '#f4f1ff';
  ctx.beginPath();
  ctx.arc(mx, my, 70 * unit, 0, Math.PI * 2);
  ctx.fill();
  // Layered mountains with a castle on the nearest peak line.
  ridge(art, height * 0.55, 180 * unit, hsl(hue + 10, 30, 45));
  ridge(art, height * 0.66, 140 * unit, hsl(hue + 5, 35, 26));
  castle(art, width * rng.range(0.25, 0.75), height * 0.68, hsl(hue, 45, 9));
  ridge(art, height * 0.78, 90 * unit, hsl(hue, 45, 9));
  // Mist and fireflies.
  for (let i = 0; i < 6; i++) {
    ctx.save();
    ctx.translate(rng.range(0, width), height * rng.range(0.62, 0.85));
    ctx.scale(4, 1);
    softCircle(ctx, 0, 0, rng.range(40, 80) * unit, 'rgba(200,190,255,0.18)', 'rgba(200,190,255,0)');
    ctx.restore();
  }
  for (let i = 0; i < 30; i++) softCircle(ctx, rng.range(0, width), rng.range(height * 0.7, height), 10 * unit, 'rgba(255,230,120,0.9)', 'rgba(255,210,90,0)', 0.15);
  // Enchanted: the objects float in a golden aura above the valley.
  art.paintSubject({ glow: { colour: 'rgba(255, 214, 130, 0.95)', blur: 70 * unit } });
  // Moonlit cream with a golden glow.
  return { ink: '#FFF1CF', accent: '#FFC865' };
};

function star4(art: SceneArt, x: number, y: number, r: number): void {
  const { ctx } = art;
  ctx.beginPath();
  ctx.moveTo(x, y - r);
  ctx.quadraticCurveTo(x, y, x + r, y);
  ctx.quadraticCurveTo(x, y, x, y + r);
  ctx.quadraticCurveTo(x, y, x - r, y);
  ctx.quadraticCurveTo(x, y, x, y - r);
  ctx.fill();
}

function castle(art: SceneArt, x: number, baseY: number, colour: string): void {
  const { ctx, unit, rng } = art;
  ctx.fillStyle = colour;
  const towers = rng.int(3, 5);
  for (let t = 0; t < towers; t++) {
    const tx = x + (t - towers / 2) * 46 * unit;
    const th = rng.range(120, 260) * unit;
    ctx.fillRect(tx, baseY - th, 34 * unit, th + 60 * unit);
    ctx.beginPath();
    ctx.moveTo(tx - 8 * unit, baseY - th);
    ctx.lineTo(tx + 17 * unit, baseY - th - 60 * unit);
    ctx.lineTo(tx + 42 * unit, baseY - th);
    ctx.fill();
  }
  ctx.fillRect(x - towers * 23 * unit, baseY - 90 * unit, towers * 46 * unit, 150 * unit);
}
