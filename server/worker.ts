// `npm run worker`: a job-runner-only process (no HTTP) for scaling out next to API processes on
// one Postgres (DATABASE_URL). With the embedded database it can only run when no server owns
// DATA_DIR — `npm start` already runs the jobs itself.
import { loadConfigOrExit } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { migrate } from './db/migrate';
import { stopBoss } from './jobs/boss';
import { startJobRunner } from './jobs';
import pino from 'pino';
import { loggerOptions, logDestination } from './logger';
import { createMailer } from './providers/mail/mailer';
import { RunningRenders } from './domain/videos/runner';
import { configuredRenderProviders, createRenderServices } from './jobs/render-services';
import { createAccountTokens } from './domain/social/account-tokens';
import { loadTokenCipher } from './domain/social/token-crypto';
import { createSocialAdapters } from './providers/social';
import { publicMediaUrls } from './domain/publishing/media';
import { createMediaUrlSigner, loadMediaUrlSecret } from './media/signed-urls';
import { configuredTranscribeDeps } from './jobs/transcribe';

const config = loadConfigOrExit();
const log = pino(loggerOptions(config.logLevel), logDestination(config.logFormat));
try {
  const database = await openDatabase(config);
  await migrate(database);
  const mailer = createMailer(config, database.db);
  const providers = configuredRenderProviders(config);
  const running = new RunningRenders();
  const services = createRenderServices({ config, database, ...providers, log: (message, error) => log.warn({ err: error }, message) });
  // The same publish engine as the server's (buildApp): the configured platforms (or their
  // sandboxes, reached in-process) and the accounts' tokens, decrypted with the shared key.
  const social = createSocialAdapters(config, { db: database.db });
  const tokens = createAccountTokens({
    db: database.db,
    cipher: await loadTokenCipher(database.db, config.tokenEncryption),
    adapters: social.adapters,
    lockRows: database.kind === 'postgres',
  });
  const mediaUrl = publicMediaUrls(config.appUrl, createMediaUrlSigner(await loadMediaUrlSecret(database.db, config.media.urlSecret)));
  const publish = { engine: { adapters: social.adapters, tokens, storage: providers.storage, mediaUrl, preflightLimits: config.publishChecks.limits }, concurrency: config.publishConcurrency };
  // Stopping the worker stops a running transcription (it is queued again and resumes elsewhere).
  const transcribeStop = new AbortController();
  const transcribe = { transcribe: configuredTranscribeDeps(config, providers.storage, (message, error) => log.warn({ err: error }, message)), signal: transcribeStop.signal };
  const boss = await startJobRunner({ database, config, mailer, logger: log, render: { services, running, concurrency: config.renderConcurrency }, publish, transcribe });
  log.info(`Reelflow worker started (database: ${database.kind})`);
  let signalled = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (signalled) return;
    signalled = true;
    log.info(`${signal} received; stopping the worker`);
    running.stopAll();
    transcribeStop.abort(new Error('shutting down'));
    stopBoss(boss)
      .then(() => providers.speech.close?.())
      .then(() => social.close())
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
