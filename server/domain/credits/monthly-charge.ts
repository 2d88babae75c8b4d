// A paid action limited per calendar month by the plan (generating a script, queueing a video):
// the uses are counted from the credits ledger (a charge with the action's reason is one use).
// Checked before the slow work so a refused request costs nothing, then charged and checked again
// inside the transaction that saves the result, where it is race-free (see takeMonthlyCharge).
import { and, count, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { creditLedger, users } from '../../db/schema';
import { AdminCommandError } from '../errors';
import { InsufficientCreditsError } from '../problems';
import { applyCreditChange } from './ledger';

export interface MonthlyCharge {
  userId: number;
  /** Credits the action costs. */
  amount: number;
  /** The ledger reason, which is also what the month's uses are counted by. */
  reason: string;
  /** The plan's uses a month, or null when unlimited. */
  limit: number | null;
  /** The problem the creator is shown when the month's uses are spent. */
  limitReached: (limit: number) => Error;
}

/** The UTC calendar month around `now`: start inclusive, end exclusive. */
export function monthWindowUtc(now: Date): { start: Date; end: Date } {
  return { start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)), end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)) };
}

/** Charges with `reason` this calendar month (UTC). */
export async function chargesThisMonth(db: Db, userId: number, reason: string, now: Date): Promise<number> {
  const [{ used } = { used: 0 }] = await db
    .select({ used: count() })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.reason, reason), gte(creditLedger.createdAt, monthWindowUtc(now).start)));
  return used;
}

export async function balanceOf(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row?.credits ?? 0;
}

/** Takes `amount` credits inside `tx`, or throws the 402 the client shows. */
export async function chargeCredits(tx: Db, userId: number, amount: number, reason: string): Promise<number> {
  try {
    return await applyCreditChange(tx, userId, -amount, reason);
  } catch (error) {
    // Another request spent the balance in between.
    if (error instanceof AdminCommandError) throw new InsufficientCreditsError(amount, await balanceOf(tx, userId));
    throw error;
  }
}

/** Before the slow work: refuses a month whose uses are spent, or a balance below the price. */
export async function checkMonthlyCharge(db: Db, charge: MonthlyCharge, credits: number, now: Date): Promise<void> {
  if (charge.limit !== null && (await chargesThisMonth(db, charge.userId, charge.reason, now)) >= charge.limit) throw charge.limitReached(charge.limit);
  if (credits < charge.amount) throw new InsufficientCreditsError(charge.amount, credits);
}

/** Inside the saving transaction: charges, then re-counts. Returns the new balance. */
export async function takeMonthlyCharge(tx: Db, charge: MonthlyCharge, now: Date): Promise<number> {
  const credits = await chargeCredits(tx, charge.userId, charge.amount, charge.reason);
  // The charge locked the user's row until commit, so concurrent charges of one user pass here
  // one at a time and this count (which includes our own ledger row) sees every committed one:
  // parallel requests cannot overrun the quota.
  if (charge.limit !== null && (await chargesThisMonth(tx, charge.userId, charge.reason, now)) > charge.limit) throw charge.limitReached(charge.limit);
  return credits;
}
