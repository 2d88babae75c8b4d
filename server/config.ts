// Runtime configuration, read once from the environment and validated with zod, so a typo in
// .env fails at start with a readable message instead of somewhere deep in a request.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { startingCreditsForPlan } from './domain/plans/plans';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

// Empty strings count as "not set": `.env` files and CI often carry `NAME=`.
const optionalText = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());

const envSchema = z.object({
  HOST: optionalText.default('127.0.0.1'),
  PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).default(8080)),
  DATA_DIR: optionalText.default('./data'),
  DATABASE_URL: optionalText,
  APP_URL: optionalText.pipe(z.url({ message: 'APP_URL must be an absolute URL such as https://reelflow.example.com' }).optional()),
  SMTP_URL: optionalText,
  MAIL_FROM: optionalText.default('Reelflow <no-reply@reelflow.local>'),
  LOGIN_RATE_LIMIT_MAX: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).default(5)),
  LOGIN_RATE_LIMIT_WINDOW: optionalText.default('1 minute'),
  ERROR_LOG_RATE_LIMIT_MAX: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).default(120)),
  STARTING_CREDITS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).optional()),
  LOG_LEVEL: z.preprocess((v) => (v === '' ? undefined : v), z.enum(LOG_LEVELS).default('info')),
  CLIENT_DIR: optionalText.default('dist/client'),
  LLM_BASE_URL: optionalText.pipe(z.url({ message: 'LLM_BASE_URL must be an absolute URL such as https://api.openai.com/v1' }).optional()),
  LLM_API_KEY: optionalText,
  LLM_MODEL: optionalText.default('gpt-4o-mini'),
  REELFLOW_TEST_MODE: optionalText,
});

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  /** postgres:// URL of a real server; undefined means embedded PGlite in `${dataDir}/pglite`. */
  databaseUrl: string | undefined;
  /** Public base URL of the app, used in links sent by mail. */
  appUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  loginRateLimit: { max: number; timeWindow: string };
  /** POST /api/create/error per signed-in user and minute (a crash loop must not flood the log). */
  errorLogRateLimit: { max: number; timeWindow: string };
  /** Credits a new user receives; undefined means the plan's own starting credits. */
  startingCredits: number | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  clientDir: string;
  /** OpenAI-compatible chat endpoint for scripts; unset → the offline writer. */
  llm: { baseUrl: string | undefined; apiKey: string | undefined; model: string };
  /** REELFLOW_TEST_MODE=1: enables fault injection for the browser tests. Never in production. */
  testMode: boolean;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const databaseUrl = e.DATABASE_URL && /^postgres(ql)?:\/\//.test(e.DATABASE_URL) ? e.DATABASE_URL : undefined;
  if (e.DATABASE_URL && !databaseUrl) {
    throw new ConfigError('Invalid configuration:\n  DATABASE_URL: must start with postgres:// (leave it empty for the embedded database)');
  }
  if (!/^\d+\s*(ms|millisecond|second|minute|hour|day)s?$/i.test(e.LOGIN_RATE_LIMIT_WINDOW.trim())) {
    throw new ConfigError(`Invalid configuration:\n  LOGIN_RATE_LIMIT_WINDOW: expected e.g. "1 minute" or "30 seconds", got "${e.LOGIN_RATE_LIMIT_WINDOW}"`);
  }
  const browserHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST;
  return {
    host: e.HOST,
    port: e.PORT,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl,
    appUrl: (e.APP_URL ?? `http://${browserHost}:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    loginRateLimit: { max: e.LOGIN_RATE_LIMIT_MAX, timeWindow: e.LOGIN_RATE_LIMIT_WINDOW.trim() },
    errorLogRateLimit: { max: e.ERROR_LOG_RATE_LIMIT_MAX, timeWindow: '1 minute' },
    startingCredits: e.STARTING_CREDITS,
    logLevel: e.LOG_LEVEL,
    clientDir: resolve(e.CLIENT_DIR),
    llm: { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY, model: e.LLM_MODEL },
    testMode: e.REELFLOW_TEST_MODE === '1' || e.REELFLOW_TEST_MODE === 'true',
  };
}

/** Credits for a new user of `plan`: STARTING_CREDITS when set, else the plan's default. */
export function startingCreditsFor(config: Pick<Config, 'startingCredits'>, plan: string): number {
  return config.startingCredits ?? startingCreditsForPlan(plan);
}

/**
 * For entry points: reads ./.env when present (variables already set win), then loads the config
 * or prints the problem and exits 1 — no stack trace for a config typo.
 */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    if (env === process.env) loadDotEnv();
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Reads ./.env into process.env when it exists; variables already set are kept. */
export function loadDotEnv(): void {
  if (existsSync('.env')) process.loadEnvFile('.env');
}
