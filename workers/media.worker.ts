// The media worker (DESIGN §3): ffmpeg.wasm behind Comlink, so the page
// never blocks while a phone video is probed, shrunk or turned into speech audio.
//   * Self-hosted and lazy: the cores are Vite `?url` assets (hashed files of this build, never a
//     CDN), fetched the first time an operation runs, and kept out of the service worker's precache
//     (vite.config.ts `globIgnores`). The multi-thread core is used only where the page is
//     cross-origin isolated (SharedArrayBuffer), and then needs `-threads N`.
//   * Input files are mounted with WORKERFS (read in place from the Blob), never copied into wasm
//     memory: a 1 GB file would otherwise cost ~4 GB.
//   * Cancel is `FFmpeg.terminate()` (the only way to stop a running exec); the next operation loads
//     the core again (from the HTTP cache).
import * as Comlink from 'comlink';
import { FFmpeg, type FFFSType } from '@ffmpeg/ffmpeg';
import coreUrl from '@ffmpeg/core?url';
import coreWasmUrl from '@ffmpeg/core/wasm?url';
import coreMtUrl from '@ffmpeg/core-mt?url';
import coreMtWasmUrl from '@ffmpeg/core-mt/wasm?url';
import coreMtWorkerUrl from '@ffmpeg/core-mt/worker?url';
import { compressionArgs, displaySize, parseProbe, planCompression, speechAudioArgs, withThreadCount, type ProbeFacts } from './media-plan';

export type { ProbeFacts } from './media-plan';

export interface MediaProgress {
  /** 0..1 of the current operation. */
  ratio: number;
  /** What is happening, for people ("Loading the video tools", "Compressing, attempt 2"). */
  stage: string;
}

export type ProgressCallback = (progress: MediaProgress) => void;

export interface CompressResult {
  file: Blob;
  beforeBytes: number;
  afterBytes: number;
  width: number;
  height: number;
  videoKbps: number;
  audioKbps: number;
}

export interface MediaEngine {
  threads: 'multi' | 'single';
}

const WORKERFS = 'WORKERFS' as FFFSType;
const CANCELLED = 'Cancelled';
/** Encodes that overshoot the limit are retried this many times with fewer bits. */
const MAX_ATTEMPTS = 3;

let ffmpeg: FFmpeg | null = null;
let loading: Promise<FFmpeg> | null = null;
let generation = 0;
let queue: Promise<unknown> = Promise.resolve();
let logTail: string[] = [];
let onEngineProgress: ((ratio: number) => void) | null = null;

function multiThread(): boolean {
  return Boolean((self as { crossOriginIsolated?: boolean }).crossOriginIsolated) && typeof SharedArrayBuffer !== 'undefined';
}

function threads(): number {
  return Math.max(1, Math.min(4, navigator.hardwareConcurrency || 1));
}

function absolute(url: string): string {
  return new URL(url, self.location.href).href;
}

function cancelledError(): Error {
  const error = new Error(CANCELLED);
  error.name = 'AbortError';
  return error;
}

async function engine(): Promise<FFmpeg> {
  if (ffmpeg) return ffmpeg;
  if (loading) return loading;
  const mine = generation;
  loading = (async () => {
    const instance = new FFmpeg();
    instance.on('log', ({ message }) => {
      logTail.push(message);
      if (logTail.length > 40) logTail = logTail.slice(-40);
    });
    instance.on('progress', ({ progress }) => {
      if (Number.isFinite(progress)) onEngineProgress?.(Math.min(1, Math.max(0, progress)));
    });
    await (multiThread()
      ? instance.load({ coreURL: absolute(coreMtUrl), wasmURL: absolute(coreMtWasmUrl), workerURL: absolute(coreMtWorkerUrl) })
      : instance.load({ coreURL: absolute(coreUrl), wasmURL: absolute(coreWasmUrl) }));
    if (mine !== generation) {
      instance.terminate();
      throw cancelledError();
    }
    ffmpeg = instance;
    return instance;
  })();
  try {
    return await loading;
  } finally {
    loading = null;
  }
}

