// `npm run worker`: a job-runner-only process (no HTTP) for scaling out next to API processes on
// one Postgres (DATABASE_URL). With the embedded database it can only run when no server owns
// DATA_DIR — `npm start` already runs the jobs itself.
import { loadConfigOrExit } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { migrate } from './db/migrate';
import { createBoss, startBoss, stopBoss } from './jobs/boss';
import { registerJobs } from './jobs';
import pino from 'pino';
import { loggerOptions, logDestination } from './logger';
import { createMailer } from './providers/mail/mailer';

const config = loadConfigOrExit();
const log = pino(loggerOptions(config.logLevel), logDestination(config.logFormat));
try {
  const database = await openDatabase(config);
  await migrate(database);
  const boss = await startBoss(createBoss(config, database), (error) => log.error({ err: error }, 'pg-boss error'));
  const mailer = createMailer(config, database.db);
  await registerJobs(boss, { database, config, mailer, log: (message) => log.info(message), logError: (error, context) => log.error({ err: error }, context) });
  log.info(`Reelflow worker started (database: ${database.kind})`);
  let signalled = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (signalled) return;
    signalled = true;
    log.info(`${signal} received; stopping the worker`);
    stopBoss(boss)
      .then(() => mailer.close())
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, 'worker shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
} catch (error) {
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
}
