// Every queue, schedule and worker of the server, registered once pg-boss has started — by the
// HTTP server and by `npm run worker` alike (pg-boss hands each job to one of them).
import type PgBoss from 'pg-boss';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Mailer } from '../providers/mail/mailer';
import { underMigrationLock } from '../db/migrate';
import { sqlState } from '../db/errors';
import { createBoss, onBossStop, startBoss, stopBoss } from './boss';
import type { FetchErrorReport } from './fetch-errors';
import { registerIdempotencyPurge } from './idempotency-purge';
import { passwordResetMailHandler, PASSWORD_RESET_MAIL_QUEUE, registerPasswordResetMail } from './password-reset-mail';
import type { JobHandler } from './queue';
import { registerRateLimitPurge } from './rate-limit-purge';
import { CAPTION_RENDER_CLAIMS, registerRenderCaptions } from './render-captions';
import { registerRenderVideo, RENDER_CLAIMS } from './render-video';
import type { RenderServices } from '../domain/videos/pipeline/services';
import type { RunningRenders } from '../domain/videos/runner';
import { publishClaims, registerPublishTarget, type PublishJobDeps } from './publish-target';
import { registerRefreshTokens } from './refresh-tokens';
import { releaseCrashedJobs, startSweeper, type ClaimedQueue } from './takeover';
import { registerTranscribe, TRANSCRIBE_CLAIMS, type TranscribeJobDeps } from './transcribe';
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

/** The queues whose jobs claim their work on its row: a dead run's job is taken over (takeover.ts). */
export function claimedQueues(deps: Pick<JobDeps, 'publish'>): ClaimedQueue[] {
  return [publishClaims(deps.publish.engine.timings?.staleClaimMs), RENDER_CLAIMS, TRANSCRIBE_CLAIMS, CAPTION_RENDER_CLAIMS];
}

type StartDeps = Omit<JobDeps, 'log' | 'logError' | 'config'> & { config: Pick<Config, 'appUrl' | 'databaseUrl' | 'uploads'>; logger: JobLogger };

/** A start that lost a race with another process's (a deadlock, a lock wait) may simply be tried again. */
const isRaceLost = (error: unknown) => ['40P01', '40001', '55P03'].includes(sqlState(error) ?? '');
const START_ATTEMPTS = 3;

/**
 * Starts pg-boss on the database and registers every job — the same for the HTTP server and
 * `npm run worker` — then sweeps for jobs of dead processes (takeover.ts). Any number of processes
 * may start at once: pg-boss's schema and each queue are created under the migrations' lock, one
 * process after the other, and a start that lost a race anyway is tried again with a new pg-boss.
 */
export async function startJobRunner(deps: StartDeps): Promise<PgBoss> {
  const { logger, ...rest } = deps;
  const jobDeps: JobDeps = {
    ...rest,
    log: (message) => logger.info(message),
    logError: (error, context) => logger.error({ err: error }, context),
  };
  for (let attempt = 1; ; attempt++) {
    try {
      const boss = await startOnce(deps, jobDeps);
      const sweeper = startSweeper(deps.database.raw, claimedQueues(jobDeps), {
        revived: (counts) =>
          logger.info(`took over jobs of stopped processes: ${Object.entries(counts).map(([queue, count]) => `${queue} ${count}`).join(', ')}`),
        failed: (error) => logger.error({ err: error }, 'looking for jobs of stopped processes failed; trying again every 10 s'),
      });
      onBossStop(boss, () => sweeper.stop());
      return boss;
    } catch (error) {
      if (attempt >= START_ATTEMPTS || !isRaceLost(error)) throw error;
      logger.info(`starting the jobs lost a race with another process (${(error as Error).message}); trying again`);
    }
  }
}

/** One try: pg-boss started and every job registered, or pg-boss stopped again and the error thrown. */
async function startOnce(deps: StartDeps, jobDeps: JobDeps): Promise<PgBoss> {
  const { logger, database } = deps;
  const fetchErrors: FetchErrorReport = {
    failing: (queue, error) => logger.error({ err: error }, `fetching jobs from ${queue} fails; its jobs wait until it works again`),
    recovered: (queue) => logger.info(`fetching jobs from ${queue} works again`),
  };
  const boss = createBoss(deps.config, database, { fetchErrors });
  try {
    // Two processes creating one queue at once deadlock (each inserts the queue's row, then waits
    // for the other's to add its partition's foreign key): pg-boss's schema at start and every
    // queue change are made while holding the migrations' lock, the rest of a start runs freely.
    await underMigrationLock(database, () => startBoss(boss, (error) => logger.error({ err: error }, 'pg-boss error')));
    const createQueue = boss.createQueue.bind(boss);
    const updateQueue = boss.updateQueue.bind(boss);
    boss.createQueue = (name, options) => underMigrationLock(database, () => createQueue(name, options));
    boss.updateQueue = (name, options) => underMigrationLock(database, () => updateQueue(name, options));
    // One process owns the embedded database: every job still running is a dead run's.
    if (database.kind === 'pglite') await releaseCrashedJobs(database.raw);
    await registerJobs(boss, jobDeps);
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
