// Runs one transcription: claims the row (one live run at a time, by heartbeat), copies the stored
// media to a temporary file, transcribes it with the configured engine (progress and stage written
// as pieces finish), then stores words, text, language, engine, rough-draft flag and duration —
// completed — or a plain-language error — failed. Safe to call twice (pg-boss retries, duplicate
// jobs, a restart): a finished transcription is left alone and a run starts over from the media.
// A temporary failure of the engine (unreachable, rate limit) leaves it queued for a later try, up
// to MAX_ATTEMPTS. The temporary folder is always removed.
import { mkdtemp, rm } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { TranscriptionStage } from '../../../contract/transcriptions';
import type { Db } from '../../db/client';
import { transcriptions } from '../../db/schema-transcriptions';
import type { MediaStorage } from '../../media/storage/types';
import { processTempRoot } from '../../media/temp-roots';
import { renderAfterTranscription } from './render';
import { NoSpeechEngineError, TranscriptionProviderError } from '../../providers/stt';
import type { TranscriptionProvider } from '../ports/transcription';
import { claimJobRow, HEARTBEAT_MS } from '../shared/claim';

/** Runs of one transcription (first try included) before a temporary failure counts as final. */
export const MAX_ATTEMPTS = 4;

export type TranscribeOutcome =
  | 'completed'
  | 'failed'
  /** Deleted (or its owner) before or while running. */
  | 'gone'
  /** Another live run holds it; try again later. */
  | 'busy'
  /** Already completed or failed (a duplicate job). */
  | 'finished'
  /** The engine failed for now; it is queued again and should be tried later. */
  | 'retry'
  /** Stopped by `signal` (shutdown): left to resume on the next start. */
  | 'interrupted';

export interface TranscribeDeps {
  db: Db;
  storage: MediaStorage;
  /** The configured engine reporting progress (0–1) to `onProgress`, or the reason there is none. */
  speechToText: (onProgress: (done: number) => void) => TranscriptionProvider | NoSpeechEngineError;
  /** Where the temporary copy of the media goes (default the OS temp folder). */
  workRoot?: string;
  /** The caption fonts folder, for the captioned video (server/media/fonts.ts prepareFontsDir). */
  fontsDir: () => string;
  log?: (message: string, error?: unknown) => void;
}

/** Words in a message a creator can act on; `final` = no further automatic try. */
export function describeTranscriptionFailure(error: unknown, final: boolean): string {
  if (error instanceof NoSpeechEngineError) return error.message;
  if (error instanceof TranscriptionProviderError) {
    switch (error.kind) {
      case 'bad':
        return error.message;
      case 'auth':
        return `The speech engine refused this server's key, so nothing could be transcribed: ${error.message} The administrator needs to fix the key.`;
      case 'quota':
        return `The speech engine's account has no quota left: ${error.message} The administrator needs to top it up.`;
      default:
        return final
          ? `The speech engine could not be reached after ${MAX_ATTEMPTS} tries: ${error.message} Try again later.`
          : `The speech engine is not answering right now (${error.message}); this will be tried again shortly.`;
    }
  }
  return 'Something went wrong on our side while transcribing. Try again later.';
}

