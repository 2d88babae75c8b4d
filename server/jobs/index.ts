// Every queue, schedule and worker of the server, registered once pg-boss has started — by the
// HTTP server and by `npm run worker` alike (pg-boss hands each job to one of them).
import type PgBoss from 'pg-boss';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Mailer } from '../providers/mail/mailer';
import { createBoss, startBoss, stopBoss } from './boss';
import { registerIdempotencyPurge } from './idempotency-purge';
import { passwordResetMailHandler, PASSWORD_RESET_MAIL_QUEUE, registerPasswordResetMail } from './password-reset-mail';
import type { JobHandler } from './queue';
import { registerRateLimitPurge } from './rate-limit-purge';
import { registerRenderCaptions } from './render-captions';
import { registerRenderVideo } from './render-video';
import type { RenderServices } from '../domain/videos/pipeline/services';
import type { RunningRenders } from '../domain/videos/runner';
import { registerPublishTarget, type PublishJobDeps } from './publish-target';
import { registerRefreshTokens } from './refresh-tokens';
import { registerTranscribe, type TranscribeJobDeps } from './transcribe';
import { registerUploadsPurge } from './purge-uploads';

export interface JobDeps {
  database: Database;
  config: Pick<Config, 'appUrl' | 'uploads'>;
  mailer: Mailer;
  log: (message: string) => void;
  logError: (error: unknown, context: string) => void;
  /** The render queue's workers (issue 8): pipeline services, renders of this process, how many at once. */
  render: { services: RenderServices; running: RunningRenders; concurrency: number };
  /** The publish queue's workers (issue 9): the engine's adapters, tokens and storage, how many at once. */
  publish: Pick<PublishJobDeps, 'engine' | 'concurrency'>;
  /** The transcription queue's worker (issue 11): storage and engine, and the process's stop signal. */
  transcribe: Pick<TranscribeJobDeps, 'transcribe' | 'signal'>;
}

export async function registerJobs(boss: PgBoss, deps: JobDeps): Promise<void> {
  await registerIdempotencyPurge(boss, deps.database.db, deps.log);
  await registerRateLimitPurge(boss, deps.database.db, deps.log);
  await registerPasswordResetMail(boss, { db: deps.database.db, mailer: deps.mailer, appUrl: deps.config.appUrl }, (error) =>
    deps.logError(error, 'password reset mail failed'),
  );
  await registerRenderVideo(boss, { database: deps.database, ...deps.render, logError: deps.logError });
  await registerPublishTarget(boss, { database: deps.database, ...deps.publish, logError: deps.logError });
  await registerRefreshTokens(boss, { db: deps.database.db, tokens: deps.publish.engine.tokens, log: deps.log });
  await registerTranscribe(boss, { database: deps.database, ...deps.transcribe, logError: deps.logError });
  await registerRenderCaptions(boss, { database: deps.database, ...deps.transcribe, logError: deps.logError });
  await registerUploadsPurge(boss, deps.config.uploads, deps.log);
}

/** The logger both processes hand the jobs: Fastify's in the server, pino in the worker. */
export interface JobLogger {
  info(message: string): void;
  error(details: { err: unknown }, message: string): void;
}

/**
 * Starts pg-boss on the database and registers every job — the same for the HTTP server and
 * `npm run worker`. Should registering fail, pg-boss is stopped again before the error is thrown.
 */
export async function startJobRunner(deps: Omit<JobDeps, 'log' | 'logError' | 'config'> & { config: Pick<Config, 'appUrl' | 'databaseUrl' | 'uploads'>; logger: JobLogger }): Promise<PgBoss> {
  const { logger, ...rest } = deps;
  const boss = await startBoss(createBoss(deps.config, deps.database), (error) => logger.error({ err: error }, 'pg-boss error'));
  try {
    await registerJobs(boss, {
      ...rest,
      log: (message) => logger.info(message),
      logError: (error, context) => logger.error({ err: error }, context),
    });
  } catch (error) {
    await stopBoss(boss).catch(() => {});
    throw error;
  }
  return boss;
}

/** The handlers of the jobs requests queue, for an app that runs them inline (no pg-boss). */
export function requestJobHandlers(deps: Pick<JobDeps, 'database' | 'config' | 'mailer'>): Record<string, JobHandler> {
  return { [PASSWORD_RESET_MAIL_QUEUE]: passwordResetMailHandler({ db: deps.database.db, mailer: deps.mailer, appUrl: deps.config.appUrl }) };
}