/** One operation at a time: ffmpeg.wasm runs one command per instance. */
function serial<T>(operation: () => Promise<T>): Promise<T> {
  const guarded = async () => {
    const started = generation;
    try {
      return await operation();
    } catch (error) {
      // Whatever a terminated engine threw (a rejected exec, a vanished file system) is a cancel.
      if (generation !== started) throw cancelledError();
      throw error;
    }
  };
  const run = queue.then(guarded, guarded);
  queue = run.catch(() => undefined);
  return run;
}

function describeFailure(what: string): Error {
  const detail = logTail.filter((line) => /error|invalid|unknown|not found|could not|unable/i.test(line)).slice(-3).join(' · ');
  return new Error(detail ? `${what}: ${detail}` : `${what} (ffmpeg gave no reason)`);
}

interface Mounted {
  instance: FFmpeg;
  input: string;
  cleanup: () => Promise<void>;
}

let sequence = 0;

/** Loads the engine and mounts the file read-only at /in-N/input (WORKERFS: no copy). */
async function mount(file: Blob, onProgress: ProgressCallback | undefined): Promise<Mounted> {
  onProgress?.({ ratio: 0, stage: 'Loading the video tools' });
  const instance = await engine();
  const dir = `/in-${++sequence}`;
  await instance.createDir(dir);
  await instance.mount(WORKERFS, { blobs: [{ name: 'input', data: file }] }, dir);
  return {
    instance,
    input: `${dir}/input`,
    cleanup: async () => {
      if (ffmpeg !== instance) return; // terminated: its file system is gone with it
      await instance.unmount(dir).catch(() => undefined);
      await instance.deleteDir(dir).catch(() => undefined);
    },
  };
}

/** Runs ffmpeg with progress; throws AbortError after a cancel and a readable error on failure. */
async function run(instance: FFmpeg, args: string[], stage: string, onProgress: ProgressCallback | undefined, what: string): Promise<void> {
  logTail = [];
  onEngineProgress = (ratio) => onProgress?.({ ratio, stage });
  onProgress?.({ ratio: 0, stage });
  let code: number;
  try {
    code = await instance.exec(multiThread() ? withThreadCount(args, threads()) : args);
  } catch (error) {
    if (ffmpeg !== instance) throw cancelledError();
    throw error;
  } finally {
    onEngineProgress = null;
  }
  if (ffmpeg !== instance) throw cancelledError();
  if (code !== 0) throw describeFailure(what);
  onProgress?.({ ratio: 1, stage });
}

async function readOutput(instance: FFmpeg, path: string, type: string): Promise<Blob> {
  const data = await instance.readFile(path);
  await instance.deleteFile(path).catch(() => undefined);
  if (typeof data === 'string') return new Blob([data], { type });
  return new Blob([data as Uint8Array<ArrayBuffer>], { type });
}

async function probeMounted(instance: FFmpeg, input: string, sizeBytes: number): Promise<ProbeFacts> {
  const out = `/probe-${++sequence}.json`;
  logTail = [];
  const code = await instance.ffprobe(['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', input, '-o', out]);
  if (ffmpeg !== instance) throw cancelledError();
  let json: string | Uint8Array;
  try {
    json = await instance.readFile(out, 'utf8');
  } catch {
    throw describeFailure(code === 0 ? 'The video could not be read' : 'This file is not a video ffmpeg can read');
  }
  await instance.deleteFile(out).catch(() => undefined);
  const facts = parseProbe(typeof json === 'string' ? json : new TextDecoder().decode(json), sizeBytes);
  if (!facts.videoCodec && !facts.audioCodec) throw new Error('This file has neither video nor sound that ffmpeg can read.');
  return facts;
}

