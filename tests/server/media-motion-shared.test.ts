// The preview moves a still with contract/motion.ts panOffset; the render with the crop expression
// the filter graph writes. Both must put the view at the same place at every moment: this reads
// the expression out of a real argv, evaluates it, and compares.
import { describe, expect, it } from 'vitest';
import { panOffset, stillDrift, type MotionHint } from '../../contract/motion';
import { composeArgs, PAN_OVERSCAN, stillDrift as filtergraphDrift } from '../../server/media/filtergraph';

const WIDTH = 1080;
const HEIGHT = 1920;
const FPS = 30;

function cropOf(motion: MotionHint | undefined, index: number, frames: number): string {
  const scenes = Array.from({ length: index + 1 }, (_, i) => ({ path: `/s${i}.png`, kind: 'image' as const, start: (i * frames) / FPS, duration: frames / FPS, ...(i === index && motion ? { motion } : {}) }));
  const input = { scenes, voicePath: '/v.mp3', music: null, assPath: null, fontsDir: '/fonts', width: WIDTH, height: HEIGHT, fps: FPS, duration: ((index + 1) * frames) / FPS, watermark: false };
  const graph = composeArgs(input as never, { video: '/o.mp4', thumbnail: '/t.jpg', thumbnailTime: 0 }, { voiceGainDb: 0, musicGainDb: null });
  const filter = graph[graph.indexOf('-filter_complex') + 1]!.split(';').find((part) => part.endsWith(`[s${index}]`))!;
  return filter;
}

/** Evaluates one axis of the crop expression (as a share of its slack) at `t`. */
function axisShare(filter: string, axis: 'x' | 'y', t: number): number {
  const expression = new RegExp(`:${axis}='([^']+)'`).exec(filter)![1]!;
  if (/^\((iw-ow|ih-oh)\)\/2$/.test(expression)) return 0.5;
  const match = /^\((?:iw-ow|ih-oh)\)\*\((-?[\d.]+)\+(-?[\d.]+)\*\(0\.5-0\.5\*cos\(PI\*min\(t\/([\d.]+),1\)\)\)\)$/.exec(expression);
  if (!match) throw new Error(`Unexpected crop expression: ${expression}`);
  const [from, span, seconds] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return from + span * (0.5 - 0.5 * Math.cos(Math.PI * Math.min(t / seconds, 1)));
}

describe('the shared still motion', () => {
  const cases: Array<[string, MotionHint | undefined, number]> = [
    ['default drift, scene 0 (→)', undefined, 0],
    ['default drift, scene 3 (↑)', undefined, 3],
    ['pan right + zoom in', { pan: 'right', zoom: 'in', amount: 0.1 }, 0],
    ['zoom out alone (diagonal)', { pan: 'none', zoom: 'out', amount: 0.15 }, 1],
    ['pan up, amount over the limit', { pan: 'up', zoom: 'none', amount: 0.5 }, 2],
    ['no motion', { pan: 'none', zoom: 'none', amount: 0.1 }, 0],
  ];
  it.each(cases)('puts the view where the render does: %s', (_, motion, index) => {
    const frames = 75;
    const filter = cropOf(motion, index, frames);
    const drift = stillDrift(motion, index);
    for (const frame of [0, 1, 20, 37, 60, 74]) {
      const t = frame / FPS;
      const share = panOffset(drift, t, frames / FPS);
      expect(share.x).toBeCloseTo(axisShare(filter, 'x', t), 3);
      expect(share.y).toBeCloseTo(axisShare(filter, 'y', t), 3);
    }
  });

  it('is re-exported unchanged by the filter graph', () => {
    expect(filtergraphDrift).toBe(stillDrift);
    expect(PAN_OVERSCAN).toBe(1.08);
  });
});
