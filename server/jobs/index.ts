// The job runner: pg-boss on the server's own database (PGlite or Postgres alike), every job of
// list.ts on it. Every process sends through it; a process whose role runs jobs ('all', 'worker')
// also works the queues, installs the crons, queues again what a stop left unfinished and sweeps
// for jobs of dead processes (takeover.ts). An API-only process ('api') creates the queues (a
// send needs them) and nothing more.
import { hostname } from 'node:os';
import type PgBoss from 'pg-boss';
import type { Config, ProcessRole } from '../config';
import type { Database } from '../db/client';
import { underMigrationLock } from '../db/migrate';
import { sqlState } from '../db/errors';
import { createBoss, onBossStop, startBoss, stopBoss } from './boss';
import type { FetchErrorReport } from './fetch-errors';
import { RetryLater, type JobDefinition, type JobReport, type JobServices } from './job';
import { JOBS } from './list';
import { bossQueue, type JobQueue } from './queue';
import { releaseCrashedJobs, startSweeper } from './takeover';

/** The logger every process hands the jobs: Fastify's in the server, pino in the worker. */
export interface JobLogger {
  info(details: object, message: string): void;
  debug(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobRunnerOptions {
  role: ProcessRole;
  logger: JobLogger;
  /** The jobs (default: every job of list.ts). */
  jobs?: readonly JobDefinition[];
  /** Changes to a queue's pg-boss options (tests: retries without the delay). */
  queueOptions?: Partial<Record<string, Partial<PgBoss.Queue>>>;
}

export interface DrainOptions {
  /** Also wait for jobs due within this many ms (default 0: only those due now). */
  withinMs?: number;
}

export interface JobRunner {
  /** The job port: what request handlers and jobs send through. */
  readonly queue: JobQueue;
  /** pg-boss once started (null before; tests inspect its schedules and queues). */
  readonly boss: PgBoss | null;
  /** Starts pg-boss and, by role, the workers; `services` is what the jobs run with. */
  start(services: JobServices): Promise<void>;
  /**
   * Resolves once no job of this runner's queues is running or due (within `withinMs`), waking
   * the workers for the due ones instead of leaving them to pg-boss's polling. Tests wait with it.
   */
  drain(options?: DrainOptions): Promise<void>;
  /** Stops the workers (running work is left to resume) and pg-boss. */
  stop(): Promise<void>;
}

/** A start that lost a race with another process's (a deadlock, a lock wait) may simply be tried again. */
const isRaceLost = (error: unknown) => ['40P01', '40001', '55P03'].includes(sqlState(error) ?? '');
const START_ATTEMPTS = 3;
const DRAIN_STEP_MS = 20;

const runsJobs = (role: ProcessRole) => role !== 'api';

/** True when the stored queue already has every option the job asks for (policy default 'standard'). */
function queueMatches(stored: PgBoss.QueueResult, wanted: PgBoss.Queue): boolean {
  const { name: _name, ...options } = { policy: 'standard', ...wanted };
  return Object.entries(options).every(([key, value]) => value === undefined || stored[key as keyof PgBoss.QueueResult] === value);
}

/**
 * Every queue as its job defines it (a send needs its queue). Only a missing or changed queue is
 * written, each under the migrations' lock: on a database that has them all a start reads once.
 */
async function createQueues(boss: PgBoss, database: Database, definitions: readonly JobDefinition[], changes: JobRunnerOptions['queueOptions'] = {}): Promise<void> {
  const stored = new Map((await boss.getQueues()).map((queue) => [queue.name, queue]));
  for (const definition of definitions) {
    const queueOptions: PgBoss.Queue = { name: definition.queue, ...definition.options, ...changes[definition.queue] };
    const existing = stored.get(definition.queue);
    if (existing && queueMatches(existing, queueOptions)) continue;
    await underMigrationLock(database, async () => {
      await boss.createQueue(definition.queue, queueOptions);
      // createQueue leaves a queue that exists as it is (one made 'stately' before is switched here).
      await boss.updateQueue(definition.queue, queueOptions);
    });
  }
}

/** Every job's cron; pg-boss upserts a schedule by name, so only a missing or changed one is written. */
async function installCrons(boss: PgBoss, definitions: readonly JobDefinition[]): Promise<void> {
  const stored = new Map((await boss.getSchedules()).map((schedule) => [schedule.name, schedule]));
  for (const { queue, cron } of definitions) {
    if (cron && (stored.get(queue)?.cron !== cron || stored.get(queue)?.options?.tz !== 'UTC')) await boss.schedule(queue, cron, {}, { tz: 'UTC' });
  }
}

/**
 * pg-boss's schema, every queue and cron on a database, then pg-boss stopped again: what the first
 * start of a process does, done ahead (the tests' database template, so each test app starts fast).
 */
export async function installJobs(config: Pick<Config, 'databaseUrl'>, database: Database, definitions: readonly JobDefinition[] = JOBS): Promise<void> {
  const boss = createBoss(config, database, { supervise: false });
  try {
    await underMigrationLock(database, () => boss.start());
    await createQueues(boss, database, definitions);
    await installCrons(boss, definitions);
  } finally {
    await stopBoss(boss);
  }
}

export function createJobRunner(config: Pick<Config, 'databaseUrl'>, database: Database, options: JobRunnerOptions): JobRunner {
  const definitions = options.jobs ?? JOBS;
  const { logger, role } = options;
  // pino's own pid and hostname fields are left out of the terminal's short lines; this one stays.
  const where = `${hostname()} pid ${process.pid} (${role})`;
  let boss: PgBoss | null = null;
  let services: JobServices | null = null;
  /** The workers of this process by queue, to wake them when work arrives. */
  const workers = new Map<string, string[]>();
  const wake = (queue: string) => {
    for (const id of workers.get(queue) ?? []) boss?.notifyWorker(id);
  };
  const queue: JobQueue = {
    send(name, data, sendOptions) {
      if (!boss) return Promise.reject(new Error(`job runner not started; cannot queue ${name}`));
      // A worker of this process takes it now rather than at its next poll.
      return bossQueue(boss, wake).send(name, data, sendOptions);
    },
  };

  async function work(current: PgBoss, definition: JobDefinition, jobServices: JobServices): Promise<void> {
    const ids: string[] = [];
    workers.set(definition.queue, ids);
    const handle = async (job: PgBoss.Job<object>) => {
      const data = (job.data ?? {}) as Record<string, unknown>;
      const started = Date.now();
      // One line per finished job, all of it in the message: the terminal's short format shows
      // only the message, and a log collector reads the same words in the JSON.
      const line = (report: JobReport, ending = '') => {
        const subject = Object.entries(definition.subject?.(data) ?? {}).map(([key, value]) => ` ${key} ${String(value)}`).join('');
        const owner = report.userId == null ? '' : ` for user ${report.userId}`;
        return `${definition.queue}${subject}${owner}: ${report.outcome}${ending} in ${Date.now() - started} ms on ${where}`;
      };
      try {
        logger.info({}, line((await definition.run(data, jobServices)) ?? { outcome: 'done' }));
      } catch (error) {
        // Held by another live run, or stopped with this process: expected, one line, no stack.
        if (error instanceof RetryLater) logger.info({}, line(error.report, '; trying again later'));
        else logger.error({ err: error }, line({ outcome: 'failed' }));
        throw error;
      }
    };
    for (let worker = 0; worker < Math.max(1, definition.concurrency?.(jobServices) ?? 1); worker++) {
      let workerId: string | null = null;
      workerId = await current.work<object>(definition.queue, { batchSize: 1 }, async (jobs) => {
        try {
          for (const job of jobs) await handle(job);
        } finally {
          // pg-boss sleeps its polling interval (2 s) after every fetch, even one that found a job:
          // a worker would take at most one job per interval (docs/decisions/publishing.md,
          // "Benchmarks"). Asking again at once drains a backlog; an empty fetch still waits.
          if (workerId) current.notifyWorker(workerId);
        }
      });
      ids.push(workerId);
    }
  }

  /** One try: pg-boss started and every job registered, or pg-boss stopped again and the error thrown. */
  async function startOnce(jobServices: JobServices): Promise<PgBoss> {
    const fetchErrors: FetchErrorReport = {
      failing: (name, error) => logger.error({ err: error }, `fetching jobs from ${name} fails; its jobs wait until it works again`),
      recovered: (name) => logger.info({}, `fetching jobs from ${name} works again`),
    };
    // Maintenance and cron scheduling only where jobs run: an API process only sends.
    const current = createBoss(config, database, { fetchErrors, supervise: runsJobs(role) });
    try {
      // Two processes creating one queue at once deadlock (each inserts the queue's row, then waits
      // for the other's to add its partition's foreign key): pg-boss's schema at start and every
      // queue change are made while holding the migrations' lock, the rest of a start runs freely.
      await underMigrationLock(database, () => startBoss(current, (error) => logger.error({ err: error }, 'pg-boss error')));
      await createQueues(current, database, definitions, options.queueOptions);
      if (!runsJobs(role)) return current;
      // One process owns the embedded database: every job still running is a dead run's.
      if (database.kind === 'pglite') await releaseCrashedJobs(database.raw);
      boss = current;
      await installCrons(current, definitions);
      // Resume before any worker fetches: a resume releases what it takes for a dead run's claims
      // (on PGlite, every claim), so a worker already running would lose its fresh claim and the
      // work would be claimed (and counted) twice.
      for (const definition of definitions) await definition.resume?.(jobServices);
      for (const definition of definitions) await work(current, definition, jobServices);
    } catch (error) {
      boss = null;
      workers.clear();
      await stopBoss(current).catch(() => {});
      throw error;
    }
    return current;
  }

  return {
    queue,
    get boss() {
      return boss;
    },
    async start(jobServices) {
      services = jobServices;
      for (let attempt = 1; ; attempt++) {
        try {
          boss = await startOnce(jobServices);
          break;
        } catch (error) {
          if (attempt >= START_ATTEMPTS || !isRaceLost(error)) throw error;
          logger.info({}, `starting the jobs lost a race with another process (${(error as Error).message}); trying again`);
        }
      }
      if (!runsJobs(role)) return;
      const claimed = definitions.flatMap((definition) => (definition.claims ? [definition.claims(jobServices)] : []));
      const sweeper = startSweeper(database.raw, claimed, {
        revived: (counts) =>
          logger.info({}, `took over jobs of stopped processes: ${Object.entries(counts).map(([name, count]) => `${name} ${count}`).join(', ')}`),
        failed: (error) => logger.error({ err: error }, 'looking for jobs of stopped processes failed; trying again every 10 s'),
      });
      onBossStop(boss, () => sweeper.stop());
    },
    async drain({ withinMs = 0 } = {}) {
      const names = definitions.map((definition) => definition.queue);
      for (;;) {
        const { rows } = await database.raw.query(
          `SELECT count(*) FILTER (WHERE state = 'active')::int AS active,
                  count(*) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())::int AS due,
                  count(*) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now() + make_interval(secs => $2))::int AS soon
             FROM pgboss.job WHERE name = ANY($1)`,
          [names, withinMs / 1000],
        );
        const { active, due, soon } = rows[0] as { active: number; due: number; soon: number };
        if (active === 0 && due === 0 && soon === 0) return;
        if (due > 0) for (const name of names) wake(name);
        await new Promise((resolve) => setTimeout(resolve, DRAIN_STEP_MS));
      }
    },
    async stop() {
      services?.runningRenders.stopAll();
      const current = boss;
      boss = null;
      workers.clear();
      if (current) await stopBoss(current);
    },
  };
}
