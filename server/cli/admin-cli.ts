// The admin CLI's logic. With DATABASE_URL it opens Postgres directly. With the embedded database
// it opens DATA_DIR itself when no live process holds the lock, and otherwise sends the command
// to the running server over loopback (admin-channel.ts) — PGlite allows one owner per data dir.
import { ADMIN_PATH, ADMIN_SECRET_HEADER, readAdminChannel } from '../admin-channel';
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
export async function main(argv: readonly string[], io: CliIo = {}): Promise<number> {
  const out = io.out ?? ((text: string) => console.log(text));
  const err = io.err ?? ((text: string) => console.error(text));
  const command = argv[0];
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    out(ADMIN_HELP);
    return 0;
  }
  try {
    if (!io.env) loadDotEnv();
    const config = loadConfig(io.env ?? process.env);
    if (!config.databaseUrl) {
      const owner = readLiveLockOwner(config.dataDir);
      if (owner !== null) {
        out(await sendToRunningServer(config.dataDir, owner, argv));
        return 0;
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
