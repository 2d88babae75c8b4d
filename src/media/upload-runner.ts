// The uploader of transcription files: works through the signed-in
// user's rows of the `uploads` table one at a time with tus-js-client, in 2 MB chunks, so a
// dropped connection loses at most one chunk. It follows the table (liveQuery): a row paused or
// removed on the screen stops its upload; going offline stops it too, and 'online' resumes it
// from the server's offset (a HEAD on the stored tus URL). When the last byte is in, the row
// becomes a transcription whose create waits in the outbox (the onUploaded the app passes in). Loaded
// lazily (src/media/upload-runner-loader.ts) only when an upload exists: tus stays out of the
// main bundle. One tab uploads at a time (a Web Lock); others wait for it.
import { liveQuery, type Subscription } from 'dexie';
import { DetailedError, Upload } from 'tus-js-client';
import { uploadLimitMessage } from '../api/upload';
import { db, type UploadRow } from '../store/db';

export const UPLOADS_ENDPOINT = '/api/uploads';
/** Bytes per PATCH: small enough that a flaky link loses little, large enough to be quick. */
export const UPLOAD_CHUNK_BYTES = 2 * 1024 * 1024;
/** Progress is written to the store at most this often (the screens follow the table). */
const PROGRESS_WRITE_MS = 400;
/** Waits before trying again after a network or server failure while online. */
const RETRY_MS = [2000, 5000, 15_000, 30_000, 60_000];

export interface UploadRunnerOptions {
  userId: string;
  /** The bearer token now (read per request: a fresh sign-in's token is used at once). */
  token: () => string | null;
  endpoint?: string;
  chunkSize?: number;
  /** The server's upload limit, for the spec's "too large" message when it answers 413. */
  limitBytes?: () => number | undefined;
  /** Called once every byte of the row is on the server (at `uploadUrl`). The app passes the
   *  transcription's finish: shared code knows no feature. */
  onUploaded: (rowId: string, uploadUrl: string) => Promise<unknown>;
}

export interface UploadRunner {
  stop(): void;
}

interface Running {
  id: string;
  /** Set right after construction (its callbacks need `current` first). */
  upload: Upload | null;
  /** Set when we stopped it (pause, remove, offline, stop): its errors are not failures. */
  stopped: boolean;
}

const isOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;

function statusOf(error: unknown): number {
  return error instanceof DetailedError && error.originalResponse ? error.originalResponse.getStatus() : 0;
}

function bodyOf(error: unknown): string {
  const text = error instanceof DetailedError && error.originalResponse ? error.originalResponse.getBody() : '';
  return (text ?? '').trim();
}

/** The creator's words for a refusal the server gave (tus answers plain text or JSON). */
export function refusalMessage(status: number, body: string, file: Blob, limitBytes?: number): string {
  let parsed: unknown = body;
  try {
    parsed = JSON.parse(body) as unknown;
  } catch {
    // plain text (tus refusals)
  }
  if (status === 413) return uploadLimitMessage(file, parsed, limitBytes);
  const message = typeof parsed === 'string' ? parsed : (parsed as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && message) return message;
  return `The server refused the upload (${status}).`;
}

/** What to do after an upload error: try again later, start over (the server lost it), or stop. */
export function errorAction(status: number): 'retry' | 'restart' | 'fail' {
  if (status === 0 || status >= 500 || status === 409 || status === 423 || status === 429 || status === 401) return 'retry';
  if (status === 404 || status === 410) return 'restart';
  return 'fail';
}

