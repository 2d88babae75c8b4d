// The composition root: every dependency of the server built once — database handle, storage,
// media URLs, provider adapters (social, llm, tts, stt, visuals, mail), token cipher, the render,
// publish and transcription services and the job port. The HTTP app (app.ts), the server process
// (server.ts) and the worker process (worker-process.ts) all take what this builds; tests replace
// single pieces through `overrides`.
import pino, { type Logger } from 'pino';
import type PgBoss from 'pg-boss';
import type { Config, ProcessRole } from './config';
import type { Database } from './db/client';
import type { FinishedUploads } from './http/context';
import { loggerOptions } from './logger';
import { loadMediaUrlSecret } from './domain/server-secrets';
import { MusicComposer } from './media/music/composer-pool';
import { createMediaUrlSigner, type SignedMediaUrls } from './media/signed-urls';
import type { MediaStorage } from './media/storage/types';
import { createMailer, type Mailer } from './providers/mail/mailer';
import { createTopicIdeas, type ScriptWriter } from './providers/llm';
import type { SpeechProviders } from './providers/tts';
import { createSpeechToText, type SpeechToTextSetup } from './providers/stt';
import { createSocialProviders, type SocialSetup } from './providers/social';
import type { SocialAdapters } from './domain/ports/social';
import { createAccountTokens } from './domain/social/account-tokens';
import { loadTokenCipher, type TokenCipher } from './domain/social/token-crypto';
import type { AccountTokenService, PublishScheduler } from './domain/social/types';
import { publicMediaUrls } from './domain/publishing/media';
import type { EngineTimings, PublishEngineDeps } from './domain/publishing/engine';
import type { TranscribeDeps } from './domain/transcriptions/run';
import type { TranscriptionRunner } from './domain/transcriptions/runner';
import type { RenderServices } from './domain/videos/pipeline/services';
import { RunningRenders, type VideoRenderer } from './domain/videos/runner';
import { uploadStoreOf } from './domain/uploads/store';
import { createJobRunner, type JobRunner } from './jobs';
import type { JobServices } from './jobs/job';
import { queuedPublishScheduler } from './jobs/publish-target';
import type { JobQueue } from './jobs/queue';
import { databaseClock, systemClock, type Clock } from './jobs/clock';
import type { TopicIdeas } from './domain/ports/topic-ideas';
import { configuredRenderProviders, createRenderServices } from './jobs/render-services';
import { queuedRenderer } from './jobs/render-video';
import { configuredTranscribeDeps, queuedTranscriber } from './jobs/transcribe';

/** Pieces a caller brings instead of the configured ones (tests: fakes, shorter timings). */
export interface ServiceOverrides {
  /** Defaults to SMTP when SMTP_URL is set, else the mail_outbox table. */
  mailer?: Mailer;
  /** Defaults to the configured LLM endpoint, else the offline writer. */
  scriptWriter?: ScriptWriter;
  /** Defaults to the built-in voices plus every provider configured in config.speech. */
  speech?: SpeechProviders;
  /** Where media lives; default from config (DATA_DIR/media or S3). */
  storage?: MediaStorage;
  /** Media URL signer; default HMAC with MEDIA_URL_SECRET or the secret kept in the database. */
  mediaUrls?: SignedMediaUrls;
  /** Replaces pieces of the render pipeline (tests: a provider that fails once, a counting voice). */
  renderOverrides?: Partial<RenderServices>;
  /** Social platform adapters (tests: ones pointed at a local fake); default from config. */
  social?: SocialAdapters;
  /** Access tokens of connected accounts; default the stored, encrypted ones. */
  accountTokens?: AccountTokenService;
  /** The publish engine's backoffs and polls (tests shorten them). */
  publishTimings?: Partial<EngineTimings>;
  /** Where queued videos go instead of the render queue (tests that only watch what is queued). */
  renderer?: VideoRenderer;
  /** Where targets go instead of the publish queue (tests that record what is scheduled). */
  publishScheduler?: PublishScheduler;
  /** Where transcriptions go instead of their queue. */
  transcriber?: TranscriptionRunner;
  /** Changes to queues' pg-boss options by queue name (tests: retries without their delay). */
  queueOptions?: Partial<Record<string, Partial<PgBoss.Queue>>>;
  /** Finished resumable uploads, for the JSON form of POST /api/transcriptions. */
  uploads?: FinishedUploads;
  /** The time the series autopilot goes by; default the system clock (SIMULATED_CLOCK=database: the tests' row). */
  clock?: Clock;
  /** New topics for series episodes; default titles from the script writer. */
  topicIdeas?: TopicIdeas;
}

export interface Services {
  config: Config;
  database: Database;
  role: ProcessRole;
  log: Logger;
  mailer: Mailer;
  scriptWriter: ScriptWriter;
  speech: SpeechProviders;
  storage: MediaStorage;
  mediaUrls: SignedMediaUrls;
  /** The built-in music's composer threads (started on first use, ended by close()). */
  musicComposer: MusicComposer;
  tokenCipher: TokenCipher;
  social: SocialAdapters;
  /** The built-in platform sandboxes' routes, when one is in use (the app mounts them). */
  sandboxPlugin: SocialSetup['sandboxPlugin'];
  accountTokens: AccountTokenService;
  speechEngine: SpeechToTextSetup;
  render: RenderServices;
  runningRenders: RunningRenders;
  /** The publish engine's dependencies but its scheduler and database. */
  publishEngine: Omit<PublishEngineDeps, 'scheduler' | 'db'>;
  transcribe: Omit<TranscribeDeps, 'db'>;
  /** The job runner (pg-boss) and its port. */
  jobRunner: JobRunner;
  jobs: JobQueue;
  renders: VideoRenderer;
  publisher: PublishScheduler;
  transcriber: TranscriptionRunner;
  uploads: FinishedUploads;
  /** The time the series autopilot and its routes go by. */
  clock: Clock;
  topicIdeas: TopicIdeas;
  /** Starts the job runner (by role: sending only, or also working the queues). */
  start(): Promise<void>;
  /** Stops running work (left to resume), the jobs and the providers; the database stays open. */
  close(): Promise<void>;
}

