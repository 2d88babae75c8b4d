// The one way an upload becomes a stored, owner-scoped row (music, scene media): spool → replay
// check (Idempotency-Key, fingerprinted by the file's sha256 and the fields) → same id already
// ours → content check → per-user room → store the file → insert the row with the key's
// response in one transaction. On any failure after the file was stored, the file is deleted:
// nothing partial is left behind (the spool file always goes).
import { randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { findStoredResponse, runIdempotent } from '../domain/idempotency/idempotency';
import { FieldValidationError } from '../domain/errors';
import type { MediaStorage } from '../media/storage/types';
import type { Checked, MediaKind } from '../media/upload-checks';
import { currentAuth } from './auth';
import { idempotencyKeyOf, pathOf, sendResult } from './idempotency';
import { readUploadForm, UploadTooLargeError, type SpooledFile } from './multipart';
import { parseBody, toStorableText } from './validation';

export interface UploadSpec<Fields extends { id?: string | undefined }, Info extends MediaKind, Body extends { id: string }> {
  /** Form fields that may carry the file; the first is the one named in messages. */
  fileFields: string[];
  /** What the multipart reader accepts at most (the largest kind's limit). */
  maxFileBytes: number;
  fields: z.ZodType<Fields>;
  /** Checks the spooled file by content; may throw UploadTooLargeError for a kind's own limit. */
  check(file: SpooledFile): Promise<Checked<Info>>;
  assertRoom(db: Db, userId: number, sizeBytes: number): Promise<void>;
  /** The folder of one item: users/{user}/…/{id}/ (deleted whole with the item). */
  folder(userId: number, id: string): string;
  /** The item as this user already has it, or null. */
  findExisting(db: Db, userId: number, id: string): Promise<Body | null>;
  insert(tx: Db, userId: number, item: { id: string; storageKey: string; sizeBytes: number; info: Info; fields: Fields; filename: string }): Promise<Body>;
}

export interface UploadDeps {
  db: Db;
  storage: MediaStorage;
  spoolDir: string;
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]+/g;

/** A default title from the browser's file name: no extension, storable, at most 200 characters. */
export function titleFromFilename(filename: string, fallback: string): string {
  const title = toStorableText(filename.replace(/\.[A-Za-z0-9]{1,5}$/, '').replace(CONTROL_CHARACTERS, ' ')).trim().slice(0, 200);
  return title || fallback;
}

export async function handleUpload<Fields extends { id?: string | undefined }, Info extends MediaKind, Body extends { id: string }>(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: UploadDeps,
  spec: UploadSpec<Fields, Info, Body>,
): Promise<FastifyReply> {
  const spool: { file: SpooledFile | null } = { file: null };
  let outcome: Outcome;
  try {
    outcome = await storeUpload(request, deps, spec, (file) => (spool.file = file));
  } catch (error) {
    if (!(error instanceof UploadTooLargeError)) throw error;
    outcome = { status: 413, body: error.body() };
  } finally {
    // Before the answer goes out: a client (or test) seeing it finds nothing left behind.
    if (spool.file) await rm(spool.file.path, { force: true });
  }
  return sendResult(reply, outcome);
}

interface Outcome {
  status: number;
  body: unknown;
  replayed?: boolean;
}

async function storeUpload<Fields extends { id?: string | undefined }, Info extends MediaKind, Body extends { id: string }>(
  request: FastifyRequest,
  deps: UploadDeps,
  spec: UploadSpec<Fields, Info, Body>,
  spooled: (file: SpooledFile) => void,
): Promise<Outcome> {
  const { db, storage } = deps;
  const userId = currentAuth(request).user.id;
  const form = await readUploadForm(request, { fileFields: spec.fileFields, maxFileBytes: spec.maxFileBytes, spoolDir: deps.spoolDir });
  const file = form.file;
  if (file) spooled(file);
  const fields = parseBody(spec.fields, form.fields);
  const fileField = spec.fileFields[0]!;
  if (!file) throw new FieldValidationError(fileField, `The ${fileField} field is required.`);

  const idempotent = {
    userId,
    key: idempotencyKeyOf(request),
    method: 'POST',
    path: pathOf(request),
    body: { fields: form.fields, file: { sha256: file.sha256, size: file.size } },
  };
  const stored = await findStoredResponse(db, idempotent);
  if (stored) return { ...(await refreshed(stored, deps, spec, userId)), replayed: true };
  // The outbox may send an upload again after its key expired: the item it created is the answer.
  if (fields.id) {
    const existing = await spec.findExisting(db, userId, fields.id);
    if (existing) return { status: 200, body: existing };
  }

  const checked = await spec.check(file);
  if (!checked.ok) throw new FieldValidationError(fileField, checked.message);
  await spec.assertRoom(db, userId, file.size);

  const id = fields.id ?? randomUUID();
  // A fresh name per upload: two racing uploads of one id never write the same object.
  const storageKey = `${spec.folder(userId, id)}${randomBytes(8).toString('hex')}.${checked.value.extension}`;
  await storage.putFile(storageKey, file.path, checked.value.mimeType);
  try {
    const result = await runIdempotent(db, idempotent, async (tx) => ({
      status: 201,
      body: await spec.insert(tx, userId, { id, storageKey, sizeBytes: file.size, info: checked.value, fields, filename: file.filename }),
    }));
    if (!result.replayed) return result;
    // A concurrent request with the same key won: its item is the answer, this file is not needed.
    await storage.deletePrefix(storageKey);
    return { ...(await refreshed(result, deps, spec, userId)), replayed: true };
  } catch (error) {
    await storage.deletePrefix(storageKey).catch((cleanupError: unknown) => request.log.error({ err: cleanupError }, 'could not remove an upload after a failed insert'));
    throw error;
  }
}

/**
 * A replayed answer with fresh signed URLs: the stored body may be up to a day old and its URLs
 * expired. When the item is gone since, the stored answer is replayed as it was.
 */
async function refreshed<Fields extends { id?: string | undefined }, Info extends MediaKind, Body extends { id: string }>(
  stored: { status: number; body: unknown },
  deps: UploadDeps,
  spec: UploadSpec<Fields, Info, Body>,
  userId: number,
): Promise<{ status: number; body: unknown }> {
  const id = (stored.body as { id?: unknown } | null)?.id;
  if (typeof id !== 'string') return stored;
  const current = await spec.findExisting(deps.db, userId, id);
  return current ? { status: stored.status, body: current } : stored;
}
