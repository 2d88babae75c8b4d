// POST /api/transcriptions, after the HTTP layer has the media on local disk (a spooled multipart
// file, or a copy of a finished resumable upload): replay check → same client id already ours →
// monthly quota → content check → store the file → insert the row in one transaction with the
// Idempotency-Key's answer. On any failure after the file was stored it is deleted again, so a
// refused or failed create leaves neither a row nor a file.
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { CreateTranscriptionFields, TranscriptionSettings } from '../../../contract/transcriptions';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { transcriptions } from '../../db/schema-transcriptions';
import type { MediaStorage } from '../../media/storage/types';
import { checkSpeechMedia } from '../../media/upload-checks';
import { whisperLanguageName } from '../../providers/stt/languages';
import { FieldValidationError } from '../errors';
import { findStoredResponse, runIdempotent } from '../idempotency/idempotency';
import { planFor, type PlanDefinition } from '../plans/plans';
import { PlanLimitError } from '../problems';
import { transcriptionPrefix, transcriptionsThisMonth } from './transcriptions';

export const TRANSCRIPTION_ID_TAKEN = 'The id has already been taken.';

/** The media of a create, on local disk; `field` names it in 422s (video_file or upload_id). */
export interface TranscriptionMedia {
  path: string;
  size: number;
  /** The transcription's title (the file's name without its extension). */
  title: string;
  field: 'video_file' | 'upload_id';
  /** What the Idempotency-Key is bound to besides the fields (the file's hash, or the upload id). */
  fingerprint: unknown;
}

export interface CreateTranscriptionInput {
  userId: number;
  idempotencyKey: string | undefined;
  path: string;
  /** The fields as sent (what an Idempotency-Key is bound to, with the media's fingerprint). */
  rawFields: unknown;
  fields: CreateTranscriptionFields;
}

export interface CreateTranscriptionResult {
  /** 202 when stored now, 200 when this transcription already existed (a repeated create). */
  status: number;
  id: string;
  replayed: boolean;
}

function monthlyLimit(plan: PlanDefinition): number | null {
  const limit = plan.limits.transcriptions_per_month;
  return limit && limit.value !== null ? limit.value : null;
}

function quotaProblem(plan: PlanDefinition, limit: number): PlanLimitError {
  return new PlanLimitError(`Your ${plan.name} plan includes ${limit} transcriptions a month and they are used up. Upgrade your plan to transcribe more this month.`);
}

/** What can be known before the media is read: a replay, the same id again, the quota, the language. */
export async function precheckTranscription(db: Db, input: CreateTranscriptionInput, fingerprint: unknown, now = new Date()): Promise<CreateTranscriptionResult | null> {
  const { userId, fields } = input;
  const earlier = await findStoredResponse(db, idempotentRequest(input, fingerprint));
  if (earlier) return { status: earlier.status, id: (earlier.body as { id: string }).id, replayed: true };
  // The same client id again (a retry after the key expired, or without one): that create happened.
  if (fields.id !== undefined) {
    const [existing] = await db.select({ userId: transcriptions.userId }).from(transcriptions).where(eq(transcriptions.id, fields.id));
    if (existing && existing.userId === userId) return { status: 200, id: fields.id, replayed: true };
    if (existing) throw new FieldValidationError('id', TRANSCRIPTION_ID_TAKEN);
  }
  if (fields.language && !whisperLanguageName(fields.language)) throw new FieldValidationError('language', 'The selected language is not supported.');
  const plan = await planOf(db, userId);
  const limit = monthlyLimit(plan);
  if (limit !== null && (await transcriptionsThisMonth(db, userId, now)) >= limit) throw quotaProblem(plan, limit);
  return null;
}

function idempotentRequest(input: CreateTranscriptionInput, fingerprint: unknown) {
  return { userId: input.userId, key: input.idempotencyKey, method: 'POST', path: input.path, body: { fields: input.rawFields, media: fingerprint } };
}

async function planOf(db: Db, userId: number): Promise<PlanDefinition> {
  const [user] = await db.select({ plan: users.plan }).from(users).where(eq(users.id, userId));
  if (!user) throw new Error('authenticated user not found');
  return planFor(user.plan);
}

/**
 * Checks the media by content, stores it and inserts the row. Call precheckTranscription first.
 * The local file may be moved into storage (disk) — the caller removes it if it is still there.
 */
export async function createTranscription(deps: { db: Db; storage: MediaStorage }, input: CreateTranscriptionInput, media: TranscriptionMedia, now = new Date()): Promise<CreateTranscriptionResult> {
  const { db, storage } = deps;
  const { userId, fields } = input;
  if (media.size === 0) throw new FieldValidationError(media.field, 'The file is empty. Choose a video or audio file with sound.');
  const checked = await checkSpeechMedia(media.path);
  if (!checked.ok) throw new FieldValidationError(media.field, checked.message);

  const id = fields.id ?? randomUUID();
  const settings: TranscriptionSettings = {
    caption_settings: fields.caption_settings ?? { preset: 'bold-pop' },
    render_video: fields.render_video,
    process_now: fields.process_now,
    skip_size_check: fields.skip_size_check,
    language: fields.language ?? null,
  };
  // A fresh name per upload: two racing creates of one id never write the same object.
  const mediaKey = `${transcriptionPrefix(userId, id)}${randomBytes(8).toString('hex')}.${checked.value.extension}`;
  await storage.putFile(mediaKey, media.path, checked.value.mimeType);
  try {
    const result = await runIdempotent(db, idempotentRequest(input, media.fingerprint), async (tx) => {
      // Locks the user's row until commit: parallel creates of one user are counted one at a time.
      const [user] = await tx.select({ plan: users.plan }).from(users).where(eq(users.id, userId)).for('update');
      const plan = planFor(user?.plan ?? '');
      const limit = monthlyLimit(plan);
      if (limit !== null && (await transcriptionsThisMonth(tx, userId, now)) >= limit) throw quotaProblem(plan, limit);
      const inserted = await tx
        .insert(transcriptions)
        .values({ id, userId, title: media.title, status: 'queued', settings, mediaKey, mediaType: checked.value.mimeType, mediaSize: media.size })
        .onConflictDoNothing()
        .returning({ id: transcriptions.id });
      // A racing create took the id: this transaction is rolled back (and the file removed below).
      if (inserted.length === 0) throw new FieldValidationError('id', TRANSCRIPTION_ID_TAKEN);
      return { status: 202, body: { id } };
    });
    // A concurrent request with the same key won: its transcription is the answer, not this file.
    if (result.replayed) await storage.deletePrefix(mediaKey);
    return { status: result.status, id: (result.body as { id: string }).id, replayed: result.replayed };
  } catch (error) {
    await storage.deletePrefix(mediaKey).catch(() => undefined);
    throw error;
  }
}
