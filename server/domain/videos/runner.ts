// How a queued video reaches the pipeline: the render queue (server/jobs/render-video.ts) behind
// the VideoRenderer port. The request that queues a video returns at once; the render happens in
// a process that runs jobs. Every run goes through renderVideo, which may safely be called twice
// for one video.
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { aiVideos } from '../../db/schema-videos';
import type { RenderOutcome } from './pipeline/run';

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
