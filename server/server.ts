// The whole server process, started by main.ts: database, migrations, the services (composition.ts)
// with their jobs, HTTP and the admin channel, plus an orderly stop. Kept apart from main.ts so
// tests can run it in-process. Its role (ROLE) decides whether it also runs the jobs: 'all' (the
// default) does, 'api' only queues them for `npm run worker` processes.
import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import pino from 'pino';
import { loopbackUrl, newAdminSecret, removeAdminChannel, writeAdminChannel } from './admin-channel';
import { buildApp } from './app';
import { buildServices, type ServiceOverrides, type Services } from './composition';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { migrate } from './db/migrate';
import { cleanStaleTempRoots } from './media/temp-roots';
import { logDestination, loggerOptions, logsRequests } from './logger';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  services: Services;
  /** pg-boss (sending only under ROLE=api). */
  boss: PgBoss | null;
  /** The URL the server listens on (loopback form when bound to all interfaces). */
  url: string;
  stop(): Promise<void>;
}

export interface RunServerOptions {
  logger?: boolean;
  /** Replaces pieces of the composition (tests: shorter publish timings). */
  overrides?: ServiceOverrides;
}

export async function runServer(config: Config, options: RunServerOptions = {}): Promise<RunningServer> {
  await cleanStaleTempRoots();
  const database = await openDatabase(config);
  let services: Services | null = null;
  let app: FastifyInstance | null = null;
  // With an embedded database this process is the only one that may open it, so the admin CLI
  // talks to us; with Postgres the CLI opens the database itself and no channel is needed.
  const adminSecret = database.kind === 'pglite' ? newAdminSecret() : undefined;
  const log = options.logger === false ? pino({ level: 'silent' }) : pino(loggerOptions(config.logLevel), logDestination(config.logFormat));
  const role = config.role === 'worker' ? 'all' : config.role;
  try {
    await migrate(database);
    services = await buildServices(config, database, { role, log, ...(options.overrides ? { overrides: options.overrides } : {}) });
    app = await buildApp({ config, database, services, ...(adminSecret ? { adminSecret } : {}) });
    await services.start();
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
    const running = services;
    const stop = () =>
      (stopping ??= (async () => {
        if (adminSecret) removeAdminChannel(config.dataDir, adminSecret);
        // Running renders stop at once and stay resumable (the next start queues them again).
        await started.close();
        await running.close();
        await database.close();
      })());
    return {
      app: started,
      database,
      services: running,
      get boss() {
        return running.jobRunner.boss;
      },
      url,
      stop,
    };
  } catch (error) {
    if (adminSecret) removeAdminChannel(config.dataDir, adminSecret);
    await app?.close().catch(() => {});
    await services?.close().catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }
}
