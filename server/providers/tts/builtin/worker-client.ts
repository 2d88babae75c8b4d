// The child process that runs the built-in engines (speech-worker.mjs): started on first use,
// requests queued there one at a time, unref'd while idle so it never keeps the server (or a test
// run) alive, and started anew after a crash — which fails only the requests it was holding.
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { EspeakRequest, EspeakResult } from './espeak';
import type { FliteRequest, FliteResult } from './flite';

type Pending = { resolve: (value: never) => void; reject: (error: Error) => void };

/** The worker file next to this module (source tree) or next to the server bundle (dist/server). */
function workerPath(): string {
  const candidates = [new URL('./speech-worker.mjs', import.meta.url), new URL('./speech-worker.js', import.meta.url)].map((url) => fileURLToPath(url));
  return candidates.find((path) => existsSync(path)) ?? candidates[0]!;
}

interface Channel {
  ref(): void;
  unref(): void;
}

export class SpeechWorker {
  private child: ChildProcess | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  private hold(child: ChildProcess, busy: boolean): void {
    const channel = child.channel as Channel | null | undefined;
    if (busy) {
      child.ref();
      channel?.ref();
    } else {
      child.unref();
      channel?.unref();
    }
  }

  private call<T>(message: Record<string, unknown>): Promise<T> {
    const child = this.child ?? this.start();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.hold(child, true);
      child.send({ ...message, id });
    });
  }

  private start(): ChildProcess {
    // No inherited loader flags (tsx, vitest): the worker is plain JavaScript. Fast API calls off:
    // V8 binds Node's WASI functions to Flite as fast calls, in which a garbage collection must not
    // run — yet fd_write's allocation reports external memory, and V8 may collect right there
    // (nodejs/node#46777). Objects then move under frames the collector never saw, and the worker
    // died with SIGTRAP after a few Flite runs. The regular calls cost nothing measurable here.
    const child = fork(workerPath(), [], { serialization: 'advanced', execArgv: ['--no-turbo-fast-api-calls'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.on('message', (message: { id: number; error?: string }) => {
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (this.pending.size === 0) this.hold(child, false);
      if (!waiting) return;
      if (message.error) waiting.reject(new Error(message.error));
      else waiting.resolve(message as never);
    });
    child.on('error', (error) => this.fail(child, error));
    child.on('exit', (code, signal) => this.fail(child, new Error(`the speech engine stopped (${signal ?? `exit ${code}`})`)));
    this.child = child;
    return child;
  }

  private fail(child: ChildProcess, error: Error): void {
    if (this.child !== child) return;
    this.child = null;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }

  espeak(request: EspeakRequest): Promise<EspeakResult> {
    // The engine reads SSML: markup characters become spaces (same length, so text positions of
    // the events still point into the caller's text), and emoji are not read out by name.
    const text = Array.from(request.text, (point) => (/[<>&]|\p{Extended_Pictographic}/u.test(point) ? ' ' : point)).join('');
    return this.call<EspeakResult>({ kind: 'synthesize', ...request, text });
  }

  flite(request: FliteRequest): Promise<FliteResult> {
    return this.call<FliteResult>({ kind: 'flite', ...request });
  }

  /** eSpeak's voice identifiers, e.g. "gmw/en-US" (to check the catalogue against the engine). */
  async voices(): Promise<string[]> {
    return (await this.call<{ voices: string[] }>({ kind: 'voices' })).voices;
  }

  /** The running child's process id (tests simulate a crash with it). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Ends the child (the server's onClose); a later request starts a new one. */
  async close(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.fail(child, new Error('the speech engine was closed'));
    if (child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      // An idle child is unref'd: held again until it has exited, or a script whose last work is
      // this close (a benchmark) would end with the promise unsettled.
      child.ref();
      child.kill();
    });
  }
}
