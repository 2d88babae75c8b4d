// Credits of a video (docs/decisions/videos.md). The price is videoCost(estimated seconds, plan
// rate), charged when the video is queued in the same transaction as its row. Afterwards only
// refunds happen: the whole remainder when a render fails for a reason that is not the
// creator's or when an unfinished video is deleted, and the unused part when the finished video
// is shorter than estimated. A restart pays again only what was refunded, so a video is never
// paid twice and never more than the price shown.
import { eq, sql } from 'drizzle-orm';
import { videoCost } from '../../../contract/videos';
import type { Db } from '../../db/client';
import { aiVideos, type AiVideoRow } from '../../db/schema-videos';
import { applyCreditChange } from '../credits/ledger';
import { LEDGER_REASONS } from '../credits/costs';
import { chargesThisMonth } from '../credits/monthly-charge';

/** Videos queued this calendar month (UTC), counted from the ledger like generated scripts. */
export function videosQueuedThisMonth(db: Db, userId: number, now: Date): Promise<number> {
  return chargesThisMonth(db, userId, LEDGER_REASONS.videoRender, now);
}

/** Credits the creator has paid for this video so far (charges minus refunds). */
export function paidFor(row: Pick<AiVideoRow, 'creditsCharged' | 'creditsRefunded'>): number {
  return row.creditsCharged - row.creditsRefunded;
}

/** The video's row, locked until `tx` ends: refunds and charges of one video happen one at a time. */
export async function lockVideo(tx: Db, id: string): Promise<AiVideoRow | undefined> {
  const [row] = await tx.select().from(aiVideos).where(eq(aiVideos.id, id)).for('update');
  return row;
}

/** Gives back `amount` (capped to what was paid) and records it on the row. Returns the amount. */
export async function refundCredits(tx: Db, row: AiVideoRow, amount: number, reason: string): Promise<number> {
  const refund = Math.min(amount, paidFor(row));
  if (refund <= 0) return 0;
  await applyCreditChange(tx, row.userId, refund, reason);
  await tx
    .update(aiVideos)
    .set({ creditsRefunded: sql`${aiVideos.creditsRefunded} + ${refund}` })
    .where(eq(aiVideos.id, row.id));
  row.creditsRefunded += refund;
  return refund;
}

/** Everything still paid for this video goes back (a failure that is not the creator's, a delete). */
export function refundAll(tx: Db, row: AiVideoRow): Promise<number> {
  return refundCredits(tx, row, paidFor(row), LEDGER_REASONS.videoRefund);
}

/** After rendering: a video shorter than estimated costs less; the difference goes back. */
export function settle(tx: Db, row: AiVideoRow, renderedSeconds: number): Promise<number> {
  const rate = row.checkpoint.pricing?.creditsPerSecond;
  if (rate === undefined) return Promise.resolve(0);
  const fair = videoCost(renderedSeconds, rate);
  return refundCredits(tx, row, paidFor(row) - fair, LEDGER_REASONS.videoSettlement);
}
