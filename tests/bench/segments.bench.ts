// `npm run bench`: the per-scene renderer against today's one-pass render, for a 60 s 1080x1920
// video of 8 stills (half with the built-in styles' motion hints, half the default pan), voice,
// ducked music, karaoke captions and the watermark:
//   (a) composeVideo, the one-pass render;
//   (b) the segmented first render: 8 segments + the soundtrack + the join;
//   (c) a one-scene edit, scene 4's line rewritten (re-voiced, its captions changed): its segment
//       again, the other 7 found by key in the segment store, the soundtrack mixed again, the join;
//   (d) a caption word of scene 4 corrected: its segment and the join (the soundtrack found by key).
// Goals: b ÷ a ≤ 1.1, c ÷ b ≤ 0.3. The soundtrack is mixed while the segments encode. (b) runs
// with segment encodes one at a time and two at once (BENCH_SEGMENT_JOBS, default "1,2"). Every
// ffmpeg run goes through /usr/bin/time (FFMPEG_PATH points at a wrapper), so CPU and peak memory
// are ffmpeg's own; runs alternate; figures only. Voice generation is not part of any figure.
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveCaptionStyle, type WordTiming } from '../../contract';
import { buildAss } from '../../server/media/captions';
import { composeVideo } from '../../server/media/compose';
import { ffmpegPath } from '../../server/media/ffmpeg';
import { prepareFontsDir } from '../../server/media/fonts';
import { encodeSegment, joinSegments, mixSoundtrack, segmentKey, segmentSpans, soundtrackKey, type EncodeSegmentInput } from '../../server/media/segments';
import type { ComposeInput } from '../../server/media/types';
import { STYLE_MOTION } from '../../server/providers/visuals/builtin/render';
import { makeMusic, makeStill, makeVoice, wordsFor } from '../server/media-fixtures';

const SCENES = 8;
const SCENE_SECONDS = 7.4;
const TAIL = 0.8;
const SECONDS = SCENES * SCENE_SECONDS + TAIL;
const WIDTH = 1080;
const HEIGHT = 1920;
const FPS = 30;
const RUNS = Number(process.env.BENCH_SEGMENT_RUNS ?? 1);
const JOBS = (process.env.BENCH_SEGMENT_JOBS ?? '1,2').split(',').map(Number);
const STYLE = resolveCaptionStyle({ preset: 'bold-pop' });
const STYLE_MOTIONS = Object.values(STYLE_MOTION);

