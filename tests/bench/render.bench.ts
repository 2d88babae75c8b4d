// `npm run bench`: the cost of our one-pass render of a 60 s 1080x1920 video (10 stills
// with motion, voice, ducked music, karaoke captions, watermark, thumbnail) divided by one raw
// ffmpeg encode of the same resolution, length and encoder settings (testsrc2 + a sine, nothing
// else). Goal ≤ 1.2. testsrc2 is busier than panned stills, so a second baseline re-encodes our
// own output with the same settings (the same pictures; it adds an H.264 decode to the baseline).
// Also the peak memory (max RSS) of the render's ffmpeg.
// Every ffmpeg run goes through /usr/bin/time (FFMPEG_PATH points at a small wrapper), so wall,
// CPU and memory are ffmpeg's own. Runs alternate so machine noise hits both alike; figures only.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveCaptionStyle } from '../../contract';
import { buildAss } from '../../server/media/captions';
import { composeVideo } from '../../server/media/compose';
import { ffmpegPath, runFfmpeg } from '../../server/media/ffmpeg';
import { AUDIO_ENCODER_ARGS, VIDEO_ENCODER_ARGS } from '../../server/media/filtergraph';
import { prepareFontsDir } from '../../server/media/fonts';
import type { ComposeInput } from '../../server/media/types';
import { STYLE_MOTION } from '../../server/providers/visuals/builtin/render';
import { makeMusic, makeStill, makeVoice, wordsFor } from '../server/media-fixtures';

const SECONDS = 60;
const SCENES = 10;
const RUNS = Number(process.env.BENCH_RENDER_RUNS ?? 2);
// Even scenes move as the built-in styles ask (larger overscan, diagonal drifts); odd ones
// have no hint and take the default pan, as AI images and stock photos do.
const STYLE_MOTIONS = Object.values(STYLE_MOTION);

