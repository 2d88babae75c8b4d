// Credits of a version: its price (what is made again, server/domain/editor/price.ts) is charged
// when it is asked for, in the transaction that queues it; a failure that is not the creator's
// gives it all back. Nothing else is ever charged for a version.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { aiVideoVersions, type AiVideoVersionRow } from '../../../db/schema-videos';
import { LEDGER_REASONS } from '../../credits/costs';
import { applyCreditChange } from '../../credits/ledger';

export async function refundVersion(tx: Db, row: AiVideoVersionRow): Promise<number> {
  const refund = row.creditsCharged - row.creditsRefunded;
  if (refund <= 0) return 0;
  await applyCreditChange(tx, row.userId, refund, LEDGER_REASONS.versionRefund);
  await tx
    .update(aiVideoVersions)
    .set({ creditsRefunded: sql`${aiVideoVersions.creditsRefunded} + ${refund}` })
    .where(eq(aiVideoVersions.id, row.id));
  return refund;
}
