// Resumable uploads: the tus 1.0 protocol at /api/uploads, served by the maintained @tus/server
// on the upload store (domain/uploads/store.ts: the media bucket under uploads/ with S3 storage,
// so any API process may take any request of an upload, else DATA_DIR/uploads), with locks every
// process shares on Postgres (domain/uploads/pg-locker.ts). Extensions: creation,
// creation-with-upload, creation-defer-length, termination, expiration. Fastify authenticates
// (bearer token; bearer requests need no XSRF token, like every route), checks the plan
// (can_create_video_caption, the spec's transcription permission) and the owner, then hands the
// raw request to tus (`reply.hijack()`): the body stream reaches the file store untouched.
// An upload id carries its owner (domain/uploads/resumable.ts), so another user's id is a 404.
// The finished file is checked by content (a video or audio container); anything else is
// deleted and refused with 422. docs/decisions/transcription.md "Resumable uploads".
import { Server as TusServer, type ServerOptions, type Upload } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { permissionsForPlan } from '../../domain/plans/permissions';
import { createUploadLocker } from '../../domain/uploads/pg-locker';
import { MAX_FILENAME_LENGTH, MAX_UPLOADS_PER_USER, newUploadId, ownsUpload } from '../../domain/uploads/resumable';
import { uploadStoreOf } from '../../domain/uploads/store';
import { checkSpeechMedia } from '../../media/upload-checks';
import { currentAuth, requireAuth } from '../auth';
import type { AppContext } from '../context';
import { mediaUploadLimit } from '../media-library';

/** The request tus hands its hooks (srvx's, a dependency of @tus/server). */
type TusRequest = Parameters<ServerOptions['namingFunction'] & {}>[0];

export const UPLOADS_PATH = '/api/uploads';
export const CAPTION_FORBIDDEN = 'Your plan does not include video transcription. Upgrade your plan to transcribe videos.';
export const TOO_MANY_UPLOADS = `You have ${MAX_UPLOADS_PER_USER} unfinished or unused uploads. Finish or delete one before starting another.`;

/** A tus refusal: @tus/server answers a thrown error's `status_code` with its plain-text `body`. */
class TusRefusal extends Error {
  readonly body: string;
  constructor(
    readonly status_code: number,
    message: string,
  ) {
    super(message);
    this.body = `${message}\n`;
  }
}
const refusal = (status: number, message: string): TusRefusal => new TusRefusal(status, message);

/** 403 unless the plan holds can_create_video_caption (full access holds everything). */
async function requireCaption(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  const permissions = permissionsForPlan(currentAuth(request).user.plan);
  if (permissions.full_access === true || permissions.can_create_video_caption === true) return undefined;
  return reply.code(403).send({ message: CAPTION_FORBIDDEN });
}

/** The route's upload id once requireOwnUpload has checked it, else null. */
function checkedUploadId(request: FastifyRequest): string | null {
  const { id } = request.params as { id?: string };
  return typeof id === 'string' && ownsUpload(currentAuth(request).user.id, id) && request.raw.url === `${UPLOADS_PATH}/${id}` ? id : null;
}

/**
 * 404 for an id that is not the caller's (malformed ids included: they never reach the store),
 * and for any URL other than the canonical `/api/uploads/{id}`: a query string, an encoded or
 * doubled slash or an extra segment would let the URL say one id to this check and another to
 * anything that reads the raw URL.
 */
