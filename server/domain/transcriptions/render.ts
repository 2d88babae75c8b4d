// The captioned video of a transcription (`render_video` or "render" on the screen):
// the current words burned into the stored video with the current caption settings — the same
// ASS writer, presets and fonts as generated videos (server/media/caption-burn.ts). One live run
// per transcription (claimed by heartbeat, like transcribing). The new file replaces the old one
// only once it is whole: burned in a temporary folder, then stored under the same key; a failed
// or stopped render keeps the previous captioned video. The temporary folder is always removed.
import { mkdtemp, rm } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { resolveCaptionStyle } from '../../../contract/captions';
import type { Db } from '../../db/client';
import { transcriptions, type TranscriptionRow } from '../../db/schema-transcriptions';
import { burnCaptions } from '../../media/caption-burn';
import { FfmpegError } from '../../media/ffmpeg';
import type { MediaStorage } from '../../media/storage/types';
import { processTempRoot } from '../../media/temp-roots';
import { ClientProblem } from '../problems';
import { captionedKeyOf, findTranscriptionRow } from './transcriptions';

export const RENDER_NOT_FINISHED = 'This transcription has not finished yet, so there is nothing to caption. Wait until it is completed.';
export const RENDER_AUDIO_ONLY = 'This transcription is of an audio file, so there is no picture to put captions on. Upload the video to get a captioned video.';
export const RENDER_NO_STYLE = 'Choose a caption style first: with the style "none" there are no captions to put on the video.';
export const RENDER_NO_WORDS = 'There are no words to put on the video.';
/** A render heartbeat older than this (three missed beats) means the run holding it died. */
export const STALE_RENDER_MS = 45_000;
const HEARTBEAT_MS = 15_000;

export type CaptionRenderOutcome = 'completed' | 'failed' | 'gone' | 'busy' | 'finished' | 'interrupted';

export interface CaptionRenderDeps {
  db: Db;
  storage: MediaStorage;
  /** The caption fonts folder (server/media/fonts.ts prepareFontsDir). */
  fontsDir: () => string;
  workRoot?: string;
  log?: (message: string, error?: unknown) => void;
}

/** Why this transcription cannot be rendered as it stands, or null. */
export function renderRefusal(row: Pick<TranscriptionRow, 'status' | 'mediaType' | 'settings' | 'words'>): { status: number; message: string } | null {
  if (row.status !== 'completed') return { status: 409, message: RENDER_NOT_FINISHED };
  if (!row.mediaType.startsWith('video/')) return { status: 422, message: RENDER_AUDIO_ONLY };
  if (!resolveCaptionStyle(row.settings.caption_settings).enabled) return { status: 422, message: RENDER_NO_STYLE };
  if ((row.words ?? []).length === 0) return { status: 422, message: RENDER_NO_WORDS };
  return null;
}

/**
 * POST /api/transcriptions/{id}/render: queues a render of the current words and settings. A render
 * under way, or a captioned video that is up to date, is answered as it stands (a replay is
 * harmless). Returns the row and whether the runner should be handed it.
 */
export async function requestCaptionRender(db: Db, userId: number, id: string): Promise<{ row: TranscriptionRow; enqueue: boolean }> {
  const row = await findTranscriptionRow(db, userId, id);
  const refusal = renderRefusal(row);
  if (refusal) throw new ClientProblem(refusal.status, refusal.message);
  if (row.renderStatus === 'queued' || row.renderStatus === 'rendering') return { row, enqueue: true };
  if (row.renderStatus === 'completed' && row.captionedKey && row.renderedVersion === row.editVersion) return { row, enqueue: false };
  const [queued] = await db
    .update(transcriptions)
    .set({ renderStatus: 'queued', renderProgress: 0, renderError: null, renderAttempts: 0, renderHeartbeatAt: null })
    .where(and(eq(transcriptions.id, id), eq(transcriptions.userId, userId), inArray(transcriptions.renderStatus, ['none', 'completed', 'failed'])))
    .returning();
  return { row: queued ?? (await findTranscriptionRow(db, userId, id)), enqueue: true };
}

/** What a finished transcription's render starts as: queued when render_video asked for one. */
export function renderAfterTranscription(row: Pick<TranscriptionRow, 'mediaType' | 'settings'>, words: readonly unknown[]): { renderStatus: 'none' | 'queued' | 'failed'; renderError: string | null } {
  if (!row.settings.render_video) return { renderStatus: 'none', renderError: null };
  const refusal = renderRefusal({ status: 'completed', mediaType: row.mediaType, settings: row.settings, words: words as TranscriptionRow['words'] });
  return refusal ? { renderStatus: 'failed', renderError: refusal.message } : { renderStatus: 'queued', renderError: null };
}

