// Photographic looks: "realistic" (a natural landscape in daylight with depth haze and lens
// bokeh) and "cinematic" (teal-and-orange grade, skyline against a low sun, anamorphic flare,
// letterbox bars). Both aim for the feel of a photo, drawn from gradients — no AI, no stock.
// Each returns the inks its key phrase is burned in.
import { fillVertical, hsl, ridge, softCircle, type StyleDrawer } from './kit';
import { bokeh, filmGrain, letterbox, vignette } from './textures';

const REALISTIC_SKIES = [
  { name: 'day', top: [212, 62, 42], horizon: [200, 55, 84], sun: [50, 100, 92], land: 120 },
  { name: 'golden', top: [215, 40, 42], horizon: [38, 85, 72], sun: [42, 100, 80], land: 95 },
  { name: 'overcast', top: [205, 18, 58], horizon: [200, 14, 82], sun: [0, 0, 96], land: 140 },
] as const;

export const drawRealistic: StyleDrawer = (art) => {
  const { ctx, width, height, rng, unit } = art;
  const sky = REALISTIC_SKIES[(art.index + rng.int(0, 2)) % REALISTIC_SKIES.length]!;
  const horizon = height * rng.range(0.52, 0.64);
  const hueShift = rng.range(-8, 8);
  fillVertical(art, [
    [0, hsl(sky.top[0] + hueShift, sky.top[1], sky.top[2])],
    [1, hsl(sky.horizon[0] + hueShift, sky.horizon[1], sky.horizon[2])],
  ], 0, horizon);

  const sunX = width * rng.range(0.2, 0.8);
  const sunY = horizon - height * rng.range(0.08, 0.25);
  softCircle(ctx, sunX, sunY, width * 0.55, hsl(sky.sun[0], sky.sun[1], sky.sun[2], 0.55), hsl(sky.sun[0], sky.sun[1], sky.sun[2], 0));
  softCircle(ctx, sunX, sunY, 34 * unit, hsl(sky.sun[0], sky.sun[1], 97), hsl(sky.sun[0], sky.sun[1], 90, 0), 0.6);

  // Thin high clouds: stretched soft discs.
  for (let i = 0; i < 6; i++) {
    ctx.save();
    ctx.translate(rng.range(0, width), rng.range(horizon * 0.1, horizon * 0.8));
    ctx.scale(rng.range(3, 6), 1);
    softCircle(ctx, 0, 0, rng.range(30, 70) * unit, 'rgba(255,255,255,0.35)', 'rgba(255,255,255,0)');
    ctx.restore();
  }

  // Three ranges fading into the haze: far ones lighter and bluer (aerial perspective).
  const land = sky.land + rng.range(-15, 15);
  ridge(art, horizon - 90 * unit, 120 * unit, hsl(215, 20, 72, 0.9));
  ridge(art, horizon - 20 * unit, 90 * unit, hsl(land - 10, 22, 48));
  const near = ctx.createLinearGradient(0, horizon, 0, height);
  near.addColorStop(0, hsl(land, 35, 34));
  near.addColorStop(1, hsl(land + 10, 40, 16));
  ridge(art, horizon + 70 * unit, 60 * unit, near);

  // A lake in the valley on some scenes: the sky mirrored, darker.
  if (rng.chance(0.5)) {
    const lakeTop = horizon + 150 * unit;
    const water = ctx.createLinearGradient(0, lakeTop, 0, height);
    water.addColorStop(0, hsl(sky.horizon[0], sky.horizon[1] * 0.7, sky.horizon[2] * 0.8));
    water.addColorStop(1, hsl(sky.top[0], sky.top[1] * 0.8, sky.top[2] * 0.5));
    ctx.fillStyle = water;
    ctx.fillRect(0, lakeTop, width, height - lakeTop);
    ctx.fillStyle = 'rgba(255,255,255,0.18)';
    for (let i = 0; i < 40; i++) ctx.fillRect(sunX + rng.range(-90, 90) * unit, rng.range(lakeTop, height), rng.range(20, 90) * unit, 2 * unit);
  }

  bokeh(art, 14, [45, 30, 200], 70 * unit, height * 0.7, height);
  // The objects stand in the landscape's light: a soft contact shadow below, like a product shot.
  art.paintSubject({ shadow: { colour: 'rgba(10, 20, 30, 0.45)', blur: 36 * unit, dx: 0, dy: 22 * unit } });
  vignette(art, 0.22);
  filmGrain(art, 0.1);
  return { ink: '#FFFFFF', accent: '#000000' };
};

