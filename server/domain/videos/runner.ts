// How a queued video reaches the pipeline. Two runners of one shape: pg-boss jobs in the server
// and `npm run worker` (server/jobs/render-video.ts), and an in-process background runner for an
// app built without pg-boss (tests, tools). Either way the request that queues a video returns at
// once; the render happens in the background, `concurrency` videos at a time. Every run goes
// through renderVideo, which may safely be called twice for one video.
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { aiVideos } from '../../db/schema-videos';
import { renderVideo, type RenderOutcome } from './pipeline/run';
import type { RenderServices } from './pipeline/services';

export interface VideoRenderer {
  /** Hands the video to the background runner; returns without waiting for the render. */
  enqueue(videoId: string): Promise<void>;
  /** Stops a render of this video running in this process (it was deleted). */
  stop(videoId: string): void;
}

/** The abort signals of renders running in this process, so a delete can stop its render. */
export class RunningRenders {
  private readonly controllers = new Map<string, AbortController>();
  private shuttingDown = false;

  async run(videoId: string, task: (signal: AbortSignal) => Promise<RenderOutcome>): Promise<RenderOutcome> {
    const controller = new AbortController();
    if (this.shuttingDown) controller.abort(new Error('shutting down'));
    this.controllers.set(videoId, controller);
    try {
      return await task(controller.signal);
    } finally {
      if (this.controllers.get(videoId) === controller) this.controllers.delete(videoId);
    }
  }

  stop(videoId: string): void {
    this.controllers.get(videoId)?.abort(new Error('the video was deleted'));
  }

  /** Server stop: every running render is left to resume on the next start. */
  stopAll(): void {
    this.shuttingDown = true;
    for (const controller of this.controllers.values()) controller.abort(new Error('shutting down'));
  }
}

/** Videos a crash or stop left unfinished, oldest first, to queue again at start. */
export async function unfinishedVideoIds(db: Db): Promise<string[]> {
  const rows = await db.select({ id: aiVideos.id }).from(aiVideos).where(inArray(aiVideos.status, ['queued', 'processing'])).orderBy(aiVideos.createdAt);
  return rows.map((row) => row.id);
}

/**
 * With the embedded database this process is the only one that can render (it owns DATA_DIR), so
 * a heartbeat left on a processing video is a crashed run's: clear it, so the video resumes now
 * rather than after the heartbeat goes stale.
 */
export async function releaseCrashedRenders(db: Db): Promise<void> {
  await db
    .update(aiVideos)
    .set({ heartbeatAt: null })
    .where(and(eq(aiVideos.status, 'processing'), isNotNull(aiVideos.heartbeatAt)));
}

export interface InProcessRendererOptions {
  concurrency: number;
  /** Wait before trying a video another live run holds (default 5 s). */
  busyRetryMs?: number;
  onError?: (error: unknown, videoId: string) => void;
}

export interface InProcessRenderer extends VideoRenderer {
  /** Resolves once nothing is queued or rendering (tests await it). */
  idle(): Promise<void>;
  /** Stops every render (left resumable) and waits for them to end. */
  close(): Promise<void>;
}

export function createInProcessRenderer(services: RenderServices, options: InProcessRendererOptions): InProcessRenderer {
  const running = new RunningRenders();
  const waiting: string[] = [];
  const active = new Set<string>();
  /** Queued again while rendering (a restart right after a failure): run once more afterwards. */
  const again = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  let idleWaiters: (() => void)[] = [];
  let closed = false;

  const settleIdle = () => {
    if (waiting.length > 0 || active.size > 0 || timers.size > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  const pump = () => {
    while (!closed && active.size < Math.max(1, options.concurrency) && waiting.length > 0) {
      const videoId = waiting.shift()!;
      active.add(videoId);
      void running
        .run(videoId, (signal) => renderVideo(services, videoId, { signal }))
        .then(
          (outcome) => {
            if (outcome !== 'busy' || closed) return;
            const timer = setTimeout(() => {
              timers.delete(timer);
              schedule(videoId);
            }, options.busyRetryMs ?? 5_000);
            timers.add(timer);
          },
          (error: unknown) => options.onError?.(error, videoId),
        )
        .finally(() => {
          active.delete(videoId);
          if (again.delete(videoId)) schedule(videoId);
          pump();
          settleIdle();
        });
    }
  };

  const schedule = (videoId: string) => {
    if (closed || waiting.includes(videoId)) return;
    if (active.has(videoId)) {
      again.add(videoId);
      return;
    }
    waiting.push(videoId);
    // Not in the caller's tick: the request that queued the video answers first.
    setImmediate(() => {
      pump();
      settleIdle();
    });
  };

  return {
    enqueue(videoId) {
      schedule(videoId);
      return Promise.resolve();
    },
    stop: (videoId) => running.stop(videoId),
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
      running.stopAll();
      while (active.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      settleIdle();
    },
  };
}