async function claim(db: Db, id: string): Promise<TranscriptionRow | CaptionRenderOutcome> {
  const staleBefore = new Date(Date.now() - STALE_RENDER_MS);
  const [row] = await db
    .update(transcriptions)
    .set({ renderStatus: 'rendering', renderHeartbeatAt: sql`now()`, renderAttempts: sql`${transcriptions.renderAttempts} + 1`, renderError: null })
    .where(
      and(
        eq(transcriptions.id, id),
        inArray(transcriptions.renderStatus, ['queued', 'rendering']),
        or(isNull(transcriptions.renderHeartbeatAt), lt(transcriptions.renderHeartbeatAt, staleBefore)),
      ),
    )
    .returning();
  if (row) return row;
  const [current] = await db.select({ renderStatus: transcriptions.renderStatus }).from(transcriptions).where(eq(transcriptions.id, id));
  if (!current) return 'gone';
  return current.renderStatus === 'queued' || current.renderStatus === 'rendering' ? 'busy' : 'finished';
}

/** Renders (or starts over) one captioned video. Never throws for a render failure: that is recorded on the row. */
export async function runCaptionRender(deps: CaptionRenderDeps, id: string, options: { signal?: AbortSignal } = {}): Promise<CaptionRenderOutcome> {
  const claimed = await claim(deps.db, id);
  if (typeof claimed === 'string') return claimed;
  const row = claimed;
  const { db } = deps;
  const mine = and(eq(transcriptions.id, id), eq(transcriptions.renderStatus, 'rendering'));
  let writing: Promise<unknown> = Promise.resolve();
  const queueWrite = (changes: Partial<typeof transcriptions.$inferInsert>) => {
    writing = writing
      .then(() => db.update(transcriptions).set({ ...changes, renderHeartbeatAt: sql`now()` }).where(mine))
      .catch((error: unknown) => deps.log?.(`could not record the progress of caption render ${id}`, error));
  };
  const heartbeat = setInterval(() => queueWrite({}), HEARTBEAT_MS);
  const workDir = await mkdtemp(join(deps.workRoot ?? (await processTempRoot()), 'reelflow-caption-render-'));
  try {
    const refusal = renderRefusal(row);
    if (refusal) throw new ClientProblem(refusal.status, refusal.message);
    const source = await deps.storage.download(row.mediaKey, join(workDir, `source${extname(row.mediaKey)}`));
    options.signal?.throwIfAborted();
    let shown = 0;
    const output = join(workDir, 'captioned.mp4');
    await burnCaptions(
      { source, output, words: row.words ?? [], style: resolveCaptionStyle(row.settings.caption_settings), fontsDir: deps.fontsDir() },
      (done) => {
        const value = Math.min(95, Math.round(done * 95));
        if (value > shown) {
          shown = value;
          queueWrite({ renderProgress: value });
        }
      },
      options.signal,
    );
    await writing;
    const key = captionedKeyOf(row.userId, id);
    // Whole file in, then the row points at it: the previous video stays until this moment.
    await deps.storage.putFile(key, output, 'video/mp4');
    const [done] = await db
      .update(transcriptions)
      .set({ renderStatus: 'completed', renderProgress: 100, renderError: null, renderHeartbeatAt: null, captionedKey: key, renderedVersion: row.editVersion })
      .where(mine)
      .returning({ id: transcriptions.id });
    return done ? 'completed' : 'gone';
  } catch (error) {
    await writing;
    if (options.signal?.aborted) {
      await db.update(transcriptions).set({ renderStatus: 'queued', renderHeartbeatAt: null }).where(mine);
      return 'interrupted';
    }
    let message = 'Something went wrong on our side while making the captioned video. Try again later.';
    if (error instanceof ClientProblem) message = error.message;
    else if (error instanceof FfmpegError) message = `The captioned video could not be made: ${error.message}`;
    deps.log?.(`caption render ${id} failed`, error);
    const [updated] = await db.update(transcriptions).set({ renderStatus: 'failed', renderError: message, renderHeartbeatAt: null }).where(mine).returning({ id: transcriptions.id });
    return updated ? 'failed' : 'gone';
  } finally {
    clearInterval(heartbeat);
    await rm(workDir, { recursive: true, force: true });
  }
}

/** Renders a crash or stop left unfinished, oldest first. */
export async function unfinishedRenderIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: transcriptions.id })
    .from(transcriptions)
    .where(inArray(transcriptions.renderStatus, ['queued', 'rendering']))
    .orderBy(transcriptions.createdAt);
  return rows.map((row) => row.id);
}

/** Embedded database: this process is the only runner, so a render heartbeat left behind is a crashed run's. */
export async function releaseCrashedRenders(db: Db): Promise<void> {
  await db
    .update(transcriptions)
    .set({ renderHeartbeatAt: null })
    .where(and(eq(transcriptions.renderStatus, 'rendering'), isNotNull(transcriptions.renderHeartbeatAt)));
}

/** Whether a finished transcription waits for its render (render_video at create). */
export async function renderIsQueued(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ renderStatus: transcriptions.renderStatus }).from(transcriptions).where(eq(transcriptions.id, id));
  return row?.renderStatus === 'queued';
}
