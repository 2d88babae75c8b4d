// The whole video's sound as one AAC file, made apart from the pictures: the scenes' narration
// clips placed at their scenes' starts (silence between), levelled, the music bed under it, and
// loudness-normalised, with the one-pass render's audio graph (filtergraph's audioChain). Audio
// is cheap to redo, and levelling, ducking and loudnorm need the whole programme, so it is always
// mixed whole; only the pictures are cached per scene.
import { rename, rm, stat } from 'node:fs/promises';
import { FfmpegError, measureLoudness, probe, runFfmpeg } from '../ffmpeg';
import { AUDIO_ENCODER_ARGS, audioChain, audioLevels } from '../filtergraph';
import { partialPathFor } from './partial-file';
import type { ProgressReporter } from './types';

const SAMPLE_RATE = 48000;
const STEREO = `aresample=${SAMPLE_RATE},aformat=sample_fmts=fltp:channel_layouts=stereo`;

export interface NarrationClip {
  /** A recording (any format ffmpeg reads). */
  path: string;
  /** The span [from, to) of the recording to play, seconds. */
  from: number;
  to: number;
  /** Where it starts in the video, seconds (its scene's first frame). */
  at: number;
}

export interface SoundtrackMusic {
  path: string;
  /** 0–1: the music sits 20·log10(volume) dB under the voice's level. */
  volume: number;
  ducking: boolean;
  /** Seconds. */
  fadeIn: number;
  fadeOut: number;
}

export interface SoundtrackInput {
  clips: NarrationClip[];
  music: SoundtrackMusic | null;
  /** Seconds; the file is exactly this long (pass the video's frames / fps). */
  duration: number;
  /** Where the .m4a goes; written under a temporary name and renamed into place on success. */
  output: string;
}

export interface SoundtrackResult {
  duration: number;
  sizeBytes: number;
}

function validate(input: SoundtrackInput): void {
  const problems: string[] = [];
  if (!(input.duration > 0) || !Number.isFinite(input.duration)) problems.push('the video has no length');
  for (const clip of input.clips) {
    if (![clip.from, clip.to, clip.at].every((value) => Number.isFinite(value) && value >= 0)) problems.push('narration times must be positive numbers of seconds');
    else if (!(clip.to > clip.from)) problems.push('a narration clip must end after it starts');
  }
  const music = input.music;
  if (music) {
    if (!(music.volume >= 0 && music.volume <= 1)) problems.push('the music volume must be between 0 and 1');
    if (!(music.fadeIn >= 0) || !(music.fadeOut >= 0)) problems.push('music fades must be positive numbers of seconds');
  }
  if (problems.length) throw new FfmpegError(`The soundtrack could not be mixed: ${[...new Set(problems)].join(', ')}.`, '', null);
}

/**
 * The argv that lays the clips end to end on the video's clock into one WAV: each clip is cut to
 * its span and to the next clip's start (a recording never runs into the next scene), padded if
 * the file is shorter than its span, and separated by exact runs of silence; all counted in
 * samples so nothing drifts.
 */
export function narrationArgs(clips: NarrationClip[], duration: number, output: string): string[] {
  const total = Math.round(duration * SAMPLE_RATE);
  const sorted = [...clips].sort((a, b) => a.at - b.at);
  const inputs: string[] = [];
  const graph: string[] = [];
  const parts: string[] = [];
  const silence = (samples: number) => {
    const label = `g${parts.length}`;
    graph.push(`anullsrc=r=${SAMPLE_RATE}:cl=stereo,${STEREO},atrim=end_sample=${samples}[${label}]`);
    parts.push(`[${label}]`);
  };
  let cursor = 0;
  let inputCount = 0;
  sorted.forEach((clip, index) => {
    const start = Math.min(total, Math.max(cursor, Math.round(clip.at * SAMPLE_RATE)));
    const next = sorted[index + 1];
    const limit = Math.min(total, next ? Math.round(next.at * SAMPLE_RATE) : total);
    const length = Math.min(Math.round((clip.to - clip.from) * SAMPLE_RATE), limit - start);
    if (length <= 0) return;
    if (start > cursor) silence(start - cursor);
    const input = inputCount++;
    inputs.push('-ss', clip.from.toFixed(3), '-t', (clip.to - clip.from).toFixed(3), '-i', clip.path);
    const label = `c${input}`;
    graph.push(`[${input}:a]${STEREO},asetpts=N/SR/TB,apad,atrim=end_sample=${length}[${label}]`);
    parts.push(`[${label}]`);
    cursor = start + length;
  });
  if (cursor < total || parts.length === 0) silence(Math.max(1, total - cursor));
  graph.push(`${parts.join('')}concat=n=${parts.length}:v=0:a=1,atrim=end_sample=${total}[narration]`);
  return ['-y', ...inputs, '-filter_complex', graph.join(';'), '-map', '[narration]', '-c:a', 'pcm_s16le', '-f', 'wav', output];
}

export async function mixSoundtrack(input: SoundtrackInput, onProgress?: ProgressReporter, signal?: AbortSignal): Promise<SoundtrackResult> {
  validate(input);
  const partial = await partialPathFor(input.output);
  const narration = `${partial}.narration.wav`;
  try {
    await runFfmpeg(narrationArgs(input.clips, input.duration, narration), { signal });
    onProgress?.(0.2);
    // Levelled from the assembled narration (as the one-pass render levels its voice file), so
    // the ducking depth and the music's place under the voice do not depend on the TTS level.
    const music = input.music && input.music.volume > 0 ? input.music : null;
    const [voiceLufs, musicLufs] = await Promise.all([
      measureLoudness(narration, { signal }),
      music ? measureLoudness(music.path, { seconds: input.duration, signal }) : Promise.resolve(null),
    ]);
    const levels = audioLevels(voiceLufs, musicLufs, music?.volume ?? null);
    const withMusic = music !== null && levels.musicGainDb !== null;
    const args = [
      '-y',
      '-i', narration,
      ...(withMusic ? ['-stream_loop', '-1', '-i', music.path] : []),
      '-filter_complex',
      audioChain(input.duration, { ducking: music?.ducking ?? false, fadeIn: music?.fadeIn ?? 0, fadeOut: music?.fadeOut ?? 0 }, levels, 0, withMusic ? 1 : null).join(';'),
      '-map', '[aout]',
      ...AUDIO_ENCODER_ARGS,
      '-t', input.duration.toFixed(3),
      '-movflags', '+faststart',
      '-f', 'mp4', partial,
    ];
    await runFfmpeg(args, {
      signal,
      onProgress: (seconds) => onProgress?.(0.2 + 0.79 * Math.min(1, seconds / input.duration)),
    });
    if (signal?.aborted) throw new FfmpegError('Rendering was cancelled.', '', null, true);
    const [facts, file] = await Promise.all([probe(partial), stat(partial)]);
    await rename(partial, input.output);
    onProgress?.(1);
    return { duration: facts.duration, sizeBytes: file.size };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(narration, { force: true });
  }
}
