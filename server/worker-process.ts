// The job-runner-only process behind `npm run worker` (server/worker.ts): database, migrations,
// the same publish engine and render services as the server's, and pg-boss — no HTTP. Kept apart
// from worker.ts, like server.ts from main.ts, so tests can run workers in-process.
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { migrate } from './db/migrate';
import { cleanStaleTempRoots } from './media/temp-roots';
import { stopBoss } from './jobs/boss';
import { startJobRunner } from './jobs';
import { createMailer } from './providers/mail/mailer';
import { RunningRenders } from './domain/videos/runner';
import { configuredRenderProviders, createRenderServices } from './jobs/render-services';
import { createAccountTokens } from './domain/social/account-tokens';
import { loadTokenCipher } from './domain/social/token-crypto';
import { createSocialProviders } from './providers/social';
import { publicMediaUrls } from './domain/publishing/media';
import { loadMediaUrlSecret } from './domain/server-secrets';
import { createMediaUrlSigner } from './media/signed-urls';
import { configuredTranscribeDeps } from './jobs/transcribe';

export interface RunningWorker {
  database: Database;
  boss: PgBoss;
  stop(): Promise<void>;
}

export async function runWorker(config: Config, log: Logger): Promise<RunningWorker> {
  await cleanStaleTempRoots();
  const database = await openDatabase(config);
  const closers: (() => Promise<void> | void)[] = [() => database.close()];
  const close = async () => {
    for (const closer of closers.reverse()) await closer();
  };
  try {
    await migrate(database);
    const mailer = createMailer(config, database.db);
    closers.push(() => mailer.close());
    const providers = configuredRenderProviders(config);
    closers.push(() => providers.speech.close?.());
    const running = new RunningRenders();
    const services = createRenderServices({ config, database, ...providers, log: (message, error) => log.warn({ err: error }, message) });
    // The same publish engine as the server's (buildApp): the configured platforms (or their
    // sandboxes, reached in-process) and the accounts' tokens, decrypted with the shared key.
    const social = createSocialProviders(config, { db: database.db });
    closers.push(() => social.close());
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
    let stopping: Promise<void> | null = null;
    const stop = () =>
      (stopping ??= (async () => {
        running.stopAll();
        transcribeStop.abort(new Error('shutting down'));
        try {
          await stopBoss(boss);
        } finally {
          await close();
        }
      })());
    return { database, boss, stop };
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
}
