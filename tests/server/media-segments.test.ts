// The per-scene renderer with real ffmpeg on small generated inputs (320x568): segments of exact
// frame counts that start on a keyframe, joined by stream copy into a video as long as their
// frames; the soundtrack's length, its narration placed at the scenes' starts and the music ducked
// under it; the segment key; and no files left behind on cancel or bad input.
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveCaptionStyle, type CaptionStyle, type WordTiming } from '../../contract';
import { FfmpegError, ffprobePath, meanVolume, probe, runFfmpeg } from '../../server/media/ffmpeg';
import { prepareFontsDir } from '../../server/media/fonts';
import { encodeSegment, joinSegments, mixSoundtrack, segmentKey, segmentSpans, soundtrackKey, type EncodeSegmentInput, type SegmentKeyInput } from '../../server/media/segments';
import { spawnChild } from '../../server/media/processes';
import { grayFrame, makeMusic, makeStill, makeVoice, meanDifference, MUSIC_HZ, VOICE_HZ } from './media-fixtures';

// A folder name with the characters the filter graph and the concat list treat specially.
const root = mkdtempSync(join(tmpdir(), "reelflow segments, it's [a]:b;c-"));
const WIDTH = 320;
const HEIGHT = 568;
const FPS = 30;
const DURATIONS = [1.5, 1.2, 1.0];
const TAIL = 0.4;
const STYLE: CaptionStyle = resolveCaptionStyle({ preset: 'bold-pop' });
let fontsDir: string;

/** A scene's words on its own clock. */
const WORDS: WordTiming[][] = [
  [{ word: 'first', start: 0.1, end: 0.6 }, { word: 'scene', start: 0.6, end: 1.2 }],
  [{ word: 'a', start: 0.1, end: 0.3 }, { word: 'clip', start: 0.3, end: 0.9 }],
  [{ word: 'last', start: 0.2, end: 0.8 }],
];

function scene(index: number, overrides: Partial<EncodeSegmentInput> = {}): EncodeSegmentInput {
  const spans = segmentSpans(DURATIONS, TAIL, FPS);
  const visuals: Array<Pick<EncodeSegmentInput, 'visualPath' | 'kind' | 'motion'>> = [
    { visualPath: join(root, 'tall.png'), kind: 'image', motion: { pan: 'right', zoom: 'in', amount: 0.1 } },
    { visualPath: join(root, 'clip.mp4'), kind: 'video' },
    { visualPath: join(root, 'wide.png'), kind: 'image', motion: null },
  ];
  return {
    ...visuals[index]!,
    sceneIndex: index,
    trimStart: 0,
    frames: spans[index]!.frames,
    width: WIDTH,
    height: HEIGHT,
    fps: FPS,
    captions: { words: WORDS[index]!, style: STYLE },
    headline: null,
    watermark: true,
    fontsDir,
    output: join(root, 'segments', `scene-${index}.mp4`),
    ...overrides,
  };
}

function ffprobe(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawnChild(ffprobePath(), ['-v', 'error', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`ffprobe exited with ${code}`))));
  });
}

/** Frames actually decodable in the video stream. */
async function countFrames(path: string): Promise<number> {
  return Number((await ffprobe(['-count_frames', '-select_streams', 'v:0', '-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', path])).trim());
}

/** Presentation times of the video's keyframes. */
async function keyframeTimes(path: string): Promise<number[]> {
  const rows = (await ffprobe(['-select_streams', 'v:0', '-show_entries', 'packet=pts_time,flags', '-of', 'csv=p=0', path])).trim().split('\n');
  return rows
    .map((row) => row.split(','))
    .filter(([, flags]) => flags?.startsWith('K'))
    .map(([time]) => Number(time))
    .sort((a, b) => a - b);
}

/** One frequency band's level (dB) of a file in a window: two band-passes keep only that tone. */
async function bandLevel(file: string, hz: number, start: number, duration: number): Promise<number> {
  const band = join(root, `band-${hz}-${start}-${Math.random().toString(36).slice(2)}.wav`);
  await runFfmpeg(['-y', '-ss', String(start), '-t', String(duration), '-i', file, '-vn', '-af', `bandpass=f=${hz}:width_type=h:w=40,bandpass=f=${hz}:width_type=h:w=40`, band]);
  const level = (await meanVolume(band)).mean;
  rmSync(band, { force: true });
  return level;
}

