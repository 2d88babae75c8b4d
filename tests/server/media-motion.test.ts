// Still motion with real ffmpeg: a marker on a black still, rendered small and short with
// different motion hints; where the marker sits in the first and last frames shows the move.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeVideo } from '../../server/media/compose';
import { runFfmpeg } from '../../server/media/ffmpeg';
import { prepareFontsDir } from '../../server/media/fonts';
import type { ComposeInput, VisualMotion } from '../../server/media/types';
import { makeVoice } from './media-fixtures';

const root = mkdtempSync(join(tmpdir(), 'reelflow-motion-'));
const WIDTH = 216;
const HEIGHT = 384;
const DURATION = 1;
let base: ComposeInput;

beforeAll(async () => {
  // A 20x20 white square in the middle of a black frame of the output's size.
  await runFfmpeg(['-y', '-f', 'lavfi', '-i', `color=c=black:s=${WIDTH}x${HEIGHT},drawbox=x=98:y=182:w=20:h=20:color=white:t=fill`, '-frames:v', '1', join(root, 'marker.png')]);
  await makeVoice(join(root, 'voice.wav'), [[0, 0.5]], DURATION);
  base = {
    scenes: [],
    voicePath: join(root, 'voice.wav'),
    music: null,
    assPath: null,
    fontsDir: prepareFontsDir(join(root, 'cache')),
    width: WIDTH,
    height: HEIGHT,
    fps: 30,
    duration: DURATION,
    watermark: false,
    outputPath: '',
    thumbnailPath: '',
  };
}, 60_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Centre of the bright pixels of a gray frame. */
function markerCentre(pixels: Buffer): { x: number; y: number } {
  let count = 0;
  let sumX = 0;
  let sumY = 0;
  for (let index = 0; index < WIDTH * HEIGHT; index += 1) {
    if (pixels[index]! < 128) continue;
    count += 1;
    sumX += index % WIDTH;
    sumY += Math.floor(index / WIDTH);
  }
  expect(count).toBeGreaterThan(200);
  return { x: sumX / count, y: sumY / count };
}

/** Every frame of a video as 8-bit gray pixels. */
async function grayFrames(video: string): Promise<Buffer[]> {
  const raw = `${video}.gray`;
  await runFfmpeg(['-y', '-i', video, '-f', 'rawvideo', '-pix_fmt', 'gray', raw]);
  const data = readFileSync(raw);
  const size = WIDTH * HEIGHT;
  return Array.from({ length: data.length / size }, (_, index) => data.subarray(index * size, (index + 1) * size));
}

/** Renders the marker still with a motion hint; where the marker is in every frame. */
async function markerPath(name: string, motion: VisualMotion | undefined): Promise<Array<{ x: number; y: number }>> {
  const out = join(root, name);
  const scene = { path: join(root, 'marker.png'), kind: 'image' as const, start: 0, duration: DURATION, ...(motion ? { motion } : {}) };
  await composeVideo({ ...base, scenes: [scene], outputPath: join(out, 'video.mp4'), thumbnailPath: join(out, 'thumb.jpg') });
  const frames = await grayFrames(join(out, 'video.mp4'));
  expect(frames).toHaveLength(DURATION * 30);
  return frames.map(markerCentre);
}

function move(path: Array<{ x: number; y: number }>): { dx: number; dy: number } {
  return { dx: path.at(-1)!.x - path[0]!.x, dy: path.at(-1)!.y - path[0]!.y };
}

describe('still motion in a real render', () => {
  it('moves the picture the way each hint says and by its amount; no motion holds it still', async () => {
    const rightPath = await markerPath('right', { pan: 'right', zoom: 'none', amount: 0.2 });
    const right = move(rightPath);
    const up = move(await markerPath('up', { pan: 'up', zoom: 'none', amount: 0.2 }));
    const still = move(await markerPath('still', { pan: 'none', zoom: 'none', amount: 0 }));
    // Panning right slides the picture left by ~20 % of the width (eased: ~99.7 % of it by the last frame, 29/30 s in).
    expect(right.dx).toBeLessThan(-0.2 * WIDTH * 0.9);
    expect(right.dx).toBeGreaterThan(-0.2 * WIDTH * 1.1);
    expect(Math.abs(right.dy)).toBeLessThan(2);
    // Panning up slides it down by ~20 % of the height.
    expect(up.dy).toBeGreaterThan(0.2 * HEIGHT * 0.9);
    expect(up.dy).toBeLessThan(0.2 * HEIGHT * 1.1);
    expect(Math.abs(up.dx)).toBeLessThan(2);
    expect(Math.abs(still.dx) + Math.abs(still.dy)).toBeLessThan(1);
    // Smooth: through the middle of the ease every frame moves on (no dropped-then-doubled frames).
    for (let frame = 8; frame < 22; frame += 1) expect(rightPath[frame + 1]!.x).toBeLessThan(rightPath[frame]!.x);
  }, 120_000);
});
