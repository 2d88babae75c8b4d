// Transcriptions: POST /api/transcriptions (multipart `video_file`, or JSON naming a
// finished resumable upload by `upload_id`), the list, one transcription, its SRT/VTT captions,
// and GET /api/speech-engine (can this server transcribe, and with what). Creating answers 202 at
// once; the transcription runs in the background (domain/transcriptions/run.ts). Every read is
// owner-scoped; the media URL in the answers is signed and expiring. PUT corrects words and caption
// settings; POST …/render queues the captioned video. Documented in docs/decisions/transcription.md
// ("The API", "Editing and rendering").
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { resolveCaptionStyle } from '../../../contract/captions';
import {
  createTranscriptionRequest,
  listTranscriptionsQuery,
  updateTranscriptionRequest,
  type SpeechEngineStatus,
  type TranscriptionResponse,
} from '../../../contract/transcriptions';
import { FieldValidationError } from '../../domain/errors';
import { runIdempotent } from '../../domain/idempotency/idempotency';
import { permissionsForPlan } from '../../domain/plans/permissions';
import { ClientProblem } from '../../domain/problems';
import { createTranscription, precheckTranscription, type CreateTranscriptionInput, type CreateTranscriptionResult, type TranscriptionMedia } from '../../domain/transcriptions/create';
import { editTranscription } from '../../domain/transcriptions/edit';
import { requestCaptionRender } from '../../domain/transcriptions/render';
import { findTranscriptionRow, listTranscriptions, toTranscription, type TranscriptionRow } from '../../domain/transcriptions/transcriptions';
import { toSrt, toVtt } from '../../media/captions/subtitles';
import { currentAuth, requireAuth } from '../auth';
import type { AppContext } from '../context';
import { idempotencyKeyOf, idempotentRequestOf, pathOf, sendResult } from '../idempotency';
import { readUploadForm, registerMultipart, UploadTooLargeError, uploadSpoolDir } from '../multipart';
import { byUser, rateLimited } from '../rate-limits';
import { titleFromFilename } from '../upload-flow';
import { parseBody } from '../validation';

const idParams = z.object({ id: z.uuid('The transcription id must be a valid UUID.') });

export const CREATE_CAPTION_FORBIDDEN = 'Your plan does not include transcribing videos. Upgrade your plan to create captions.';
export const UPLOADS_UNAVAILABLE = 'Resumable uploads are not available on this server; send the file as video_file.';
export const UPLOAD_NOT_FOUND = 'The selected upload does not exist or has not finished.';
export const NOT_TRANSCRIBED_YET = 'This transcription has not finished yet, so it has no captions.';

/** 403 unless the user's plan holds can_create_video_caption (full access holds everything). */
async function requireCaption(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  const permissions = permissionsForPlan(currentAuth(request).user.plan);
  if (permissions.full_access === true || permissions.can_create_video_caption === true) return undefined;
  return reply.code(403).send({ message: CREATE_CAPTION_FORBIDDEN });
}

const megabytes = (bytes: number) => {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(2);
};

/** 413 in the shape the PWA turns into "Server file size limit exceeded" (src/api/upload.ts). */
function tooLargeBody(field: string, limitBytes: number) {
  const message = `The file is too large. The server accepts files up to ${megabytes(limitBytes)} MB.`;
  return { message, errors: { [field]: [message] }, max_file_size: limitBytes };
}

const NUMERIC_CAPTION_KEYS = new Set(['font_size', 'outline_width', 'words_per_line', 'lines']);
const BOOLEAN_CAPTION_KEYS = new Set(['uppercase']);

/**
 * The form's text fields as the contract reads them. The PWA's form helper sends an object as
 * `caption_settings[key]` fields (Laravel style): they are gathered into one object, numbers and
 * 1/0 flags read as such. A `caption_settings` JSON string is read by the contract itself.
 */
export function formFields(fields: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const nested: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    const match = /^caption_settings\[([a-z_]+)\]$/.exec(name);
    if (!match) {
      out[name] = value;
      continue;
    }
    const key = match[1]!;
    if (NUMERIC_CAPTION_KEYS.has(key) && /^-?\d+(\.\d+)?$/.test(value.trim())) nested[key] = Number(value);
    else if (BOOLEAN_CAPTION_KEYS.has(key) && /^(1|0|true|false)$/.test(value.trim())) nested[key] = value.trim() === '1' || value.trim() === 'true';
    else nested[key] = value;
  }
  if (Object.keys(nested).length > 0 && out.caption_settings === undefined) out.caption_settings = nested;
  return out;
}

