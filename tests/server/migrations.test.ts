// Migrations are applied once, recorded in schema_migrations, and safe to run again or from
// two processes at once (Postgres).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate';
import { MIGRATIONS } from '../../server/db/migrations';
import { createTestDatabase, usingPostgres, type TestDatabase } from './helpers';

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
