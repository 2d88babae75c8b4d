// Test helpers: a fresh database per test file (PGlite copied from the global template, or a new
// uniquely named database on TEST_DATABASE_URL) and an app with a small request client.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import pino from 'pino';
import { buildApp } from '../../server/app';
import { buildServices, type ServiceOverrides, type Services } from '../../server/composition';
import type { JobRunner } from '../../server/jobs';
import { TRANSCRIBE_QUEUE } from '../../server/jobs/transcribe';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * The heartbeat a crashed run leaves on its row, as the next start finds it. On the embedded
 * database the start clears any heartbeat (its process is the only runner), so a fresh one is the
 * hard case. On PostgreSQL another worker may still hold a fresh one, so only a stale heartbeat
 * is taken over: the crash is shown as having happened two minutes ago (past the 45 s staleness),
 * rather than leaving the test to wait out the staleness through pg-boss's retry backoff.
 */
export const crashedHeartbeat = () => (usingPostgres ? sql`now() - interval '2 minutes'` : sql`now()`);

export interface TestDatabase {
  config: Config;
  /** Opens (a new handle on) the test database; PGlite allows only one open at a time. */
  open(): Promise<Database>;
  cleanup(): Promise<void>;
}

/**
 * A fresh, migrated database and a config pointing at it. Nothing is opened yet. `migrated: false`
 * leaves a Postgres database empty, as a first start finds it (PGlite's always comes migrated).
 */
