// The publish queue (issue 9) on pg-boss, worked by the server and by `npm run worker` alike: one
// job per step of a target (its upload, a retry after a backoff, a status poll), each at its time
// (startAfter). The singleton key is the target and the time, and the policy 'short' keeps one
// waiting job per key, so scheduling the same step twice queues it once. A running job never
// holds a key back: runTarget guards every step itself (a claim on the row before any upload),
// and a job left running by a dead process must not stop the next one from starting.
import type PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { DEFAULT_TIMINGS, pendingTargets, releaseCrashedPublishes, runTarget, type PublishEngineDeps } from '../domain/publishing/engine';
import type { PublishScheduler } from '../domain/social/types';
import { jobDataId, type ClaimedQueue } from './takeover';

export const PUBLISH_TARGET_QUEUE = 'publish-target';

export interface PublishJobData {
  targetId: string;
}

/** Queues target steps on pg-boss (the server's and the worker's PublishScheduler). */
export function bossPublishScheduler(boss: () => PgBoss | null): PublishScheduler {
  return {
    async schedule(targetId, at) {
      const current = boss();
      if (!current) throw new Error(`job runner not started; cannot queue ${PUBLISH_TARGET_QUEUE}`);
      const due = at && at.getTime() > Date.now() ? at : null;
      // Whole seconds: two schedules of one step a few milliseconds apart share the key.
      const key = `${targetId}@${due ? Math.floor(due.getTime() / 1000) : 'now'}`;
      await current.send(PUBLISH_TARGET_QUEUE, { targetId } satisfies PublishJobData, { singletonKey: key, ...(due ? { startAfter: due } : {}) });
    },
  };
}

export interface PublishJobDeps {
  database: Database;
  /** The engine's dependencies but its scheduler (this queue is it). */
  engine: Omit<PublishEngineDeps, 'scheduler' | 'db'>;
  concurrency: number;
  logError: (error: unknown, context: string) => void;
}

/**
 * An upload is held by its claim on the target (started_at, refreshed every 15 s); a status poll
 * takes no claim and is over in seconds. A job past the staleness without a fresh claim is dead.
 */
export function publishClaims(staleClaimMs = DEFAULT_TIMINGS.staleClaimMs): ClaimedQueue {
  return {
    queue: PUBLISH_TARGET_QUEUE,
    staleMs: staleClaimMs,
    held: (since) =>
      `EXISTS (SELECT 1 FROM post_targets t WHERE t.id = ${jobDataId('targetId')} AND t.status = 'publishing' AND t.platform_post_id IS NULL AND t.started_at >= ${since})`,
  };
}

const QUEUE_OPTIONS = {
  name: PUBLISH_TARGET_QUEUE,
  policy: 'short',
  // A job that throws (the database was away) is retried; the engine's own retries are new jobs.
  retryLimit: 10,
  retryDelay: 30,
  retryBackoff: true,
  // pg-boss's expiry is only the last resort: a dead job is taken over much sooner (takeover.ts).
  expireInSeconds: 2 * 3600,
} satisfies PgBoss.Queue;

export async function registerPublishTarget(boss: PgBoss, deps: PublishJobDeps): Promise<void> {
  await boss.createQueue(PUBLISH_TARGET_QUEUE, QUEUE_OPTIONS);
  // createQueue leaves a queue that exists as it is: one made 'stately' is switched here.
  await boss.updateQueue(PUBLISH_TARGET_QUEUE, QUEUE_OPTIONS);
  const scheduler = bossPublishScheduler(() => boss);
  const engine: PublishEngineDeps = { ...deps.engine, db: deps.database.db, scheduler };
  for (let worker = 0; worker < Math.max(1, deps.concurrency); worker++) {
    let workerId: string | null = null;
    workerId = await boss.work<PublishJobData>(PUBLISH_TARGET_QUEUE, { batchSize: 1 }, async (jobs) => {
      try {
        for (const job of jobs) {
          const targetId = job.data?.targetId;
          if (typeof targetId !== 'string') continue;
          try {
            await runTarget(engine, targetId);
          } catch (error) {
            deps.logError(error, 'publish job');
            throw error;
          }
        }
      } finally {
        // pg-boss sleeps its polling interval (2 s) after every fetch, even one that found a job:
        // a worker would take at most one upload or status poll per interval (docs/decisions/
        // publishing.md, "Benchmarks"). Asking again at once drains a backlog; an empty fetch
        // still waits the interval.
        if (workerId) boss.notifyWorker(workerId);
      }
    });
  }
  // Targets due or left mid-way by a stop or crash are queued again (uploads resume their session).
  if (deps.database.kind === 'pglite') await releaseCrashedPublishes(deps.database.db);
  for (const { targetId, at } of await pendingTargets(deps.database.db)) await scheduler.schedule(targetId, at);
}
