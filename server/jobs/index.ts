// Every queue, schedule and worker of the server, registered once pg-boss has started — by the
// HTTP server and by `npm run worker` alike (pg-boss hands each job to one of them).
import type PgBoss from 'pg-boss';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Mailer } from '../providers/mail/mailer';
import { registerIdempotencyPurge } from './idempotency-purge';
import { passwordResetMailHandler, PASSWORD_RESET_MAIL_QUEUE, registerPasswordResetMail } from './password-reset-mail';
import type { JobHandler } from './queue';
import { registerRateLimitPurge } from './rate-limit-purge';

export interface JobDeps {
  database: Database;
  config: Pick<Config, 'appUrl'>;
  mailer: Mailer;
  log: (message: string) => void;
  logError: (error: unknown, context: string) => void;
}

export async function registerJobs(boss: PgBoss, deps: JobDeps): Promise<void> {
  await registerIdempotencyPurge(boss, deps.database.db, deps.log);
  await registerRateLimitPurge(boss, deps.database.db, deps.log);
  await registerPasswordResetMail(boss, { db: deps.database.db, mailer: deps.mailer, appUrl: deps.config.appUrl }, (error) =>
    deps.logError(error, 'password reset mail failed'),
  );
}

/** The handlers of the jobs requests queue, for an app that runs them inline (no pg-boss). */
export function requestJobHandlers(deps: Pick<JobDeps, 'database' | 'config' | 'mailer'>): Record<string, JobHandler> {
  return { [PASSWORD_RESET_MAIL_QUEUE]: passwordResetMailHandler({ db: deps.database.db, mailer: deps.mailer, appUrl: deps.config.appUrl }) };
}
