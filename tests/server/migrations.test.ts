// Migrations are applied once, recorded in schema_migrations, and safe to run again or from
// two processes at once (Postgres).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { MIGRATIONS } from '../../server/db/migrations';
import { createTestDatabase, usingPostgres, type TestDatabase } from './helpers';

/** An empty database (no migration applied), on PGlite or on the test Postgres. */
async function emptyDatabase(): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  const root = mkdtempSync(join(tmpdir(), 'reelflow-migration-'));
  if (!usingPostgres) {
    const database = await openDatabase({ databaseUrl: undefined, dataDir: root });
    return {
      database,
      async cleanup() {
        await database.close();
        rmSync(root, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `reelflow_migration_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: root });
  return {
    database,
    async cleanup() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

describe('migrations', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => testDb.cleanup());

  it('records every migration once and re-running is a no-op', async () => {
    const database = await testDb.open();
    try {
      expect(await migrate(database)).toEqual([]);
      const { rows } = await database.raw.query('SELECT id FROM schema_migrations ORDER BY id');
      expect(rows.map((row) => row.id)).toEqual(MIGRATIONS.map((m) => m.id));
    } finally {
      await database.close();
    }
  });

  it('applies a new migration atomically: a failing one leaves nothing behind', async () => {
    const database = await testDb.open();
    try {
      const broken = { id: '9999-broken', sql: 'CREATE TABLE half_done (id int); SELECT no_such_function();' };
      await expect(migrate(database, [...MIGRATIONS, broken])).rejects.toThrow();
      const { rows } = await database.raw.query("SELECT to_regclass('half_done') AS t, (SELECT count(*) FROM schema_migrations WHERE id = '9999-broken')::int AS n");
      expect(rows[0]).toEqual({ t: null, n: 0 });
    } finally {
      await database.close();
    }
  });

  it.skipIf(!usingPostgres)('lets two processes migrate the same Postgres at once', async () => {
    const [a, b] = await Promise.all([testDb.open(), testDb.open()]);
    try {
      const extra = { id: '9998-extra', sql: 'CREATE TABLE migration_race (id int)' };
      const results = await Promise.all([migrate(a, [...MIGRATIONS, extra]), migrate(b, [...MIGRATIONS, extra])]);
      expect(results.flat().filter((id) => id === '9998-extra').length).toBeGreaterThanOrEqual(1);
      const { rows } = await a.raw.query("SELECT count(*)::int AS n FROM schema_migrations WHERE id = '9998-extra'");
      expect(rows[0]).toEqual({ n: 1 });
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('migration 0012: sandbox accounts get owners', { timeout: 120_000 }, () => {
  it('gives each existing sandbox account to the first user who connected it, ends the grants of shared ones, drops unreachable ones', async () => {
    const { database, cleanup } = await emptyDatabase();
    try {
      const before = MIGRATIONS.findIndex((migration) => migration.id === '0012-sandbox-owners');
      await migrate(database, MIGRATIONS.slice(0, before));
      const { raw } = database;
      const [first, second] = (
        await raw.query(`INSERT INTO users (name, email, password_hash, plan) VALUES ('First', 'first@example.com', 'x', 'creator'), ('Second', 'second@example.com', 'x', 'creator') RETURNING id`)
      ).rows.map((row) => Number(row.id));
      await raw.exec(`
        INSERT INTO sandbox_accounts (id, platform, name, handle) VALUES
          ('UCone', 'youtube', 'One', '@one'), ('UCshared', 'youtube', 'Shared', '@shared'), ('UCnobody', 'youtube', 'Nobody', '@nobody'), ('-000tt', 'tiktok', 'Shared', '@shared');
        INSERT INTO sandbox_tokens (token_hash, kind, account_id, grant_id, client_id) VALUES
          ('one-access', 'access', 'UCone', 'g1', 'c'), ('shared-first', 'access', 'UCshared', 'g2', 'c'), ('shared-second', 'refresh', 'UCshared', 'g3', 'c'), ('tt-access', 'access', '-000tt', 'g4', 'c');
        INSERT INTO sandbox_posts (id, account_id, platform, upload_id, title, metadata, size_bytes) VALUES ('nobodys-video', 'UCnobody', 'youtube', 'u1', 'Gone', '{}', 1);
        INSERT INTO social_accounts (id, user_id, platform, platform_account_id, name, sandbox, created_at) VALUES
          ('00000000-0000-4000-8000-000000000001', ${first}, 'youtube', 'UCone', 'One', true, now()),
          ('00000000-0000-4000-8000-000000000002', ${second}, 'youtube', 'UCshared', 'Shared', true, now() - interval '1 day'),
          ('00000000-0000-4000-8000-000000000003', ${first}, 'youtube', 'UCshared', 'Shared', true, now()),
          ('00000000-0000-4000-8000-000000000004', ${second}, 'tiktok', '-000tt', 'Shared', true, now());
      `);
      expect(await migrate(database)).toContain('0012-sandbox-owners');

      const accounts = (await raw.query('SELECT id, owner_user_id FROM sandbox_accounts ORDER BY id')).rows.map((row) => [row.id, Number(row.owner_user_id)]);
      expect(accounts).toEqual([
        ['-000tt', second],
        ['UCone', first],
        // Connected first by the second user, a day before the first user did.
        ['UCshared', second],
      ]);
      const revoked = Object.fromEntries((await raw.query('SELECT token_hash, revoked_at IS NOT NULL AS revoked FROM sandbox_tokens')).rows.map((row) => [String(row.token_hash), Boolean(row.revoked)]));
      expect(revoked).toEqual({ 'one-access': false, 'shared-first': true, 'shared-second': true, 'tt-access': false });
      expect((await raw.query('SELECT id FROM sandbox_posts')).rows).toEqual([]);
      // A name is now unique per owner: the first user may have a "Shared" channel of their own.
      await raw.exec(`INSERT INTO sandbox_accounts (id, platform, owner_user_id, name, handle) VALUES ('UCmine', 'youtube', ${first}, 'Shared', '@shared')`);
      await expect(raw.exec(`INSERT INTO sandbox_accounts (id, platform, owner_user_id, name, handle) VALUES ('UCagain', 'youtube', ${first}, 'Shared', '@shared2')`)).rejects.toThrow();
      await expect(raw.exec(`INSERT INTO sandbox_accounts (id, platform, name, handle) VALUES ('UCorphan', 'youtube', 'Orphan', '@orphan')`)).rejects.toThrow();
    } finally {
      await cleanup();
    }
  });
});
