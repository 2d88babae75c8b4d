// pg-boss on the server's own database. On Postgres it gets its own small pool from the URL; on
// PGlite it goes through `db: { executeSql }` (DESIGN §3): statements without parameters may be
// several (pg-boss's schema DDL) and must go through exec, the rest through query. Either way the
// statements pass through reportFetchErrors, because pg-boss drops the errors of its fetch.
import PgBoss from 'pg-boss';
import Manager from 'pg-boss/src/manager.js';
import pg from 'pg';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { reportFetchErrors, type FetchErrorReport } from './fetch-errors';

// pg-boss's worker marks a job completed or failed without awaiting it: when the database goes
// away under a running job (a stop, a lost connection) that rejection is unhandled and would end
// the process. The job itself is safe (its claim goes stale and another run takes it over), so the
// failure is reported as a pg-boss error instead; a caller that awaits still sees it.
for (const method of ['complete', 'fail'] as const) {
  const original = Manager.prototype[method];
  const guarded = function (this: Manager, ...args: unknown[]) {
    const result = original.apply(this, args);
    result.catch((error: unknown) => this.emit('error', error));
    return result;
  };
  // pg-boss offers the manager's methods on the boss by their function names.
  Object.defineProperty(guarded, 'name', { value: method });
  Manager.prototype[method] = guarded;
}

export interface BossOptions {
  /** Run maintenance and cron scheduling in this process (the API-only role can turn it off). */
  supervise?: boolean;
  /** Told when fetching from a queue starts failing and when it works again (default: silence). */
  fetchErrors?: FetchErrorReport;
}

type Stopper = () => Promise<void> | void;
/** What stopBoss does besides stopping pg-boss: before (sweeps), after (the pool). */
const stoppers = new WeakMap<PgBoss, { before: Stopper[]; after: Stopper[] }>();

function stoppersOf(boss: PgBoss) {
  let entry = stoppers.get(boss);
  if (!entry) stoppers.set(boss, (entry = { before: [], after: [] }));
  return entry;
}

/** Runs `stop` when stopBoss stops this boss, before pg-boss itself stops. */
export function onBossStop(boss: PgBoss, stop: Stopper): void {
  stoppersOf(boss).before.push(stop);
}

export function createBoss(config: Pick<Config, 'databaseUrl'>, database: Database, options: BossOptions = {}): PgBoss {
  const common = { schema: 'pgboss', supervise: options.supervise ?? true, schedule: options.supervise ?? true };
  const silent: FetchErrorReport = { failing() {}, recovered() {} };
  if (database.kind === 'postgres' && config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 4, application_name: 'reelflow-boss' });
    // A dropped idle connection is reconnected by the next query; pg-boss reports failed queries.
    pool.on('error', () => {});
    const executeSql = reportFetchErrors((text, values) => pool.query(text, values), options.fetchErrors ?? silent);
    const boss = new PgBoss({ ...common, db: { executeSql } });
    stoppersOf(boss).after.push(() => pool.end());
    return boss;
  }
  const { raw } = database;
  return new PgBoss({
    ...common,
    db: {
      executeSql: reportFetchErrors(
        // Without parameters the text may hold several statements (schema DDL, BEGIN … COMMIT).
        (text, values = []) => (values.length === 0 ? raw.exec(text) : raw.query(text, values)),
        options.fetchErrors ?? silent,
      ),
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
  const { before, after } = stoppersOf(boss);
  stoppers.delete(boss);
  for (const stop of before) await stop();
  try {
    await boss.stop({ graceful: true, close: true, wait: true, timeout: 10_000 });
  } finally {
    for (const stop of after) await stop();
  }
}
