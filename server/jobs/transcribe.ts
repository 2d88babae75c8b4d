// The transcription queue (issue 11) on pg-boss, worked by the server and by `npm run worker`
// alike, one transcription at a time per process. Retries are safe: runTranscription claims the
// row (a live run elsewhere makes this one 'busy') and starts over from the stored media; a
// temporary engine failure leaves the row queued and throws here, so pg-boss tries again later
// (with backoff) until runTranscription records it as failed after MAX_ATTEMPTS.
import { join } from 'node:path';
import type PgBoss from 'pg-boss';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { MediaStorage } from '../media/storage/types';
import { prepareFontsDir } from '../media/fonts';
import { createSpeechToText } from '../providers/stt';
import { renderIsQueued } from '../domain/transcriptions/render';
import { MAX_ATTEMPTS, releaseCrashedTranscriptions, runTranscription, STALE_HEARTBEAT_MS, unfinishedTranscriptionIds, type TranscribeDeps } from '../domain/transcriptions/run';
import type { TranscriptionRunner } from '../domain/transcriptions/runner';
import { jobDataId, type ClaimedQueue } from './takeover';

export const TRANSCRIBE_QUEUE = 'transcribe';
/** The captioned-video queue (server/jobs/render-captions.ts). */
export const RENDER_CAPTIONS_QUEUE = 'render-captions';

export interface RenderCaptionsJobData {
  transcriptionId: string;
}

export interface TranscribeJobData {
  transcriptionId: string;
}

/** Queues transcriptions on pg-boss (the server's TranscriptionRunner). */
export function bossTranscriber(boss: () => PgBoss | null): TranscriptionRunner {
  return {
    async enqueue(transcriptionId) {
      const current = boss();
      if (!current) throw new Error(`job runner not started; cannot queue ${TRANSCRIBE_QUEUE}`);
      await current.send(TRANSCRIBE_QUEUE, { transcriptionId } satisfies TranscribeJobData);
    },
    async enqueueRender(transcriptionId) {
      const current = boss();
      if (!current) throw new Error(`job runner not started; cannot queue ${RENDER_CAPTIONS_QUEUE}`);
      await current.send(RENDER_CAPTIONS_QUEUE, { transcriptionId } satisfies RenderCaptionsJobData);
    },
  };
}

/** A transcription is held while it is processing with a fresh heartbeat (refreshed every 15 s). */
export const TRANSCRIBE_CLAIMS: ClaimedQueue = {
  queue: TRANSCRIBE_QUEUE,
  staleMs: STALE_HEARTBEAT_MS,
  held: (since) => `EXISTS (SELECT 1 FROM transcriptions t WHERE t.id = ${jobDataId('transcriptionId')} AND t.status = 'processing' AND t.heartbeat_at >= ${since})`,
};

export interface TranscribeJobDeps {
  database: Database;
  transcribe: Omit<TranscribeDeps, 'db'>;
  /** Aborted when the process stops: the running transcription is left to resume. */
  signal: AbortSignal;
  logError: (error: unknown, context: string) => void;
}

export async function registerTranscribe(boss: PgBoss, deps: TranscribeJobDeps): Promise<void> {
  await boss.createQueue(TRANSCRIBE_QUEUE, {
    name: TRANSCRIBE_QUEUE,
    // Busy rows and temporary engine failures come back; the row itself counts real attempts.
    retryLimit: MAX_ATTEMPTS * 3,
    retryDelay: 15,
    retryBackoff: true,
    // A long recording must not be taken for a dead run by pg-boss's own expiry.
    expireInSeconds: 4 * 3600,
  });
  const run: TranscribeDeps = { ...deps.transcribe, db: deps.database.db };
  await boss.work<TranscribeJobData>(TRANSCRIBE_QUEUE, { batchSize: 1 }, async (jobs) => {
    for (const job of jobs) {
      const id = job.data?.transcriptionId;
      if (typeof id !== 'string') continue;
      try {
        const outcome = await runTranscription(run, id, { signal: deps.signal });
        if (outcome === 'busy' || outcome === 'retry' || outcome === 'interrupted') throw new Error(`transcription ${id} ${outcome}; trying again later`);
        // render_video: the captioned video goes to its own queue.
        if (outcome === 'completed' && (await renderIsQueued(run.db, id))) await boss.send(RENDER_CAPTIONS_QUEUE, { transcriptionId: id } satisfies RenderCaptionsJobData);
      } catch (error) {
        deps.logError(error, 'transcribe job');
        throw error;
      }
    }
  });
  // Transcriptions a crash or stop left unfinished are queued again (they start over).
  if (deps.database.kind === 'pglite') await releaseCrashedTranscriptions(deps.database.db);
  for (const transcriptionId of await unfinishedTranscriptionIds(deps.database.db)) await boss.send(TRANSCRIBE_QUEUE, { transcriptionId } satisfies TranscribeJobData);
}

/** What a transcription runs with, from the configuration: the same for the server, the worker and tests. */
export function configuredTranscribeDeps(config: Pick<Config, 'transcription' | 'dataDir'>, storage: MediaStorage, log?: TranscribeDeps['log']): Omit<TranscribeDeps, 'db'> {
  let fontsDir: string | undefined;
  return {
    storage,
    // Copied once per DATA_DIR (server/media/fonts), as for generated videos.
    fontsDir: () => (fontsDir ??= prepareFontsDir(join(config.dataDir, 'cache'))),
    speechToText(onProgress) {
      const setup = createSpeechToText(config.transcription, { onProgress });
      return setup.configured ? setup.provider : setup.error;
    },
    ...(log ? { log } : {}),
  };
}
