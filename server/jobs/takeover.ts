// A job whose process died (kill -9, a lost machine) stays 'active' in pg-boss until its expiry —
// hours for an upload or a render. The database decides when it is dead, never this process: the
// work a job does is claimed on its own row (a post target, a video, a transcription) with a
// heartbeat that a live run refreshes every 15 s. An active job older than its queue's staleness
// whose work holds no fresh claim has lost its process; it goes back to its queue at once, as
// pg-boss does with a failed job that has retries left, and the next worker resumes the work from
// where it stopped (the claim, stale by then, is taken over). Every process sweeps every 10 s, so
// the work of a dead run is taken over within a minute of its last heartbeat. The update decides
// per row, so processes sweeping at once revive each dead job once.
import type { RawSql } from '../db/client';

export interface ClaimedQueue {
  queue: string;
  /** A claim's heartbeat older than this belongs to a dead run (the work's own rule). */
  staleMs: number;
  /** SQL, true while a live run holds the work of the job row `j`: a fresh claim is one after `since`. */
  held: (since: string) => string;
}

/** Every process sweeps this often. */
export const SWEEP_INTERVAL_MS = 10_000;

const UUID = `'^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'`;

/** The id under `key` in the data of the job row `j` as a uuid; null (never an error) when it is not one. */
export function jobDataId(key: string): string {
  return `(CASE WHEN j.data->>'${key}' ~* ${UUID} THEN (j.data->>'${key}')::uuid END)`;
}

/** The job's work row: its table, the key of its id in the job's data, and SQL over the row `r`. */
export interface ClaimRow {
  table: string;
  dataKey: string;
  /** True while the row's work is running, e.g. `r.status = 'processing'`. */
  running: string;
  /** The column a live run refreshes, e.g. `r.heartbeat_at`. */
  heartbeat: string;
}

/** A queue whose job is held while its work row is running with a heartbeat fresher than the staleness. */
export function rowClaims(queue: string, staleMs: number, row: ClaimRow): ClaimedQueue {
  return {
    queue,
    staleMs,
    held: (since) => `EXISTS (SELECT 1 FROM ${row.table} r WHERE r.id = ${jobDataId(row.dataKey)} AND ${row.running} AND ${row.heartbeat} >= ${since})`,
  };
}

/** Back to the queue at once; a job that has used up its retries fails instead (as pg-boss fails it). */
const REVIVE = `
  state = CASE WHEN j.retry_count < j.retry_limit THEN 'retry'::pgboss.job_state ELSE 'failed'::pgboss.job_state END,
  start_after = now(),
  completed_on = CASE WHEN j.retry_count < j.retry_limit THEN NULL ELSE now() END,
  output = jsonb_build_object('message', 'the process running this job stopped; taken over')`;

/** Revives the dead jobs of `queues`; returns how many per queue (only those with any). */
export async function takeOverDeadJobs(raw: RawSql, queues: readonly ClaimedQueue[]): Promise<Record<string, number>> {
  const revived: Record<string, number> = {};
  for (const { queue, staleMs, held } of queues) {
    const { rows } = await raw.query(
      `UPDATE pgboss.job j SET ${REVIVE}
       WHERE j.name = $1 AND j.state = 'active' AND j.started_on < now() - make_interval(secs => $2)
         AND NOT (${held('now() - make_interval(secs => $2)')})
       RETURNING j.id`,
      [queue, staleMs / 1000],
    );
    if (rows.length > 0) revived[queue] = rows.length;
  }
  return revived;
}

/**
 * With the embedded database one process owns the data, so at its start every job still active
 * is a dead run's: all go back to their queues before the workers start (pg-boss's own cron queue,
 * which it already works, aside).
 */
export async function releaseCrashedJobs(raw: RawSql): Promise<void> {
  await raw.query(`UPDATE pgboss.job j SET ${REVIVE} WHERE j.state = 'active' AND NOT starts_with(j.name, '__pgboss__')`);
}

export interface Sweeper {
  stop(): Promise<void>;
}

export interface SweeperLog {
  revived(counts: Record<string, number>): void;
  /** Told once when sweeping starts failing (the database is away), not at every sweep. */
  failed(error: unknown): void;
}

/** Sweeps now and then every SWEEP_INTERVAL_MS until stopped; one sweep at a time. */
export function startSweeper(raw: RawSql, queues: readonly ClaimedQueue[], log: SweeperLog): Sweeper {
  let running: Promise<void> | null = null;
  let failing = false;
  const sweep = () => {
    running ??= takeOverDeadJobs(raw, queues)
      .then(
        (counts) => {
          failing = false;
          if (Object.keys(counts).length > 0) log.revived(counts);
        },
        (error: unknown) => {
          if (!failing) log.failed(error);
          failing = true;
        },
      )
      .finally(() => {
        running = null;
      });
  };
  sweep();
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