export async function createTestDatabase(env: NodeJS.ProcessEnv = {}, { migrated = true }: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const root = mkdtempSync(join(tmpdir(), 'reelflow-test-'));
  const baseEnv: NodeJS.ProcessEnv = {
    DATA_DIR: join(root, 'data'),
    CLIENT_DIR: join(root, 'no-client'),
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT_MAX: '1000',
    // Tests register many users from one address; files that test a limit set their own.
    RATE_LIMIT_CREDENTIALS_PER_ADDRESS: '100000 per minute',
    RATE_LIMIT_REGISTER: '100000 per hour',
    RATE_LIMIT_PASSWORD_CHANGE: '100000 per minute',
    RATE_LIMIT_LICENSE: '100000 per minute',
    RATE_LIMIT_GENERATE: '100000 per minute',
    RATE_LIMIT_UPLOAD: '100000 per minute',
    APP_URL: 'http://reelflow.test',
    ...env,
  };
  if (usingPostgres) {
    const adminUrl = new URL(process.env.TEST_DATABASE_URL!);
    const name = `reelflow_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl.toString());
    url.pathname = `/${name}`;
    const config = loadConfig({ ...baseEnv, DATABASE_URL: url.toString() });
    if (migrated) {
      const first = await openDatabase(config);
      await migrate(first);
      await first.close();
    }
    return {
      config,
      open: () => openDatabase(config),
      async cleanup() {
        const dropper = new pg.Client({ connectionString: adminUrl.toString() });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
        rmSync(root, { recursive: true, force: true });
      },
    };
  }
  const template = inject('pgliteTemplate');
  if (!template) throw new Error('global setup did not provide a PGlite template');
  const config = loadConfig({ ...baseEnv, DATABASE_URL: '' });
  // The template's files where openDatabase looks for them (DATA_DIR/pglite).
  cpSync(template, join(config.dataDir, 'pglite'), { recursive: true });
  return {
    config,
    open: () => openDatabase(config),
    cleanup() {
      rmSync(root, { recursive: true, force: true });
      return Promise.resolve();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** What the app runs with (server/composition.ts): the publish engine, the publisher… */
  services: Services;
  /** The job runner, pg-boss as in production; tests wait for the jobs with `jobs.drain()`. */
  jobs: JobRunner;
  client: ApiClient;
  close(): Promise<void>;
}

/** Pieces of the composition a test may replace (e.g. a counting fake script writer). */
export type TestAppOptions = ServiceOverrides & {
  /** The transcription queue's wait before another try (pg-boss counts whole seconds). */
  transcriptionRetryMs?: number;
};

/** The services of a test app: silent, with the test's overrides. */
export function buildTestServices(config: Config, database: Database, options: TestAppOptions = {}): Promise<Services> {
  const { transcriptionRetryMs, ...overrides } = options;
  const queueOptions =
    transcriptionRetryMs === undefined ? {} : { queueOptions: { ...overrides.queueOptions, [TRANSCRIBE_QUEUE]: { retryDelay: Math.ceil(transcriptionRetryMs / 1000), retryBackoff: false } } };
  return buildServices(config, database, { log: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }), overrides: { ...overrides, ...queueOptions } });
}

/** An app on `services`, ready and with its jobs started (the server's order). */
export async function startTestApp(services: Services, setup?: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  const app = await buildApp({ config: services.config, database: services.database, services });
  // The services stop with the app (a second close is a no-op).
  app.addHook('onClose', () => services.close());
  setup?.(app);
  await app.ready();
  await services.start();
  return app;
}

export async function createTestApp(env: NodeJS.ProcessEnv = {}, setup?: (app: FastifyInstance) => void, options: TestAppOptions = {}): Promise<TestApp> {
  const testDb = await createTestDatabase(env);
  const database = await testDb.open();
  const services = await buildTestServices(testDb.config, database, options);
  const app = await startTestApp(services, setup);
  return {
    app,
    database,
    config: testDb.config,
    services,
    jobs: services.jobRunner,
    client: new ApiClient(app),
    async close() {
      await app.close();
      await database.close();
      await testDb.cleanup();
    },
  };
}

export interface RequestOptions {
  token?: string;
  /** Send the XSRF cookie + header (default true when no token is given). */
  csrf?: boolean;
  headers?: Record<string, string>;
}

/** Talks to the app like the PWA does: CSRF cookie first, then JSON with X-XSRF-TOKEN. */
export class ApiClient {
  private xsrf: string | null = null;

  constructor(private readonly app: FastifyInstance) {}

  async csrfCookie(): Promise<string> {
    const response = await this.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    if (!cookie) throw new Error('no XSRF-TOKEN cookie');
    this.xsrf = cookie.value;
    return cookie.value;
  }

  async request(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, options: RequestOptions = {}): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const wantsCsrf = options.csrf ?? !options.token;
    if (wantsCsrf && method !== 'GET') {
      const xsrf = this.xsrf ?? (await this.csrfCookie());
      headers.cookie = `XSRF-TOKEN=${encodeURIComponent(xsrf)}`;
      headers['x-xsrf-token'] = xsrf;
    }
    return this.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });
  }

  get(url: string, options: RequestOptions = {}) {
    return this.request('GET', url, undefined, options);
  }

  post(url: string, body?: unknown, options: RequestOptions = {}) {
    return this.request('POST', url, body, options);
  }

  put(url: string, body?: unknown, options: RequestOptions = {}) {
    return this.request('PUT', url, body, options);
  }

  delete(url: string, options: RequestOptions = {}) {
    return this.request('DELETE', url, undefined, options);
  }

  /** Registers a user and returns the auth response body. */
  async register(email: string, password = 'correct horse battery', name = 'Test User') {
    const response = await this.post('/api/register', { name, email, password, password_confirmation: password });
    if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
    return response.json<{ token: string; user: { id: number; email: string; plan: string; credits: number }; credits: number }>();
  }
}

/** Request options of a signed-in user, optionally with an Idempotency-Key. */
export const as = (token: string, idempotencyKey?: string): RequestOptions => ({
  token,
  ...(idempotencyKey === undefined ? {} : { headers: { 'idempotency-key': idempotencyKey } }),
});

export const uniqueEmail = (label = 'user') => `${label}-${randomBytes(5).toString('hex')}@example.com`;

/** A JSON answer whose fields a test inspects; values stay `unknown` until asserted. */
export type JsonBody = Record<string, unknown>;
export const bodyOf = (response: LightMyRequestResponse): JsonBody => response.json<JsonBody>();
/** The `errors` of a Laravel 422 body. */
export const errorsOf = (response: LightMyRequestResponse): Record<string, string[]> => response.json<{ errors?: Record<string, string[]> }>().errors ?? {};
export const messageOf = (response: LightMyRequestResponse): string => response.json<{ message?: string }>().message ?? '';