interface Measured {
  wall: number;
  cpu: number;
  maxRssKb: number;
  processes: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Runs `work` over `items`, at most `jobs` at a time. */
async function pool<T>(items: T[], jobs: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(jobs, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

async function main() {
  const root = mkdtempSync(join(tmpdir(), 'reelflow-segments-bench-'));
  const timeLog = join(root, 'time.log');
  const wrapper = join(root, 'ffmpeg-timed.sh');
  writeFileSync(wrapper, `#!/bin/sh\nexec /usr/bin/time -a -o "${timeLog}" -f "%e %U %S %M" "${ffmpegPath()}" "$@"\n`);
  chmodSync(wrapper, 0o755);
  try {
    const spans = segmentSpans(Array.from({ length: SCENES }, () => SCENE_SECONDS), TAIL, FPS);
    // Each scene speaks from 0.3 s to 6.9 s of its own time; one recording holds all of it.
    const spoken: Array<[number, number]> = spans.map((span) => [span.start + 0.3, span.start + 6.9]);
    const words = wordsFor(spoken);
    await Promise.all([
      ...spans.map((_, index) => makeStill(join(root, `scene-${index}.png`), index % 3 === 2 ? 1280 : WIDTH, index % 3 === 2 ? 720 : HEIGHT, index)),
      makeVoice(join(root, 'voice.wav'), spoken, SECONDS),
      makeMusic(join(root, 'music.mp3'), 25),
    ]);
    const fontsDir = prepareFontsDir(join(root, 'cache'));
    const motionOf = (index: number) => (index % 2 === 0 ? STYLE_MOTIONS[index % STYLE_MOTIONS.length]! : null);

    // (a) the one-pass render.
    const assPath = join(root, 'captions.ass');
    writeFileSync(assPath, buildAss({ words, style: STYLE, width: WIDTH, height: HEIGHT }));
    const onePass: ComposeInput = {
      scenes: spans.map((span, index) => ({ path: join(root, `scene-${index}.png`), kind: 'image' as const, start: span.start, duration: span.frames / FPS, ...(motionOf(index) ? { motion: motionOf(index)! } : {}) })),
      voicePath: join(root, 'voice.wav'),
      music: { path: join(root, 'music.mp3'), volume: 0.25 },
      assPath,
      fontsDir,
      width: WIDTH,
      height: HEIGHT,
      fps: FPS,
      duration: SECONDS,
      watermark: true,
      outputPath: join(root, 'one-pass', 'video.mp4'),
      thumbnailPath: join(root, 'one-pass', 'thumb.jpg'),
    };

    // (b)/(c): the same video as scenes; each scene's words on its own clock.
    const sceneWords = (index: number): WordTiming[] => {
      const span = spans[index]!;
      const end = span.start + span.frames / FPS;
      return words.filter((word) => word.start >= span.start && word.start < end).map((word) => ({ word: word.word, start: word.start - span.start, end: word.end - span.start }));
    };
    type Edit = 'none' | 'text' | 'caption';
    const EDITED = 3;
    const scenes = (edit: Edit, store: string): Array<EncodeSegmentInput & { key: string }> =>
      spans.map((span, index) => {
        const captionWords = sceneWords(index).map((word, at) => (edit !== 'none' && index === EDITED && at === 2 ? { ...word, word: 'corrected' } : word));
        const picture = {
          kind: 'image' as const,
          motion: motionOf(index),
          sceneIndex: index,
          trimStart: 0,
          frames: span.frames,
          width: WIDTH,
          height: HEIGHT,
          fps: FPS,
          captions: { words: captionWords, style: STYLE },
          headline: null,
          watermark: true,
        };
        const key = segmentKey({ ...picture, contentId: `v/scene-${index}.png` });
        return { ...picture, key, visualPath: join(root, `scene-${index}.png`), fontsDir, output: join(store, `${key}.mp4`) };
      });
    const music = { path: join(root, 'music.mp3'), volume: 0.25, ducking: true, fadeIn: 0, fadeOut: 2 };
    const render = async (edit: Edit, store: string, jobs: number, out: string) => {
      const parts = scenes(edit, store);
      // The store: a segment or soundtrack whose key is already there is not made again. A
      // rewritten line is a new recording (here the same file under a new content id).
      const clips = spans.map((span, index) => ({ path: join(root, 'voice.wav'), contentId: edit === 'text' && index === EDITED ? 'voice-v2' : 'voice-v1', from: span.start, to: span.start + 7.2, at: span.start }));
      const audio = join(store, `${soundtrackKey({ clips, music: { ...music, contentId: 'music' }, duration: SECONDS })}.m4a`);
      const missing = parts.filter((part) => !existsSync(part.output));
      await Promise.all([pool(missing, jobs, (part) => encodeSegment(part)), existsSync(audio) ? null : mixSoundtrack({ clips, music, duration: SECONDS, output: audio })]);
      await joinSegments({ segments: parts.map((part) => part.output), audio, output: join(out, 'video.mp4'), thumbnail: join(out, 'thumb.jpg'), thumbnailTime: SECONDS / 3, fps: FPS });
      return missing.length;
    };

    process.env.FFMPEG_PATH = wrapper;
    const measure = async (run: () => Promise<unknown>): Promise<Measured> => {
      writeFileSync(timeLog, '');
      const started = performance.now();
      await run();
      const wall = (performance.now() - started) / 1000;
      const runs = readFileSync(timeLog, 'utf8')
        .trim()
        .split('\n')
        .filter((line) => /^[\d.]+ [\d.]+ [\d.]+ \d+$/.test(line))
        .map((line) => line.split(' ').map(Number) as [number, number, number, number]);
      return { wall, cpu: runs.reduce((sum, [, user, sys]) => sum + user + sys, 0), maxRssKb: Math.max(...runs.map(([, , , rss]) => rss)), processes: runs.length };
    };

    const a: Measured[] = [];
    const b = new Map<number, Measured[]>(JOBS.map((jobs) => [jobs, []]));
    const c: Measured[] = [];
    const d: Measured[] = [];
    let encodedInEdit = 0;
    for (let run = 0; run < RUNS; run += 1) {
      a.push(await measure(() => composeVideo(onePass)));
      for (const jobs of JOBS) {
        const store = join(root, `store-${run}-${jobs}`);
        mkdirSync(store, { recursive: true });
        b.get(jobs)!.push(await measure(() => render('none', store, jobs, join(root, `first-${run}-${jobs}`))));
        if (jobs !== JOBS[0]) continue;
        // Each edit against the first render's store (the caption fix's segment is the text edit's, so a copy of the store).
        const copy = `${store}-d`;
        cpSync(store, copy, { recursive: true });
        c.push(await measure(async () => (encodedInEdit = await render('text', store, jobs, join(root, `edit-${run}`)))));
        d.push(await measure(() => render('caption', copy, jobs, join(root, `fix-${run}`))));
      }
    }

    const summary = (runs: Measured[]) => ({ wall: median(runs.map((r) => r.wall)), cpu: median(runs.map((r) => r.cpu)), peak: Math.max(...runs.map((r) => r.maxRssKb)) / 1024, processes: runs[0]!.processes });
    const line = (label: string, runs: Measured[]) => {
      const s = summary(runs);
      console.log(`  ${label.padEnd(44)} ${s.wall.toFixed(1)} s wall, ${s.cpu.toFixed(1)} s CPU, peak ${s.peak.toFixed(0)} MB (${s.processes} ffmpeg runs)`);
    };
    console.log(`segmented render of a ${SECONDS} s ${WIDTH}x${HEIGHT} video (${SCENES} stills, voice, ducked music, captions, watermark) vs the one-pass render; median of ${RUNS}`);
    line('(a) one-pass render', a);
    for (const jobs of JOBS) line(`(b) segmented first render, ${jobs} encode(s) at once`, b.get(jobs)!);
    line(`(c) one scene's line rewritten (${encodedInEdit} segment encoded)`, c);
    line('(d) one caption word corrected', d);
    const sa = summary(a);
    const sc = summary(c);
    const sd = summary(d);
    for (const jobs of JOBS) {
      const sb = summary(b.get(jobs)!);
      console.log(`  jobs ${jobs}: b/a ${(sb.wall / sa.wall).toFixed(2)}x wall, ${(sb.cpu / sa.cpu).toFixed(2)}x CPU (goal ≤ 1.1); c/b ${(sc.wall / sb.wall).toFixed(2)}x wall, ${(sc.cpu / sb.cpu).toFixed(2)}x CPU (goal ≤ 0.3); d/b ${(sd.wall / sb.wall).toFixed(2)}x wall, ${(sd.cpu / sb.cpu).toFixed(2)}x CPU`);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
