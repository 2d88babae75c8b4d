// The ffmpeg/ffprobe processes behind the media layer. Binaries: FFMPEG_PATH / FFPROBE_PATH win
// (a system build), else the static builds from npm (@ffmpeg-installer, @ffprobe-installer).
// Failures become plain-language messages; the stderr tail is kept on the error for the logs.
import { createRequire } from 'node:module';
import { statSync } from 'node:fs';
import { spawnChild } from './processes';

const require = createRequire(import.meta.url);

function npmBinary(packageName: string): string | null {
  try {
    // The installer packages throw on platforms they have no build for.
    return (require(packageName) as { path: string }).path;
  } catch {
    return null;
  }
}

export function ffmpegPath(): string {
  return process.env.FFMPEG_PATH || npmBinary('@ffmpeg-installer/ffmpeg') || 'ffmpeg';
}

export function ffprobePath(): string {
  return process.env.FFPROBE_PATH || npmBinary('@ffprobe-installer/ffprobe') || 'ffprobe';
}

/** A failed or cancelled ffmpeg run: `message` is for people, `stderrTail` for the logs. */
export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly stderrTail: string,
    readonly exitCode: number | null,
    readonly cancelled = false,
  ) {
    super(message);
    this.name = 'FfmpegError';
  }
}

const STDERR_TAIL_CHARS = 4000;

/** The first known cause in ffmpeg's stderr, said plainly. */
export function explainFfmpegFailure(stderr: string): string {
  const known: Array<[RegExp, string]> = [
    [/No space left on device/i, 'The server ran out of disk space while rendering the video.'],
    [/No such file or directory/i, 'A media file needed for the video is missing.'],
    [/Invalid data found when processing input|moov atom not found|could not find codec parameters/i, 'A media file could not be read; it may be damaged or in a format that is not supported.'],
    [/Cannot allocate memory|Out of memory/i, 'The server ran out of memory while rendering the video.'],
    [/Permission denied/i, 'The server could not read or write a media file (permission denied).'],
    [/Error (?:initializing|while opening) (?:filter|encoder)|Invalid argument/i, 'The video could not be put together from these inputs.'],
  ];
  for (const [pattern, message] of known) if (pattern.test(stderr)) return message;
  return 'The video could not be rendered (the video tool stopped with an error).';
}

// Fontconfig (inside the static build) warns about every newer config element; noise in logs.
function tail(stderr: string): string {
  return stderr
    .split('\n')
    .filter((line) => !line.startsWith('Fontconfig warning'))
    .join('\n')
    .slice(-STDERR_TAIL_CHARS);
}

/** "00:01:02.500000" → 62.5; null for ffmpeg's "N/A" or anything unreadable. */
export function parseClock(text: string): number | null {
  const match = /^(-?)(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(text.trim());
  if (!match) return null;
  const seconds = Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4]);
  return match[1] ? -seconds : seconds;
}

export interface RunOptions {
  signal?: AbortSignal;
  /** Seconds of output written so far (from `-progress pipe:1`'s out_time). */
  onProgress?: (seconds: number) => void;
  /** For probe-like runs whose stderr is the answer (volumedetect). */
  keepStderr?: boolean;
}

/** Runs ffmpeg with `args` (no `-progress`/`-nostats`, they are added). Resolves with stderr. */
export function runFfmpeg(args: string[], options: RunOptions = {}): Promise<string> {
  const { signal, onProgress } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new FfmpegError('Rendering was cancelled.', '', null, true));
      return;
    }
    const child = spawnChild(ffmpegPath(), ['-hide_banner', '-nostdin', '-nostats', '-progress', 'pipe:1', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let progressBuffer = '';
    let cancelled = false;
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
      // Bounded: only the tail is ever reported, but volumedetect output must survive.
      if (!options.keepStderr && stderr.length > 4 * STDERR_TAIL_CHARS) stderr = stderr.slice(-2 * STDERR_TAIL_CHARS);
    });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      progressBuffer += chunk;
      const lines = progressBuffer.split('\n');
      progressBuffer = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.startsWith('out_time=')) continue;
        const seconds = parseClock(line.slice('out_time='.length));
        if (seconds !== null && seconds >= 0) onProgress?.(seconds);
      }
    });
    const abort = () => {
      cancelled = true;
      child.kill('SIGKILL');
    };
    signal?.addEventListener('abort', abort, { once: true });
    child.on('error', (error: NodeJS.ErrnoException) => {
      signal?.removeEventListener('abort', abort);
      const message = error.code === 'ENOENT' ? 'The video tool (ffmpeg) is not installed on the server.' : 'The video tool (ffmpeg) could not be started.';
      reject(new FfmpegError(message, error.message, null));
    });
    child.on('close', (code) => {
      signal?.removeEventListener('abort', abort);
      if (cancelled) reject(new FfmpegError('Rendering was cancelled.', tail(stderr), code, true));
      else if (code === 0) resolve(stderr);
      else reject(new FfmpegError(explainFfmpegFailure(stderr), tail(stderr), code));
    });
  });
}

