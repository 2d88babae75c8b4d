// Runs one video's render from its first unfinished stage to the end. Every stage's result is
// saved in ai_videos.checkpoint before the next starts, so a crash, a server stop or a restart
// after a failure resumes where it left off without redoing finished work. Safe to call twice
// for one video (pg-boss retries, duplicate jobs): only one run can hold a video at a time.
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { VideoStage, VideoStageName } from '../../../../contract/videos';
import { aiVideos, type AiVideoRow } from '../../../db/schema-videos';
import { lockVideo, refundAll, settle } from '../billing';
import type { VideoCheckpoint } from '../checkpoint';
import { videoPrefix } from '../videos';
import { claimJobRow, HEARTBEAT_MS } from '../../shared/claim';
import { processTempRoot } from '../../../media/temp-roots';
import { captionsStage } from './captions';
import type { Stage, StageContext } from './context';
import { ClaimLostError, describeFailure, VideoGoneError } from './failures';
import { musicStage } from './music';
import { renderStage } from './render';
import { scenesStage } from './scenes';
import { scriptStage } from './script';
import type { RenderServices } from './services';
import { visualsStage } from './visuals';
import { voiceStage } from './voice';

interface StageStep {
  name: VideoStageName;
  /** Share of the progress bar (the weights add up to 100). */
  weight: number;
  run: Stage;
  done(checkpoint: VideoCheckpoint): boolean;
}

export const STAGE_STEPS: readonly StageStep[] = [
  { name: 'script', weight: 5, run: scriptStage, done: (c) => c.script !== undefined },
  { name: 'scenes', weight: 2, run: scenesStage, done: (c) => c.scenes !== undefined },
  { name: 'voice', weight: 15, run: voiceStage, done: (c) => c.voice !== undefined },
  { name: 'visuals', weight: 25, run: visualsStage, done: (c) => c.visualsDone === true },
  { name: 'music', weight: 2, run: musicStage, done: (c) => c.music !== undefined },
  { name: 'captions', weight: 3, run: captionsStage, done: (c) => c.captions !== undefined },
  { name: 'render', weight: 48, run: renderStage, done: (c) => c.render !== undefined },
];

const PROGRESS_WRITE_MS = 1_000;

export type RenderOutcome =
  | 'completed'
  | 'failed'
  /** Deleted before or while rendering. */
  | 'gone'
  /** Another live run holds the video (or took it over from this one); try again later. */
  | 'busy'
  /** Already completed or failed: nothing to do (a duplicate job). */
  | 'finished'
  /** Stopped by `signal` (server shutdown): left processing, resumed on the next start. */
  | 'interrupted';

export interface RenderOptions {
  /** Aborting it stops the run and leaves the video to be resumed (shutdown, or a delete). */
  signal?: AbortSignal;
}

/** Renders (or resumes) one video. Never throws for a render failure: that is recorded on the row. */
export async function renderVideo(services: RenderServices, videoId: string, options: RenderOptions = {}): Promise<RenderOutcome> {
  const claimed = await claimJobRow(services.db, aiVideos, videoId);
  if (typeof claimed === 'string') return claimed;
  const video = claimed;
  const { db } = services;
  const prefix = videoPrefix(video.userId, video.id);
  const controller = new AbortController();
  const stop = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', stop, { once: true });
  let gone = false;
  let lost = false;
  const stages: VideoStage[] = video.stages.map((stage) => ({ ...stage }));
  const checkpoint: VideoCheckpoint = { ...video.checkpoint };
  /**
   * The claim's attempt number fences every write: a run whose heartbeat went stale (a stalled
   * process) and whose video another run took over changes nothing — above all it does not take
   * the other run's files for a deleted video's.
   */
  const ours = and(eq(aiVideos.id, video.id), eq(aiVideos.status, 'processing'), eq(aiVideos.attempts, video.attempts));

  /** Writes state while the video still exists and is ours; a deleted or taken-over video aborts the run. */
  const write = async (changes: Partial<typeof aiVideos.$inferInsert>) => {
    const updated = await db
      .update(aiVideos)
      .set({ ...changes, heartbeatAt: sql`now()`, updatedAt: sql`now()` })
      .where(ours)
      .returning({ id: aiVideos.id });
    if (updated.length > 0) return;
    const error = (await exists(services, video.id)) ? new ClaimLostError() : new VideoGoneError();
    if (error instanceof ClaimLostError) lost = true;
    else gone = true;
    controller.abort(error);
    throw error;
  };
  let writing: Promise<unknown> = Promise.resolve();
  const queueWrite = (changes: Partial<typeof aiVideos.$inferInsert>) => {
    writing = writing.then(() => write(changes)).catch(() => undefined);
  };
  const heartbeat = setInterval(() => queueWrite({}), HEARTBEAT_MS);

  let completedWeight = 0;
  let lastProgressWrite = 0;
  let progressValue = video.progress;
  const workDir = await mkdtemp(join(services.workRoot ?? (await processTempRoot()), 'reelflow-render-'));
  let current: VideoStageName = STAGE_STEPS[0]!.name;
  try {
    for (const step of STAGE_STEPS) {
      current = step.name;
      const index = stages.findIndex((stage) => stage.name === step.name);
      if (step.done(checkpoint)) {
        completedWeight += step.weight;
        if (stages[index]!.status !== 'done' && stages[index]!.status !== 'skipped') stages[index] = { name: step.name, status: 'done', error: null };
        continue;
      }
      if (controller.signal.aborted) throw controller.signal.reason ?? new Error('aborted');
      stages[index] = { name: step.name, status: 'running', error: null };
      progressValue = Math.max(progressValue, Math.round(completedWeight));
      await writing;
      await write({ stage: step.name, stages, progress: progressValue });
      const context: StageContext = {
        services,
        video,
        checkpoint,
        prefix,
        workDir,
        signal: controller.signal,
        progress(fraction) {
          const value = Math.min(99, Math.round(completedWeight + step.weight * Math.min(1, Math.max(0, fraction))));
          if (value <= progressValue || Date.now() - lastProgressWrite < PROGRESS_WRITE_MS) return;
          progressValue = value;
          lastProgressWrite = Date.now();
          queueWrite({ progress: value });
        },
        async saveCheckpoint(partial) {
          Object.assign(checkpoint, partial);
          await writing;
          await write({ checkpoint });
        },
      };
      const result = await step.run(context);
      if (controller.signal.aborted) throw controller.signal.reason ?? new Error('aborted');
      Object.assign(checkpoint, result);
      completedWeight += step.weight;
      stages[index] = { name: step.name, status: step.name === 'music' && checkpoint.music === null ? 'skipped' : 'done', error: null };
      progressValue = Math.min(99, Math.max(progressValue, Math.round(completedWeight)));
      await writing;
      // A video made from a prompt without a title takes the title its writer gave the script.
      const titled = step.name === 'script' && video.settings.prompt !== undefined && !video.settings.title && checkpoint.script ? { title: checkpoint.script.title } : {};
      await write({ checkpoint, stages, progress: progressValue, ...titled });
    }
    return await complete(services, video, prefix, checkpoint, stages);
  } catch (error) {
    await writing;
    if (lost || error instanceof ClaimLostError) return 'busy';
    if (gone || error instanceof VideoGoneError || !(await exists(services, video.id))) {
      await cleanUp(services, prefix);
      return 'gone';
    }
    if (options.signal?.aborted) {
      // Shutdown: leave it processing without a heartbeat so the next start resumes it at once.
      await db.update(aiVideos).set({ heartbeatAt: null }).where(ours);
      return 'interrupted';
    }
    services.log?.(`video ${video.id} failed at ${current}`, error);
    return await fail(services, video, current, stages, error);
  } finally {
    clearInterval(heartbeat);
    options.signal?.removeEventListener('abort', stop);
    await rm(workDir, { recursive: true, force: true });
  }
}

