// `npm start`: the API server with its job runner and the built PWA, on HOST:PORT. ROLE=api
// serves HTTP only (the jobs run in `npm run worker` processes); ROLE=worker is the worker itself.
// SIGINT/SIGTERM stop HTTP, pg-boss and the database in that order and release DATA_DIR's lock.
import { loadConfigOrExit } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { runServer } from './server';
import { startupMessage } from './startup-message';

const config = loadConfigOrExit();
if (config.role === 'worker') {
  await import('./worker');
} else {
  await serve();
}

async function serve(): Promise<void> {
  try {
    const server = await runServer(config);
    // Printed whatever the log level: the one line a person starting Reelflow needs.
    console.log(startupMessage(config));
    let signalled = false;
    const shutdown = (signal: NodeJS.Signals) => {
      if (signalled) return;
      signalled = true;
      console.log(`${signal} received; stopping Reelflow…`);
      server.stop().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('Shutdown failed:', error);
          process.exit(1);
        },
      );
    };
    process.on('SIGINT', shutdown);
    process.on('SIGTERM', shutdown);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
    } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(`Port ${config.port} on ${config.host} is already in use; stop the other program or set PORT.`);
    } else {
      console.error('Reelflow failed to start:', error);
    }
    process.exit(1);
  }
}
