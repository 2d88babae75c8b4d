// Builds the Fastify app without listening, so tests can `inject` requests and main.ts can
// listen. All wiring lives here; route modules only register their routes.
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerBearerAuth } from './http/auth';
import type { AppContext } from './http/context';
import { registerCsrf } from './http/csrf';
import { registerErrorHandling } from './http/errors';
import { authRoutes } from './http/routes/auth';
import { healthRoutes } from './http/routes/health';
import { internalAdminRoutes } from './http/routes/internal-admin';
import { planRoutes } from './http/routes/plans';
import { userRoutes } from './http/routes/user';
import { registerClient } from './http/static-client';
import { registerCompression } from './http/compression';
import { logDestination, loggerOptions, logsRequests } from './logger';
import { registerJsonBodyParser } from './http/body-parser';
import { registerStorableTextCheck } from './http/validation';
import { VoiceCatalogue } from './domain/voices/voice-catalogue';
import { requestJobHandlers } from './jobs';
import { inlineQueue, type JobQueue } from './jobs/queue';
import { createMailer, type Mailer } from './providers/mail/mailer';
import type { ScriptWriter } from './providers/llm';
import { registerConditionalGets } from './http/etag';
import { registerFaultInjection } from './http/faults';
import { errorLogRoutes } from './http/routes/error-logs';
import { scriptRoutes } from './http/routes/scripts';
import { voiceRoutes } from './http/routes/voices';
import type { SpeechProviders } from './providers/tts';
import { videoRoutes } from './http/routes/videos';
import type { RenderServices } from './domain/videos/pipeline/services';
import { createInProcessRenderer, releaseCrashedRenders, unfinishedVideoIds, type InProcessRenderer, type VideoRenderer } from './domain/videos/runner';
import { configuredRenderProviders, createRenderServices } from './jobs/render-services';
import { mediaRoutes } from './http/routes/media';
import { musicRoutes } from './http/routes/music';
import { sceneMediaRoutes } from './http/routes/scene-media';
import { loadMediaUrlSecret } from './domain/server-secrets';
import { createMediaUrlSigner, type SignedMediaUrls } from './media/signed-urls';
import type { MediaStorage } from './media/storage/types';
import type { SocialAdapters } from './domain/ports/social';
import type { AccountTokenService, PublishScheduler } from './domain/social/types';
import { pendingTargets, releaseCrashedPublishes, runTarget, type EngineTimings, type PublishEngineDeps } from './domain/publishing/engine';
import { createInProcessPublishScheduler, type InProcessPublishScheduler } from './domain/publishing/scheduler';
import { publicMediaUrls } from './domain/publishing/media';
import { createAccountTokens } from './domain/social/account-tokens';
import { startTokenRefreshTimer, type TokenRefreshTimer } from './domain/social/token-refresh';
import { postRoutes } from './http/routes/posts';
import { scheduleIoRoutes } from './http/routes/schedule-io';
import { socialAccountRoutes } from './http/routes/social-accounts';
import { tiktokRoutes } from './http/routes/tiktok';
import { uploadRoutes } from './http/routes/uploads';
import { uploadStoreOf } from './domain/uploads/store';
import { loadTokenCipher, type TokenCipher } from './domain/social/token-crypto';
import { createSocialProviders } from './providers/social';
import type { FinishedUploads } from './http/context';
import { transcriptionRoutes } from './http/routes/transcriptions';
import { releaseCrashedTranscriptions, unfinishedTranscriptionIds, type TranscribeDeps } from './domain/transcriptions/run';
import { createInProcessTranscriptionRunner, type InProcessTranscriptionRunner, type TranscriptionRunner } from './domain/transcriptions/runner';
import { configuredTranscribeDeps } from './jobs/transcribe';
import { releaseCrashedRenders as releaseCrashedCaptionRenders, unfinishedRenderIds } from './domain/transcriptions/render';
import { createSpeechToText } from './providers/stt';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Defaults to SMTP when SMTP_URL is set, else the mail_outbox table. */
  mailer?: Mailer;
  /** Defaults to the configured LLM endpoint, else the offline writer. */
  scriptWriter?: ScriptWriter;
  /** Defaults to the built-in voices plus every provider configured in config.speech. */
  speech?: SpeechProviders;
  /** false silences logs (tests); default logs at config.logLevel. */
  logger?: boolean;
  /** Where log lines go (default stdout); tests capture them to check redaction. */
  logStream?: NodeJS.WritableStream;
  /** Enables POST /internal/admin with this secret (the admin CLI's channel). */
  adminSecret?: string;
  /** Deferred work (pg-boss in the server); default runs each job inline in its request. */
  jobs?: JobQueue;
  /** Where media lives; default from config (DATA_DIR/media or S3). */
  storage?: MediaStorage;
  /** Media URL signer; default HMAC with MEDIA_URL_SECRET or the secret kept in the database. */
  mediaUrls?: SignedMediaUrls;
  /** Where queued videos go (pg-boss in the server); default an in-process background runner. */
  renderer?: VideoRenderer;
  /** Replaces pieces of the render pipeline (tests: a provider that fails once, a counting voice). */
  renderOverrides?: Partial<RenderServices>;
  /** Social platform adapters (tests: ones pointed at a local fake); default from config (issue 9). */
  social?: SocialAdapters;
  /** Access tokens of connected accounts (the accounts half); default: none, publishing retries. */
  accountTokens?: AccountTokenService;
  /** Where targets go to be published (pg-boss in the server); default an in-process scheduler. */
  publishScheduler?: PublishScheduler;
  /** The publish engine's backoffs and polls (tests shorten them). */
  publishTimings?: Partial<EngineTimings>;
  /** Where stored transcriptions go (pg-boss in the server); default an in-process runner. */
  transcriber?: TranscriptionRunner;
  /** The in-process transcription runner's wait before another try (tests shorten it). */
  transcriptionRetryMs?: number;
  /** Finished resumable uploads, for the JSON form of POST /api/transcriptions (issue 11). */
  uploads?: FinishedUploads;
}

