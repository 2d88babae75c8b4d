// pg-boss on the server's own database. On Postgres it gets its own small pool from the URL; on
// PGlite it goes through `db: { executeSql }` (DESIGN §3): statements without parameters may be
// several (pg-boss's schema DDL) and must go through exec, the rest through query.
import PgBoss from 'pg-boss';
import type { Config } from '../config';
import type { Database } from '../db/client';

export interface BossOptions {
  /** Run maintenance and cron scheduling in this process (the API-only role can turn it off). */
  supervise?: boolean;
}

export function createBoss(config: Pick<Config, 'databaseUrl'>, database: Database, options: BossOptions = {}): PgBoss {
  const common = { schema: 'pgboss', supervise: options.supervise ?? true, schedule: options.supervise ?? true };
  if (database.kind === 'postgres' && config.databaseUrl) {
    return new PgBoss({ ...common, connectionString: config.databaseUrl, max: 4, application_name: 'reelflow-boss' });
  }
  const { raw } = database;
  return new PgBoss({
    ...common,
    db: {
      async executeSql(text: string, values: unknown[] = []) {
        // Without parameters the text may hold several statements (schema DDL, BEGIN … COMMIT).
        return values.length === 0 ? raw.exec(text) : raw.query(text, values);
      },
    },
  });
}

/** Starts pg-boss, logging its errors instead of crashing the process on a transient failure. */
export async function startBoss(boss: PgBoss, log: (error: Error) => void): Promise<PgBoss> {
  boss.on('error', log);
  await boss.start();
  return boss;
}

export async function stopBoss(boss: PgBoss): Promise<void> {
  await boss.stop({ graceful: true, close: true, wait: true, timeout: 10_000 });
}
