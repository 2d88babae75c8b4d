// The publish queue: one job per step of a target (its upload, a retry after a backoff,
// a status poll), each at its time (startAfter). The singleton key is the target and the time, and
// the policy 'short' keeps one waiting job per key, so scheduling the same step twice queues it
// once. A running job never holds a key back: runTarget guards every step itself (a claim on the
// row before any upload), and a job left running by a dead process must not stop the next one.
import type PgBoss from 'pg-boss';
import { DEFAULT_TIMINGS, pendingTargets, releaseCrashedPublishes, runTarget } from '../domain/publishing/engine';
import type { PublishScheduler } from '../domain/social/types';
import { defineJob } from './job';
import { targetOwner } from './owners';
import { bossQueue, type JobQueue } from './queue';
import { handOnEpisodeOfTarget } from './series-hand-on';
import { rowClaims, type ClaimedQueue } from './takeover';

export const PUBLISH_TARGET_QUEUE = 'publish-target';

export interface PublishJobData {
  targetId: string;
}

/** Queues target steps (the app's and the jobs' PublishScheduler). */
export function queuedPublishScheduler(jobs: JobQueue): PublishScheduler {
  return {
    async schedule(targetId, at) {
      const due = at && at.getTime() > Date.now() ? at : null;
      // Whole seconds: two schedules of one step a few milliseconds apart share the key.
      const key = `${targetId}@${due ? Math.floor(due.getTime() / 1000) : 'now'}`;
      await jobs.send(PUBLISH_TARGET_QUEUE, { targetId } satisfies PublishJobData, { singletonKey: key, ...(due ? { startAfter: due } : {}) });
    },
  };
}

/** The scheduler straight on a running pg-boss (tests that hold one). */
export function bossPublishScheduler(boss: () => PgBoss | null): PublishScheduler {
  return {
    schedule(targetId, at) {
      const current = boss();
      if (!current) throw new Error(`job runner not started; cannot queue ${PUBLISH_TARGET_QUEUE}`);
      return queuedPublishScheduler(bossQueue(current)).schedule(targetId, at);
    },
  };
}

/**
 * An upload is held by its claim on the target (started_at, refreshed every 15 s); a status poll
 * takes no claim and is over in seconds. A job past the staleness without a fresh claim is dead.
 */
export function publishClaims(staleClaimMs = DEFAULT_TIMINGS.staleClaimMs): ClaimedQueue {
  return rowClaims(PUBLISH_TARGET_QUEUE, staleClaimMs, {
    table: 'post_targets',
    dataKey: 'targetId',
    running: "r.status = 'publishing' AND r.platform_post_id IS NULL",
    heartbeat: 'r.started_at',
  });
}

export const publishTargetJob = defineJob<PublishJobData>({
  queue: PUBLISH_TARGET_QUEUE,
  options: {
    policy: 'short',
    // A job that throws (the database was away) is retried; the engine's own retries are new jobs.
    retryLimit: 10,
    retryDelay: 30,
    retryBackoff: true,
    // pg-boss's expiry is only the last resort: a dead job is taken over much sooner (takeover.ts).
    expireInSeconds: 2 * 3600,
  },
  concurrency: (services) => services.config.publishConcurrency,
  claims: (services) => publishClaims(services.publish.timings?.staleClaimMs),
  subject: (data) => ({ targetId: data.targetId }),
  async run({ targetId }, services) {
    if (typeof targetId !== 'string') return { outcome: 'ignored' };
    const db = services.database.db;
    const outcome = await runTarget({ ...services.publish, db, scheduler: queuedPublishScheduler(services.jobs) }, targetId);
    // A series episode waits on this post: it settles now.
    if (outcome === 'published' || outcome === 'failed') await handOnEpisodeOfTarget(db, services.jobs, targetId);
    return { outcome, userId: await targetOwner(db, targetId) };
  },
  async resume(services) {
    // Targets due or left mid-way by a stop or crash are queued again (uploads resume their session).
    const { database } = services;
    if (database.kind === 'pglite') await releaseCrashedPublishes(database.db);
    const scheduler = queuedPublishScheduler(services.jobs);
    for (const { targetId, at } of await pendingTargets(database.db)) await scheduler.schedule(targetId, at);
  },
});
