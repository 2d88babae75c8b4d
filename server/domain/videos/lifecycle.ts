// Restart and delete (docs/decisions/videos.md). Restart takes a failed video back to the queue;
// the render resumes at the stage that failed, and the creator pays again only what the failure
// refunded (so a video is never paid twice). Delete removes the row and every stored file, stops
// a running render, refunds a video that never finished, and cancels the posts still waiting to
// publish it.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { aiVideos } from '../../db/schema-videos';
import type { MediaStorage } from '../../media/storage/types';
import { LEDGER_REASONS } from '../credits/costs';
import { cancelWaitingTargetsOfVideo } from '../publishing/targets';
import { ClientProblem, NotFoundError } from '../problems';
import { chargeCredits } from '../credits/monthly-charge';
import { paidFor, refundAll } from './billing';
import { VIDEO_NOT_FOUND, videoPrefix } from './videos';

export const RESTART_COMPLETED_MESSAGE = 'This video is already finished; only a failed video can be restarted.';

/**
 * Puts a failed video back in the queue, inside the caller's transaction (it locks the row). A
 * video that is already queued or rendering (a repeated restart) is left as it is.
 */
export async function restartVideo(tx: Db, userId: number, id: string): Promise<void> {
  const [row] = await tx
    .select()
    .from(aiVideos)
    .where(and(eq(aiVideos.id, id), eq(aiVideos.userId, userId)))
    .for('update');
  if (!row) throw new NotFoundError(VIDEO_NOT_FOUND);
  if (row.status === 'queued' || row.status === 'processing') return;
  if (row.status === 'completed') throw new ClientProblem(409, RESTART_COMPLETED_MESSAGE);
  const price = row.checkpoint.pricing?.price ?? row.creditsCharged;
  const owed = price - paidFor(row);
  if (owed > 0) await chargeCredits(tx, userId, owed, LEDGER_REASONS.videoRestart);
  await tx
    .update(aiVideos)
    .set({
      status: 'queued',
      error: null,
      stage: null,
      // Finished stages keep their status (and their checkpoint): only the failed one runs again.
      stages: row.stages.map((stage) => (stage.status === 'failed' || stage.status === 'running' ? { ...stage, status: 'pending', error: null } : stage)),
      creditsCharged: sql`${aiVideos.creditsCharged} + ${Math.max(0, owed)}`,
      heartbeatAt: null,
      // A dismissal belonged to the failure left behind: a new failure shows on the failed-jobs list.
      failureDismissedAt: null,
      updatedAt: sql`now()`,
    })
    .where(eq(aiVideos.id, id));
}

/**
 * Deletes the video's row, refunding a video that never finished, inside `tx` (the route's
 * idempotent transaction). The posts still waiting to publish it are cancelled in the same
 * transaction (they could only fail at their time). Then the caller stops its render and removes
 * its files (removeVideoFiles). A render still running elsewhere notices the row is gone at its
 * next write, stops and deletes what it wrote since (pipeline/run.ts). Deleting an already
 * deleted video is not an error: another device may have deleted it first.
 */
export async function removeVideoRow(tx: Db, userId: number, id: string): Promise<{ deleted: boolean; refunded: number; postsCancelled: number }> {
  const [row] = await tx
    .select()
    .from(aiVideos)
    .where(and(eq(aiVideos.id, id), eq(aiVideos.userId, userId)))
    .for('update');
  if (!row) return { deleted: false, refunded: 0, postsCancelled: 0 };
  const refunded = row.status === 'completed' ? 0 : await refundAll(tx, row);
  const postsCancelled = await cancelWaitingTargetsOfVideo(tx, userId, id);
  await tx.delete(aiVideos).where(eq(aiVideos.id, id));
  return { deleted: true, refunded, postsCancelled };
}

/** Every stored file of the video (its whole folder). */
export async function removeVideoFiles(storage: MediaStorage, userId: number, id: string): Promise<void> {
  await storage.deletePrefix(videoPrefix(userId, id));
}
