// Password-reset mail as a job: POST /api/forgot-password only queues {email}, so the
// request does the same work — and takes the same time — whether or not the account exists.
// The job looks the account up, stores a fresh token and sends the mail (or does nothing).
import { requestPasswordReset } from '../domain/auth/password-reset';
import { defineJob } from './job';

export const PASSWORD_RESET_MAIL_QUEUE = 'password-reset-mail';

export const passwordResetMailJob = defineJob<{ email: string }>({
  queue: PASSWORD_RESET_MAIL_QUEUE,
  // A mail server that is down for a moment should not lose the mail: pg-boss retries.
  options: { retryLimit: 3, retryDelay: 30, retryBackoff: true },
  async run({ email }, services) {
    if (typeof email !== 'string') return { outcome: 'ignored' }; // not from our route; nothing to do
    await requestPasswordReset(services.database.db, services.mailer, services.config.appUrl, email);
    // The address stays out of the log: whether it has an account is what the route keeps secret.
    return { outcome: 'handled' };
  },
});
