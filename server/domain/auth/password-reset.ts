// Forgotten passwords: a random token (stored as sha256, one per user, valid 60 minutes) is
// mailed as a link to the PWA's /reset-password page; using it sets the password, consumes the
// token and signs the user out everywhere.
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';
import type { Mailer } from '../ports/mail';
import { FieldValidationError } from '../errors';
import { hashPassword } from './passwords';
import { constantTimeEqual, randomSecret, sha256Hex } from './secrets';
import { revokeAllTokens } from './tokens';
import { findUserByEmail } from './users';

export const RESET_LINK_SENT = 'If an account exists for that email, we have emailed a password reset link.';
export const RESET_TOKEN_INVALID = 'This password reset token is invalid.';
export const RESET_DONE = 'Your password has been reset.';
export const RESET_TOKEN_MINUTES = 60;

export function resetLink(appUrl: string, token: string, email: string): string {
  return `${appUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;
}

/** Sends a reset mail when the account exists; silent otherwise (no account enumeration). */
export async function requestPasswordReset(db: Db, mailer: Mailer, appUrl: string, email: string): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const token = randomSecret(32);
  const expiresAt = new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000);
  await db
    .insert(passwordResetTokens)
    .values({ userId: user.id, tokenHash: sha256Hex(token), expiresAt })
    .onConflictDoUpdate({ target: passwordResetTokens.userId, set: { tokenHash: sha256Hex(token), expiresAt, createdAt: sql`now()` } });
  await mailer.send({
    to: user.email,
    subject: 'Reset your Reelflow password',
    text: [
      `Hello ${user.name},`,
      '',
      'You asked to reset your Reelflow password. Open this link to choose a new one:',
      resetLink(appUrl, token, user.email),
      '',
      `The link expires in ${RESET_TOKEN_MINUTES} minutes. If you did not ask for it, ignore this mail.`,
    ].join('\n'),
  });
}

export async function resetPassword(db: Db, email: string, token: string, newPassword: string): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new FieldValidationError('email', RESET_TOKEN_INVALID);
  const [stored] = await db
    .select()
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, user.id), gt(passwordResetTokens.expiresAt, sql`now()`)))
    .limit(1);
  if (!stored || !constantTimeEqual(stored.tokenHash, sha256Hex(token))) throw new FieldValidationError('email', RESET_TOKEN_INVALID);
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    // Consuming with a conditional delete makes a token usable once even under concurrency.
    const consumed = await tx
      .delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, user.id), eq(passwordResetTokens.tokenHash, stored.tokenHash)))
      .returning({ userId: passwordResetTokens.userId });
    if (consumed.length === 0) throw new FieldValidationError('email', RESET_TOKEN_INVALID);
    await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, user.id));
    await revokeAllTokens(tx, user.id);
  });
}
