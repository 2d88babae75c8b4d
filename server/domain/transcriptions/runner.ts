// How a queued transcription reaches runTranscription. Two runners of one shape, like videos':
// pg-boss jobs in the server and `npm run worker` (server/jobs/transcribe.ts), and an in-process
// background runner for an app built without pg-boss (tests, tools). Either way the create request
// answers at once and the transcription runs in the background, one at a time per runner here.
// The same runner makes captioned videos (render.ts): asked for, or queued when a transcription
// with render_video finishes.
import { renderIsQueued, runCaptionRender } from './render';
import { runTranscription, type TranscribeDeps } from './run';

export interface TranscriptionRunner {
  /** Hands the transcription to the background runner; returns without waiting for it. */
  enqueue(id: string): Promise<void>;
  /** Hands a queued captioned-video render to the background runner. */
  enqueueRender(id: string): Promise<void>;
}

export interface InProcessTranscriptionRunner extends TranscriptionRunner {
  /** Resolves once nothing is queued, running or waiting for a retry (tests await it). */
  idle(): Promise<void>;
  /** Stops the running transcription (left to resume) and waits for it to end. */
  close(): Promise<void>;
}

export interface InProcessTranscriptionOptions {
  /** Wait before another try after a temporary failure or a busy row (default 15 s). */
  retryMs?: number;
  onError?: (error: unknown, id: string) => void;
}

export function createInProcessTranscriptionRunner(deps: TranscribeDeps, options: InProcessTranscriptionOptions = {}): InProcessTranscriptionRunner {
  /** Tasks as `t:{id}` (transcribe) or `r:{id}` (render captions). */
  const waiting: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const controller = new AbortController();
  let active: string | null = null;
  let idleWaiters: (() => void)[] = [];
  let closed = false;

  const settleIdle = () => {
    if (waiting.length > 0 || active !== null || timers.size > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  const later = (id: string) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      schedule(id);
    }, options.retryMs ?? 15_000);
    timers.add(timer);
  };

  const pump = () => {
    if (closed || active !== null) return;
    const task = waiting.shift();
    if (task === undefined) return;
    active = task;
    const id = task.slice(2);
    const run =
      task.startsWith('r:')
        ? runCaptionRender(deps, id, { signal: controller.signal }).then((outcome) => {
            if (!closed && outcome === 'busy') later(task);
          })
        : runTranscription(deps, id, { signal: controller.signal }).then(async (outcome) => {
            if (!closed && (outcome === 'busy' || outcome === 'retry')) later(task);
            if (!closed && outcome === 'completed' && (await renderIsQueued(deps.db, id))) schedule(`r:${id}`);
          });
    void run
      .catch((error: unknown) => options.onError?.(error, id))
      .finally(() => {
        active = null;
        pump();
        settleIdle();
      });
  };

  const schedule = (id: string) => {
    if (closed || waiting.includes(id) || active === id) return;
    waiting.push(id);
    // Not in the caller's tick: the request that queued it answers first.
    setImmediate(() => {
      pump();
      settleIdle();
    });
  };

  return {
    enqueue(id) {
      schedule(`t:${id}`);
      return Promise.resolve();
    },
    enqueueRender(id) {
      schedule(`r:${id}`);
      return Promise.resolve();
    },
    idle() {
      return new Promise((resolve) => {
        idleWaiters.push(resolve);
        setImmediate(settleIdle);
      });
    },
    async close() {
      closed = true;
      waiting.length = 0;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      controller.abort(new Error('shutting down'));
      while (active !== null) await new Promise((resolve) => setTimeout(resolve, 20));
      settleIdle();
    },
  };
}