/** Transcribes (or resumes) one transcription. Never throws for a transcription failure: that is recorded on the row. */
export async function runTranscription(deps: TranscribeDeps, id: string, options: { signal?: AbortSignal } = {}): Promise<TranscribeOutcome> {
  const claimed = await claimJobRow(deps.db, transcriptions, id, { stage: 'preparing' });
  if (typeof claimed === 'string') return claimed;
  const row = claimed;
  const { db } = deps;
  let gone = false;

  /** Writes state while the row is still ours and running; a deleted row stops the run. */
  const write = async (changes: Partial<typeof transcriptions.$inferInsert>) => {
    const updated = await db
      .update(transcriptions)
      .set({ ...changes, heartbeatAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(transcriptions.id, id), eq(transcriptions.status, 'processing')))
      .returning({ id: transcriptions.id });
    if (updated.length === 0) gone = true;
  };
  let writing: Promise<unknown> = Promise.resolve();
  const queueWrite = (changes: Partial<typeof transcriptions.$inferInsert>) => {
    writing = writing.then(() => write(changes)).catch((error: unknown) => deps.log?.(`could not record the progress of transcription ${id}`, error));
  };
  const heartbeat = setInterval(() => queueWrite({}), HEARTBEAT_MS);
  const stage = (name: TranscriptionStage, progress: number) => queueWrite({ stage: name, progress });

  const workDir = await mkdtemp(join(deps.workRoot ?? (await processTempRoot()), 'reelflow-transcribe-'));
  try {
    let shown = 5;
    const provider = deps.speechToText((done) => {
      const value = Math.min(95, 5 + Math.round(done * 90));
      if (value > shown) {
        shown = value;
        queueWrite({ progress: value });
      }
    });
    if (provider instanceof NoSpeechEngineError) throw provider;
    stage('preparing', 2);
    const local = await deps.storage.download(row.mediaKey, join(workDir, `media${extname(row.mediaKey)}`));
    options.signal?.throwIfAborted();
    stage('transcribing', 5);
    const transcript = await provider.transcribe({ audioPath: local, mimeType: row.mediaType, language: row.settings.language, ...(options.signal ? { signal: options.signal } : {}) });
    stage('saving', 97);
    await writing;
    if (gone) return 'gone';
    const [done] = await db
      .update(transcriptions)
      .set({
        status: 'completed',
        progress: 100,
        stage: null,
        error: null,
        language: transcript.language ?? row.settings.language,
        engineId: transcript.engine.id,
        engineLabel: transcript.engine.label,
        roughDraft: transcript.roughDraft,
        duration: transcript.duration,
        transcript: transcript.text,
        words: transcript.words,
        // render_video: the captioned video is queued now (the runner hands it on).
        ...renderAfterTranscription(row, transcript.words),
        heartbeatAt: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(transcriptions.id, id), eq(transcriptions.status, 'processing')))
      .returning({ id: transcriptions.id });
    return done ? 'completed' : 'gone';
  } catch (error) {
    await writing;
    if (gone) return 'gone';
    if (options.signal?.aborted) {
      // Shutdown: queued again without a heartbeat, so the next start (or another worker) takes it.
      await db.update(transcriptions).set({ status: 'queued', heartbeatAt: null, updatedAt: sql`now()` }).where(and(eq(transcriptions.id, id), eq(transcriptions.status, 'processing')));
      return 'interrupted';
    }
    const temporary = error instanceof TranscriptionProviderError && error.retryable;
    const final = !temporary || row.attempts >= MAX_ATTEMPTS;
    const message = describeTranscriptionFailure(error, final);
    if (!(error instanceof TranscriptionProviderError) && !(error instanceof NoSpeechEngineError)) deps.log?.(`transcription ${id} failed`, error);
    const [updated] = await db
      .update(transcriptions)
      .set(final ? { status: 'failed', error: message, heartbeatAt: null, updatedAt: sql`now()` } : { status: 'queued', stage: null, error: message, heartbeatAt: null, updatedAt: sql`now()` })
      .where(and(eq(transcriptions.id, id), eq(transcriptions.status, 'processing')))
      .returning({ id: transcriptions.id });
    if (!updated) return 'gone';
    return final ? 'failed' : 'retry';
  } finally {
    clearInterval(heartbeat);
    await rm(workDir, { recursive: true, force: true });
  }
}

/** Transcriptions a crash or stop left unfinished and that should run, oldest first. */
export async function unfinishedTranscriptionIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: transcriptions.id, settings: transcriptions.settings })
    .from(transcriptions)
    .where(inArray(transcriptions.status, ['queued', 'processing']))
    .orderBy(transcriptions.createdAt);
  return rows.filter((row) => row.settings.process_now).map((row) => row.id);
}

/** Embedded database: this process is the only runner, so a heartbeat left behind is a crashed run's. */
export async function releaseCrashedTranscriptions(db: Db): Promise<void> {
  await db
    .update(transcriptions)
    .set({ heartbeatAt: null })
    .where(and(eq(transcriptions.status, 'processing'), isNotNull(transcriptions.heartbeatAt)));
}
