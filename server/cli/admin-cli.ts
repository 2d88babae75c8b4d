// The admin CLI's logic. With DATABASE_URL it opens Postgres directly. With the embedded database
// it opens DATA_DIR itself when no live process holds the lock, and otherwise sends the command
// to the running server over loopback (admin-channel.ts) — PGlite allows one owner per data dir.
// It always says (on stderr) which data it uses, and never silently creates an empty data folder:
// a mistyped or missing DATA_DIR (the server running on another one) would otherwise give
// "No user with the email …" against a fresh, empty database. `--create` is the explicit opt-in.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_PATH, ADMIN_SECRET_HEADER, loopbackUrl, readAdminChannel } from '../admin-channel';
import { describeDatabaseUrl, displayPath } from '../startup-message';
import { ConfigError, loadConfig, loadDotEnv } from '../config';
import { openDatabase } from '../db/client';
import { DataDirLockedError, readLiveLockOwner } from '../db/data-dir-lock';
import { migrate } from '../db/migrate';
import { ADMIN_HELP, runAdminCommand } from '../domain/admin/commands';
import { AdminCommandError } from '../domain/errors';

export interface CliIo {
  env?: NodeJS.ProcessEnv;
  out?: (text: string) => void;
  err?: (text: string) => void;
}

/** Runs one admin command; resolves to the process exit code. */
export const CREATE_FLAG = '--create';

export async function main(allArgs: readonly string[], io: CliIo = {}): Promise<number> {
  const out = io.out ?? ((text: string) => console.log(text));
  const err = io.err ?? ((text: string) => console.error(text));
  const create = allArgs.includes(CREATE_FLAG);
  const argv = allArgs.filter((arg) => arg !== CREATE_FLAG);
  const command = argv[0];
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    out(ADMIN_HELP);
    return 0;
  }
  try {
    if (!io.env) loadDotEnv();
    const config = loadConfig(io.env ?? process.env);
    const folder = displayPath(config.dataDir);
    if (config.databaseUrl) {
      err(`Using the database at ${describeDatabaseUrl(config.databaseUrl)} (DATABASE_URL).`);
    } else {
      const owner = readLiveLockOwner(config.dataDir);
      if (owner !== null) {
        err(`Using data folder ${folder} through the running server (pid ${owner}).`);
        out(await sendToRunningServer(config.dataDir, owner, argv));
        return 0;
      }
      if (!hasDatabase(config.dataDir)) {
        if (!create) throw new AdminCommandError(await missingDataFolderMessage(config, folder));
        err(`Creating a new, empty data folder ${folder}.`);
      } else {
        err(`Using data folder ${folder}.`);
      }
    }
    out(await runDirectly(config, argv));
    return 0;
  } catch (error) {
    if (error instanceof AdminCommandError || error instanceof ConfigError || error instanceof DataDirLockedError) {
      err(error.message);
      return 1;
    }
    err(`admin command failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

/** Whether DATA_DIR already holds an embedded database (PGlite writes PG_VERSION at initdb). */
export function hasDatabase(dataDir: string): boolean {
  return existsSync(join(dataDir, 'pglite', 'PG_VERSION'));
}

/** Does a Reelflow server answer on the configured address? (Then it uses another data folder.) */
async function serverAnswering(config: ReturnType<typeof loadConfig>): Promise<string | null> {
  const url = loopbackUrl(config.host, config.port);
  try {
    const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1500) });
    const body = (await response.json().catch(() => null)) as { status?: unknown } | null;
    return body?.status === 'ok' ? url : null;
  } catch {
    return null;
  }
}

async function missingDataFolderMessage(config: ReturnType<typeof loadConfig>, folder: string): Promise<string> {
  const running = await serverAnswering(config);
  const fix = `Set DATA_DIR to the folder the server uses (npm start prints it), or add ${CREATE_FLAG} to create an empty one here.`;
  return running
    ? `Data folder ${folder} holds no Reelflow database, but a Reelflow server answers at ${running}: it uses another data folder. ${fix}`
    : `Data folder ${folder} holds no Reelflow database yet. ${fix}`;
}

async function runDirectly(config: ReturnType<typeof loadConfig>, argv: readonly string[]): Promise<string> {
  const database = await openDatabase(config);
  try {
    await migrate(database);
    return await runAdminCommand(database.db, argv);
  } finally {
    await database.close();
  }
}

async function sendToRunningServer(dataDir: string, ownerPid: number, argv: readonly string[]): Promise<string> {
  const channel = readAdminChannel(dataDir);
  if (!channel || channel.pid !== ownerPid) {
    throw new AdminCommandError(
      `Process ${ownerPid} holds DATA_DIR ${dataDir} but offers no admin channel (is it a worker or another admin command?). Stop it, or run the command while the server (npm start) runs.`,
    );
  }
  let response: Response;
  try {
    response = await fetch(`${channel.url}${ADMIN_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [ADMIN_SECRET_HEADER]: channel.secret },
      body: JSON.stringify({ argv }),
    });
  } catch (error) {
    throw new AdminCommandError(`The running server (pid ${ownerPid}) did not answer at ${channel.url}: ${(error as Error).message}`);
  }
  const body = (await response.json().catch(() => ({}))) as { output?: string; message?: string };
  if (!response.ok) throw new AdminCommandError(body.message ?? `The server answered ${response.status}.`);
  return body.output ?? '';
}
