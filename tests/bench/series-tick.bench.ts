// `npx tsx tests/bench/series-tick.bench.ts`: the series autopilot's tick must cost what the due
// series cost, not what all series cost (docs/decisions/series.md, "Exactly once per slot"). On
// embedded PGlite, one tick plans DUE series (one slot each) twice: among 2 × DUE active series
// in all, then among TOTAL active series (the rest not due for a day). Two figures per run: the
// queries of each tick (counted by drizzle's query logger: they must be equal) and the time of
// each (the ratio is the figure; a goal near 1). Figures only; nothing here asserts a time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database, type Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import * as schema from '../../server/db/schema';
import { runTick } from '../../server/domain/series/autopilot/tick';

const DUE = Number(process.env.BENCH_SERIES_DUE ?? 100);
const TOTAL = Number(process.env.BENCH_SERIES_TOTAL ?? 10_000);
const NOW = new Date('2026-04-01T12:00:00Z');

const CADENCE = JSON.stringify({ days: [0, 1, 2, 3, 4, 5, 6], times: ['18:00'], per_day: null });

/** `count` active series of the user; due ones have their lead time now, the others in a day. */
async function addSeries(database: Database, userId: number, count: number, due: boolean): Promise<void> {
  await database.raw.query(
    `INSERT INTO series (id, user_id, name, status, topic, style, cadence, time_zone, lead_hours, planned_through, next_prepare_at, started_at)
     SELECT gen_random_uuid(), $1, 'Bench series ' || n, 'active', '{"mode":"niche","niche":"ocean animals"}', '{"duration":5}', $2::jsonb,
            'Europe/Berlin', 6, $3::timestamptz - interval '1 hour', $3::timestamptz + CASE WHEN $4 THEN interval '0' ELSE interval '1 day' END, $3::timestamptz - interval '1 day'
       FROM generate_series(1, $5) AS n`,
    [userId, CADENCE, NOW.toISOString(), due, count],
  );
}

async function tick(db: Db, counter: { queries: number }): Promise<{ ms: number; queries: number; planned: number }> {
  counter.queries = 0;
  const started = performance.now();
  const { planned } = await runTick(db, NOW, () => Promise.resolve());
  return { ms: performance.now() - started, queries: counter.queries, planned: planned.length };
}

async function main() {
  const root = mkdtempSync(join(tmpdir(), 'reelflow-series-bench-'));
  const config = loadConfig({ DATA_DIR: join(root, 'data'), CLIENT_DIR: join(root, 'no-client'), DATABASE_URL: '', LOG_LEVEL: 'silent' });
  const database = await openDatabase(config);
  try {
    await migrate(database);
    const counter = { queries: 0 };
    const db = drizzle(database.pglite!, { schema, logger: { logQuery: () => void counter.queries++ } }) as unknown as Db;
    const { rows } = await database.raw.query(`INSERT INTO users (name, email, password_hash, plan) VALUES ('Bench', 'bench@example.com', 'x', 'creator') RETURNING id`);
    const userId = Number(rows[0]!.id);

    // A first round warms the code paths up (its figure is left out).
    await addSeries(database, userId, DUE, true);
    await tick(db, counter);
    await addSeries(database, userId, DUE, true);
    const few = await tick(db, counter);
    await addSeries(database, userId, TOTAL - 3 * DUE, false);
    await addSeries(database, userId, DUE, true);
    const many = await tick(db, counter);

    console.log(`tick among ${2 * DUE} active series: ${few.planned} planned in ${few.ms.toFixed(0)} ms, ${few.queries} queries`);
    console.log(`tick among ${TOTAL} active series: ${many.planned} planned in ${many.ms.toFixed(0)} ms, ${many.queries} queries`);
    console.log(`queries ${many.queries === few.queries ? 'equal' : 'DIFFER'}; time ${TOTAL} ÷ ${2 * DUE} active: ${(many.ms / few.ms).toFixed(2)}x (goal ≤ 1.5x)`);
  } finally {
    await database.close();
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
