// The one line `npm start` prints: where Reelflow runs and where its data lives. Everything else
// stays quiet at the default log level (per-request logs only at LOG_LEVEL=debug).
import { isAbsolute, relative } from 'node:path';
import type { Config } from './config';

/** A data folder as the user would type it: relative to the working directory when inside it. */
export function displayPath(path: string, cwd = process.cwd()): string {
  const fromCwd = relative(cwd, path);
  if (fromCwd === '') return '.';
  return fromCwd.startsWith('..') || isAbsolute(fromCwd) ? path : `./${fromCwd}`;
}

/** Where a postgres:// URL points, without its user or password. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

export function describeDataLocation(config: Pick<Config, 'databaseUrl' | 'dataDir'>, cwd = process.cwd()): string {
  return config.databaseUrl
    ? `data in Postgres at ${describeDatabaseUrl(config.databaseUrl)}`
    : `data in ${displayPath(config.dataDir, cwd)} (embedded Postgres)`;
}

export function startupMessage(config: Pick<Config, 'appUrl' | 'databaseUrl' | 'dataDir'>, cwd = process.cwd()): string {
  return `Reelflow is running at ${config.appUrl} — ${describeDataLocation(config, cwd)}`;
}
