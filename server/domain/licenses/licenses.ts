// Licence codes: created by the admin CLI, shown once, stored only as sha256 of the normalised
// code plus a short display prefix. A licence is single use: redemption is one conditional
// UPDATE (… WHERE used_at IS NULL) inside the registration transaction, so two concurrent
// redemptions cannot both succeed — the second one's UPDATE matches no row after the first commits.
import { randomInt } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { licenses, users } from '../../db/schema';
import { sha256Hex } from '../auth/secrets';
import { applyCreditChange } from '../credits/ledger';
import { AdminCommandError, FieldValidationError } from '../errors';
import { isPlanKey, PLAN_KEYS, planFor, planRank, type PlanDefinition } from '../plans/plans';

export const INVALID_LICENSE = 'This licence code is invalid or has already been used.';

// No 0/O/1/I: codes get read aloud and typed from paper.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const GROUPS = 4;
const GROUP_LENGTH = 5;

/** Case, spaces and dashes do not matter when a user types a code. */
export function normaliseLicenseKey(key: string): string {
  return key.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

function generateCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++) {
    let group = '';
    for (let i = 0; i < GROUP_LENGTH; i++) group += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}

export async function createLicenses(db: Db, plan: string, count: number): Promise<string[]> {
  if (!isPlanKey(plan)) throw new AdminCommandError(`Unknown plan "${plan}". Plans: ${PLAN_KEYS.join(', ')}.`);
  if (!Number.isInteger(count) || count < 1 || count > 1000) throw new AdminCommandError('--count must be a whole number from 1 to 1000.');
  const codes = Array.from({ length: count }, generateCode);
  await db.insert(licenses).values(
    codes.map((code) => ({ codeHash: sha256Hex(normaliseLicenseKey(code)), displayPrefix: code.slice(0, GROUP_LENGTH), plan })),
  );
  return codes;
}

/** The plan of an unused licence, or a 422 on license_key. Does not consume it. */
export async function validateLicense(db: Db, key: string): Promise<PlanDefinition> {
  const [row] = await db
    .select({ plan: licenses.plan })
    .from(licenses)
    .where(and(eq(licenses.codeHash, sha256Hex(normaliseLicenseKey(key))), isNull(licenses.usedAt)))
    .limit(1);
  if (!row) throw new FieldValidationError('license_key', INVALID_LICENSE);
  return planFor(row.plan);
}

/** Marks the licence used by `userId` inside `tx`; returns its plan key or throws a 422. */
export async function redeemLicenseInTransaction(tx: Db, key: string, userId: number): Promise<string> {
  const [row] = await tx
    .update(licenses)
    .set({ usedBy: userId, usedAt: sql`now()` })
    .where(and(eq(licenses.codeHash, sha256Hex(normaliseLicenseKey(key))), isNull(licenses.usedAt)))
    .returning({ plan: licenses.plan });
  if (!row) throw new FieldValidationError('license_key', INVALID_LICENSE);
  return planFor(row.plan).key;
}

export async function listLicenses(db: Db, limit = 50) {
  return db.select().from(licenses).orderBy(desc(licenses.id)).limit(limit);
}

export const LICENSE_REASON = 'licence upgrade';

export interface AppliedLicense {
  /** The user's plan after the call. */
  plan: PlanDefinition;
  /** True when this code had already been applied to this same account (a repeated request). */
  alreadyApplied: boolean;
}

/**
 * A signed-in user applies a licence code (POST /api/user/license). In one transaction: the
 * user's row is locked, the code is looked up, and
 * - a code this user already applied answers as applied again, changing nothing (a retried
 *   request, or a double click, is not an error);
 * - an unknown code, or one used by someone else, is the usual 422 on license_key;
 * - a code for the user's own plan or a lower one is refused (422) and NOT consumed, so it can
 *   still be given to someone else (docs/decisions/plans.md);
 * - otherwise the code is consumed, the plan set, and `credits` granted on the ledger.
 */
export async function applyLicenseToUser(db: Db, userId: number, key: string, creditsFor: (plan: string) => number): Promise<AppliedLicense> {
  const codeHash = sha256Hex(normaliseLicenseKey(key));
  return db.transaction(async (tx) => {
    // Locks the row: two codes applied at once by one user are applied one after the other.
    const [user] = await tx.select({ plan: users.plan }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new Error('authenticated user not found');
    const [licence] = await tx.select({ plan: licenses.plan, usedBy: licenses.usedBy, usedAt: licenses.usedAt }).from(licenses).where(eq(licenses.codeHash, codeHash)).limit(1);
    if (licence?.usedAt && licence.usedBy === userId) return { plan: planFor(user.plan), alreadyApplied: true };
    if (!licence || licence.usedAt) throw new FieldValidationError('license_key', INVALID_LICENSE);
    const current = planFor(user.plan);
    const offered = planFor(licence.plan);
    if (planRank(offered.key) <= planRank(current.key)) throw new FieldValidationError('license_key', notAnUpgrade(offered, current));
    const plan = await redeemLicenseInTransaction(tx, key, userId);
    await tx.update(users).set({ plan, updatedAt: sql`now()` }).where(eq(users.id, userId));
    const credits = creditsFor(plan);
    if (credits > 0) await applyCreditChange(tx, userId, credits, LICENSE_REASON);
    return { plan: planFor(plan), alreadyApplied: false };
  });
}

function notAnUpgrade(offered: PlanDefinition, current: PlanDefinition): string {
  const same = offered.key === current.key;
  return same
    ? `This licence is for the ${offered.name} plan, which you already have. It was not used, so you can give it to someone else.`
    : `This licence is for the ${offered.name} plan, which is below your ${current.name} plan. Your plan was not changed and the licence was not used.`;
}
