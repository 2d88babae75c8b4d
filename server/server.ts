// The whole server process, started by main.ts: database, migrations, pg-boss, HTTP and the
// admin channel, plus an orderly stop. Kept apart from main.ts so tests can run it in-process.
import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import { loopbackUrl, newAdminSecret, removeAdminChannel, writeAdminChannel } from './admin-channel';
import { buildApp } from './app';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { migrate } from './db/migrate';
import { cleanStaleTempRoots } from './media/temp-roots';
import { stopBoss } from './jobs/boss';
import { startJobRunner } from './jobs';
import { logsRequests } from './logger';
import { bossQueue } from './jobs/queue';
import { createMailer } from './providers/mail/mailer';
import { bossRenderer } from './jobs/render-video';
import { RunningRenders } from './domain/videos/runner';
import { bossPublishScheduler } from './jobs/publish-target';
import { bossTranscriber } from './jobs/transcribe';
import type { EngineTimings } from './domain/publishing/engine';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  boss: PgBoss | null;
  /** The URL the server listens on (loopback form when bound to all interfaces). */
  url: string;
  stop(): Promise<void>;
}

export interface RunServerOptions {
  /** Start pg-boss (default true). Tests that need no jobs skip it to save time. */
  jobs?: boolean;
  logger?: boolean;
  /** The publish engine's timings (tests shorten the status polls). */
  publishTimings?: Partial<EngineTimings>;
}

export async function runServer(config: Config, options: RunServerOptions = {}): Promise<RunningServer> {
  await cleanStaleTempRoots();
  const database = await openDatabase(config);
  let boss: PgBoss | null = null;
  let app: FastifyInstance | null = null;
  // With an embedded database this process is the only one that may open it, so the admin CLI
  // talks to us; with Postgres the CLI opens the database itself and no channel is needed.
  const adminSecret = database.kind === 'pglite' ? newAdminSecret() : undefined;
  const mailer = createMailer(config, database.db);
  const running = new RunningRenders();
  // Stopping the server stops a running transcription (queued again, resumed on the next start).
  const transcribeStop = new AbortController();
  try {
    await migrate(database);
    app = await buildApp({
      config,
      database,
      mailer,
      // Without pg-boss (tests that skip it) the app runs its jobs inline.
      ...(options.jobs !== false
        ? {
            jobs: bossQueue(() => boss),
            renderer: bossRenderer(() => boss, running),
            publishScheduler: bossPublishScheduler(() => boss),
            transcriber: bossTranscriber(() => boss),
          }
        : {}),
      ...(adminSecret ? { adminSecret } : {}),
      ...(options.logger === false ? { logger: false } : {}),
      ...(options.publishTimings ? { publishTimings: options.publishTimings } : {}),
    });
    if (options.jobs !== false) {
      boss = await startJobRunner({
        database,
        config,
        mailer,
        logger: app.log,
        render: { services: app.renderServices, running, concurrency: config.renderConcurrency },
        publish: { engine: app.publishEngine, concurrency: config.publishConcurrency },
        transcribe: { transcribe: app.transcribeDeps, signal: transcribeStop.signal },
      });
    }
    // Fastify announces "Server listening at …" at info; below debug, main.ts prints its own single
    // line instead (where Reelflow runs and where its data lives), so that one is held back.
    const level = app.log.level;
    if (!logsRequests(level)) app.log.level = 'warn';
    try {
      await app.listen({ host: config.host, port: config.port });
    } finally {
      app.log.level = level;
    }
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = loopbackUrl(config.host, port);
    if (adminSecret) writeAdminChannel(config.dataDir, { pid: process.pid, url, secret: adminSecret });

    let stopping: Promise<void> | null = null;
    const started = app;
    const stop = () =>
      (stopping ??= (async () => {
        if (adminSecret) removeAdminChannel(config.dataDir, adminSecret);
        // Running renders stop at once and stay resumable (the next start queues them again).
        running.stopAll();
        transcribeStop.abort(new Error('shutting down'));
        await started.close();
        if (boss) await stopBoss(boss);
        mailer.close();
        await database.close();
      })());
    return { app: started, database, boss, url, stop };
  } catch (error) {
    if (adminSecret) removeAdminChannel(config.dataDir, adminSecret);
    running.stopAll();
    transcribeStop.abort(new Error('shutting down'));
    await app?.close().catch(() => {});
    if (boss) await stopBoss(boss).catch(() => {});
    mailer.close();
    await database.close().catch(() => {});
    throw error;
  }
}
