// `npm run worker`: a job-runner-only process (no HTTP) for scaling out next to API processes on
// one Postgres (DATABASE_URL). With the embedded database it can only run when no server owns
// DATA_DIR — `npm start` already runs the jobs itself. The process itself: server/worker-process.ts.
import pino from 'pino';
import { loadConfigOrExit } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { loggerOptions, logDestination } from './logger';
import { runWorker } from './worker-process';

const config = loadConfigOrExit();
if (config.role === 'api') {
  console.error('ROLE=api serves HTTP only; `npm run worker` runs the jobs. Unset ROLE (or set ROLE=worker) for the worker.');
  process.exit(1);
}
const log = pino(loggerOptions(config.logLevel), logDestination(config.logFormat));
try {
  const worker = await runWorker(config, log);
  log.info(`Reelflow worker started (database: ${worker.database.kind})`);
  let signalled = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (signalled) return;
    signalled = true;
    log.info(`${signal} received; stopping the worker`);
    worker.stop().then(
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
