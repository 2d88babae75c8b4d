// Renders one version of an edited video: records the scenes whose line or voice changed, draws
// the pictures asked for, encodes the segments that are not stored yet, mixes the soundtrack and
// joins it all. Like the first render, one run holds a version at a time (a claim with a
// heartbeat; a run whose heartbeat went stale is taken over), every write is fenced by the claim's
// attempt, and what a step made is saved before the next starts, so a crash resumes without
// paying or making anything twice.
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { Timeline } from '../../../../contract/timeline';
import { aiVideos, aiVideoVersions, type AiVideoVersionRow } from '../../../db/schema-videos';
import { processTempRoot } from '../../../media/temp-roots';
import { claimJobRow, HEARTBEAT_MS } from '../../shared/claim';
import { ClaimLostError, describeFailure, VideoGoneError } from '../../videos/pipeline/failures';
import { visualCreditLines } from '../../videos/description';
import { videoPrefix } from '../../videos/videos';
import type { VersionCheckpoint } from '../version-checkpoint';
import type { SegmentTally, VersionContext, VersionRenderServices } from './context';
import { drawScenes } from './draw';
import { joinVersion, mixSoundtrack, type FinishedFiles } from './finish';
import { adoptMadeMedia } from './adopt';
import { refundVersion } from './billing';
import { recordScenes } from './record';
import { encodeSegments } from './segments';

const PROGRESS_WRITE_MS = 1_000;

export type VersionOutcome = 'completed' | 'failed' | 'gone' | 'busy' | 'finished' | 'interrupted';

/** Shares of the progress bar: encoding dominates, recording and drawing only when there is any. */
const WEIGHTS = { record: 20, draw: 20, segments: 45, soundtrack: 5, join: 10 } as const;

export interface VersionRunResult {
  outcome: VersionOutcome;
  /** Scene ids whose segment was encoded in this run, and those found stored. */
  tally: SegmentTally;
}

/** Renders (or resumes) one version. A render failure is recorded on the row, never thrown. */
export async function renderVersion(services: VersionRenderServices, versionId: string, options: { signal?: AbortSignal } = {}): Promise<VersionRunResult> {
  const tally: SegmentTally = { encoded: [], reused: [] };
  const claimed = await claimJobRow(services.db, aiVideoVersions, versionId);
  if (typeof claimed === 'string') return { outcome: claimed, tally };
  const version = claimed;
  const { db } = services;
  const [video] = await db.select().from(aiVideos).where(eq(aiVideos.id, version.videoId));
  if (!video || !version.timeline) return { outcome: 'gone', tally };
  const controller = new AbortController();
  const stop = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', stop, { once: true });
  const ours = and(eq(aiVideoVersions.id, version.id), eq(aiVideoVersions.status, 'processing'), eq(aiVideoVersions.attempts, version.attempts));
  let lost = false;
  let gone = false;
  const write = async (changes: Partial<typeof aiVideoVersions.$inferInsert>) => {
    const updated = await db
      .update(aiVideoVersions)
      .set({ ...changes, heartbeatAt: sql`now()`, updatedAt: sql`now()` })
      .where(ours)
      .returning({ id: aiVideoVersions.id });
    if (updated.length > 0) return;
    const [still] = await db.select({ id: aiVideoVersions.id }).from(aiVideoVersions).where(eq(aiVideoVersions.id, version.id));
    const error = still ? new ClaimLostError() : new VideoGoneError();
    if (still) lost = true;
    else gone = true;
    controller.abort(error);
    throw error;
  };
  let writing: Promise<unknown> = Promise.resolve();
  const queueWrite = (changes: Partial<typeof aiVideoVersions.$inferInsert>) => {
    writing = writing.then(() => write(changes)).catch(() => undefined);
  };
  const heartbeat = setInterval(() => queueWrite({}), HEARTBEAT_MS);
  const workDir = await mkdtemp(join(services.workRoot ?? (await processTempRoot()), 'reelflow-version-'));
  const timeline: Timeline = structuredClone(version.timeline);
  const checkpoint: VersionCheckpoint = { ...version.checkpoint };
  let done = 0;
  let progressValue = version.progress;
  let lastProgressWrite = 0;
  const stepProgress = (weight: number) => (fraction: number) => {
    const value = Math.min(99, Math.round(done + weight * Math.min(1, Math.max(0, fraction))));
    if (value <= progressValue || Date.now() - lastProgressWrite < PROGRESS_WRITE_MS) return;
    progressValue = value;
    lastProgressWrite = Date.now();
    queueWrite({ progress: value });
  };
  const context: VersionContext = {
    services,
    video,
    version,
    timeline,
    checkpoint,
    prefix: videoPrefix(video.userId, video.id),
    workDir,
    signal: controller.signal,
    progress: () => undefined,
    async save() {
      await writing;
      await write({ timeline, checkpoint });
    },
  };
  const step = async <T>(weight: number, work: () => Promise<T>): Promise<T> => {
    if (controller.signal.aborted) throw controller.signal.reason ?? new Error('aborted');
    context.progress = stepProgress(weight);
    const result = await work();
    done += weight;
    return result;
  };
  try {
    await step(WEIGHTS.record, () => recordScenes(context));
    await step(WEIGHTS.draw, () => drawScenes(context));
    const segments = await step(WEIGHTS.segments, () => encodeSegments(context, tally));
    const audio = await step(WEIGHTS.soundtrack, () => mixSoundtrack(context));
    const files = await step(WEIGHTS.join, () => joinVersion(context, segments, audio));
    await writing;
    return { outcome: await complete(services, version, timeline, checkpoint, files), tally };
  } catch (error) {
    await writing;
    if (lost || error instanceof ClaimLostError) return { outcome: 'busy', tally };
    if (gone || error instanceof VideoGoneError) return { outcome: 'gone', tally };
    if (options.signal?.aborted) {
      await db.update(aiVideoVersions).set({ heartbeatAt: null }).where(ours);
      return { outcome: 'interrupted', tally };
    }
    services.log?.(`version ${version.version} of video ${video.id} failed`, error);
    return { outcome: await fail(services, version, error), tally };
  } finally {
    clearInterval(heartbeat);
    options.signal?.removeEventListener('abort', stop);
    await rm(workDir, { recursive: true, force: true });
  }
}