async function exists(services: RenderServices, id: string): Promise<boolean> {
  const [row] = await services.db.select({ id: aiVideos.id }).from(aiVideos).where(eq(aiVideos.id, id));
  return row !== undefined;
}

/** Files a deleted video left behind while it was still rendering. */
async function cleanUp(services: RenderServices, prefix: string): Promise<void> {
  await services.storage.deletePrefix(prefix).catch((error: unknown) => services.log?.(`could not delete ${prefix}`, error));
}

/** Whether the locked row is still this run's claim (`claimed`): processing, the same attempt. */
const stillOurs = (row: AiVideoRow, claimed: AiVideoRow) => row.status === 'processing' && row.attempts === claimed.attempts;

async function complete(services: RenderServices, claimed: AiVideoRow, prefix: string, checkpoint: VideoCheckpoint, stages: VideoStage[]): Promise<RenderOutcome> {
  const { id } = claimed;
  const rendered = checkpoint.render!;
  const outcome = await services.db.transaction(async (tx) => {
    const row = await lockVideo(tx, id);
    if (!row) return 'gone' as const;
    // Taken over (and perhaps finished) by another run: its files are not ours to delete.
    if (!stillOurs(row, claimed)) return 'busy' as const;
    row.checkpoint = checkpoint;
    // Never more than the price shown; less when the video came out shorter than estimated.
    await settle(tx, row, rendered.duration);
    await tx
      .update(aiVideos)
      .set({
        status: 'completed',
        progress: 100,
        stage: null,
        stages,
        error: null,
        checkpoint,
        videoKey: rendered.videoKey,
        thumbnailKey: rendered.thumbnailKey,
        duration: rendered.duration,
        width: rendered.width,
        height: rendered.height,
        sizeBytes: rendered.sizeBytes,
        heartbeatAt: null,
        updatedAt: sql`now()`,
      })
      .where(eq(aiVideos.id, id));
    return 'completed' as const;
  });
  if (outcome === 'gone') await cleanUp(services, prefix);
  return outcome;
}

async function fail(services: RenderServices, claimed: AiVideoRow, stage: VideoStageName, stages: VideoStage[], error: unknown): Promise<RenderOutcome> {
  const { id } = claimed;
  const report = describeFailure(error, stage);
  const marked = stages.map((entry) => (entry.name === stage ? { name: stage, status: 'failed' as const, error: report.message } : entry));
  return services.db.transaction(async (tx) => {
    const row = await lockVideo(tx, id);
    if (!row) return 'gone';
    if (!stillOurs(row, claimed)) return 'busy';
    // Only failures that are not the creator's are refunded (docs/decisions/videos.md).
    if (!report.creatorCause) await refundAll(tx, row);
    await tx
      .update(aiVideos)
      .set({ status: 'failed', stage, stages: marked, error: report.message, heartbeatAt: null, updatedAt: sql`now()` })
      .where(eq(aiVideos.id, id));
    return 'failed';
  });
}
