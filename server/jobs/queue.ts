// The job port: how request handlers and jobs hand work to the job runner. pg-boss is behind it
// in every process and on either database; the process's role only decides whether it also works
// the queues (server/jobs/runner.ts).
import type PgBoss from 'pg-boss';

export interface SendOptions {
  /** One waiting job per key (with the queue's policy): sending the same step twice queues it once. */
  singletonKey?: string;
  /** Not before this time. */
  startAfter?: Date;
}

export interface JobQueue {
  send(queue: string, data: object, options?: SendOptions): Promise<void>;
}

/** The port over a pg-boss; `sent` is told of every job sent (the test driver wakes on it). */
export function bossQueue(boss: PgBoss, sent?: (queue: string) => void): JobQueue {
  return {
    async send(queue, data, options = {}) {
      await boss.send(queue, data, {
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      });
      sent?.(queue);
    },
  };
}