export interface BuildServicesOptions {
  /** Default config.role. */
  role?: ProcessRole;
  /** Default a pino logger at config.logLevel on stdout. */
  log?: Logger;
  overrides?: ServiceOverrides;
}

export async function buildServices(config: Config, database: Database, options: BuildServicesOptions = {}): Promise<Services> {
  const overrides = options.overrides ?? {};
  const role = options.role ?? config.role;
  const log = options.log ?? pino(loggerOptions(config.logLevel));
  const closers: (() => unknown)[] = [];
  try {
    const mailer = overrides.mailer ?? createMailer(config, database.db);
    if (!overrides.mailer) closers.push(() => mailer.close());
    const { scriptWriter, speech, storage } = configuredRenderProviders(config, overrides, (message) => log.info(message));
    if (!overrides.speech) closers.push(() => speech.close?.());
    const musicComposer = new MusicComposer();
    closers.push(() => musicComposer.close());
    const mediaUrls = overrides.mediaUrls ?? createMediaUrlSigner(await loadMediaUrlSecret(database.db, config.media.urlSecret));
    const tokenCipher = await loadTokenCipher(database.db, config.tokenEncryption);
    // Real platforms when configured, else their built-in sandboxes (whose routes the app mounts).
    const socialSetup = createSocialProviders(config, { db: database.db });
    closers.push(() => socialSetup.close());
    const social = overrides.social ?? socialSetup.adapters;
    // No row locks on PGlite: its single connection, held during a call to the in-process sandbox, would deadlock.
    const accountTokens = overrides.accountTokens ?? createAccountTokens({ db: database.db, cipher: tokenCipher, adapters: social, lockRows: database.kind === 'postgres' });
    const render = createRenderServices({ config, database, storage, scriptWriter, speech, musicComposer, log: (message, error) => log.warn({ err: error }, message) }, overrides.renderOverrides);
    const publishEngine: Omit<PublishEngineDeps, 'scheduler' | 'db'> = {
      adapters: social,
      tokens: accountTokens,
      storage,
      // Instagram fetches the video itself, from a signed URL of the app's media route.
      mediaUrl: publicMediaUrls(config.appUrl, mediaUrls),
      ...(overrides.publishTimings ? { timings: overrides.publishTimings } : {}),
      preflightLimits: config.publishChecks.limits,
    };
    const transcribe = configuredTranscribeDeps(config, storage, (message, error) => log.warn({ err: error }, message));
    const jobRunner = createJobRunner(config, database, {
      role,
      logger: log,
      ...(overrides.queueOptions ? { queueOptions: overrides.queueOptions } : {}),
    });
    const jobs = jobRunner.queue;
    const runningRenders = new RunningRenders();
    // Stopping the process stops a running transcription (queued again, resumed on the next start).
    const stop = new AbortController();
    const clock = overrides.clock ?? (config.simulatedClock === 'database' ? databaseClock(database.raw) : systemClock);
    const topicIdeas = overrides.topicIdeas ?? createTopicIdeas(config.llm, (message) => log.info(message));
    const jobServices: JobServices = {
      database,
      config,
      mailer,
      jobs,
      render,
      runningRenders,
      publish: publishEngine,
      accountTokens,
      transcribe,
      stopSignal: stop.signal,
      clock,
      topicIdeas,
      note: (message) => log.debug(message),
    };
    let closing: Promise<void> | null = null;
    return {
      config,
      database,
      role,
      log,
      mailer,
      scriptWriter,
      speech,
      storage,
      mediaUrls,
      musicComposer,
      tokenCipher,
      social,
      sandboxPlugin: socialSetup.sandboxPlugin,
      accountTokens,
      speechEngine: createSpeechToText(config.transcription),
      render,
      runningRenders,
      publishEngine,
      transcribe,
      jobRunner,
      jobs,
      renders: overrides.renderer ?? queuedRenderer(jobs, runningRenders),
      publisher: overrides.publishScheduler ?? queuedPublishScheduler(jobs),
      transcriber: overrides.transcriber ?? queuedTranscriber(jobs),
      // The tus uploads of this app unless a test brings its own.
      uploads: overrides.uploads ?? {
        finishedUpload: (userId, uploadId) => uploadStoreOf(config.uploads).finishedUpload(userId, uploadId),
        release: (userId, uploadId) => uploadStoreOf(config.uploads).deleteUpload(userId, uploadId),
      },
      clock,
      topicIdeas,
      start: () => jobRunner.start(jobServices),
      close: () =>
        (closing ??= (async () => {
          // Running renders and transcriptions stop first (left resumable): they use the providers.
          runningRenders.stopAll();
          stop.abort(new Error('shutting down'));
          await jobRunner.stop();
          for (const close of closers.reverse()) await close();
        })()),
    };
  } catch (error) {
    for (const close of closers.reverse()) await Promise.resolve(close()).catch(() => {});
    throw error;
  }
}
