// pino options shared by the HTTP server, the worker and the CLI. Secrets never reach the logs:
// auth headers, cookies, password fields, hashes and tokens are redacted; token-bearing query
// strings (the reset link lands on GET /reset-password?token=…) are masked in logged URLs; and
// errors are serialised by hand — database errors carry the query's parameters (drizzle puts
// them in the message, pg in `detail`/`parameters`), which may be a password hash or a token.
import type { LoggerOptions } from 'pino';
import pinoPretty from 'pino-pretty';
import { sqlState } from './db/errors';

const SECRET_FIELDS = [
  'password',
  'password_confirmation',
  'current_password',
  'passwordHash',
  'password_hash',
  'token',
  'tokenHash',
  'token_hash',
  'license_key',
  'secret',
  'params',
  'parameters',
];

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'req.headers["x-reelflow-admin-secret"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
];

export function maskUrlSecrets(url: string): string {
  return url.replace(/([?&](?:token|email|license_key|code)=)[^&#]*/gi, '$1[REDACTED]');
}

interface SerializableRequest {
  method?: string;
  url?: string;
  ip?: string;
}

export interface SafeError {
  type: string;
  message: string;
  code?: string;
  statusCode?: number;
  stack?: string;
  cause?: SafeError;
}

/**
 * An error reduced to what an operator needs: type, a message without query parameters or quoted
 * values, the SQLSTATE / error code, the stack frames and (a few levels of) its cause. Nothing
 * else is copied — no `detail`, `parameters`, `params`, `query` or request body.
 */
export function serializeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) return { type: typeof error, message: '[non-error value]' };
  const type = error.constructor.name || error.name || 'Error';
  const isDbError = sqlState(error) !== undefined || /^Failed query:/.test(error.message);
  let message = error.message.replace(/\nparams:[\s\S]*$/, '');
  // Postgres quotes the offending value in many messages (invalid input syntax for type integer:
  // "…"); for database errors every quoted fragment is masked.
  if (isDbError) message = message.replace(/"[^"]*"/g, '"…"');
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const code = (error as { code?: unknown }).code;
  const statusCode = (error as { statusCode?: unknown }).statusCode;
  const cause = (error as { cause?: unknown }).cause;
  return {
    type,
    message,
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof statusCode === 'number' ? { statusCode } : {}),
    ...(frames.length > 0 ? { stack: [`${type}: ${message.split('\n')[0]}`, ...frames].join('\n') } : {}),
    ...(cause !== undefined && depth < 3 ? { cause: serializeError(cause, depth + 1) } : {}),
  };
}

/**
 * A client's mistake in one line: the error and its causes, type and message each (redacted as
 * serializeError does), without a stack — nothing in our code needs debugging, the request was bad.
 */
export function errorSummary(error: unknown): string {
  const parts: string[] = [];
  for (let safe: SafeError | undefined = serializeError(error); safe; safe = safe.cause) {
    parts.push(`${safe.type}: ${safe.message.replace(/\s+/g, ' ').trim()}${safe.code ? ` (${safe.code})` : ''}`);
  }
  return parts.join('; caused by ');
}

/** Per-request logs ("incoming request", "request completed") only at debug and trace. */
export function logsRequests(level: string): boolean {
  return level === 'debug' || level === 'trace';
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    serializers: {
      req(request: SerializableRequest) {
        return { method: request.method, url: maskUrlSecrets(request.url ?? ''), ip: request.ip };
      },
      err: serializeError,
      error: serializeError,
    },
  };
}

/**
 * Where log lines go: JSON lines on stdout ('json', for production log collectors) or short
 * human-readable lines ('pretty', the default outside production). Undefined means pino's default
 * (stdout JSON).
 */
export function logDestination(format: 'pretty' | 'json'): NodeJS.WritableStream | undefined {
  if (format === 'json') return undefined;
  return pinoPretty({ colorize: Boolean(process.stdout.isTTY), translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId' });
}