const api = {
  /** Which core this page gets (multi-thread only when cross-origin isolated). */
  engine(): MediaEngine {
    return { threads: multiThread() ? 'multi' : 'single' };
  },

  probe(file: Blob, onProgress?: ProgressCallback): Promise<ProbeFacts> {
    return serial(async () => {
      const mounted = await mount(file, onProgress);
      try {
        const facts = await probeMounted(mounted.instance, mounted.input, file.size);
        onProgress?.({ ratio: 1, stage: 'Checked' });
        return facts;
      } finally {
        await mounted.cleanup();
      }
    });
  },

  /** Compact mono speech audio: 16 kHz Opus at 24 kbit/s in Ogg (MP3 at 32 kbit/s if Opus is missing). */
  extractSpeechAudio(file: Blob, onProgress?: ProgressCallback): Promise<Blob> {
    return serial(async () => {
      const mounted = await mount(file, onProgress);
      const { instance, input } = mounted;
      try {
        const out = `/speech-${++sequence}`;
        try {
          await run(instance, speechAudioArgs(input, 'opus', `${out}.ogg`), 'Extracting the speech', onProgress, 'Extracting the audio failed');
          return await readOutput(instance, `${out}.ogg`, 'audio/ogg');
        } catch (error) {
          if (error instanceof Error && error.name === 'AbortError') throw error;
          if (!logTail.some((line) => /Unknown encoder|Encoder not found/i.test(line))) throw error;
          await run(instance, speechAudioArgs(input, 'mp3', `${out}.mp3`), 'Extracting the speech', onProgress, 'Extracting the audio failed');
          return await readOutput(instance, `${out}.mp3`, 'audio/mpeg');
        }
      } finally {
        await mounted.cleanup();
      }
    });
  },

  /**
   * H.264/AAC MP4 of at most `maxBytes`: the bitrate comes from the duration, the frame shrinks
   * with the bitrate (never grows); an encode that overshoots is retried with fewer bits.
   */
  compressToFit(file: Blob, maxBytes: number, onProgress?: ProgressCallback): Promise<CompressResult> {
    return serial(async () => {
      const mounted = await mount(file, onProgress);
      const { instance, input } = mounted;
      try {
        const facts = await probeMounted(instance, input, file.size);
        const frame = displaySize(facts);
        if (!frame || !facts.videoCodec) throw new Error('This file has no video picture to compress.');
        let scale = 1;
        for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
          const plan = planCompression({ durationSeconds: facts.durationSeconds, maxBytes, width: frame.width, height: frame.height, hasAudio: Boolean(facts.audioCodec), scale });
          if (!plan) throw new Error(`This video is too long to fit in ${(maxBytes / 1024 / 1024).toFixed(2)} MB at a watchable quality.`);
          const out = `/compressed-${++sequence}.mp4`;
          await run(
            instance,
            compressionArgs(input, plan, out),
            attempt === 1 ? 'Compressing the video' : `Compressing the video (attempt ${attempt})`,
            onProgress,
            'Compressing the video failed',
          );
          const result = await readOutput(instance, out, 'video/mp4');
          if (result.size <= maxBytes || attempt === MAX_ATTEMPTS) {
            return { file: result, beforeBytes: file.size, afterBytes: result.size, width: plan.width, height: plan.height, videoKbps: plan.videoKbps, audioKbps: plan.audioKbps };
          }
          scale *= (maxBytes / result.size) * 0.95;
        }
        throw new Error('unreachable');
      } finally {
        await mounted.cleanup();
      }
    });
  },

  /** A JPEG still from one second in (or the middle of a shorter video), `width` px wide. */
  thumbnail(file: Blob, width = 320, onProgress?: ProgressCallback): Promise<Blob> {
    return serial(async () => {
      const mounted = await mount(file, onProgress);
      const { instance, input } = mounted;
      try {
        const facts = await probeMounted(instance, input, file.size);
        const at = facts.durationSeconds > 0 ? Math.min(1, facts.durationSeconds / 2) : 0;
        const out = `/thumbnail-${++sequence}.jpg`;
        await run(instance, ['-ss', at.toFixed(2), '-i', input, '-frames:v', '1', '-vf', `scale=${width}:-2`, '-q:v', '4', out], 'Making a thumbnail', onProgress, 'Making the thumbnail failed');
        return await readOutput(instance, out, 'image/jpeg');
      } finally {
        await mounted.cleanup();
      }
    });
  },

  /** Stops whatever runs (the pending call rejects with AbortError); the next call reloads the core. */
  cancel(): void {
    generation++;
    const running = ffmpeg;
    ffmpeg = null;
    running?.terminate();
  },
};

export type MediaWorkerApi = typeof api;

Comlink.expose(api);