export const drawCinematic: StyleDrawer = (art) => {
  const { ctx, width, height, rng, unit } = art;
  const horizon = height * rng.range(0.55, 0.66);
  const warm = 22 + rng.range(-8, 10);
  const teal = 190 + rng.range(-10, 10);
  fillVertical(art, [
    [0, hsl(teal, 55, 9)],
    [0.55, hsl(teal, 40, 24)],
    [0.9, hsl(warm, 80, 52)],
    [1, hsl(warm + 10, 95, 70)],
  ], 0, horizon);

  const sunX = width * rng.range(0.3, 0.7);
  softCircle(ctx, sunX, horizon, width * 0.8, hsl(warm, 95, 60, 0.55), hsl(warm, 95, 50, 0));
  softCircle(ctx, sunX, horizon, 70 * unit, hsl(warm + 15, 100, 88), hsl(warm + 15, 100, 70, 0), 0.5);

  // Anamorphic flare: a thin horizontal streak through the sun, in the lens's blue.
  const streak = ctx.createLinearGradient(0, 0, width, 0);
  streak.addColorStop(0, 'rgba(120, 200, 255, 0)');
  streak.addColorStop(sunX / width, 'rgba(170, 225, 255, 0.85)');
  streak.addColorStop(1, 'rgba(120, 200, 255, 0)');
  ctx.fillStyle = streak;
  ctx.fillRect(0, horizon - 3 * unit, width, 6 * unit);

  // Skyline (odd scenes) or a desert ridge (even scenes), black-teal against the glow.
  const silhouette = hsl(teal, 45, 6);
  if (art.index % 2 === 1) {
    let x = -20 * unit;
    while (x < width) {
      const w = rng.range(50, 140) * unit;
      const h = rng.range(0.08, 0.34) * height;
      ctx.fillStyle = silhouette;
      ctx.fillRect(x, horizon - h, w, h + 4);
      ctx.fillStyle = hsl(warm + 15, 90, 65, 0.8);
      for (let wy = horizon - h + 14 * unit; wy < horizon - 10 * unit; wy += 22 * unit) {
        for (let wx = x + 8 * unit; wx < x + w - 12 * unit; wx += 18 * unit) {
          if (rng.chance(0.18)) ctx.fillRect(wx, wy, 7 * unit, 10 * unit);
        }
      }
      x += w + rng.range(0, 12) * unit;
    }
  } else {
    ridge(art, horizon - 30 * unit, 70 * unit, silhouette, horizon + 2);
  }
  fillVertical(art, [[0, hsl(teal, 50, 9)], [1, hsl(teal, 55, 6)]], horizon, height);
  // The sun's reflection on wet ground or water: broken warm strokes narrowing toward the viewer.
  ctx.fillStyle = hsl(warm + 10, 95, 62, 0.55);
  for (let y = horizon + 6 * unit; y < height; y += rng.range(8, 18) * unit) {
    const spread = (1 - (y - horizon) / (height - horizon)) * 220 * unit + 30 * unit;
    ctx.fillRect(sunX - spread * rng.range(0.3, 1), y, spread * rng.range(0.6, 2), rng.range(2, 5) * unit);
  }
  // Low fog catching the light.
  for (let i = 0; i < 5; i++) {
    ctx.save();
    ctx.translate(rng.range(0, width), horizon + rng.range(10, 160) * unit);
    ctx.scale(5, 1);
    softCircle(ctx, 0, 0, rng.range(40, 90) * unit, hsl(teal, 35, 45, 0.25), hsl(teal, 35, 45, 0));
    ctx.restore();
  }

  // Backlit by the low sun: a warm rim glow around the objects.
  art.paintSubject({ glow: { colour: hsl(warm, 95, 60, 0.8), blur: 60 * unit } });
  vignette(art, 0.65);
  filmGrain(art, 0.16);
  // Cinema bars belong to a wide frame; inside a vertical or square one they only waste it.
  const bar = width > height * 1.2 ? letterbox(art) : 0;
  // In the top bar on a wide frame, as a film's title card.
  return { ink: '#F0E6D6', accent: '#000000', ...(bar > 0 ? { y: bar / 2 } : {}) };
};
