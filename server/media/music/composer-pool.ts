// Where the built-in tracks are composed: in worker threads, never on the event loop (a full track
// is a second or two of CPU, which would stall every request of the process that asked for its
// preview). Threads start on first use, take one track at a time from a queue, are unref'd while
// idle so they never keep the process (or a test run) alive, and end with close(). A composition
// whose caller gives up (abort) ends its thread at once, so the core is free for the next one.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { BuiltinMusicTrack } from '../../../contract/builtin-music';
import { abortError } from '../../lib/abort';

/** What the composer thread (music-worker.ts) is asked. */
export interface ComposeRequest {
  track: BuiltinMusicTrack;
  bars: number | undefined;
}

/** What it answers: the interleaved s16le PCM (compose-track.ts toS16le), or why it failed. */
export type ComposeReply = { pcm: ArrayBuffer } | { error: string };

export interface ComposeOptions {
  /** Shortens the loop (tests). */
  bars?: number;
  /** Stops waiting (and composing) when aborted. */
  signal?: AbortSignal;
}

interface Job {
  request: ComposeRequest;
  resolve(pcm: Buffer): void;
  reject(error: Error): void;
  /** Detaches the job from its signal once it is settled. */
  release(): void;
}

interface Thread {
  worker: Worker;
  job: Job | null;
}

/**
 * The bundled entry next to the server bundle (dist/server/music-worker.js), or else the source
 * tree's TypeScript module, loaded through source-thread.mjs (tsx compiles it there).
 */
function startThread(): Worker {
  const bundled = new URL('./music-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(bundled))) return new Worker(bundled);
  const typescriptEntry = new URL('./music-worker.ts', import.meta.url).href;
  return new Worker(new URL('./source-thread.mjs', import.meta.url), { workerData: { typescriptEntry } });
}

/**
 * Compositions are CPU-bound: more at once than the cores (less one for the event loop) only
 * queue inside the OS, and a render runs ffmpeg beside them. Two at the most, one on two cores.
 */
function defaultComposerThreads(): number {
  return Math.max(1, Math.min(2, availableParallelism() - 1));
}

export class MusicComposer {
  private readonly queue: Job[] = [];
  private readonly idle: Thread[] = [];
  private readonly busy = new Set<Thread>();

  constructor(private readonly maxThreads = defaultComposerThreads()) {}

  /** The track's PCM as interleaved signed 16-bit little-endian stereo at SAMPLE_RATE. */
  compose(track: BuiltinMusicTrack, options: ComposeOptions = {}): Promise<Buffer> {
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(abortError(signal));
    return new Promise<Buffer>((resolve, reject) => {
      const onAbort = () => this.abandon(job, abortError(signal!));
      const job: Job = {
        request: { track, bars: options.bars },
        resolve: (pcm) => {
          job.release();
          resolve(pcm);
        },
        reject: (error) => {
          job.release();
          reject(error);
        },
        release: () => signal?.removeEventListener('abort', onAbort),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(job);
      this.dispatch();
    });
  }

  /** Thread ids of the composer threads now running (tests see where the work went). */
  get threadIds(): number[] {
    return [...this.idle, ...this.busy].map((thread) => thread.worker.threadId);
  }

  /** Ends every thread and fails what was queued or composing; a later compose() starts anew. */
  async close(): Promise<void> {
    const error = new Error('the music composer was closed');
    for (const job of this.queue.splice(0)) job.reject(error);
    const threads = [...this.idle.splice(0), ...this.busy];
    this.busy.clear();
    for (const thread of threads) thread.job?.reject(error);
    await Promise.all(threads.map((thread) => thread.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const thread = this.idle.pop() ?? (this.busy.size < this.maxThreads ? this.start() : undefined);
      if (!thread) return;
      const job = this.queue.shift()!;
      thread.job = job;
      this.busy.add(thread);
      thread.worker.ref();
      thread.worker.postMessage(job.request);
    }
  }

  private start(): Thread {
    const thread: Thread = { worker: startThread(), job: null };
    thread.worker.on('message', (reply: ComposeReply) => this.answer(thread, reply));
    thread.worker.on('error', (error) => this.lose(thread, error));
    thread.worker.on('exit', (code) => this.lose(thread, new Error(`the music composer stopped (exit ${code})`)));
    return thread;
  }

  private answer(thread: Thread, reply: ComposeReply): void {
    // A thread given up on (abandon) may still have answered on its way out.
    if (!this.busy.has(thread)) return;
    const job = thread.job;
    thread.job = null;
    this.busy.delete(thread);
    thread.worker.unref();
    this.idle.push(thread);
    if (job) {
      if ('pcm' in reply) job.resolve(Buffer.from(reply.pcm));
      else job.reject(new Error(`composing "${job.request.track.title}" failed: ${reply.error}`));
    }
    this.dispatch();
  }

  /** A thread that failed or ended: its job fails, and a queued one gets a new thread. */
  private lose(thread: Thread, error: Error): void {
    const wasIdle = this.idle.indexOf(thread);
    if (wasIdle >= 0) this.idle.splice(wasIdle, 1);
    else if (!this.busy.delete(thread)) return;
    const job = thread.job;
    thread.job = null;
    job?.reject(error);
    this.dispatch();
  }

  private abandon(job: Job, reason: Error): void {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      job.reject(reason);
      return;
    }
    const thread = [...this.busy].find((candidate) => candidate.job === job);
    if (!thread) return;
    // A synchronous composition cannot be interrupted: the thread goes, and with it the CPU it held.
    this.busy.delete(thread);
    thread.job = null;
    job.reject(reason);
    void thread.worker.terminate();
    this.dispatch();
  }
}
