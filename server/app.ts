// Builds the Fastify app without listening, so tests can `inject` requests and main.ts can
// listen. All wiring lives here; route modules only register their routes.
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
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
import { visualServiceLabel } from './providers/visuals';
import { registerConditionalGets } from './http/etag';
import { registerFaultInjection } from './http/faults';
import { errorLogRoutes } from './http/routes/error-logs';
import { scriptRoutes } from './http/routes/scripts';
import { voiceRoutes } from './http/routes/voices';
import { videoRoutes } from './http/routes/videos';
import { editorRoutes } from './http/routes/editor';
import { mediaRoutes } from './http/routes/media';
import { musicRoutes } from './http/routes/music';
import { sceneMediaRoutes } from './http/routes/scene-media';
import { postRoutes } from './http/routes/posts';
import { seriesRoutes } from './http/routes/series';
import { scheduleIoRoutes } from './http/routes/schedule-io';
import { socialAccountRoutes } from './http/routes/social-accounts';
import { seriesEpisodeRoutes } from './http/routes/series-episodes';
import { tiktokRoutes } from './http/routes/tiktok';
import { uploadRoutes } from './http/routes/uploads';
import { transcriptionRoutes } from './http/routes/transcriptions';
import { buildServices, type ServiceOverrides, type Services } from './composition';

export interface BuildAppOptions extends ServiceOverrides {
  config: Config;
  database: Database;
  /**
   * What the app runs with (server/composition.ts). The server and tests that hold the services
   * pass them (and start and close them); without, the app builds its own from the configuration
   * and the overrides, starts them when ready and closes them with itself.
   */
  services?: Services;
  /** false silences logs (tests); default logs at config.logLevel. Only without `services`. */
  logger?: boolean;
  /** Where log lines go (default stdout); tests capture them to check redaction. Only without `services`. */
  logStream?: NodeJS.WritableStream;
  /** Enables POST /internal/admin with this secret (the admin CLI's channel). */
  adminSecret?: string;
}

/** Method and URL of every route the app registered (the malformed-input test walks them all). */
export interface RegisteredRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
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

/** The app's logger: the given stream or stdout at the configured level, or silent. */
function appLogger(options: BuildAppOptions): Logger {
  if (options.logger === false) return pino({ level: 'silent' });
  const destination = options.logStream ?? logDestination(options.config.logFormat);
  return destination ? pino(loggerOptions(options.config.logLevel), destination) : pino(loggerOptions(options.config.logLevel));
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const owned = options.services ? null : await buildServices(config, database, { log: appLogger(options), overrides: options });
  const services = options.services ?? owned!;
  // Typed as Fastify's base logger so the app keeps its default instance type everywhere.
  const loggerInstance: FastifyBaseLogger = services.log;
  const app = Fastify({
    loggerInstance,
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
  if (owned) {
    // Services the app built are the app's: their jobs run once it is ready and stop with it.
    app.addHook('onReady', () => owned.start());
    app.addHook('onClose', () => owned.close());
  }
  // Creators only read "transcription isn't available"; the settings that fix it are the
  // administrator's, said once here.
  if (!services.speechEngine.configured) app.log.warn(services.speechEngine.error.adminHelp);
  const context: AppContext = {
    config,
    database,
    mailer: services.mailer,
    scriptWriter: services.scriptWriter,
    speech: services.speech,
    voices: new VoiceCatalogue(services.speech, {
      onBackgroundError: (provider, error) => app.log.warn({ provider, err: error instanceof Error ? error.message : String(error) }, 'voice list refresh failed'),
    }),
    jobs: services.jobs,
    pictureService: visualServiceLabel(config.visuals),
    storage: services.storage,
    mediaUrls: services.mediaUrls,
    musicComposer: services.musicComposer,
    renders: services.renders,
    social: services.social,
    publisher: services.publisher,
    accountTokens: services.accountTokens,
    speechEngine: services.speechEngine,
    transcriber: services.transcriber,
    uploads: services.uploads,
  };

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
  editorRoutes(app, context);
  postRoutes(app, context);
  seriesRoutes(app, context, { clock: services.clock });
  scheduleIoRoutes(app, context);
  errorLogRoutes(app, context);
  mediaRoutes(app, context);
  await musicRoutes(app, context);
  await sceneMediaRoutes(app, context);
  await uploadRoutes(app, context);
  socialAccountRoutes(app, context, { cipher: services.tokenCipher, scheduler: services.publisher });
  tiktokRoutes(app, context);
  seriesEpisodeRoutes(app, context, { clock: services.clock });
  await transcriptionRoutes(app, context);
  // The built-in platform sandboxes' pages and APIs (/sandbox/{platform}/…), when one is in use.
  if (services.sandboxPlugin) await app.register(services.sandboxPlugin);
  if (options.adminSecret) internalAdminRoutes(app, context, options.adminSecret);

  await registerClient(app, config.clientDir);
  return app;
}