/** Where silences of the voice band end (silencedetect), seconds. */
async function speechOnsets(file: string): Promise<number[]> {
  const log = await runFfmpeg(['-i', file, '-vn', '-af', `bandpass=f=${VOICE_HZ}:width_type=h:w=200,silencedetect=n=-40dB:d=0.2`, '-f', 'null', '-'], { keepStderr: true });
  return [...log.matchAll(/silence_end: ([\d.]+)/g)].map((match) => Number(match[1]));
}

beforeAll(async () => {
  fontsDir = prepareFontsDir(join(root, 'cache'));
  await Promise.all([
    makeStill(join(root, 'tall.png'), WIDTH, HEIGHT, 1),
    makeStill(join(root, 'wide.png'), 400, 300, 2),
    // A 1-s 30 fps clip for a 1.2-s scene: it loops, and its frames line up with the output's.
    runFfmpeg(['-y', '-f', 'lavfi', '-i', 'testsrc2=s=240x180:r=30:d=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', join(root, 'clip.mp4')]),
    // The recording: speech (a 1 kHz tone) at [0, 1.0) and [1.5, 2.3) of the file.
    makeVoice(join(root, 'voice.wav'), [[0, 1.0], [1.5, 2.3]], 2.5),
    makeMusic(join(root, 'music.mp3'), 2),
  ]);
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('segmentSpans', () => {
  it('rounds the boundaries once on the frame grid, gives the tail to the last scene and adds up exactly', () => {
    const spans = segmentSpans([1.5, 1.21, 1.0], 0.4, 30);
    expect(spans.map((span) => span.frames)).toEqual([45, 36, 42]);
    expect(spans.map((span) => span.firstFrame)).toEqual([0, 45, 81]);
    expect(spans[1]!.start).toBeCloseTo(1.5, 9);
    const many = segmentSpans(Array.from({ length: 7 }, () => 1.111), 0.333, 30);
    expect(many.reduce((sum, span) => sum + span.frames, 0)).toBe(Math.round((7 * 1.111 + 0.333) * 30));
    expect(() => segmentSpans([1, 0], 0, 30)).toThrow(RangeError);
  });
});

describe('segmentKey', () => {
  const keyInput = (overrides: Partial<SegmentKeyInput> = {}): SegmentKeyInput => {
    const { visualPath: _path, fontsDir: _fonts, output: _output, ...picture } = scene(0);
    return { ...picture, contentId: 'v/scene-0.png:1234', ...overrides };
  };

  it('is a sha256 that depends on the content, not on key order or float noise', () => {
    const key = segmentKey(keyInput());
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    const reordered = Object.fromEntries(Object.entries(keyInput()).reverse()) as unknown as SegmentKeyInput;
    expect(segmentKey(reordered)).toBe(key);
    const noisy = keyInput({ captions: { words: [{ word: 'first', start: 0.30000000000000004 - 0.2, end: 0.6 }, WORDS[0]![1]!], style: STYLE } });
    expect(segmentKey(noisy)).toBe(key);
  });

  it('changes with a caption word, the motion, the length, the visual, the caption style, the headline or the watermark', () => {
    const key = segmentKey(keyInput());
    const changed = [
      keyInput({ captions: { words: [{ word: 'fist', start: 0.1, end: 0.6 }, WORDS[0]![1]!], style: STYLE } }),
      keyInput({ captions: { words: WORDS[0]!, style: { ...STYLE, text_color: '#FF0000' } } }),
      keyInput({ motion: { pan: 'left', zoom: 'in', amount: 0.1 } }),
      keyInput({ motion: null }),
      keyInput({ frames: 46 }),
      keyInput({ contentId: 'v/scene-0.png:1235' }),
      keyInput({ watermark: false }),
      keyInput({ headline: { text: 'HELLO', style: 'comic', font: 'Anton', x: 540, y: 400, align: 'center', size: 90, tracking: 0, width: 300, ink: '#ffffff', accent: '#000000' } }),
      keyInput({ width: 640, height: 1136 }),
    ].map((input) => segmentKey(input));
    expect(new Set([key, ...changed]).size).toBe(changed.length + 1);
  });

  it('ignores what does not reach the pixels: a clip’s motion hint, a still’s trim, the words of disabled captions', () => {
    const clip = keyInput({ kind: 'video', motion: null, trimStart: 2 });
    expect(segmentKey({ ...clip, motion: { pan: 'up', zoom: 'out', amount: 0.2 } })).toBe(segmentKey(clip));
    expect(segmentKey({ ...clip, trimStart: 2.5 })).not.toBe(segmentKey(clip));
    expect(segmentKey(keyInput({ trimStart: 3 }))).toBe(segmentKey(keyInput()));
    const off = { ...STYLE, enabled: false };
    expect(segmentKey(keyInput({ captions: { words: WORDS[1]!, style: off } }))).toBe(segmentKey(keyInput({ captions: { words: WORDS[0]!, style: off } })));
    // Without a hint a still's default pan follows its place: scenes 0 and 4 pan alike, 1 does not.
    expect(segmentKey(keyInput({ motion: null, sceneIndex: 4 }))).toBe(segmentKey(keyInput({ motion: null, sceneIndex: 0 })));
    expect(segmentKey(keyInput({ motion: null, sceneIndex: 1 }))).not.toBe(segmentKey(keyInput({ motion: null, sceneIndex: 0 })));
    expect(() => segmentKey(keyInput({ sceneIndex: -1 }))).toThrow(RangeError);
  });
});

describe('soundtrackKey', () => {
  const base = {
    clips: [{ contentId: 'v/voice.mp3', from: 0, to: 1.5, at: 0 }, { contentId: 'v/voice.mp3', from: 1.5, to: 2.7, at: 1.5 }],
    music: { contentId: 'track-1', volume: 0.3, ducking: true, fadeIn: 0, fadeOut: 2 },
    duration: 4.1,
  };

  it('stays for the same sound and changes with a recording, a placement, the music or the length', () => {
    const key = soundtrackKey(base);
    expect(soundtrackKey({ ...base, clips: [...base.clips].reverse() })).toBe(key);
    const changed = [
      { ...base, clips: [base.clips[0]!, { ...base.clips[1]!, contentId: 'v/voice-2.mp3' }] },
      { ...base, clips: [base.clips[0]!, { ...base.clips[1]!, at: 1.6 }] },
      { ...base, music: { ...base.music, volume: 0.2 } },
      { ...base, music: { ...base.music, ducking: false } },
      { ...base, music: null },
      { ...base, duration: 4.2 },
    ].map((input) => soundtrackKey(input));
    expect(new Set([key, ...changed]).size).toBe(changed.length + 1);
    // Music at volume 0 is no music.
    expect(soundtrackKey({ ...base, music: { ...base.music, volume: 0 } })).toBe(soundtrackKey({ ...base, music: null }));
  });
});

describe('encodeSegment and joinSegments', () => {
  const spans = segmentSpans(DURATIONS, TAIL, FPS);
  const totalFrames = spans.reduce((sum, span) => sum + span.frames, 0);
  let progress: number[] = [];

  it('encodes each scene as exactly its frames, H.264 video only, starting on a keyframe', async () => {
    progress = [];
    const results = [];
    for (let index = 0; index < spans.length; index += 1) results.push(await encodeSegment(scene(index), index === 0 ? (fraction) => progress.push(fraction) : undefined));
    for (let index = 0; index < spans.length; index += 1) {
      const path = scene(index).output;
      expect(await countFrames(path)).toBe(spans[index]!.frames);
      expect(results[index]!.frames).toBe(spans[index]!.frames);
      const facts = await probe(path);
      expect(facts).toMatchObject({ width: WIDTH, height: HEIGHT, videoCodec: 'h264', audioCodec: null, fps: FPS });
      expect((await keyframeTimes(path))[0]).toBe(0);
    }
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(readdirSync(join(root, 'segments')).sort()).toEqual(['scene-0.mp4', 'scene-1.mp4', 'scene-2.mp4']);
  }, 120_000);

  it('joins them without re-encoding: as long as their frames, every frame decodable, a keyframe at each segment start, with the sound and a thumbnail', async () => {
    const audio = join(root, 'join', 'sound.m4a');
    await mixSoundtrack({ clips: [], music: { path: join(root, 'music.mp3'), volume: 0.5, ducking: true, fadeIn: 0, fadeOut: 1 }, duration: totalFrames / FPS, output: audio });
    const output = join(root, 'join', 'video.mp4');
    const thumbnail = join(root, 'join', 'thumb.jpg');
    const result = await joinSegments({ segments: [0, 1, 2].map((index) => scene(index).output), audio, output, thumbnail, thumbnailTime: 1, fps: FPS });
    expect(result.duration).toBeCloseTo(totalFrames / FPS, 9);
    expect(result).toMatchObject({ width: WIDTH, height: HEIGHT });
    expect(await countFrames(output)).toBe(totalFrames);
    const facts = await probe(output);
    expect(facts).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac', width: WIDTH, height: HEIGHT, sizeBytes: result.sizeBytes });
    expect(Math.abs(facts.duration - totalFrames / FPS)).toBeLessThan(0.05);
    const keyframes = await keyframeTimes(output);
    for (const span of spans) expect(keyframes.some((time) => Math.abs(time - span.start) < 0.5 / FPS)).toBe(true);
    const decode = await runFfmpeg(['-i', output, '-f', 'null', '-'], { keepStderr: true });
    expect(decode).not.toMatch(/error|non[- ]monoton/i);
    expect(await probe(thumbnail)).toMatchObject({ width: WIDTH, height: HEIGHT });
    expect(readdirSync(join(root, 'join')).sort()).toEqual(['sound.m4a', 'thumb.jpg', 'video.mp4']);
    // The joined picture is the segments' own: the clip scene's first frame, unchanged.
    // Mid-way between two frames, so both seeks land on the scene's third frame.
    const [joined, own] = await Promise.all([grayFrame(output, spans[1]!.start + 1.5 / FPS, root), grayFrame(scene(1).output, 1.5 / FPS, root)]);
    expect(meanDifference(joined, own, WIDTH, 0, HEIGHT)).toBeLessThan(0.5);
  }, 120_000);

  it('burns the scene’s captions on its own clock: a frame at a spoken word differs from the uncaptioned segment in the caption band only', async () => {
    const plain = scene(0, { captions: { words: WORDS[0]!, style: { ...STYLE, enabled: false } }, watermark: false, output: join(root, 'plain', 'scene-0.mp4') });
    await encodeSegment(plain);
    const at = WORDS[0]![1]!.start + 0.1;
    const [captioned, uncaptioned] = await Promise.all([grayFrame(scene(0).output, at, root), grayFrame(plain.output, at, root)]);
    // bold-pop sits mid-frame (rows ~250–320 at 568 tall).
    expect(meanDifference(captioned, uncaptioned, WIDTH, 250, 320)).toBeGreaterThan(10);
    expect(meanDifference(captioned, uncaptioned, WIDTH, 380, HEIGHT)).toBeLessThan(1.5);
  }, 60_000);

  it('starts a clip at its trim and loops it from its beginning', async () => {
    const trimmed = scene(1, { trimStart: 0.5, captions: { words: [], style: { ...STYLE, enabled: false } }, watermark: false, output: join(root, 'trim', 'trimmed.mp4') });
    const untrimmed = { ...trimmed, trimStart: 0, output: join(root, 'trim', 'untrimmed.mp4') };
    await Promise.all([encodeSegment(trimmed), encodeSegment(untrimmed)]);
    const [start, half, origin] = await Promise.all([grayFrame(trimmed.output, 0, root), grayFrame(untrimmed.output, 0.5, root), grayFrame(untrimmed.output, 0, root)]);
    expect(meanDifference(start, half, WIDTH, 0, HEIGHT)).toBeLessThan(2);
    expect(meanDifference(start, origin, WIDTH, 0, HEIGHT)).toBeGreaterThan(5);
    // 0.5 s in, the trimmed clip has run out and starts again from the file's first frame.
    expect(meanDifference(await grayFrame(trimmed.output, 0.5, root), origin, WIDTH, 0, HEIGHT)).toBeLessThan(2);
  }, 60_000);

  it('leaves no file behind when cancelled', async () => {
    const controller = new AbortController();
    const out = join(root, 'cancelled');
    const encode = encodeSegment(scene(0, { frames: 1800, output: join(out, 'scene.mp4') }), () => controller.abort(), controller.signal);
    await expect(encode).rejects.toMatchObject({ name: 'FfmpegError', cancelled: true });
    expect(readdirSync(out)).toEqual([]);
  }, 60_000);

  it('refuses bad input with a plain message and writes nothing', async () => {
    const out = join(root, 'bad');
    await expect(encodeSegment(scene(0, { frames: 0, output: join(out, 'a.mp4') }))).rejects.toThrow('The scene could not be rendered: a segment needs a whole number of frames, at least one.');
    await expect(encodeSegment(scene(0, { width: 321, output: join(out, 'b.mp4') }))).rejects.toThrow(FfmpegError);
    await expect(encodeSegment(scene(0, { sceneIndex: 1.5, output: join(out, 'b.mp4') }))).rejects.toThrow('the scene index must be a whole number from 0');
    const missing = encodeSegment(scene(0, { visualPath: join(root, 'nope.png'), output: join(out, 'c.mp4') }));
    await expect(missing).rejects.toMatchObject({ message: 'A media file needed for the video is missing.' });
    await expect(mixSoundtrack({ clips: [{ path: join(root, 'voice.wav'), from: 1, to: 0.5, at: 0 }], music: null, duration: 2, output: join(out, 'a.m4a') })).rejects.toThrow('a narration clip must end after it starts');
    await expect(joinSegments({ segments: [], audio: join(root, 'x.m4a'), output: join(out, 'v.mp4'), thumbnail: join(out, 't.jpg'), thumbnailTime: 0, fps: FPS })).rejects.toThrow(FfmpegError);
    const small = scene(2, { width: 160, height: 284, output: join(out, 'small.mp4') });
    await encodeSegment(small);
    const mixed = joinSegments({ segments: [scene(0).output, small.output], audio: join(root, 'join', 'sound.m4a'), output: join(out, 'v.mp4'), thumbnail: join(out, 't.jpg'), thumbnailTime: 0, fps: FPS });
    await expect(mixed).rejects.toThrow('not all rendered at the same size');
    expect(readdirSync(out)).toEqual(['small.mp4']);
  }, 60_000);
});

describe('mixSoundtrack', () => {
  const DURATION = 4.1;
  // Narration from the recording: [0, 1.0) placed at 0.5 s, [1.5, 2.3) at 2.7 s.
  const clips = [
    { path: join(root, 'voice.wav'), from: 0, to: 1.0, at: 0.5 },
    { path: join(root, 'voice.wav'), from: 1.5, to: 2.3, at: 2.7 },
  ];
  const music = { path: join(root, 'music.mp3'), volume: 0.5, ducking: true, fadeIn: 0, fadeOut: 0.5 };

  it('is exactly as long as the video, AAC, with each clip landing at its scene’s start and silence before it', async () => {
    const output = join(root, 'sound', 'voice-only.m4a');
    const result = await mixSoundtrack({ clips, music: null, duration: DURATION, output });
    const facts = await probe(output);
    expect(facts).toMatchObject({ audioCodec: 'aac', videoCodec: null });
    expect(Math.abs(facts.duration - DURATION)).toBeLessThan(0.03);
    expect(Math.abs(result.duration - DURATION)).toBeLessThan(0.03);
    // silencedetect also reports the end of the file as the end of a silence.
    const onsets = (await speechOnsets(output)).filter((time) => time < DURATION - 0.05);
    expect(onsets).toHaveLength(2);
    expect(Math.abs(onsets[0]! - 0.5)).toBeLessThan(0.03);
    expect(Math.abs(onsets[1]! - 2.7)).toBeLessThan(0.03);
    expect(await bandLevel(output, VOICE_HZ, 0.6, 0.8)).toBeGreaterThan(-30);
    expect(await bandLevel(output, VOICE_HZ, 1.7, 0.8)).toBeLessThan(-60);
    expect(readdirSync(join(root, 'sound'))).toEqual(['voice-only.m4a']);
  }, 60_000);

  it('ducks the music under the speech, and not when ducking is off', async () => {
    const ducked = join(root, 'sound', 'ducked.m4a');
    const flat = join(root, 'sound', 'flat.m4a');
    await Promise.all([
      mixSoundtrack({ clips, music, duration: DURATION, output: ducked }),
      mixSoundtrack({ clips, music: { ...music, ducking: false }, duration: DURATION, output: flat }),
    ]);
    const [underVoice, inPause, flatUnderVoice, flatInPause] = await Promise.all([
      bandLevel(ducked, MUSIC_HZ, 0.8, 0.6),
      bandLevel(ducked, MUSIC_HZ, 2.0, 0.6),
      bandLevel(flat, MUSIC_HZ, 0.8, 0.6),
      bandLevel(flat, MUSIC_HZ, 2.0, 0.6),
    ]);
    expect(inPause - underVoice).toBeGreaterThan(8);
    expect(Math.abs(flatInPause - flatUnderVoice)).toBeLessThan(3);
  }, 60_000);

  it('fades the music in', async () => {
    const output = join(root, 'sound', 'fade-in.m4a');
    await mixSoundtrack({ clips: [], music: { ...music, fadeIn: 1.5 }, duration: DURATION, output });
    expect((await bandLevel(output, MUSIC_HZ, 1.8, 0.6)) - (await bandLevel(output, MUSIC_HZ, 0, 0.3))).toBeGreaterThan(10);
  }, 60_000);

  it('leaves no file behind when cancelled', async () => {
    const out = join(root, 'sound-cancelled');
    mkdirSync(out, { recursive: true });
    const controller = new AbortController();
    controller.abort();
    await expect(mixSoundtrack({ clips, music, duration: DURATION, output: join(out, 'a.m4a') }, undefined, controller.signal)).rejects.toMatchObject({ cancelled: true });
    expect(readdirSync(out)).toEqual([]);
  }, 60_000);
});