export function startUploadRunner(options: UploadRunnerOptions): UploadRunner {
  const endpoint = options.endpoint ?? UPLOADS_ENDPOINT;
  let running: Running | null = null;
  let stopped = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  let lastRows: UploadRow[] = [];

  const mine = () => db.uploads.where('userId').equals(options.userId).sortBy('createdAt');

  function halt(current: Running | null): void {
    if (!current) return;
    current.stopped = true;
    // false: keep the server's partial copy, the next run resumes it.
    void current.upload?.abort(false).catch(() => undefined);
    if (running === current) running = null;
  }

  function scheduleRetry(): void {
    if (retryTimer !== null || stopped) return;
    const delay = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)] ?? 60_000;
    failures += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      reconcile(lastRows);
    }, delay);
  }

  function run(row: UploadRow): void {
    let lastWrite = 0;
    // What the server has confirmed: progress counts bytes handed to the network, and those of a
    // chunk cut off by going offline are sent again, so a stopped upload shows this instead.
    let confirmed = row.uploadedBytes;
    // Set once the upload has stopped with an error: a progress event after it would undo the above.
    let failed = false;
    const current: Running = { id: row.id, stopped: false, upload: null };
    const upload = new Upload(row.file, {
      endpoint,
      uploadUrl: row.uploadUrl ?? undefined,
      chunkSize: options.chunkSize ?? UPLOAD_CHUNK_BYTES,
      // Retries are ours (they survive a reload); tus's own would hide going offline.
      retryDelays: null,
      storeFingerprintForResuming: false,
      metadata: { filename: row.fileName, filetype: row.fileType },
      onBeforeRequest: (request) => {
        const token = options.token();
        if (token) request.setHeader('Authorization', `Bearer ${token}`);
        request.setHeader('Accept', 'application/json');
      },
      onUploadUrlAvailable: () => {
        if (!current.stopped && upload.url) void db.uploads.update(row.id, { uploadUrl: upload.url, updatedAt: new Date().toISOString() });
      },
      onProgress: (sent) => {
        const now = Date.now();
        if (current.stopped || failed || now - lastWrite < PROGRESS_WRITE_MS) return;
        lastWrite = now;
        void db.uploads.update(row.id, { uploadedBytes: sent });
      },
      onChunkComplete: (_chunk, accepted) => {
        failures = 0;
        confirmed = accepted;
        if (!current.stopped) void db.uploads.update(row.id, { uploadedBytes: accepted, updatedAt: new Date().toISOString() });
      },
      onSuccess: () => {
        if (running === current) running = null;
        const url = upload.url;
        void (async () => {
          try {
            if (url) await options.onUploaded(row.id, url);
          } catch (error) {
            // Not saved (e.g. a full disk): the row stays and is finished on the next run (the HEAD
            // finds every byte there).
            console.warn('Upload:', error);
          }
          failures = 0;
          reconcile(await mine());
        })();
      },
      onError: (error) => {
        failed = true;
        if (running === current) running = null;
        if (current.stopped || stopped) return;
        const status = statusOf(error);
        const action = errorAction(status);
        void (async () => {
          if (action === 'fail') {
            const message = refusalMessage(status, bodyOf(error), row.file, options.limitBytes?.());
            await db.uploads.update(row.id, { status: 'failed', error: message, updatedAt: new Date().toISOString() });
          } else if (action === 'restart') {
            // The server no longer has it (expired or cleaned up): send it again from the start.
            await db.uploads.update(row.id, { status: 'waiting', uploadUrl: null, uploadedBytes: 0, updatedAt: new Date().toISOString() });
          } else {
            await db.uploads.update(row.id, { status: 'waiting', uploadedBytes: confirmed, updatedAt: new Date().toISOString() });
            scheduleRetry();
          }
        })();
      },
    });
    current.upload = upload;
    running = current;
    void db.uploads.update(row.id, { status: 'uploading', error: null, updatedAt: new Date().toISOString() });
    upload.start();
  }

  /** Match the uploads to the rows: stop what was paused or removed, start the next waiting one. */
  function reconcile(rows: UploadRow[]): void {
    lastRows = rows;
    if (stopped) return;
    if (running) {
      const row = rows.find((candidate) => candidate.id === running?.id);
      if (!row || row.status === 'paused' || row.status === 'failed' || !isOnline()) halt(running);
      return;
    }
    if (!isOnline() || retryTimer !== null) return;
    // 'uploading' with nothing running: a reload or closed tab cut it off; it resumes.
    const next = rows.find((row) => row.status === 'waiting' || row.status === 'uploading');
    if (next) run(next);
  }

  const watcher: Subscription = liveQuery(mine).subscribe({
    next: (rows) => reconcile(rows),
    error: (error: unknown) => console.warn('Upload:', error),
  });
  const onOffline = () => {
    const current = running;
    halt(current);
    if (current) void db.uploads.update(current.id, { status: 'waiting' });
  };
  const onOnline = () => {
    failures = 0;
    if (retryTimer !== null) clearTimeout(retryTimer);
    retryTimer = null;
    reconcile(lastRows);
  };
  globalThis.addEventListener?.('offline', onOffline);
  globalThis.addEventListener?.('online', onOnline);

  return {
    stop() {
      stopped = true;
      watcher.unsubscribe();
      globalThis.removeEventListener?.('offline', onOffline);
      globalThis.removeEventListener?.('online', onOnline);
      if (retryTimer !== null) clearTimeout(retryTimer);
      halt(running);
    },
  };
}

/** Best-effort DELETE of an upload the creator removed (frees the server's partial copy). */
export async function terminateUpload(uploadUrl: string, token: string | null): Promise<void> {
  await Upload.terminate(uploadUrl, {
    onBeforeRequest: (request) => {
      if (token) request.setHeader('Authorization', `Bearer ${token}`);
    },
  });
}
