// Every change of a user's credits is a ledger row, written in the same transaction as the
// users.credits update, so the balance and its history never disagree.
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { creditLedger, users } from '../../db/schema';
import { AdminCommandError } from '../errors';

/** Adds `delta` (may be negative) inside `tx`; refuses to go below zero. Returns the new balance. */
export async function applyCreditChange(tx: Db, userId: number, delta: number, reason: string): Promise<number> {
  if (!Number.isSafeInteger(delta)) throw new AdminCommandError('The amount must be a whole number.');
  const [updated] = await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${delta}`, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), gte(sql`${users.credits} + ${delta}`, 0)))
    .returning({ credits: users.credits });
  if (!updated) throw new AdminCommandError('The credits balance cannot go below zero.');
  await tx.insert(creditLedger).values({ userId, delta, reason, balanceAfter: updated.credits });
  return updated.credits;
}

export async function grantCredits(db: Db, userId: number, delta: number, reason: string): Promise<number> {
  return db.transaction((tx) => applyCreditChange(tx, userId, delta, reason));
}
