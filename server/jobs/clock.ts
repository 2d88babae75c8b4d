// The time the jobs go by. Production reads the system clock; tests that run a series over days
// of simulated time set one instant in the database, so every worker process (each with its own
// system clock) agrees on "now" (docs/decisions/series.md, "Time").
import type { RawSql } from '../db/client';

export interface Clock {
  now(): Promise<Date>;
}

export const systemClock: Clock = {
  now: () => Promise.resolve(new Date()),
};

const CREATE_TABLE = 'CREATE TABLE IF NOT EXISTS simulated_clock (id int PRIMARY KEY, at timestamptz NOT NULL)';

/**
 * Reads the simulated instant from the `simulated_clock` row (id 1); without a row it is the
 * system time. The table is made on first use, so no migration carries a tests-only table.
 */
export function databaseClock(raw: RawSql): Clock {
  let created: Promise<unknown> | null = null;
  return {
    async now() {
      created ??= raw.query(CREATE_TABLE);
      await created;
      const { rows } = await raw.query('SELECT at FROM simulated_clock WHERE id = 1');
      const at = rows[0]?.at;
      return at ? new Date(at as Date | string) : new Date();
    },
  };
}

/** Sets the simulated instant every databaseClock on this database reads (tests). */
export async function setSimulatedTime(raw: RawSql, at: Date): Promise<void> {
  await raw.query(CREATE_TABLE);
  await raw.query('INSERT INTO simulated_clock (id, at) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET at = EXCLUDED.at', [at.toISOString()]);
}
