// composeVideo with real ffmpeg on generated inputs (stills, a looping clip, a tone "voice" with a
// pause, a low tone "music" bed): the output's format, length and sound, burned-in captions,
// ducking and fade-out, and no files left behind on cancel or failure.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveCaptionStyle } from '../../contract';
import { buildAss } from '../../server/media/captions';
import { composeVideo } from '../../server/media/compose';
import { FfmpegError, meanVolume, measureLoudness, probe, runFfmpeg } from '../../server/media/ffmpeg';
import { prepareFontsDir } from '../../server/media/fonts';
import type { ComposeInput } from '../../server/media/types';
import { grayFrame, makeMusic, makeStill, makeVoice, meanDifference, MUSIC_HZ, wordsFor } from './media-fixtures';

// Every character the filter graph treats specially, in the folder holding all inputs.
const root = mkdtempSync(join(tmpdir(), "reelflow compose, it's [a]:b;c-"));
const SPOKEN: Array<[number, number]> = [[0.2, 2.2], [3.7, 5.0]];
const DURATION = 5.5;
const WIDTH = 1080;
const HEIGHT = 1920;
let base: ComposeInput;

beforeAll(async () => {
  await Promise.all([
    makeStill(join(root, 'tall.png'), 1080, 1920, 1),
    makeStill(join(root, 'square.png'), 1024, 1024, 2),
    makeVoice(join(root, 'voice.wav'), SPOKEN, 5.0),
    makeMusic(join(root, 'music.mp3'), 2.5),
    // A 1-s landscape clip for a 2-s scene: it must be looped, scaled and cropped to fill.
    runFfmpeg(['-y', '-f', 'lavfi', '-i', 'testsrc2=s=640x360:r=25:d=1', '-c:v', 'libx264', '-preset', 'ultrafast', join(root, 'clip.mp4')]),
  ]);
  const assPath = join(root, 'captions.ass');
  writeFileSync(assPath, buildAss({ words: wordsFor(SPOKEN), style: resolveCaptionStyle({ preset: 'bold-pop' }), width: WIDTH, height: HEIGHT }));
  base = {
    scenes: [
      { path: join(root, 'tall.png'), kind: 'image', start: 0, duration: 2 },
      { path: join(root, 'clip.mp4'), kind: 'video', start: 2, duration: 2 },
      { path: join(root, 'square.png'), kind: 'image', start: 4, duration: 1.5 },
    ],
    voicePath: join(root, 'voice.wav'),
    music: { path: join(root, 'music.mp3'), volume: 0.5 },
    assPath,
    fontsDir: prepareFontsDir(join(root, 'cache')),
    width: WIDTH,
    height: HEIGHT,
    fps: 30,
    duration: DURATION,
    watermark: true,
    outputPath: join(root, 'out', 'video.mp4'),
    thumbnailPath: join(root, 'out', 'thumb.jpg'),
  };
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Top-level MP4 boxes in file order. */
function topLevelBoxes(path: string): string[] {
  const file = readFileSync(path);
  const boxes: string[] = [];
  for (let at = 0; at + 8 <= file.length; ) {
    const size = file.readUInt32BE(at);
    boxes.push(file.toString('latin1', at + 4, at + 8));
    if (size < 8) break;
    at += size;
  }
  return boxes;
}

/** The music bed's level (dB) in a time window: a narrow band-pass keeps only its 110 Hz tone. */
async function musicLevel(video: string, start: number, duration: number): Promise<number> {
  const band = join(root, `band-${start}.wav`);
  await runFfmpeg(['-y', '-ss', String(start), '-t', String(duration), '-i', video, '-vn', '-af', `bandpass=f=${MUSIC_HZ}:width_type=h:w=40,bandpass=f=${MUSIC_HZ}:width_type=h:w=40`, band]);
  return (await meanVolume(band)).mean;
}

describe('composeVideo', () => {
  let progress: number[] = [];

  it('renders a 1080x1920 H.264/AAC MP4 at 30 fps, as long as the narration plus its tail, with faststart and a thumbnail', async () => {
    progress = [];
    const result = await composeVideo(base, (fraction) => progress.push(fraction));
    const facts = await probe(base.outputPath);
    expect(facts).toMatchObject({ width: 1080, height: 1920, videoCodec: 'h264', audioCodec: 'aac', fps: 30 });
    expect(Math.abs(facts.duration - DURATION)).toBeLessThan(0.05);
    expect(result).toMatchObject({ width: 1080, height: 1920, sizeBytes: facts.sizeBytes });
    const boxes = topLevelBoxes(base.outputPath);
    expect(boxes.indexOf('moov')).toBeGreaterThanOrEqual(0);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    const thumbnail = await probe(base.thumbnailPath);
    expect(thumbnail).toMatchObject({ width: 720, height: 1280 });
    expect(readdirSync(join(root, 'out')).sort()).toEqual(['thumb.jpg', 'video.mp4']);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const stream = await runFfmpeg(['-i', base.outputPath, '-f', 'null', '-'], { keepStderr: true });
    expect(stream).not.toMatch(/error/i);
  }, 120_000);

  it('makes the sound loud enough for social platforms, ducks the music under the voice and fades it out', async () => {
    const overall = await meanVolume(base.outputPath);
    expect(overall.mean).toBeGreaterThan(-30);
    expect(overall.max).toBeLessThanOrEqual(-1);
    const loudness = await measureLoudness(base.outputPath);
    expect(Math.abs(loudness! - -14)).toBeLessThan(2);
    const underVoice = await musicLevel(base.outputPath, 0.8, 1.2);
    const inPause = await musicLevel(base.outputPath, 2.9, 0.7);
    const atEnd = await musicLevel(base.outputPath, 5.2, 0.3);
    expect(inPause - underVoice).toBeGreaterThan(10);
    expect(inPause - atEnd).toBeGreaterThan(6);
  }, 120_000);

  it('burns the captions in: a frame at a spoken word differs from the same render without captions only where the captions are', async () => {
    const plain = { ...base, assPath: null, watermark: false, outputPath: join(root, 'plain', 'video.mp4'), thumbnailPath: join(root, 'plain', 'thumb.jpg') };
    await composeVideo(plain);
    const at = wordsFor(SPOKEN)[2]!.start + 0.1;
    const [captioned, uncaptioned] = await Promise.all([grayFrame(base.outputPath, at, root), grayFrame(plain.outputPath, at, root)]);
    // bold-pop sits in the middle of the frame; the watermark near the top-left.
    const captionBand = meanDifference(captioned, uncaptioned, WIDTH, 860, 1060);
    const watermarkBand = meanDifference(captioned, uncaptioned, WIDTH, 192, 240);
    const elsewhere = [meanDifference(captioned, uncaptioned, WIDTH, 300, 760), meanDifference(captioned, uncaptioned, WIDTH, 1200, 1920)];
    expect(captionBand).toBeGreaterThan(15);
    expect(watermarkBand).toBeGreaterThan(2);
    for (const difference of elsewhere) expect(difference).toBeLessThan(1.5);
  }, 120_000);

  it('moves the stills (a slow pan): two moments of one still scene differ', async () => {
    const [early, late] = await Promise.all([grayFrame(base.outputPath, 0.1, root), grayFrame(base.outputPath, 1.9, root)]);
    expect(meanDifference(early, late, WIDTH, 1200, 1920)).toBeGreaterThan(2);
  }, 60_000);

  it('leaves no file behind when cancelled', async () => {
    const out = join(root, 'cancelled');
    const controller = new AbortController();
    const render = composeVideo({ ...base, duration: 30, outputPath: join(out, 'video.mp4'), thumbnailPath: join(out, 'thumb.jpg') }, () => controller.abort(), controller.signal);
    await expect(render).rejects.toMatchObject({ name: 'FfmpegError', cancelled: true, message: 'Rendering was cancelled.' });
    expect(readdirSync(out)).toEqual([]);
  }, 120_000);

  it('fails with a plain-language message and no files when an input is missing', async () => {
    const out = join(root, 'missing');
    mkdirSync(out, { recursive: true });
    const render = composeVideo({ ...base, voicePath: join(root, 'nope.wav'), outputPath: join(out, 'video.mp4'), thumbnailPath: join(out, 'thumb.jpg') });
    await expect(render).rejects.toBeInstanceOf(FfmpegError);
    await expect(render).rejects.toMatchObject({ message: 'A media file needed for the video is missing.' });
    const error = (await render.catch((caught: unknown) => caught)) as FfmpegError;
    expect(error.stderrTail).toContain('nope.wav');
    expect(readdirSync(out)).toEqual([]);
  }, 60_000);
});