interface Usage {
  wall: number;
  cpu: number;
  maxRssKb: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function main() {
  const root = mkdtempSync(join(tmpdir(), 'reelflow-render-bench-'));
  const timeLog = join(root, 'time.log');
  const wrapper = join(root, 'ffmpeg-timed.sh');
  writeFileSync(wrapper, `#!/bin/sh\nexec /usr/bin/time -a -o "${timeLog}" -f "%e %U %S %M" "${ffmpegPath()}" "$@"\n`);
  chmodSync(wrapper, 0o755);
  try {
    // Inputs: stills of mixed shapes, 5-s spoken stretches with short pauses, a 25-s music loop.
    const spoken: Array<[number, number]> = [];
    for (let at = 0.3; at + 4.5 < SECONDS - 1; at += 5.2) spoken.push([at, at + 4.5]);
    const narrationEnd = spoken.at(-1)![1];
    await Promise.all([
      ...Array.from({ length: SCENES }, (_, index) => makeStill(join(root, `scene-${index}.png`), index % 3 === 2 ? 1280 : 1080, index % 3 === 2 ? 720 : 1920, index)),
      makeVoice(join(root, 'voice.wav'), spoken, narrationEnd),
      makeMusic(join(root, 'music.mp3'), 25),
    ]);
    const assPath = join(root, 'captions.ass');
    writeFileSync(assPath, buildAss({ words: wordsFor(spoken), style: resolveCaptionStyle({ preset: 'bold-pop' }), width: 1080, height: 1920 }));
    const input: ComposeInput = {
      scenes: Array.from({ length: SCENES }, (_, index) => ({ path: join(root, `scene-${index}.png`), kind: 'image' as const, start: (index * SECONDS) / SCENES, duration: SECONDS / SCENES, ...(index % 2 === 0 ? { motion: STYLE_MOTIONS[index % STYLE_MOTIONS.length]! } : {}) })),
      voicePath: join(root, 'voice.wav'),
      music: { path: join(root, 'music.mp3'), volume: 0.25 },
      assPath,
      fontsDir: prepareFontsDir(join(root, 'cache')),
      width: 1080,
      height: 1920,
      fps: 30,
      duration: SECONDS,
      watermark: true,
      outputPath: join(root, 'out', 'video.mp4'),
      thumbnailPath: join(root, 'out', 'thumb.jpg'),
    };
    const rawArgs = [
      '-y', '-f', 'lavfi', '-i', `testsrc2=s=1080x1920:r=30:d=${SECONDS}`, '-f', 'lavfi', '-i', `sine=f=440:d=${SECONDS}:sample_rate=48000`,
      ...VIDEO_ENCODER_ARGS, '-g', '60', ...AUDIO_ENCODER_ARGS, '-t', String(SECONDS), '-movflags', '+faststart', '-f', 'mp4', join(root, 'raw.mp4'),
    ];

    process.env.FFMPEG_PATH = wrapper;
    const usages = (): Usage[] =>
      readFileSync(timeLog, 'utf8')
        .trim()
        .split('\n')
        .filter((line) => /^[\d.]+ [\d.]+ [\d.]+ \d+$/.test(line))
        .map((line) => {
          const [wall, user, sys, rss] = line.split(' ').map(Number) as [number, number, number, number];
          return { wall, cpu: user + sys, maxRssKb: rss };
        });
    const measure = async (run: () => Promise<unknown>) => {
      writeFileSync(timeLog, '');
      const started = performance.now();
      await run();
      const wall = (performance.now() - started) / 1000;
      const runs = usages();
      return { wall, cpu: runs.reduce((sum, usage) => sum + usage.cpu, 0), maxRssKb: Math.max(...runs.map((usage) => usage.maxRssKb)), processes: runs.length };
    };

    const sameArgs = ['-y', '-i', input.outputPath, ...VIDEO_ENCODER_ARGS, '-g', '60', ...AUDIO_ENCODER_ARGS, '-movflags', '+faststart', '-f', 'mp4', join(root, 'same.mp4')];

    const raw: Array<Awaited<ReturnType<typeof measure>>> = [];
    const ours: Array<Awaited<ReturnType<typeof measure>>> = [];
    const same: Array<Awaited<ReturnType<typeof measure>>> = [];
    for (let run = 0; run < RUNS; run += 1) {
      raw.push(await measure(() => runFfmpeg(rawArgs)));
      ours.push(await measure(() => composeVideo(input)));
      same.push(await measure(() => runFfmpeg(sameArgs)));
    }
    const sameWall = median(same.map((r) => r.wall));
    const sameCpu = median(same.map((r) => r.cpu));
    const rawWall = median(raw.map((r) => r.wall));
    const oursWall = median(ours.map((r) => r.wall));
    const rawCpu = median(raw.map((r) => r.cpu));
    const oursCpu = median(ours.map((r) => r.cpu));
    console.log(`render of a ${SECONDS} s 1080x1920 video (${SCENES} stills, voice, ducked music, captions, watermark) vs one raw encode; median of ${RUNS}, alternating`);
    console.log(`  raw encode (testsrc2 + sine): ${rawWall.toFixed(1)} s wall, ${rawCpu.toFixed(1)} s CPU, peak ${(Math.max(...raw.map((r) => r.maxRssKb)) / 1024).toFixed(0)} MB`);
    console.log(`  our render (${ours[0]!.processes} ffmpeg runs):  ${oursWall.toFixed(1)} s wall, ${oursCpu.toFixed(1)} s CPU, peak ${(Math.max(...ours.map((r) => r.maxRssKb)) / 1024).toFixed(0)} MB`);
    console.log(`  re-encode of our output:     ${sameWall.toFixed(1)} s wall, ${sameCpu.toFixed(1)} s CPU`);
    console.log(`  ratio render/raw encode:       ${(oursWall / rawWall).toFixed(2)}x wall, ${(oursCpu / rawCpu).toFixed(2)}x CPU (goal ≤ 1.2)`);
    console.log(`  ratio render/same-picture encode: ${(oursWall / sameWall).toFixed(2)}x wall, ${(oursCpu / sameCpu).toFixed(2)}x CPU`);
    console.log(`  render speed: ${(SECONDS / oursWall).toFixed(2)}x real time`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
