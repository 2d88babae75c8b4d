// Builds the one ffmpeg command of a render (see docs/decisions/media.md for the why of each
// filter). Pure: input in, argv out, so the graph can be unit-tested and benchmarked as is.
import { captionSafeArea } from '../../contract';
import { driftOverscan, stillDrift, type StillDrift } from '../../contract/motion';
import { watermarkFontPath } from './fonts';
import type { ComposeInput, VisualMotion } from './types';

// The motion math is shared with the editor's preview (contract/motion.ts); these names stay
// importable from here for the renderer's other modules.
export { DEFAULT_DRIFTS, MAX_MOTION_AMOUNT, PAN_OVERSCAN, stillDrift, type StillDrift } from '../../contract/motion';

/** Music fades out over the last seconds of the video. */
export const MUSIC_FADE_SECONDS = 2;
export const THUMBNAIL_MAX_WIDTH = 720;

/** H.264 for every platform: High profile, 4:2:0, BT.709 tags; veryfast keeps 2 cores busy, not idle. */
export const VIDEO_ENCODER_ARGS = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '21', '-profile:v', 'high', '-pix_fmt', 'yuv420p', '-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709', '-color_range', 'tv'];
export const AUDIO_ENCODER_ARGS = ['-c:a', 'aac', '-b:a', '160k', '-ar', '48000', '-ac', '2'];

/**
 * A filter option value, escaped for both levels ffmpeg parses: the option list (`\ ' :`) and the
 * graph (`\ ' [ ] , ;`). Paths under DATA_DIR may hold any of these characters.
 */
