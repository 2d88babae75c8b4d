// Password-reset mail as a job (issue 7): POST /api/forgot-password only queues {email}, so the
// request does the same work — and takes the same time — whether or not the account exists.
// The job looks the account up, stores a fresh token and sends the mail (or does nothing).
import type PgBoss from 'pg-boss';
import type { Db } from '../db/client';
import { requestPasswordReset } from '../domain/auth/password-reset';
import type { Mailer } from '../providers/mail/mailer';
import type { JobHandler } from './queue';

export const PASSWORD_RESET_MAIL_QUEUE = 'password-reset-mail';

export interface PasswordResetMailDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
}

export function passwordResetMailHandler({ db, mailer, appUrl }: PasswordResetMailDeps): JobHandler {
  return async (data) => {
    const email = (data as { email?: unknown } | null)?.email;
    if (typeof email !== 'string') return; // not from our route; nothing to do
    await requestPasswordReset(db, mailer, appUrl, email);
  };
}

export async function registerPasswordResetMail(boss: PgBoss, deps: PasswordResetMailDeps, log: (error: unknown) => void): Promise<void> {
  const handler = passwordResetMailHandler(deps);
  // A mail server that is down for a moment should not lose the mail: pg-boss retries.
  await boss.createQueue(PASSWORD_RESET_MAIL_QUEUE, { name: PASSWORD_RESET_MAIL_QUEUE, retryLimit: 3, retryDelay: 30, retryBackoff: true });
  await boss.work<{ email?: unknown }>(PASSWORD_RESET_MAIL_QUEUE, async (jobs) => {
    for (const job of jobs) {
      try {
        await handler(job.data);
      } catch (error) {
        log(error);
        throw error;
      }
    }
  });
}
