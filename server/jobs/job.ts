// What one job is: its queue and pg-boss options, an optional cron, how many workers a process
// runs, and the work itself. Every job lives in its own file in this folder and is listed once in
// list.ts; the runner (runner.ts) does the rest the same way for all of them.
import type PgBoss from 'pg-boss';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Mailer } from '../providers/mail/mailer';
import type { PublishEngineDeps } from '../domain/publishing/engine';
import type { AccountTokenService } from '../domain/social/types';
import type { TranscribeDeps } from '../domain/transcriptions/run';
import type { RenderServices } from '../domain/videos/pipeline/services';
import type { RunningRenders } from '../domain/videos/runner';
import type { TopicIdeas } from '../domain/ports/topic-ideas';
import type { Clock } from './clock';
import type { JobQueue } from './queue';
import type { ClaimedQueue } from './takeover';

/** What the jobs run with: built once by the composition (server/composition.ts). */
export interface JobServices {
  database: Database;
  config: Pick<Config, 'appUrl' | 'uploads' | 'renderConcurrency' | 'publishConcurrency' | 'publishChecks'>;
  mailer: Mailer;
  jobs: JobQueue;
  render: RenderServices;
  /** Renders of this process, so a delete (or a stop) can abort one. */
  runningRenders: RunningRenders;
  /** The publish engine's dependencies but its scheduler and database (the publish queue is the scheduler). */
  publish: Omit<PublishEngineDeps, 'scheduler' | 'db'>;
  accountTokens: AccountTokenService;
  transcribe: Omit<TranscribeDeps, 'db'>;
  /** Aborted when the process stops: a running transcription or caption render is left to resume. */
  stopSignal: AbortSignal;
  /** The time every series step goes by (tests: a simulated one shared through the database). */
  clock: Clock;
  /** New topics for series episodes. */
  topicIdeas: TopicIdeas;
  /** Plain progress notes of a job (e.g. how many rows a purge removed). */
  note(message: string): void;
}

/** What a finished job reports for its log line. */
export interface JobReport {
  /** The work's own word for how it ended (completed, failed, published, …). */
  outcome: string;
  /** For whom: the owner of the video, post or transcription, when there is one. */
  userId?: number | null;
}

/**
 * Thrown by a job whose work is held by another live run or was interrupted by a stop: pg-boss
 * tries it again later. Expected, so it is logged as the job's info line, never as an error.
 */
export class RetryLater extends Error {
  constructor(
    readonly outcome: string,
    readonly report: JobReport = { outcome },
  ) {
    super(`${outcome}; trying again later`);
    this.name = 'RetryLater';
  }
}

export interface JobDefinition<Data extends object = Record<string, unknown>> {
  queue: string;
  options?: Omit<PgBoss.Queue, 'name'>;
  /** A cron (UTC) on which pg-boss sends the job; installed only by processes that run jobs. */
  cron?: string;
  /** Workers in each process that runs jobs (default 1). */
  concurrency?(services: JobServices): number;
  /** The job claims its work on a row: a dead run's job is taken over (takeover.ts). */
  claims?(services: JobServices): ClaimedQueue;
  /** What the log line names besides the queue, e.g. { videoId }. */
  subject?(data: Partial<Data>): Record<string, unknown>;
  run(data: Partial<Data>, services: JobServices): Promise<JobReport | void>;
  /** At the start of a process that runs jobs: send again what a stop or crash left unfinished. */
  resume?(services: JobServices): Promise<void>;
}

/** Keeps each job file's data type while the list holds them side by side. */
export function defineJob<Data extends object>(definition: JobDefinition<Data>): JobDefinition {
  return definition;
}