async function requireOwnUpload(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  if (checkedUploadId(request) !== null) return undefined;
  return reply.code(404).header('Tus-Resumable', '1.0.0').send({ message: 'Not Found.' });
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const MEDIA_TYPE = /^[a-z]+\/[a-z0-9][a-z0-9.+-]{0,99}$/i;

/** Upload-Metadata: `filename` (required) and `filetype` (optional, a media type); other keys are dropped. */
export function validUploadMetadata(metadata: Record<string, string | null> | undefined): { ok: true; metadata: Record<string, string> } | { ok: false; message: string } {
  const filename = metadata?.filename;
  if (typeof filename !== 'string' || filename.trim() === '') return { ok: false, message: 'The upload needs a filename in its Upload-Metadata.' };
  if (filename.length > MAX_FILENAME_LENGTH) return { ok: false, message: `The filename must not be longer than ${MAX_FILENAME_LENGTH} characters.` };
  if (CONTROL_CHARACTERS.test(filename) || /[/\\]/.test(filename) || LONE_SURROGATE.test(filename)) {
    return { ok: false, message: 'The filename must not contain control characters or slashes.' };
  }
  const result: Record<string, string> = { filename };
  const filetype = metadata?.filetype;
  if (typeof filetype === 'string' && filetype !== '') {
    if (!MEDIA_TYPE.test(filetype)) return { ok: false, message: 'The filetype must be a media type such as video/mp4.' };
    result.filetype = filetype.toLowerCase();
  }
  return { ok: true, metadata: result };
}

export async function uploadRoutes(app: FastifyInstance, { config, database }: AppContext): Promise<void> {
  const { maxBytes } = config.uploads;
  // The signed-in user of each raw request and the upload id its route checked, for the tus
  // hooks (they see only the raw request).
  const callers = new WeakMap<object, { userId: number; uploadId: string | null }>();
  const callerOf = (req: TusRequest) => {
    const raw = req.runtime?.node?.req;
    return raw ? callers.get(raw) : undefined;
  };
  const ownerOf = (req: TusRequest): number => {
    const caller = callerOf(req);
    if (caller === undefined) throw refusal(401, 'Unauthenticated.');
    return caller.userId;
  };
  const maxMb = Number((maxBytes / (1024 * 1024)).toFixed(2));
  const tooLarge = `The file is too large for this server: the largest upload is ${maxMb} MB.`;

  const store = uploadStoreOf(config.uploads);
  const locker = createUploadLocker(config.databaseUrl);
  app.addHook('onClose', () => locker.close());
  const tus = new TusServer({
    path: UPLOADS_PATH,
    datastore: store.datastore,
    locker,
    maxSize: maxBytes,
    // Same origin only: the PWA is served by this process; no cross-origin page gets CORS access.
    allowedOrigins: () => false,
    relativeLocation: true,
    namingFunction: (req) => newUploadId(ownerOf(req)),
    // tus would take the id from the end of the whole URL, query string included: it acts on the
    // very id the owner check passed instead (none, so 404, on a request that has none).
    getFileIdFromRequest: (req) => callerOf(req)?.uploadId ?? undefined,
    onUploadCreate: async (req, upload) => {
      const userId = ownerOf(req);
      const checked = validUploadMetadata(upload.metadata);
      if (!checked.ok) throw refusal(400, checked.message);
      // This upload's id is already named (not yet stored): every other upload of the user counts.
      if ((await store.countUserUploads(userId)) >= MAX_UPLOADS_PER_USER) throw refusal(403, TOO_MANY_UPLOADS);
      return { metadata: checked.metadata };
    },
    onUploadFinish: async (_req, upload) => {
      await checkFinished(upload);
      return {};
    },
    onResponseError: (_req, error) => {
      const status = 'status_code' in error ? error.status_code : 500;
      if (status === 413) return { status_code: 413, body: `${tooLarge}\n` };
      return undefined;
    },
  });

  /** The content check on the last byte: a video or audio file with sound is kept (its type recorded), anything else goes. */
  async function checkFinished(upload: Upload): Promise<void> {
    let checked: Awaited<ReturnType<typeof checkSpeechMedia>>;
    try {
      checked = await store.withLocalFile(upload, checkSpeechMedia);
    } catch (error) {
      await store.removeUpload(upload.id);
      throw error;
    }
    if (!checked.ok) {
      await store.removeUpload(upload.id);
      throw refusal(422, checked.message);
    }
    // The checked type lands in the upload's info: finishedUpload() answers only once it is there.
    await store.recordCheckedType(upload, checked.value.mimeType);
  }

  const handle = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    callers.set(request.raw, { userId: currentAuth(request).user.id, uploadId: checkedUploadId(request) });
    reply.hijack();
    try {
      await tus.handle(request.raw, reply.raw);
    } catch (error) {
      request.log.error({ err: error }, 'resumable upload failed');
      if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Server Error.' }));
      else reply.raw.destroy();
    }
  };

  const uploadLimit = mediaUploadLimit(database.db, config);
  await app.register((scope, _options, done) => {
    // tus bodies (application/offset+octet-stream, or anything a client sends) stay unread: the
    // file store reads the raw stream, and tus itself answers a PATCH of the wrong type with 415.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    scope.post(UPLOADS_PATH, { preHandler: [requireAuth, requireCaption, uploadLimit] }, handle);
    for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
      scope.route({ method, url: `${UPLOADS_PATH}/:id`, preHandler: [requireAuth, requireCaption, requireOwnUpload], handler: handle });
    }
    done();
  });
}