/** Method and URL of every route the app registered (the malformed-input test walks them all). */
export interface RegisteredRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
    /** What the render pipeline runs with (the server hands it to the pg-boss workers). */
    renderServices: RenderServices;
    /** The in-process render runner when no `renderer` was given (tests await its idle()). */
    inProcessRenderer: InProcessRenderer | null;
    /** What the publish engine runs with but its scheduler (the server hands it to pg-boss). */
    publishEngine: Omit<PublishEngineDeps, 'scheduler' | 'db'>;
    /** The in-process publish scheduler when no `publishScheduler` was given (tests await its idle()). */
    inProcessPublisher: InProcessPublishScheduler | null;
    /** Encrypts platform tokens at rest (TOKEN_ENCRYPTION_KEY or the key kept in the database). */
    tokenCipher: TokenCipher;
    /** What a transcription runs with but the database handle (the server hands it to pg-boss). */
    transcribeDeps: Omit<TranscribeDeps, 'db'>;
    /** The in-process transcription runner when no `transcriber` was given (tests await its idle()). */
    inProcessTranscriber: InProcessTranscriptionRunner | null;
  }
}

/** JSON bodies above this are refused with 413; uploads will use multipart with their own limits. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

// Vite-built React + Mantine: Mantine injects <style> tags (inline styles), images may be
// data:/blob: URLs, ffmpeg.wasm needs WebAssembly compilation and blob: workers/scripts.
const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", "'wasm-unsafe-eval'", 'blob:'],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    mediaSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", 'blob:', 'data:'],
    workerSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const destination = options.logStream ?? logDestination(config.logFormat);
  const app = Fastify({
    logger: options.logger === false ? false : { ...loggerOptions(config.logLevel), ...(destination ? { stream: destination } : {}) },
    // "incoming request" / "request completed" for every request only at debug and trace: the
    // terminal of `npm start` stays calm at the default level.
    logController: new LogController({ disableRequestLogging: !logsRequests(config.logLevel) }),
    bodyLimit: BODY_LIMIT_BYTES,
    // Behind a reverse proxy set this to the proxy's address instead; direct clients are the norm.
    trustProxy: false,
  });
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url });
  });
  const mailer = options.mailer ?? createMailer(config, database.db);
  const { scriptWriter, speech, storage } = configuredRenderProviders(config, options);
  const jobs =
    options.jobs ?? inlineQueue(requestJobHandlers({ database, config, mailer }), (error, queue) => app.log.error({ err: error, queue }, 'job failed'));
  const mediaUrls = options.mediaUrls ?? createMediaUrlSigner(await loadMediaUrlSecret(database.db, config.media.urlSecret));
  const renderServices = createRenderServices(
    { config, database, storage, scriptWriter, speech, log: (message, error) => app.log.warn({ err: error }, message) },
    options.renderOverrides,
  );
  const inProcessRenderer = options.renderer
    ? null
    : createInProcessRenderer(renderServices, { concurrency: config.renderConcurrency, onError: (error, videoId) => app.log.error({ err: error, videoId }, 'render failed') });
  const renders = options.renderer ?? inProcessRenderer!;
  app.decorate('renderServices', renderServices);
  app.decorate('inProcessRenderer', inProcessRenderer);
  const tokenCipher = await loadTokenCipher(database.db, config.tokenEncryption);
  app.decorate('tokenCipher', tokenCipher);
  // Real platforms when configured, else their built-in sandboxes (whose routes are mounted below).
  const socialSetup = createSocialProviders(config, { db: database.db });
  const social: SocialAdapters = options.social ?? socialSetup.adapters;
  // No row locks on PGlite: its single connection, held during a call to the in-process sandbox, would deadlock.
  const accountTokens = options.accountTokens ?? createAccountTokens({ db: database.db, cipher: tokenCipher, adapters: social, lockRows: database.kind === 'postgres' });
  const publishEngine: Omit<PublishEngineDeps, 'scheduler' | 'db'> = {
    adapters: social,
    tokens: accountTokens,
    storage,
    // Instagram fetches the video itself, from a signed URL of the app's media route.
    mediaUrl: publicMediaUrls(config.appUrl, mediaUrls),
    ...(options.publishTimings ? { timings: options.publishTimings } : {}),
    preflightLimits: config.publishChecks.limits,
  };
  const inProcessPublisher: InProcessPublishScheduler | null = options.publishScheduler
    ? null
    : createInProcessPublishScheduler({
        run: (targetId) => runTarget({ ...publishEngine, db: database.db, scheduler: inProcessPublisher! }, targetId),
        onError: (error, targetId) => app.log.error({ err: error, targetId }, 'publish run failed'),
      });
  const publisher = options.publishScheduler ?? inProcessPublisher!;
  app.decorate('publishEngine', publishEngine);
  app.decorate('inProcessPublisher', inProcessPublisher);
  const transcribeDeps = configuredTranscribeDeps(config, storage, (message, error) => app.log.warn({ err: error }, message));
  const inProcessTranscriber = options.transcriber
    ? null
    : createInProcessTranscriptionRunner(
        { ...transcribeDeps, db: database.db },
        { ...(options.transcriptionRetryMs !== undefined ? { retryMs: options.transcriptionRetryMs } : {}), onError: (error, id) => app.log.error({ err: error, id }, 'transcription failed') },
      );
  const transcriber = options.transcriber ?? inProcessTranscriber!;
  app.decorate('transcribeDeps', transcribeDeps);
  app.decorate('inProcessTranscriber', inProcessTranscriber);
  const speechEngine = createSpeechToText(config.transcription);
  // Creators only read "transcription isn't available"; the settings that fix it are the
  // administrator's, said once here.
  if (!speechEngine.configured) app.log.warn(speechEngine.error.adminHelp);
  const context: AppContext = {
    config,
    database,
    mailer,
    scriptWriter,
    speech,
    voices: new VoiceCatalogue(speech, {
      onBackgroundError: (provider, error) => app.log.warn({ provider, err: error instanceof Error ? error.message : String(error) }, 'voice list refresh failed'),
    }),
    jobs,
    storage,
    mediaUrls,
    renders,
    social,
    publisher,
    accountTokens,
    speechEngine,
    transcriber,
    // The tus uploads of this app unless a test brings its own.
    uploads: options.uploads ?? {
      finishedUpload: (userId, uploadId) => uploadStoreOf(config.uploads).finishedUpload(userId, uploadId),
      release: (userId, uploadId) => uploadStoreOf(config.uploads).deleteUpload(userId, uploadId),
    },
  };
  app.addHook('onClose', async () => {
    await inProcessTranscriber?.close();
    // Renders and uploads stop first (left resumable): they use the speech engine and the database.
    await inProcessRenderer?.close();
    await inProcessPublisher?.close();
    if (!options.mailer) mailer.close();
    if (!options.speech) await speech.close?.();
    await socialSetup.close();
  });
  if (inProcessRenderer) {
    // Without pg-boss this app is the only runner: videos a crash left unfinished resume now.
    app.addHook('onReady', async () => {
      if (database.kind === 'pglite') await releaseCrashedRenders(database.db);
      for (const videoId of await unfinishedVideoIds(database.db)) await inProcessRenderer.enqueue(videoId);
    });
  }
  if (inProcessTranscriber) {
    // Likewise for transcriptions: the ones a crash or stop left unfinished start over now.
    app.addHook('onReady', async () => {
      if (database.kind === 'pglite') await releaseCrashedTranscriptions(database.db);
      for (const id of await unfinishedTranscriptionIds(database.db)) await inProcessTranscriber.enqueue(id);
      // And captioned videos.
      if (database.kind === 'pglite') await releaseCrashedCaptionRenders(database.db);
      for (const id of await unfinishedRenderIds(database.db)) await inProcessTranscriber.enqueueRender(id);
    });
  }
  if (inProcessPublisher) {
    // Likewise for publishing: due targets go now, later ones at their time, crashed uploads resume.
    app.addHook('onReady', async () => {
      if (database.kind === 'pglite') await releaseCrashedPublishes(database.db);
      for (const { targetId, at } of await pendingTargets(database.db)) await inProcessPublisher.schedule(targetId, at);
    });
    // And the refresh-tokens job (pg-boss's in the server): once at start, then every 15 minutes.
    let tokenRefresh: TokenRefreshTimer | null = null;
    app.addHook('onReady', () => {
      tokenRefresh = startTokenRefreshTimer({ db: database.db, tokens: accountTokens, onError: (error) => app.log.error({ err: error }, 'token refresh failed') });
      return Promise.resolve();
    });
    app.addHook('onClose', async () => {
      await tokenRefresh?.stop();
    });
  }

  registerErrorHandling(app);
  registerJsonBodyParser(app);
  registerStorableTextCheck(app);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    // Plain http on localhost is the default install; HSTS there would only confuse browsers.
    hsts: config.appUrl.startsWith('https://'),
  });
  await app.register(fastifyCookie);

  // Weak ETags and 304 on successful GETs (the PWA's pull sends If-None-Match), and per-user
  // caching headers on every API answer.
  registerConditionalGets(app);
  // Before any route: it hooks into each route as it is added (see compression.ts).
  await registerCompression(app);
  if (config.testMode) registerFaultInjection(app);

  registerBearerAuth(app, database.db);
  registerCsrf(app, { secureCookie: config.appUrl.startsWith('https://') });

  healthRoutes(app, context);
  authRoutes(app, context);
  userRoutes(app, context);
  planRoutes(app);
  scriptRoutes(app, context);
  voiceRoutes(app, context);
  videoRoutes(app, context);
  postRoutes(app, context);
  scheduleIoRoutes(app, context);
  errorLogRoutes(app, context);
  mediaRoutes(app, context);
  await musicRoutes(app, context);
  await sceneMediaRoutes(app, context);
  await uploadRoutes(app, context);
  socialAccountRoutes(app, context, { cipher: tokenCipher, scheduler: publisher });
  tiktokRoutes(app, context);
  await transcriptionRoutes(app, context);
  // The built-in platform sandboxes' pages and APIs (/sandbox/{platform}/…), when one is in use.
  if (socialSetup.sandboxPlugin) await app.register(socialSetup.sandboxPlugin);
  if (options.adminSecret) internalAdminRoutes(app, context, options.adminSecret);

  await registerClient(app, config.clientDir);
  return app;
}
