// The render queue: RENDER_CONCURRENCY workers per process each take one video at a
// time. pg-boss retries are safe: renderVideo resumes from the checkpoint and never charges
// (charging happens when the video is queued), and a video another live run holds is retried later.
import { STALE_HEARTBEAT_MS } from '../domain/shared/claim';
import { renderVideo } from '../domain/videos/pipeline/run';
import { releaseCrashedRenders, RunningRenders, unfinishedVideoIds, type VideoRenderer } from '../domain/videos/runner';
import { defineJob, RetryLater } from './job';
import { videoOwner } from './owners';
import type { JobQueue } from './queue';
import { handOnEpisodeOfVideo } from './series-hand-on';
import { rowClaims } from './takeover';

export const RENDER_VIDEO_QUEUE = 'render-video';

export interface RenderJobData {
  videoId: string;
}

/** Queues renders; `running` lets a delete stop a render of this process. */
export function queuedRenderer(jobs: JobQueue, running: RunningRenders): VideoRenderer {
  return {
    enqueue: (videoId) => jobs.send(RENDER_VIDEO_QUEUE, { videoId } satisfies RenderJobData),
    stop: (videoId) => running.stop(videoId),
  };
}

/** A render is held while its video is processing with a fresh heartbeat (refreshed every 15 s). */
export const RENDER_CLAIMS = rowClaims(RENDER_VIDEO_QUEUE, STALE_HEARTBEAT_MS, { table: 'ai_videos', dataKey: 'videoId', running: "r.status = 'processing'", heartbeat: 'r.heartbeat_at' });

export const renderVideoJob = defineJob<RenderJobData>({
  queue: RENDER_VIDEO_QUEUE,
  options: {
    retryLimit: 20,
    retryDelay: 15,
    // A long render must not be taken for a dead one by pg-boss's own expiry; a dead one is
    // taken over much sooner by its heartbeat (takeover.ts).
    expireInSeconds: 4 * 3600,
  },
  concurrency: (services) => services.config.renderConcurrency,
  claims: () => RENDER_CLAIMS,
  subject: (data) => ({ videoId: data.videoId }),
  async run({ videoId }, services) {
    if (typeof videoId !== 'string') return { outcome: 'ignored' };
    const outcome = await services.runningRenders.run(videoId, (signal) => renderVideo(services.render, videoId, { signal }));
    const report = { outcome, userId: await videoOwner(services.database.db, videoId) };
    // Busy: another run holds it (retry once its heartbeat is known); interrupted: we are
    // stopping (the next start, or another worker, resumes it).
    if (outcome === 'busy' || outcome === 'interrupted') throw new RetryLater(outcome, report);
    // A series episode waits on this render: it takes its next step now.
    if (outcome === 'completed' || outcome === 'failed') await handOnEpisodeOfVideo(services.database.db, services.jobs, videoId);
    return report;
  },
  async resume(services) {
    // Videos a crash or stop left unfinished are queued again (they resume from their checkpoint).
    if (services.database.kind === 'pglite') await releaseCrashedRenders(services.database.db);
    for (const videoId of await unfinishedVideoIds(services.database.db)) await services.jobs.send(RENDER_VIDEO_QUEUE, { videoId } satisfies RenderJobData);
  },
});
