// Resumable uploads (tus): what the rest of the server may know about them. Without S3 storage
// (s3-uploads.ts has the S3 side; store.ts picks one) the tus file store keeps each upload as two files in DATA_DIR/uploads: `{id}` (the bytes received so
// far) and `{id}.json` (its declared length, metadata and creation date). An upload's id starts
// with its owner (`u{userId}_` + 32 random hex characters), so ownership is read from the id
// alone and an id that is not the caller's is simply "not found". The transcription route takes a
// finished upload by `finishedUpload` and removes it with `deleteUpload` once it has its copy.
import { randomBytes } from 'node:crypto';
import { copyFile, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Uploads one user may keep at once (partial or finished, not yet used). */
export const MAX_UPLOADS_PER_USER = 5;
/** Upload-Metadata `filename`: at most this many characters. */
export const MAX_FILENAME_LENGTH = 255;

const UPLOAD_ID = /^u([1-9][0-9]{0,15})_([0-9a-f]{32})$/;

export function newUploadId(userId: number): string {
  return `u${userId}_${randomBytes(16).toString('hex')}`;
}

/** The owner of a well-formed upload id, else null (a malformed id never reaches the file store). */
export function uploadOwner(uploadId: string): number | null {
  const match = UPLOAD_ID.exec(uploadId);
  return match ? Number(match[1]) : null;
}

export function ownsUpload(userId: number, uploadId: string): boolean {
  return uploadOwner(uploadId) === userId;
}

/** What the tus file store writes to `{id}.json` (the fields we read). */
interface StoredUploadInfo {
  size?: number;
  metadata?: Record<string, string | null>;
  creation_date?: string;
}

export interface UploadState {
  id: string;
  path: string;
  /** Declared length (Upload-Length); null while deferred. */
  size: number | null;
  /** Bytes received so far. */
  offset: number;
  metadata: Record<string, string | null>;
  createdAt: Date;
  /** When the last byte arrived (the data file's modification time). */
  modifiedAt: Date;
}

async function readState(directory: string, id: string): Promise<UploadState | null> {
  let info: StoredUploadInfo;
  try {
    info = JSON.parse(await readFile(join(directory, `${id}.json`), 'utf8')) as StoredUploadInfo;
  } catch {
    return null;
  }
  const path = join(directory, id);
  try {
    const stats = await stat(path);
    if (!stats.isFile()) return null;
    const createdAt = new Date(info.creation_date ?? stats.birthtime);
    return {
      id,
      path,
      size: typeof info.size === 'number' ? info.size : null,
      offset: stats.size,
      metadata: info.metadata ?? {},
      createdAt: Number.isNaN(createdAt.getTime()) ? stats.mtime : createdAt,
      modifiedAt: stats.mtime,
    };
  } catch {
    return null;
  }
}

/** Every upload id in the directory (from the data files' `.json` companions). */
async function uploadIds(directory: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch {
    return [];
  }
  return names.filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -'.json'.length)).filter((id) => uploadOwner(id) !== null);
}

/** The user's uploads, partial and finished. */
export async function userUploads(directory: string, userId: number): Promise<UploadState[]> {
  const states = await Promise.all((await uploadIds(directory)).filter((id) => ownsUpload(userId, id)).map((id) => readState(directory, id)));
  return states.filter((state): state is UploadState => state !== null);
}

/** A finished, checked upload wherever it is stored. */
export interface FinishedUpload {
  size: number;
  filename: string;
  mimeType: string;
  /** Writes the upload's bytes to a local file (the upload itself stays until it is released). */
  copyTo(destination: string): Promise<void>;
}

/** A finished upload of the file store: the file itself is on this machine's disk. */
export interface FinishedFile extends FinishedUpload {
  path: string;
}

/**
 * The owner's finished upload, or null (another user's, unknown, still partial, or without the
 * type the finish check recorded). The file stays where it is until `deleteUpload`.
 */
export async function finishedUpload(directory: string, userId: number, uploadId: string): Promise<FinishedFile | null> {
  if (!ownsUpload(userId, uploadId)) return null;
  const state = await readState(directory, uploadId);
  if (!state || state.size === null || state.offset !== state.size) return null;
  const mimeType = state.metadata.checked_type;
  if (!mimeType) return null;
  const path = state.path;
  return { path, size: state.size, filename: state.metadata.filename ?? 'upload', mimeType, copyTo: (destination) => copyFile(path, destination) };
}

/** Removes an upload's data and info files; true when it was the user's and existed. */
export async function deleteUpload(directory: string, userId: number, uploadId: string): Promise<boolean> {
  if (!ownsUpload(userId, uploadId)) return false;
  const existed = (await readState(directory, uploadId)) !== null;
  await removeUploadFiles(directory, uploadId);
  return existed;
}

export async function removeUploadFiles(directory: string, uploadId: string): Promise<void> {
  await rm(join(directory, uploadId), { force: true });
  await rm(join(directory, `${uploadId}.json`), { force: true });
}

/**
 * The cleanup job's work: a partial upload goes `expiryMs` after it was created (the time its
 * Upload-Expires header announced); a finished one nobody used goes `expiryMs` after its last
 * byte. Returns how many went. Running it twice, or late, is harmless.
 */
export async function purgeExpiredUploads(directory: string, expiryMs: number, now = Date.now()): Promise<number> {
  let removed = 0;
  for (const id of await uploadIds(directory)) {
    const state = await readState(directory, id);
    if (!state) {
      // An info file without its data (or unreadable): nothing can resume it.
      await removeUploadFiles(directory, id);
      removed += 1;
      continue;
    }
    const finished = state.size !== null && state.offset === state.size;
    const since = finished ? state.modifiedAt.getTime() : state.createdAt.getTime();
    if (now - since > expiryMs) {
      await removeUploadFiles(directory, id);
      removed += 1;
    }
  }
  return removed;
}
