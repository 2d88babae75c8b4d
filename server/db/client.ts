// Opens the database: embedded PGlite in DATA_DIR/pglite by default, or a real Postgres when
// DATABASE_URL is set. The rest of the server sees one drizzle `Db` type and never the driver.
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Config } from '../config';
import { acquireDataDirLock } from './data-dir-lock';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbKind = 'pglite' | 'postgres';

/** Raw SQL access for migrations and pg-boss, which need more than drizzle offers. */
export interface RawSql {
  /** Several statements, no parameters; returns the rows of the last one. */
  exec(sql: string): Promise<{ rows: Record<string, unknown>[] }>;
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** Runs `sql` (several statements) in one transaction. */
  execInTransaction(sql: string): Promise<void>;
  /**
   * Runs `task` while this process holds the advisory lock `key` on a connection of its own
   * (Postgres; released however `task` ends). `task` must not take the same lock on another
   * connection. With PGlite one process owns the database, so `task` simply runs.
   */
  withSessionLock<T>(key: number, task: () => Promise<T>): Promise<T>;
}

export interface Database {
  db: Db;
  kind: DbKind;
  raw: RawSql;
  /** Only for PGlite: the live instance (tests snapshot it with dumpDataDir). */
  pglite?: PGlite;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PGlite only: start from this dumpDataDir() tarball instead of initdb (tests). */
  loadDataDir?: Blob;
}

/** A real round trip (the health check's), so a lost database is noticed; throws when it is. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>, options: OpenOptions = {}): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir, options);
}

async function openPglite(dataDir: string, options: OpenOptions): Promise<Database> {
  const lock = acquireDataDirLock(dataDir);
  try {
    const pglite = await PGlite.create({ dataDir: join(dataDir, 'pglite'), ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
    const raw: RawSql = {
      async exec(sql) {
        const results = await pglite.exec(sql);
        return { rows: results.at(-1)?.rows ?? [] };
      },
      async query(sql, params = []) {
        const result = await pglite.query<Record<string, unknown>>(sql, params);
        return { rows: result.rows };
      },
      async execInTransaction(sql) {
        await pglite.transaction(async (tx) => {
          await tx.exec(sql);
        });
      },
      withSessionLock: (_key, task) => task(),
    };
    return {
      db: drizzlePglite(pglite, { schema }) as unknown as Db,
      kind: 'pglite',
      raw,
      pglite,
      async close() {
        try {
          await pglite.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  // Fail at start (not at the first request) when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  const raw: RawSql = {
    async exec(sql) {
      // pg answers a multi-statement text with an array of results, a single one with one.
      const result = (await pool.query(sql)) as unknown as pg.QueryResult | pg.QueryResult[];
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
    },
    async query(sql, params = []) {
      const result = await pool.query<Record<string, unknown>>(sql, params);
      return { rows: result.rows };
    },
    async execInTransaction(sql) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(sql);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async withSessionLock(key, task) {
      const client = await pool.connect();
      let healthy = false;
      try {
        await client.query('SELECT pg_advisory_lock($1)', [key]);
        try {
          return await task();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [key]);
          healthy = true;
        }
      } finally {
        // A connection that failed to lock or unlock is closed: a lock it may hold goes with it.
        client.release(!healthy);
      }
    },
  };
  return {
    db: drizzlePostgres(pool, { schema }) as unknown as Db,
    kind: 'postgres',
    raw,
    close: () => pool.end(),
  };
}
