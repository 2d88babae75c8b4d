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
import { requestJobHandlers } from './jobs';
import { inlineQueue, type JobQueue } from './jobs/queue';
import { createMailer, type Mailer } from './providers/mail/mailer';
import { createScriptWriter, type ScriptWriter } from './providers/llm';
import { registerConditionalGets } from './http/etag';
import { registerFaultInjection } from './http/faults';
import { errorLogRoutes } from './http/routes/error-logs';
import { scriptRoutes } from './http/routes/scripts';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Defaults to SMTP when SMTP_URL is set, else the mail_outbox table. */
  mailer?: Mailer;
  /** Defaults to the configured LLM endpoint, else the offline writer. */
  scriptWriter?: ScriptWriter;
  /** false silences logs (tests); default logs at config.logLevel. */
  logger?: boolean;
  /** Where log lines go (default stdout); tests capture them to check redaction. */
  logStream?: NodeJS.WritableStream;
  /** Enables POST /internal/admin with this secret (the admin CLI's channel). */
  adminSecret?: string;
  /** Deferred work (pg-boss in the server); default runs each job inline in its request. */
  jobs?: JobQueue;
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
  const scriptWriter = options.scriptWriter ?? createScriptWriter(config.llm);
  const jobs =
    options.jobs ?? inlineQueue(requestJobHandlers({ database, config, mailer }), (error, queue) => app.log.error({ err: error, queue }, 'job failed'));
  const context: AppContext = { config, database, mailer, scriptWriter, jobs };
  app.addHook('onClose', (_instance, done) => {
    if (!options.mailer) mailer.close();
    done();
  });

  registerErrorHandling(app);
  registerJsonBodyParser(app);
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
  errorLogRoutes(app, context);
  if (options.adminSecret) internalAdminRoutes(app, context, options.adminSecret);

  await registerClient(app, config.clientDir);
  return app;
}
