// The job-runner-only process behind `npm run worker` (server/worker.ts): database, migrations,
// the same services as the server's (composition.ts) with their jobs — no HTTP. Kept apart from
// worker.ts, like server.ts from main.ts, so tests can run workers in-process.
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { buildServices, type Services } from './composition';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { migrate } from './db/migrate';
import { cleanStaleTempRoots } from './media/temp-roots';

export interface RunningWorker {
  database: Database;
  services: Services;
  boss: PgBoss;
  stop(): Promise<void>;
}

export async function runWorker(config: Config, log: Logger): Promise<RunningWorker> {
  await cleanStaleTempRoots();
  const database = await openDatabase(config);
  let services: Services | null = null;
  try {
    await migrate(database);
    services = await buildServices(config, database, { role: 'worker', log });
    await services.start();
    const running = services;
    let stopping: Promise<void> | null = null;
    const stop = () =>
      (stopping ??= (async () => {
        try {
          // Running work stops at once and is left to resume (here or in another process).
          await running.close();
        } finally {
          await database.close();
        }
      })());
    return { database, services: running, boss: running.jobRunner.boss!, stop };
  } catch (error) {
    await services?.close().catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }
}
