// Accounts: create (ordinary or with a licence), sign in, change password, and the public user
// object. Every multi-row change runs in one transaction.
import { eq, sql } from 'drizzle-orm';
import type { User } from '../../../contract/auth';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { users, type UserRow } from '../../db/schema';
import { applyCreditChange } from '../credits/ledger';
import { FieldValidationError } from '../errors';
import { redeemLicenseInTransaction } from '../licenses/licenses';
import { planFor } from '../plans/plans';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import { issueToken, revokeOtherTokens } from './tokens';

export const EMAIL_TAKEN = 'The email has already been taken.';
export const BAD_CREDENTIALS = 'These credentials do not match our records.';
export const WRONG_CURRENT_PASSWORD = 'The password is incorrect.';
export const SIGNUP_BONUS_REASON = 'signup bonus';

/** The user object of the contract: never the hash. */
export function toPublicUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    plan: row.plan,
    plan_name: planFor(row.plan).name,
    credits: row.credits,
    has_payment_approval: row.hasPaymentApproval,
    skip_payment_approval: row.skipPaymentApproval,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export interface SignedIn {
  token: string;
  user: UserRow;
}

export interface NewAccount {
  name: string;
  email: string;
  password: string;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

interface CreateOptions {
  plan: string;
  startingCredits: number;
  /** Redeemed in the same transaction: no account without the licence, no licence used twice. */
  licenseKey?: string;
}

export async function createAccount(db: Db, account: NewAccount, options: CreateOptions): Promise<SignedIn> {
  // Hash outside the transaction: it is slow and needs no database.
  const passwordHash = await hashPassword(account.password);
  if (await findUserByEmail(db, account.email)) throw new FieldValidationError('email', EMAIL_TAKEN);
  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({ name: account.name, email: account.email.trim().toLowerCase(), passwordHash, plan: options.plan })
        .returning();
      if (!created) throw new Error('user insert returned nothing');
      if (options.licenseKey !== undefined) {
        const plan = await redeemLicenseInTransaction(tx, options.licenseKey, created.id);
        await tx.update(users).set({ plan }).where(eq(users.id, created.id));
      }
      if (options.startingCredits > 0) await applyCreditChange(tx, created.id, options.startingCredits, SIGNUP_BONUS_REASON);
      const token = await issueToken(tx, created.id);
      const [user] = await tx.select().from(users).where(eq(users.id, created.id));
      return { token, user: user! };
    });
  } catch (error) {
    // Two registrations racing for one email: the unique index decides.
    if (isUniqueViolation(error)) throw new FieldValidationError('email', EMAIL_TAKEN);
    throw error;
  }
}

export async function signIn(db: Db, email: string, password: string): Promise<SignedIn> {
  const user = await findUserByEmail(db, email);
  if (!user) {
    await burnPasswordCheck(password);
    throw new FieldValidationError('email', BAD_CREDENTIALS);
  }
  if (!(await verifyPassword(user.passwordHash, password))) throw new FieldValidationError('email', BAD_CREDENTIALS);
  return { token: await issueToken(db, user.id), user };
}

/** Checks the current password, sets the new one and signs out every other device. */
export async function changePassword(db: Db, userId: number, currentTokenId: number, currentPassword: string, newPassword: string): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user || !(await verifyPassword(user.passwordHash, currentPassword))) {
    throw new FieldValidationError('current_password', WRONG_CURRENT_PASSWORD);
  }
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, userId));
    await revokeOtherTokens(tx, userId, currentTokenId);
  });
}
