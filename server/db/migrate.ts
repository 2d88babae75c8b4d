// Applies MIGRATIONS in order, each in its own transaction together with its schema_migrations
// row, so a failed migration leaves nothing half-applied. An advisory lock keeps two processes
// starting against one Postgres from migrating at the same time.
import type { Database } from './client';
import { MIGRATIONS, type Migration } from './migrations';

const MIGRATION_LOCK_KEY = 72_010_001;

export async function migrate(database: Database, migrations: readonly Migration[] = MIGRATIONS): Promise<string[]> {
  const { raw } = database;
  // Under the lock too: two CREATE TABLE IF NOT EXISTS at once can both try to create the table.
  await raw.execInTransaction(
    `SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY}); CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  const applied: string[] = [];
  for (const migration of migrations) {
    const done = await raw.query('SELECT 1 FROM schema_migrations WHERE id = $1', [migration.id]);
    if (done.rows.length > 0) continue;
    const id = migration.id.replace(/'/g, "''");
    // The lock is taken inside the transaction; the re-check makes a racing second migrator a no-op.
    await raw.execInTransaction(`
      SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY});
      DO $reelflow$ BEGIN
        IF EXISTS (SELECT 1 FROM schema_migrations WHERE id = '${id}') THEN
          RAISE EXCEPTION 'reelflow-migration-already-applied';
        END IF;
      END $reelflow$;
      ${migration.sql};
      INSERT INTO schema_migrations (id) VALUES ('${id}');
    `).catch((error: unknown) => {
      if (String((error as Error).message).includes('reelflow-migration-already-applied')) return;
      throw error;
    });
    applied.push(migration.id);
  }
  return applied;
}

/**
 * Runs `task` under the migrations' lock, held for its whole length: what every process creates
 * at start besides the migrations (pg-boss's schema and queues) is made by one process at a time,
 * so processes starting together never deadlock on it. `task` must not run `migrate`.
 */
export function underMigrationLock<T>(database: Database, task: () => Promise<T>): Promise<T> {
  return database.raw.withSessionLock(MIGRATION_LOCK_KEY, task);
}
