// Multipart uploads (DESIGN §3): the file is streamed to a spool file under DATA_DIR/tmp/uploads
// (never whole in memory), hashed on the way for Idempotency-Key fingerprints, and cut off at the
// route's limit. A cut-off file (`file.truncated`) is deleted and answered with 413 in the shape
// the PWA turns into "Server file size limit exceeded" (src/api/upload.ts: status 413, limit in
// `max_file_size`). Unreadable multipart bodies are 400s, never 500s.
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ClientProblem } from '../domain/problems';
import { errorSummary } from '../logger';

export interface SpooledFile {
  /** The spool file; the route must remove it (or hand it to storage) when done. */
  path: string;
  size: number;
  sha256: string;
  /** The form field it came in. */
  field: string;
  /** The name the browser gave it (only ever a default title). */
  filename: string;
}

export interface UploadForm {
  fields: Record<string, string>;
  file: SpooledFile | null;
}

/** 413 with the limit, Laravel-worded ("must not be greater than N kilobytes"). */
export class UploadTooLargeError extends Error {
  constructor(
    readonly field: string,
    readonly limitBytes: number,
    readonly label = field,
  ) {
    // "too large" as well as the status: the spec's client rule matches either (src/api/upload.ts).
    super(`The ${label} is too large. It must not be greater than ${Math.floor(limitBytes / 1024)} kilobytes.`);
  }

  body(): Record<string, unknown> {
    return { message: this.message, errors: { [this.field]: [this.message] }, max_file_size: this.limitBytes };
  }
}

export const MALFORMED_UPLOAD = 'The upload could not be read: the form data is malformed or incomplete.';

/** Registers the multipart parser in an encapsulated scope (only the upload routes see it). */
export async function registerMultipart(scope: FastifyInstance): Promise<void> {
  await scope.register(fastifyMultipart, { throwFileSizeLimit: false });
}

export function uploadSpoolDir(dataDir: string): string {
  return join(dataDir, 'tmp', 'uploads');
}

/** Spool files older than this belong to no running upload (a process died mid-request). */
const STALE_SPOOL_MS = 24 * 3_600_000;

/**
 * Removes spool files a killed process left behind. Only old ones: another API process sharing
 * DATA_DIR may be receiving an upload right now. Best effort; returns how many went.
 */
export async function sweepStaleSpoolFiles(spoolDir: string, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(spoolDir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const path = join(spoolDir, name);
    try {
      if (now - (await stat(path)).mtimeMs > STALE_SPOOL_MS) {
        await rm(path, { force: true });
        removed += 1;
      }
    } catch {
      // Gone already (another process swept it, or its upload just finished).
    }
  }
  return removed;
}

async function drain(stream: NodeJS.ReadableStream): Promise<void> {
  for await (const chunk of stream) void chunk;
}

/**
 * Reads a multipart form: text fields, and the first file sent in one of `fileFields` spooled to
 * disk (at most `maxFileBytes`); any other file is read and dropped. Throws UploadTooLargeError
 * (nothing left on disk) or a 400 ClientProblem for a body that is not readable multipart.
 */
export async function readUploadForm(request: FastifyRequest, options: { fileFields: string[]; maxFileBytes: number; spoolDir: string }): Promise<UploadForm> {
  const fields: Record<string, string> = {};
  let file: SpooledFile | null = null;
  if (!request.isMultipart()) return { fields, file };
  await mkdir(options.spoolDir, { recursive: true });
  let spoolPath: string | null = null;
  try {
    const parts = request.parts({ limits: { fileSize: options.maxFileBytes, files: 5, fields: 20, fieldSize: 8 * 1024, parts: 30 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string' && fields[part.fieldname] === undefined) fields[part.fieldname] = part.value;
        continue;
      }
      if (file || !options.fileFields.includes(part.fieldname)) {
        await drain(part.file);
        continue;
      }
      spoolPath = join(options.spoolDir, `${randomBytes(12).toString('hex')}.upload`);
      const hash = createHash('sha256');
      let size = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      const spool = createWriteStream(spoolPath);
      try {
        await pipeline(part.file, measure, spool);
      } catch (error) {
        // A write stream destroyed while still opening creates its file afterwards: wait until
        // it has closed, so the cleanup below really removes the partial file.
        if (!spool.closed) await once(spool, 'close').catch(() => undefined);
        throw error;
      }
      if (part.file.truncated) throw new UploadTooLargeError(part.fieldname, options.maxFileBytes);
      file = { path: spoolPath, size, sha256: hash.digest('hex'), field: part.fieldname, filename: part.filename };
    }
    return { fields, file };
  } catch (error) {
    if (spoolPath) await rm(spoolPath, { force: true });
    if (error instanceof UploadTooLargeError || error instanceof ClientProblem) throw error;
    // The client's body is broken, not our code: one line with the parser's reason, no stack.
    request.log.info({ reason: errorSummary(error) }, 'unreadable multipart upload');
    throw new ClientProblem(400, MALFORMED_UPLOAD);
  }
}