export async function transcriptionRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const { database, config, storage, mediaUrls, transcriber, speechEngine } = context;
  const { db } = database;
  const spoolDir = uploadSpoolDir(config.dataDir);
  // One limit for both ways in: the tus uploads and the multipart form (TRANSCRIPTION_MAX_UPLOAD_MB).
  const maxBytes = config.uploads.maxBytes;
  const createLimit = rateLimited(db, [{ bucket: 'transcriptions:user', limit: config.rateLimits.transcriptions, key: byUser }]);
  const renderLimit = rateLimited(db, [{ bucket: 'caption-render:user', limit: config.rateLimits.captionRender, key: byUser }]);

  /** 503 with the plain explanation before any byte of a file is read: nothing is stored. */
  const requireEngine = async (_request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    if (speechEngine.configured) return undefined;
    return reply.code(503).send({ message: speechEngine.error.message, code: speechEngine.error.code });
  };

  interface Outcome {
    status: number;
    body: unknown;
    replayed?: boolean;
  }

  /**
   * The answer of a create: the transcription as it stands, handed to the runner when it is to be
   * processed now. Also on a replay: harmless (a finished one is left alone) and it heals a lost
   * hand-off. If the queue is down it stays queued: the next start queues it again.
   */
  const answer = async (request: FastifyRequest, userId: number, result: CreateTranscriptionResult): Promise<Outcome> => {
    const row = await findTranscriptionRow(db, userId, result.id).catch(() => null);
    if (row && row.settings.process_now && (row.status === 'queued' || row.status === 'processing')) {
      try {
        await transcriber.enqueue(row.id);
      } catch (error) {
        request.log.error({ err: error, transcriptionId: row.id }, 'could not queue the transcription');
      }
    }
    const body: TranscriptionResponse | { transcription: { id: string } } = row ? { transcription: toTranscription(row, mediaUrls) } : { transcription: { id: result.id } };
    return { status: result.status, body, replayed: result.replayed };
  };

  const store = async (request: FastifyRequest, userId: number, local: { path: string | null }): Promise<Outcome> => {
    let rawFields: unknown;
    let file: { path: string; size: number; sha256: string; filename: string } | null = null;
    if (request.isMultipart()) {
      const form = await readUploadForm(request, { fileFields: ['video_file'], maxFileBytes: maxBytes, spoolDir });
      if (form.file) local.path = form.file.path;
      file = form.file;
      rawFields = formFields(form.fields);
    } else {
      rawFields = request.body;
    }
    const fields = parseBody(createTranscriptionRequest, rawFields);
    if (!file && fields.upload_id === undefined) throw new FieldValidationError('video_file', 'The video file field is required.');
    const fingerprint = file ? { sha256: file.sha256, size: file.size } : { upload_id: fields.upload_id };
    const input: CreateTranscriptionInput = { userId, idempotencyKey: idempotencyKeyOf(request), path: pathOf(request), rawFields, fields };
    const earlier = await precheckTranscription(db, input, fingerprint);
    if (earlier) return answer(request, userId, earlier);

    let media: TranscriptionMedia;
    if (file) {
      media = { path: file.path, size: file.size, title: titleFromFilename(file.filename, 'Untitled transcription'), field: 'video_file', fingerprint };
    } else {
      if (!context.uploads) throw new FieldValidationError('upload_id', UPLOADS_UNAVAILABLE);
      const upload = await context.uploads.finishedUpload(userId, fields.upload_id!);
      if (!upload) throw new FieldValidationError('upload_id', UPLOAD_NOT_FOUND);
      if (upload.size > maxBytes) return { status: 413, body: tooLargeBody('upload_id', maxBytes) };
      // A copy, stored with the transcription; the upload itself is released once that is done.
      await mkdir(spoolDir, { recursive: true });
      local.path = join(spoolDir, `${randomBytes(12).toString('hex')}.upload`);
      await upload.copyTo(local.path);
      media = { path: local.path, size: upload.size, title: titleFromFilename(upload.filename, 'Untitled transcription'), field: 'upload_id', fingerprint };
    }
    const created = await createTranscription({ db, storage }, input, media);
    if (media.field === 'upload_id') await context.uploads?.release?.(userId, fields.upload_id!);
    return answer(request, userId, created);
  };

  const create = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const local: { path: string | null } = { path: null };
    let outcome: Outcome;
    try {
      outcome = await store(request, currentAuth(request).user.id, local);
    } catch (error) {
      if (!(error instanceof UploadTooLargeError)) throw error;
      outcome = { status: 413, body: tooLargeBody('video_file', maxBytes) };
    } finally {
      // Before the answer goes out: whoever sees it finds nothing left behind.
      if (local.path) await rm(local.path, { force: true });
    }
    return sendResult(reply, outcome);
  };

  await app.register(async (scope) => {
    await registerMultipart(scope);
    scope.post('/api/transcriptions', { preHandler: [requireAuth, requireCaption, requireEngine, createLimit] }, create);
  });

  app.get('/api/speech-engine', { preHandler: requireAuth, config: { authIdentityOnly: true } }, (_request, reply) => {
    const status: SpeechEngineStatus = speechEngine.configured
      ? { configured: true, engine: { id: speechEngine.provider.id, label: speechEngine.provider.label }, rough_draft: speechEngine.provider.roughDraft, max_upload_bytes: maxBytes, message: null }
      : { configured: false, engine: null, rough_draft: false, max_upload_bytes: maxBytes, message: speechEngine.error.message };
    return reply.send(status);
  });

  const reads = { preHandler: [requireAuth, requireCaption], config: { authIdentityOnly: true } };

  app.get('/api/transcriptions', reads, async (request) => {
    const query = parseBody(listTranscriptionsQuery, request.query);
    return listTranscriptions(db, mediaUrls, currentAuth(request).user.id, { page: query.page, perPage: query.per_page, status: query.status, search: query.search });
  });

  app.get('/api/transcriptions/:id', reads, async (request): Promise<TranscriptionResponse> => {
    const { id } = parseBody(idParams, request.params);
    return { transcription: toTranscription(await findTranscriptionRow(db, currentAuth(request).user.id, id), mediaUrls) };
  });

  const writes = { preHandler: [requireAuth, requireCaption] };

  app.put('/api/transcriptions/:id', writes, async (request, reply) => {
    const { id } = parseBody(idParams, request.params);
    const userId = currentAuth(request).user.id;
    // Owner first: another user's id is a 404 whatever the body says.
    await findTranscriptionRow(db, userId, id);
    const edit = parseBody(updateTranscriptionRequest, request.body);
    // The edit and its Idempotency-Key are stored together, like every change.
    const edited: { row?: TranscriptionRow } = {};
    const result = await runIdempotent(db, idempotentRequestOf(request), async (tx) => {
      edited.row = await editTranscription(tx, userId, id, edit);
      return { status: 200, body: { id } };
    });
    // A replay answers the transcription as it stands, its media URLs signed now.
    const body: TranscriptionResponse = { transcription: toTranscription(edited.row ?? (await findTranscriptionRow(db, userId, id)), mediaUrls) };
    return sendResult(reply, { status: result.status, body, replayed: result.replayed });
  });

  app.post('/api/transcriptions/:id/render', { preHandler: [...writes.preHandler, renderLimit] }, async (request, reply) => {
    const { id } = parseBody(idParams, request.params);
    const { row, enqueue } = await requestCaptionRender(db, currentAuth(request).user.id, id);
    if (enqueue) {
      try {
        await transcriber.enqueueRender(row.id);
      } catch (error) {
        // Stays queued: the next start queues it again.
        request.log.error({ err: error, transcriptionId: row.id }, 'could not queue the caption render');
      }
    }
    const body: TranscriptionResponse = { transcription: toTranscription(row, mediaUrls) };
    return reply.code(enqueue ? 202 : 200).send(body);
  });

  for (const format of ['srt', 'vtt'] as const) {
    app.get(`/api/transcriptions/:id/captions.${format}`, reads, async (request, reply) => {
      const { id } = parseBody(idParams, request.params);
      const row = await findTranscriptionRow(db, currentAuth(request).user.id, id);
      if (row.status !== 'completed') throw new ClientProblem(409, NOT_TRANSCRIBED_YET);
      // The same pages as the burned-in captions: the transcription's caption settings decide them.
      const style = resolveCaptionStyle(row.settings.caption_settings);
      const text = format === 'srt' ? toSrt(row.words ?? [], style) : toVtt(row.words ?? [], style);
      const name = `${row.title.replace(/[^\w .-]+/g, '_').slice(0, 100) || 'captions'}.${format}`;
      return reply
        .type(format === 'srt' ? 'application/x-subrip; charset=utf-8' : 'text/vtt; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(text);
    });
  }
}
