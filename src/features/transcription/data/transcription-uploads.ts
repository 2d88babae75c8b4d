// A transcription's file on its way up, as rows of the `uploads` table:
// the prepared file itself (speech audio, compressed or original video) with the tus upload URL
// and how much the server has. A row survives a reload, going offline and a closed tab; the
// uploader (src/media/upload-runner.ts, tus-js-client) works through the rows and, when the last
// byte is on the server, `finishTranscriptionUpload` turns the row into a transcription: the
// create request (JSON naming the upload) goes into the outbox and an optimistic 'queued' row
// into `transcriptions`, in one transaction, so nothing is lost or sent twice. The screens only
// write rows here (pause, resume, retry, remove); the uploader follows the table. No React, no tus.
import type { CaptionSettings } from '../../../../contract/captions';
import { db, type LocalTranscription, type UploadRow } from '../../../store/db';
import { guardStorage } from '../../../store/storage-state';
import { appOutbox } from '../../../sync/engine';
import { plain } from '../../../store/local-rows';
import { createTranscriptionMutation, transcriptionRows, type CreateTranscriptionBody } from './transcription-sync';

export interface QueueUploadInput {
  userId: string;
  /** What goes up (prepared by the upload policy). */
  file: Blob;
  /** The creator's file name (the transcription's title without its extension). */
  fileName: string;
  sends: UploadRow['sends'];
  originalSize: number;
  captionSettings: CaptionSettings;
  renderVideo: boolean;
  skipSizeCheck: boolean;
  /** ISO 639-1, or null to let the engine detect it. */
  language: string | null;
}

/** The name a prepared file goes up under: audio gets its own extension (the server checks content anyway). */
export function uploadFileName(fileName: string, sends: UploadRow['sends'], type: string): string {
  if (sends !== 'audio') return fileName;
  const base = fileName.replace(/\.[^.]+$/, '') || 'speech';
  const extension = /ogg|opus/.test(type) ? 'ogg' : /mp4|m4a|aac/.test(type) ? 'm4a' : /wav/.test(type) ? 'wav' : 'audio';
  return `${base}.${extension}`;
}

export function titleOf(fileName: string): string {
  return fileName.replace(/\.[^.]+$/, '').trim() || 'Untitled';
}

/** Keep the prepared file on this device and queue its upload (it starts when online). */
export async function queueTranscriptionUpload(input: QueueUploadInput): Promise<UploadRow> {
  if (input.file.size === 0) throw new Error('A transcription upload needs a non-empty file.');
  const at = new Date().toISOString();
  const type = input.file.type || 'application/octet-stream';
  const row: UploadRow = {
    id: crypto.randomUUID(),
    userId: input.userId,
    file: input.file,
    fileName: uploadFileName(input.fileName, input.sends, type),
    fileType: type,
    size: input.file.size,
    sends: input.sends,
    originalSize: input.originalSize,
    uploadUrl: null,
    uploadedBytes: 0,
    status: 'waiting',
    error: null,
    request: { caption_settings: plain(input.captionSettings), render_video: input.renderVideo, skip_size_check: input.skipSizeCheck, language: input.language },
    createdAt: at,
    updatedAt: at,
  };
  // A full disk shows the storage banner and the error reaches the screen: nothing was kept.
  await guardStorage(() => db.uploads.add(row));
  return row;
}

async function setStatus(id: string, changes: Partial<UploadRow>): Promise<void> {
  await db.uploads.update(id, { ...changes, updatedAt: new Date().toISOString() });
}

/** Stop sending (the server keeps what it has; resume continues from there). */
export const pauseUpload = (id: string): Promise<void> => setStatus(id, { status: 'paused' });
/** Continue a paused upload, or try a failed one again (from where the server stopped). */
export const resumeUpload = (id: string): Promise<void> => setStatus(id, { status: 'waiting', error: null });

/** Forget an upload on this device; `terminate` (best effort) frees the server's partial copy. */
export async function removeUpload(id: string, terminate?: (uploadUrl: string) => Promise<void>): Promise<void> {
  const row = await db.uploads.get(id);
  await db.uploads.delete(id);
  if (row?.uploadUrl && terminate) await terminate(row.uploadUrl).catch(() => undefined);
}

/** The upload id the server gave (the last segment of the tus URL). */
export function uploadIdOf(uploadUrl: string): string {
  const path = uploadUrl.split(/[?#]/)[0] ?? '';
  return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
}

/** The create request of a finished upload (spec §3: JSON naming the upload, booleans as 1/0). */
export function createBodyOf(row: UploadRow, uploadId: string): CreateTranscriptionBody {
  return {
    id: row.id,
    upload_id: uploadId,
    caption_settings: row.request.caption_settings,
    process_now: 1,
    skip_size_check: row.request.skip_size_check ? 1 : 0,
    render_video: row.request.render_video ? 1 : 0,
    ...(row.request.language ? { language: row.request.language } : {}),
  };
}

/** What the list shows until the server answers: the transcription as queued, not yet sent. */
function optimisticRow(row: UploadRow, at: string): Omit<LocalTranscription, 'syncStatus' | 'syncError' | 'failedOutboxId'> {
  return {
    id: row.id,
    title: titleOf(row.fileName),
    status: 'queued',
    progress: 0,
    stage: null,
    error: null,
    language: row.request.language,
    engine: null,
    rough_draft: false,
    duration: null,
    text: null,
    words: [],
    wordsUpdatedAt: null,
    caption_settings: row.request.caption_settings,
    render_video: row.request.render_video,
    process_now: true,
    media_url: '',
    media_type: row.fileType,
    media_size: row.size,
    captions: null,
    render_status: row.request.render_video ? 'queued' : 'none',
    render_progress: 0,
    render_error: null,
    render_outdated: false,
    captioned_url: null,
    captioned_download_url: null,
    created_at: row.createdAt,
    updated_at: at,
    keptOffline: false,
  };
}

/**
 * The last byte is on the server: queue the create naming the upload, show the transcription as
 * queued, and drop the local copy of the file — one transaction. A second call (another tab, a
 * retry after a crash) finds no row and does nothing.
 */
export async function finishTranscriptionUpload(id: string, uploadUrl: string): Promise<LocalTranscription | null> {
  const rows = transcriptionRows;
  return rows.write(async () => {
    const row = await db.uploads.get(id);
    if (!row) return null;
    const at = new Date().toISOString();
    const body = createBodyOf(row, uploadIdOf(uploadUrl));
    await appOutbox.enqueue(createTranscriptionMutation, { id, title: titleOf(row.fileName), body });
    const local: LocalTranscription = { ...optimisticRow(row, at), ...(await rows.statusFields(id)) };
    await db.transcriptions.put(local);
    await db.uploads.delete(id);
    await rows.changed();
    return local;
  }, [db.uploads]);
}