export interface ProbeResult {
  /** Seconds (the container's duration). */
  duration: number;
  width: number | null;
  height: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
  fps: number | null;
  sizeBytes: number;
  /** Clockwise degrees a player turns the picture (0, 90, 180 or 270): phones film sideways and say so. */
  rotation: number;
}

interface ProbeJson {
  format?: { duration?: string; size?: string };
  streams?: Array<{
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    avg_frame_rate?: string;
    r_frame_rate?: string;
    tags?: { rotate?: string };
    side_data_list?: Array<{ rotation?: number }>;
  }>;
}

function rate(text: string | undefined): number | null {
  if (!text) return null;
  const [numerator, denominator] = text.split('/').map(Number);
  if (!numerator || !denominator) return null;
  return numerator / denominator;
}

/**
 * The display rotation: older files carry a `rotate` tag (clockwise), newer ffprobes report the
 * display matrix's rotation (counter-clockwise, so negated). Normalised to 0/90/180/270.
 */
function rotationOf(stream: NonNullable<ProbeJson['streams']>[number] | undefined): number {
  const tagged = Number(stream?.tags?.rotate);
  const matrix = stream?.side_data_list?.find((entry) => typeof entry.rotation === 'number')?.rotation;
  const degrees = Number.isFinite(tagged) && stream?.tags?.rotate !== undefined ? tagged : typeof matrix === 'number' ? -matrix : 0;
  return (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
}

export function probe(path: string, signal?: AbortSignal): Promise<ProbeResult> {
  return new Promise((resolve, reject) => {
    const child = spawnChild(ffprobePath(), ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path], {
      stdio: ['ignore', 'pipe', 'pipe'],
      signal,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (error) => reject(new FfmpegError('The media file could not be inspected.', error.message, null)));
    child.on('close', (code) => {
      if (code !== 0) {
        reject(new FfmpegError(explainFfmpegFailure(stderr), tail(stderr), code));
        return;
      }
      const json = JSON.parse(stdout) as ProbeJson;
      const video = json.streams?.find((stream) => stream.codec_type === 'video');
      const audio = json.streams?.find((stream) => stream.codec_type === 'audio');
      resolve({
        duration: Number(json.format?.duration ?? 0),
        width: video?.width ?? null,
        height: video?.height ?? null,
        videoCodec: video?.codec_name ?? null,
        audioCodec: audio?.codec_name ?? null,
        fps: rate(video?.avg_frame_rate) ?? rate(video?.r_frame_rate),
        sizeBytes: Number(json.format?.size ?? statSync(path).size),
        rotation: rotationOf(video),
      });
    });
  });
}

/** Mean and peak volume in dBFS of a file's audio (optionally of the part [start, start+duration)). */
export async function meanVolume(path: string, range?: { start: number; duration: number }): Promise<{ mean: number; max: number }> {
  const window = range ? ['-ss', String(range.start), '-t', String(range.duration)] : [];
  const stderr = await runFfmpeg([...window, '-i', path, '-vn', '-af', 'volumedetect', '-f', 'null', '-'], { keepStderr: true });
  const mean = /mean_volume:\s*(-?[\d.]+|-inf) dB/.exec(stderr);
  const max = /max_volume:\s*(-?[\d.]+|-inf) dB/.exec(stderr);
  const value = (match: RegExpExecArray | null) => (!match || match[1] === '-inf' ? -Infinity : Number(match[1]));
  return { mean: value(mean), max: value(max) };
}

/**
 * Integrated loudness (EBU R128, LUFS) of a file's audio, optionally of its first `seconds`; null
 * when it is silent. Cheap (audio only): the render uses it to level voice and music before mixing.
 */
export async function measureLoudness(path: string, options: { seconds?: number; signal?: AbortSignal } = {}): Promise<number | null> {
  const limit = options.seconds ? ['-t', options.seconds.toFixed(3)] : [];
  const stderr = await runFfmpeg(['-i', path, ...limit, '-vn', '-af', 'aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,ebur128', '-f', 'null', '-'], {
    signal: options.signal,
    keepStderr: true,
  });
  // The summary comes last: "Integrated loudness:\n    I:   -23.0 LUFS".
  const summary = stderr.slice(stderr.lastIndexOf('Integrated loudness:'));
  const match = /I:\s+(-?[\d.]+) LUFS/.exec(summary);
  if (!match) return null;
  const lufs = Number(match[1]);
  return lufs <= -69.9 ? null : lufs;
}
