// How request handlers hand work to the job runner. The server passes a pg-boss-backed queue; an
// app built without pg-boss (tests, tools) gets the inline queue, which runs the job's handler at
// once in the request — same work, same outcome, only not deferred.
import type PgBoss from 'pg-boss';

export interface JobQueue {
  send(queue: string, data: object): Promise<void>;
}

export type JobHandler = (data: unknown) => Promise<void>;

export function bossQueue(boss: () => PgBoss | null): JobQueue {
  return {
    async send(queue, data) {
      const current = boss();
      if (!current) throw new Error(`job runner not started; cannot queue ${queue}`);
      await current.send(queue, data);
    },
  };
}

/** Runs handlers immediately; a failing job is reported to onError, never to the request. */
export function inlineQueue(handlers: Record<string, JobHandler>, onError: (error: unknown, queue: string) => void): JobQueue {
  return {
    async send(queue, data) {
      const handler = handlers[queue];
      if (!handler) throw new Error(`no handler for job queue ${queue}`);
      try {
        await handler(data);
      } catch (error) {
        onError(error, queue);
      }
    },
  };
}
