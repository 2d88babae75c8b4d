// pino options shared by the HTTP server, the worker and the CLI. Secrets never reach the logs:
// auth headers, cookies, password fields and tokens are redacted, and token-bearing query
// strings (the reset link lands on GET /reset-password?token=…) are masked in logged URLs.
import type { LoggerOptions } from 'pino';

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'req.headers["x-reelflow-admin-secret"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.password_confirmation',
  '*.current_password',
  '*.token',
  '*.license_key',
  '*.secret',
];

export function maskUrlSecrets(url: string): string {
  return url.replace(/([?&](?:token|email|license_key|code)=)[^&#]*/gi, '$1[REDACTED]');
}

interface SerializableRequest {
  method?: string;
  url?: string;
  ip?: string;
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    serializers: {
      req(request: SerializableRequest) {
        return { method: request.method, url: maskUrlSecrets(request.url ?? ''), ip: request.ip };
      },
    },
  };
}
