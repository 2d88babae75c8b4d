// The render queue (issue 8) on pg-boss, worked by the server and by `npm run worker` alike.
// RENDER_CONCURRENCY workers per process each take one video at a time. pg-boss retries are
// safe: renderVideo resumes from the checkpoint and never charges (charging happens when the
// video is queued), and a video another live run holds is retried later.
import type PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { renderVideo, STALE_HEARTBEAT_MS } from '../domain/videos/pipeline/run';
import type { RenderServices } from '../domain/videos/pipeline/services';
import { releaseCrashedRenders, RunningRenders, unfinishedVideoIds, type VideoRenderer } from '../domain/videos/runner';
import { jobDataId, type ClaimedQueue } from './takeover';

export const RENDER_VIDEO_QUEUE = 'render-video';

export interface RenderJobData {
  videoId: string;
}

/** Queues renders on pg-boss; `running` lets a delete stop a render of this process. */
export function bossRenderer(boss: () => PgBoss | null, running: RunningRenders): VideoRenderer {
  return {
    async enqueue(videoId) {
      const current = boss();
      if (!current) throw new Error(`job runner not started; cannot queue ${RENDER_VIDEO_QUEUE}`);
      await current.send(RENDER_VIDEO_QUEUE, { videoId } satisfies RenderJobData);
    },
    stop: (videoId) => running.stop(videoId),
  };
}

/** A render is held while its video is processing with a fresh heartbeat (refreshed every 15 s). */
export const RENDER_CLAIMS: ClaimedQueue = {
  queue: RENDER_VIDEO_QUEUE,
  staleMs: STALE_HEARTBEAT_MS,
  held: (since) => `EXISTS (SELECT 1 FROM ai_videos v WHERE v.id = ${jobDataId('videoId')} AND v.status = 'processing' AND v.heartbeat_at >= ${since})`,
};

export interface RenderJobDeps {
  database: Database;
  services: RenderServices;
  concurrency: number;
  running: RunningRenders;
  logError: (error: unknown, context: string) => void;
}

export async function registerRenderVideo(boss: PgBoss, deps: RenderJobDeps): Promise<void> {
  await boss.createQueue(RENDER_VIDEO_QUEUE, {
    name: RENDER_VIDEO_QUEUE,
    retryLimit: 20,
    retryDelay: 15,
    // A long render must not be taken for a dead one by pg-boss's own expiry; a dead one is
    // taken over much sooner by its heartbeat (takeover.ts).
    expireInSeconds: 4 * 3600,
  });
  const handler = async (jobs: PgBoss.Job<RenderJobData>[]) => {
    for (const job of jobs) {
      const videoId = job.data?.videoId;
      if (typeof videoId !== 'string') continue;
      const outcome = await deps.running.run(videoId, (signal) => renderVideo(deps.services, videoId, { signal }));
      // Busy: another run holds it (retry once its heartbeat is known); interrupted: we are
      // stopping (the next start, or another worker, resumes it).
      if (outcome === 'busy' || outcome === 'interrupted') throw new Error(`render of ${videoId} ${outcome}; retrying later`);
    }
  };
  for (let worker = 0; worker < Math.max(1, deps.concurrency); worker++) {
    await boss.work<RenderJobData>(RENDER_VIDEO_QUEUE, { batchSize: 1 }, async (jobs) => {
      try {
        await handler(jobs);
      } catch (error) {
        deps.logError(error, 'render job');
        throw error;
      }
    });
  }
  // Videos a crash or stop left unfinished are queued again (they resume from their checkpoint).
  if (deps.database.kind === 'pglite') await releaseCrashedRenders(deps.database.db);
  for (const videoId of await unfinishedVideoIds(deps.database.db)) await boss.send(RENDER_VIDEO_QUEUE, { videoId } satisfies RenderJobData);
}