/** Locks the version row until the transaction ends. */
async function lockVersion(tx: VersionRenderServices['db'], id: string) {
  const [row] = await tx.select().from(aiVideoVersions).where(eq(aiVideoVersions.id, id)).for('update');
  return row;
}

async function complete(services: VersionRenderServices, claimed: AiVideoVersionRow, timeline: Timeline, checkpoint: VersionCheckpoint, files: FinishedFiles): Promise<VersionOutcome> {
  return services.db.transaction(async (tx) => {
    const row = await lockVersion(tx, claimed.id);
    if (!row) return 'gone';
    if (row.status !== 'processing' || row.attempts !== claimed.attempts) return 'busy';
    const [video] = await tx.select().from(aiVideos).where(eq(aiVideos.id, row.videoId)).for('update');
    if (!video) return 'gone';
    await tx
      .update(aiVideoVersions)
      .set({ status: 'completed', progress: 100, error: null, timeline, checkpoint, heartbeatAt: null, updatedAt: sql`now()`, ...files })
      .where(eq(aiVideoVersions.id, row.id));
    // The newest finished version is the video's (My videos plays it; new posts take it).
    const newest = row.version >= video.currentVersion;
    const adopted = adoptMadeMedia(video.timeline, timeline);
    await tx
      .update(aiVideos)
      .set({
        ...(newest ? { currentVersion: row.version, ...files, visualCredits: visualCreditLines(timeline.scenes.map((scene) => scene.visual.attribution)) } : {}),
        ...(adopted ? { timeline: adopted, timelineRevision: sql`${aiVideos.timelineRevision} + 1`, timelineUpdatedAt: sql`now()` } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(aiVideos.id, video.id));
    return 'completed';
  });
}

async function fail(services: VersionRenderServices, claimed: AiVideoVersionRow, error: unknown): Promise<VersionOutcome> {
  const report = describeFailure(error, 'render');
  return services.db.transaction(async (tx) => {
    const row = await lockVersion(tx, claimed.id);
    if (!row) return 'gone';
    if (row.status !== 'processing' || row.attempts !== claimed.attempts) return 'busy';
    if (!report.creatorCause) await refundVersion(tx, row);
    await tx.update(aiVideoVersions).set({ status: 'failed', error: report.message, heartbeatAt: null, updatedAt: sql`now()` }).where(eq(aiVideoVersions.id, row.id));
    return 'failed';
  });
}
