// What the chaos run stands on: a database of its own on the local Postgres (dropped at the end),
// an S3-compatible store (s3rver, the same one the server tests use) and a current build.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildReason } from '../freshness.mjs';

/** The local Postgres of the README and CI (trust auth). */
export const POSTGRES_SERVER_URL = process.env.CHAOS_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';

export interface ChaosDatabase {
  name: string;
  url: string;
  /** A connection of the harness itself, for the checks. */
  client: pg.Client;
  drop(): Promise<void>;
}

async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: `${POSTGRES_SERVER_URL}/postgres` });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

export async function createDatabase(): Promise<ChaosDatabase> {
  const name = `reelflow_chaos_${randomBytes(6).toString('hex')}`;
  await onServer((admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = `${POSTGRES_SERVER_URL}/${name}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    name,
    url,
    client,
    async drop() {
      await client.end().catch(() => undefined);
      // WITH (FORCE): a process killed mid-query may leave a connection the server has not reaped yet.
      await onServer((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** `npm run build` when dist/ is missing or older than the sources (scripts/freshness.mjs). */
export function buildIfNeeded(): { built: boolean; ms: number } {
  // CHAOS_SKIP_BUILD=1: run on dist/ as it is (e.g. while someone else's half-done client edit breaks the client build).
  if (process.env.CHAOS_SKIP_BUILD === '1') return { built: false, ms: 0 };
  const reason = buildReason();
  if (!reason) return { built: false, ms: 0 };
  const started = Date.now();
  console.log(`building (${reason})…`);
  const result = spawnSync('npm', ['run', '--silent', 'build'], { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`npm run build failed:\n${result.stdout}${result.stderr}`);
  return { built: true, ms: Date.now() - started };
}