export function filterValue(value: string): string {
  const optionLevel = value.replace(/[\\':]/g, (char) => `\\${char}`);
  return optionLevel.replace(/[\\'[\],;]/g, (char) => `\\${char}`);
}

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

export interface SceneFrames {
  path: string;
  kind: 'image' | 'video';
  /** Frames this scene fills; scenes abut, so the frames add up to the whole video exactly. */
  frames: number;
  motion?: VisualMotion;
}

/**
 * Scenes → whole frames. Boundaries are rounded once on the output frame grid, so rounding never
 * accumulates into drift; the first scene starts at 0, each lasts until the next one starts and
 * the last until the end of the video. Empty scenes are dropped.
 */
export function sceneFrames(scenes: ComposeInput['scenes'], duration: number, fps: number): SceneFrames[] {
  const total = Math.round(duration * fps);
  const sorted = [...scenes].sort((a, b) => a.start - b.start);
  const result: SceneFrames[] = [];
  sorted.forEach((scene, index) => {
    const from = index === 0 ? 0 : Math.min(total, Math.round(scene.start * fps));
    const next = sorted[index + 1];
    const to = next ? Math.min(total, Math.round(next.start * fps)) : total;
    if (to > from) result.push({ path: scene.path, kind: scene.kind, frames: to - from, ...(scene.motion ? { motion: scene.motion } : {}) });
  });
  return result;
}

// The crop filter evaluates x/y per frame and only moves data pointers (no per-frame scaling);
// exact=1 allows odd offsets (1-px steps instead of 2; chroma is then off by half a sample).
// Each axis goes from 0.5 - d/2e to 0.5 + d/2e of its slack (e = overscan share), cosine-eased:
// contract/motion.ts panOffset, written as an ffmpeg expression.
function panExpression(drift: StillDrift, overscan: number, seconds: number): { x: string; y: string } {
  const eased = `(0.5-0.5*cos(PI*min(t/${seconds.toFixed(3)},1)))`;
  const axis = (slack: string, travel: number) => {
    if (overscan === 0 || travel === 0) return `${slack}/2`;
    const from = 0.5 - travel / (2 * overscan);
    const span = travel / overscan;
    return `${slack}*(${from.toFixed(4)}+${span.toFixed(4)}*${eased})`;
  };
  return { x: axis('(iw-ow)', drift.dx), y: axis('(ih-oh)', drift.dy) };
}

/** The frame every scene is fitted to. */
export type FrameFormat = Pick<ComposeInput, 'width' | 'height' | 'fps'>;

/**
 * One scene's picture, `[inputIndex:v]` → `[s<index>]`: a still scaled once and drifted (its
 * default direction follows `index`), or a looping clip fitted to the frame, exactly
 * `scene.frames` frames long. Shared by the one-pass render and the per-scene segments.
 */
export function sceneFilter(scene: SceneFrames, index: number, inputIndex: number, frame: FrameFormat): string {
  const { width, height, fps } = frame;
  const seconds = scene.frames / fps;
  const toYuv = `out_color_matrix=bt709:out_range=tv`;
  if (scene.kind === 'image') {
    const drift = stillDrift(scene.motion, index);
    const overscan = driftOverscan(drift);
    const bigW = even(width * (1 + overscan));
    const bigH = even(height * (1 + overscan));
    const pan = panExpression(drift, overscan, seconds);
    // One decode and one scale per still; `loop` then repeats that frame by reference. Frame
    // numbers become timestamps in a 1/fps time base: in the still's own 1/25 base, N/30 s
    // rounded two frames in six onto one tick, so one was dropped and one doubled (a stutter).
    return (
      `[${inputIndex}:v]scale=${bigW}:${bigH}:force_original_aspect_ratio=increase:${toYuv},crop=${bigW}:${bigH},` +
      `format=yuv420p,setsar=1,loop=loop=${scene.frames - 1}:size=1:start=0,settb=1/${fps},setpts=N,` +
      `crop=${width}:${height}:x='${pan.x}':y='${pan.y}':exact=1[s${index}]`
    );
  }
  // Clips loop (-stream_loop -1 on the input) and are cut to exactly the scene's frames.
  return (
    `[${inputIndex}:v]fps=${fps},scale=${width}:${height}:force_original_aspect_ratio=increase:${toYuv},` +
    `crop=${width}:${height},format=yuv420p,setsar=1,trim=end_frame=${scene.frames},setpts=N/${fps}/TB[s${index}]`
  );
}

/** "Made with Reelflow" at the top-left of the caption safe area (shared with the segments). */
export function watermarkFilter(input: Pick<ComposeInput, 'width' | 'height' | 'fontsDir'>): string {
  const scale = input.width / 1080;
  const safe = captionSafeArea(input.width, input.height);
  const x = Math.round(safe.left * input.width);
  const y = Math.round(safe.top * input.height);
  const size = Math.round(30 * scale);
  const shadow = Math.max(1, Math.round(2 * scale));
  return (
    `drawtext=fontfile=${filterValue(watermarkFontPath(input.fontsDir))}:text=${filterValue('Made with Reelflow')}:` +
    `fontsize=${size}:fontcolor=white@0.8:shadowcolor=black@0.6:shadowx=${shadow}:shadowy=${shadow}:x=${x}:y=${y}`
  );
}

/** The voice is levelled to this before mixing; music sits `volume` below it (0.25 → −12 dB). */
export const VOICE_LUFS = -16;

/** dB of gain to take each input to its level, from their measured loudness (null = silent). */
export interface AudioLevels {
  voiceGainDb: number;
  /** null: no music in the mix (none chosen, silent, or volume 0). */
  musicGainDb: number | null;
}

/** Gains from measured loudness; clamped so a near-silent input is not blown up into noise. */
export function audioLevels(voiceLufs: number | null, musicLufs: number | null, musicVolume: number | null): AudioLevels {
  const clamp = (db: number) => Math.max(-30, Math.min(30, db));
  const voiceGainDb = voiceLufs === null ? 0 : clamp(VOICE_LUFS - voiceLufs);
  if (musicLufs === null || musicVolume === null || musicVolume <= 0) return { voiceGainDb, musicGainDb: null };
  return { voiceGainDb, musicGainDb: clamp(VOICE_LUFS + 20 * Math.log10(musicVolume) - musicLufs) };
}

/** How the music bed sits under the voice. */
export interface MusicBed {
  /** Dip the music under speech (sidechain keyed by the levelled voice). */
  ducking: boolean;
  /** Seconds of fade at the start and at the end (0: none). */
  fadeIn: number;
  fadeOut: number;
}

/** The one-pass render's bed: ducked, no fade-in, faded out over the last MUSIC_FADE_SECONDS. */
export const DEFAULT_MUSIC_BED: MusicBed = { ducking: true, fadeIn: 0, fadeOut: MUSIC_FADE_SECONDS };

/**
 * The audio graph, `[voiceInput:a]` (+ `[musicInput:a]`, looped) → `[aout]` of exactly `duration`
 * seconds: the voice levelled and padded, the music levelled, cut, faded and (optionally) ducked,
 * mixed and loudness-normalised. Shared by the one-pass render and the segments' soundtrack.
 */
export function audioChain(duration: number, bed: MusicBed, levels: AudioLevels, voiceInput: number, musicInput: number | null): string[] {
  const seconds = duration.toFixed(3);
  const stereo = 'aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo';
  // Social platforms play at about −14 LUFS; −1.5 dBTP leaves room for their own AAC re-encode.
  const loudness = 'loudnorm=I=-14:TP=-1.5:LRA=11,aresample=48000';
  // The voice is levelled, padded with silence to the full length (the tail), then cut exactly.
  const voice = `[${voiceInput}:a]${stereo},volume=${levels.voiceGainDb.toFixed(2)}dB,apad,atrim=end=${seconds},asetpts=N/SR/TB`;
  if (musicInput === null || levels.musicGainDb === null) return [`${voice},${loudness},atrim=end=${seconds}[aout]`];
  const fadeIn = Math.min(duration, Math.max(0, bed.fadeIn));
  const fadeOut = Math.min(duration, Math.max(0, bed.fadeOut));
  const fades = [
    fadeIn > 0 ? `afade=t=in:st=0:d=${fadeIn}` : null,
    fadeOut > 0 ? `afade=t=out:st=${Math.max(0, duration - fadeOut).toFixed(3)}:d=${fadeOut}` : null,
  ].filter((filter): filter is string => filter !== null);
  const music = `[${musicInput}:a]${stereo},atrim=end=${seconds},asetpts=N/SR/TB,volume=${levels.musicGainDb.toFixed(2)}dB${fades.map((fade) => `,${fade}`).join('')}`;
  // amix halves each input; loudnorm sets the final level anyway.
  const mix = `amix=inputs=2:duration=first:dropout_transition=0,volume=2,${loudness},atrim=end=${seconds}[aout]`;
  if (!bed.ducking) return [`${voice}[voice]`, `${music}[bed]`, `[voice][bed]${mix}`];
  return [
    `${voice},asplit=2[voice][key]`,
    `${music}[music]`,
    // Ducking: the levelled voice is the sidechain key. Speech at −16 LUFS is ~15 dB over the
    // threshold, so ratio 6 takes the music down ~12 dB within 20 ms; it returns over 400 ms.
    `[music][key]sidechaincompress=threshold=0.02:ratio=6:attack=20:release=400[ducked]`,
    `[voice][ducked]${mix}`,
  ];
}

/** The full argv (without the ffmpeg binary) for a render writing to the two temporary paths. */
export function composeArgs(input: ComposeInput, paths: { video: string; thumbnail: string; thumbnailTime: number }, levels: AudioLevels): string[] {
  const scenes = sceneFrames(input.scenes, input.duration, input.fps);
  const args: string[] = [];
  scenes.forEach((scene) => {
    if (scene.kind === 'video') args.push('-stream_loop', '-1');
    args.push('-i', scene.path);
  });
  const voiceInput = scenes.length;
  args.push('-i', input.voicePath);
  let musicInput: number | null = null;
  if (input.music && levels.musicGainDb !== null) {
    musicInput = voiceInput + 1;
    args.push('-stream_loop', '-1', '-i', input.music.path);
  }

  const graph: string[] = scenes.map((scene, index) => sceneFilter(scene, index, index, input));
  const totalFrames = Math.round(input.duration * input.fps);
  const base =
    scenes.length > 0
      ? `${scenes.map((_, index) => `[s${index}]`).join('')}concat=n=${scenes.length}:v=1:a=0`
      : `color=c=black:s=${input.width}x${input.height}:r=${input.fps},trim=end_frame=${totalFrames},format=yuv420p`;
  const overlays = [
    input.assPath ? `ass=filename=${filterValue(input.assPath)}:fontsdir=${filterValue(input.fontsDir)}` : null,
    input.watermark ? watermarkFilter(input) : null,
  ].filter((filter): filter is string => filter !== null);
  const thumbFrame = Math.min(totalFrames - 1, Math.max(0, Math.round(paths.thumbnailTime * input.fps)));
  const thumbWidth = Math.min(THUMBNAIL_MAX_WIDTH, input.width);
  graph.push(`${[base, ...overlays].join(',')},split=2[vout][vthumb]`);
  graph.push(`[vthumb]trim=start_frame=${thumbFrame}:end_frame=${thumbFrame + 1},scale=${thumbWidth}:-2,format=yuvj420p[thumb]`);
  graph.push(...audioChain(input.duration, DEFAULT_MUSIC_BED, levels, voiceInput, musicInput));

  const keyframeInterval = String(input.fps * 2);
  return [
    '-y',
    ...args,
    '-filter_complex',
    graph.join(';'),
    '-map', '[vout]', '-map', '[aout]',
    ...VIDEO_ENCODER_ARGS,
    '-g', keyframeInterval, '-r', String(input.fps),
    ...AUDIO_ENCODER_ARGS,
    '-t', input.duration.toFixed(3),
    '-movflags', '+faststart',
    '-f', 'mp4', paths.video,
    '-map', '[thumb]', '-frames:v', '1', '-q:v', '3', '-c:v', 'mjpeg', '-f', 'image2', paths.thumbnail,
  ];
}

/** The thumbnail moment: mid-way through the first caption shown after 1 s, else a third in. */
export function thumbnailTime(assText: string | null, duration: number): number {
  const fallback = duration / 3;
  if (!assText) return fallback;
  const clock = (text: string) => {
    const [h, m, s] = text.split(':').map(Number);
    return h! * 3600 + m! * 60 + s!;
  };
  for (const match of assText.matchAll(/^Dialogue: \d+,([\d:.]+),([\d:.]+),/gm)) {
    const start = clock(match[1]!);
    const end = clock(match[2]!);
    if (start >= Math.min(1, duration / 4) && end <= duration) return (start + end) / 2;
  }
  return fallback;
}
