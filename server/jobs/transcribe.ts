// The transcription queue, one transcription at a time per process. Retries are safe:
// runTranscription claims the row (a live run elsewhere makes this one 'busy') and starts over
// from the stored media; a temporary engine failure leaves the row queued and comes back here as
// a retry, so pg-boss tries again later (with backoff) until runTranscription records it as
// failed after MAX_ATTEMPTS.
import { join } from 'node:path';
import type { Config } from '../config';
import type { MediaStorage } from '../media/storage/types';
import { prepareFontsDir } from '../media/fonts';
import { createSpeechToText } from '../providers/stt';
import { renderIsQueued } from '../domain/transcriptions/render';
import { STALE_HEARTBEAT_MS } from '../domain/shared/claim';
import { MAX_ATTEMPTS, releaseCrashedTranscriptions, runTranscription, unfinishedTranscriptionIds, type TranscribeDeps } from '../domain/transcriptions/run';
import type { TranscriptionRunner } from '../domain/transcriptions/runner';
import { defineJob, RetryLater } from './job';
import { transcriptionOwner } from './owners';
import type { JobQueue } from './queue';
import { rowClaims } from './takeover';

export const TRANSCRIBE_QUEUE = 'transcribe';
/** The captioned-video queue (server/jobs/render-captions.ts). */
export const RENDER_CAPTIONS_QUEUE = 'render-captions';

export interface RenderCaptionsJobData {
  transcriptionId: string;
}

export interface TranscribeJobData {
  transcriptionId: string;
}

/** Queues transcriptions and captioned videos (the app's TranscriptionRunner). */
export function queuedTranscriber(jobs: JobQueue): TranscriptionRunner {
  return {
    enqueue: (transcriptionId) => jobs.send(TRANSCRIBE_QUEUE, { transcriptionId } satisfies TranscribeJobData),
    enqueueRender: (transcriptionId) => jobs.send(RENDER_CAPTIONS_QUEUE, { transcriptionId } satisfies RenderCaptionsJobData),
  };
}

/** A transcription is held while it is processing with a fresh heartbeat (refreshed every 15 s). */
export const TRANSCRIBE_CLAIMS = rowClaims(TRANSCRIBE_QUEUE, STALE_HEARTBEAT_MS, { table: 'transcriptions', dataKey: 'transcriptionId', running: "r.status = 'processing'", heartbeat: 'r.heartbeat_at' });

export const transcribeJob = defineJob<TranscribeJobData>({
  queue: TRANSCRIBE_QUEUE,
  options: {
    // Busy rows and temporary engine failures come back; the row itself counts real attempts.
    retryLimit: MAX_ATTEMPTS * 3,
    retryDelay: 15,
    retryBackoff: true,
    // A long recording must not be taken for a dead run by pg-boss's own expiry.
    expireInSeconds: 4 * 3600,
  },
  claims: () => TRANSCRIBE_CLAIMS,
  subject: (data) => ({ transcriptionId: data.transcriptionId }),
  async run({ transcriptionId: id }, services) {
    if (typeof id !== 'string') return { outcome: 'ignored' };
    const db = services.database.db;
    const outcome = await runTranscription({ ...services.transcribe, db }, id, { signal: services.stopSignal });
    const report = { outcome, userId: await transcriptionOwner(db, id) };
    if (outcome === 'busy' || outcome === 'retry' || outcome === 'interrupted') throw new RetryLater(outcome, report);
    // render_video: the captioned video goes to its own queue.
    if (outcome === 'completed' && (await renderIsQueued(db, id))) await services.jobs.send(RENDER_CAPTIONS_QUEUE, { transcriptionId: id } satisfies RenderCaptionsJobData);
    return report;
  },
  async resume(services) {
    // Transcriptions a crash or stop left unfinished are queued again (they start over).
    const { database } = services;
    if (database.kind === 'pglite') await releaseCrashedTranscriptions(database.db);
    for (const transcriptionId of await unfinishedTranscriptionIds(database.db)) await services.jobs.send(TRANSCRIBE_QUEUE, { transcriptionId } satisfies TranscribeJobData);
  },
});

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
