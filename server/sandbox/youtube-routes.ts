// The built-in YouTube sandbox: the same protocol as Google and YouTube (reference/platforms.md
// §1) under /sandbox/youtube, with the real paths below that prefix — so the YouTube adapter runs
// unchanged against it and only its endpoints differ. Consent page and token endpoint (PKCE,
// refresh, revoke), channels?mine=true, the resumable upload (308 + Range, status probe), videos
// status, and a channel page that shows what was published. Each account's `simulate` choice
// makes it misbehave the way real accounts do (contract SANDBOX_SIMULATIONS).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { SandboxAccountRow, SandboxPostRow, SandboxUploadRow } from '../db/schema-sandbox';
import type { YoutubeEndpoints } from '../providers/social/youtube/client';
import { bearer, finishOrDrop, firstParam, listParam, flakyOutcome, httpOrigin, parseRange, partFiles, storable, text, wellFormed, readAuthParams, type AuthRequestCheck, sandboxScope } from './common';
import { sandboxOwners } from './owners';
import { accountPageRoutes, channelView, consentRoutes, tokenRoutes, type OwnVideoFields, type SandboxPlatform } from './platform-kit';
import { readMultipartRelated } from './multipart-related';
import { avatarSvg, channelPage, consentPage, errorPage } from './pages';
import { ACCESS_TOKEN_SECONDS, SandboxStore } from './store';

export const YOUTUBE_SANDBOX_PREFIX = '/sandbox/youtube';
/** The sandbox's one OAuth client: what createSocialAdapters configures the adapter with. */
export const SANDBOX_CLIENT_ID = 'reelflow-sandbox.apps.sandbox.local';
export const SANDBOX_CLIENT_SECRET = 'reelflow-sandbox-secret';
/** Largest PUT the sandbox takes in one request (the adapter sends 8 MiB by default). */
export const SANDBOX_MAX_CHUNK_BYTES = 64 * 1024 * 1024;
const MAX_UPLOAD_BYTES = 256 * 1024 ** 3;

export interface YoutubeSandboxOptions {
  db: Db;
  /** config.dataDir: partial uploads are kept in `${dataDir}/sandbox/youtube/`. */
  dataDir: string;
  /** config.appUrl: upload session addresses, and the only origin a redirect_uri may have. */
  appUrl: string;
  /** How long a finished upload stays 'processing'. */
  processingMs: number;
}

/** The sandbox's addresses, the same paths as Google's under APP_URL/sandbox/youtube. */
export function youtubeSandboxEndpoints(appUrl: string): YoutubeEndpoints {
  const base = `${appUrl.replace(/\/+$/, '')}${YOUTUBE_SANDBOX_PREFIX}`;
  return {
    authorizeUrl: `${base}/o/oauth2/v2/auth`,
    tokenUrl: `${base}/token`,
    revokeUrl: `${base}/revoke`,
    apiBase: `${base}/youtube/v3`,
    uploadBase: `${base}/upload/youtube/v3`,
    watchBase: base,
  };
}

/** Google's error envelope. */
function apiError(reply: FastifyReply, code: number, reason: string, message: string, domain = 'global'): FastifyReply {
  const status = { 400: 'INVALID_ARGUMENT', 401: 'UNAUTHENTICATED', 403: 'PERMISSION_DENIED', 404: 'NOT_FOUND', 503: 'UNAVAILABLE' }[code] ?? 'UNKNOWN';
  return reply.code(code).type('application/json; charset=UTF-8').send({ error: { code, message, status, errors: [{ domain, reason, message }] } });
}

/** OAuth's flat error body. */
function oauthError(reply: FastifyReply, code: number, error: string, description: string): FastifyReply {
  return reply.code(code).header('cache-control', 'no-store').send({ error, error_description: description });
}

/** The consent request's parameters, checked like Google does; a problem is an error page. */
function readAuthRequest(fields: unknown, appOrigin: string): AuthRequestCheck {
  const clientId = text(fields, 'client_id');
  if (clientId !== SANDBOX_CLIENT_ID) return { ok: false, status: 401, title: 'invalid_client', message: 'The OAuth client was not found.' };
  const redirectUri = text(fields, 'redirect_uri') ?? '';
  // The sandbox's "registered redirect URIs" are this app's own addresses: no open redirect.
  if (httpOrigin(redirectUri) !== appOrigin) return { ok: false, status: 400, title: 'redirect_uri_mismatch', message: 'The redirect_uri does not belong to this app.' };
  return readAuthParams(fields, { clientId, redirectUri });
}

interface VideoMetadata {
  snippet?: { title?: unknown; description?: unknown; tags?: unknown; categoryId?: unknown };
  status?: { privacyStatus?: unknown; selfDeclaredMadeForKids?: unknown; containsSyntheticMedia?: unknown };
}

/** videos.insert's checks (reference/platforms.md §1 "Metadata"): the reason of the first problem. */
function metadataProblem(body: unknown): { reason: string; message: string } | null {
  if (!body || typeof body !== 'object' || Buffer.isBuffer(body) || Array.isArray(body)) return { reason: 'invalidVideoMetadata', message: 'The request metadata is invalid.' };
  const { snippet, status } = body as VideoMetadata;
  const title = snippet?.title;
  if (typeof title !== 'string' || title.trim() === '' || [...title].length > 100 || /[<>]/.test(title) || !wellFormed(title)) {
    return { reason: 'invalidTitle', message: 'The request metadata specifies an invalid or empty video title.' };
  }
  const description = snippet?.description ?? '';
  if (typeof description !== 'string' || Buffer.byteLength(description) > 5000 || /[<>]/.test(description) || !storable(description)) {
    return { reason: 'invalidDescription', message: 'The request metadata specifies an invalid video description.' };
  }
  const tags = snippet?.tags ?? [];
  if (!Array.isArray(tags) || tags.some((tag) => typeof tag !== 'string' || !wellFormed(tag)) || tags.join(',').length > 500) {
    return { reason: 'invalidTags', message: 'The request metadata specifies invalid video keywords.' };
  }
  const categoryId = snippet?.categoryId ?? '22';
  if (typeof categoryId !== 'string' || !/^\d{1,3}$/.test(categoryId)) return { reason: 'invalidCategoryId', message: 'The snippet.categoryId property specifies an invalid category ID.' };
  const privacy = status?.privacyStatus ?? 'public';
  if (typeof privacy !== 'string' || !['public', 'unlisted', 'private'].includes(privacy)) return { reason: 'invalidVideoMetadata', message: 'The privacy status is invalid.' };
  for (const flag of [status?.selfDeclaredMadeForKids, status?.containsSyntheticMedia]) {
    if (flag !== undefined && typeof flag !== 'boolean') return { reason: 'invalidVideoMetadata', message: 'The request metadata is invalid.' };
  }
  return null;
}

/** What the sandbox keeps of the video resource. */
function storedMetadata(body: VideoMetadata): Record<string, unknown> {
  return {
    snippet: {
      title: typeof body.snippet?.title === 'string' ? body.snippet.title.trim() : '',
      description: typeof body.snippet?.description === 'string' ? body.snippet.description : '',
      tags: Array.isArray(body.snippet?.tags) ? body.snippet.tags : [],
      categoryId: typeof body.snippet?.categoryId === 'string' ? body.snippet.categoryId : '22',
    },
    status: {
      privacyStatus: typeof body.status?.privacyStatus === 'string' ? body.status.privacyStatus : 'public',
      selfDeclaredMadeForKids: body.status?.selfDeclaredMadeForKids === true,
      containsSyntheticMedia: body.status?.containsSyntheticMedia === true,
    },
  };
}

export async function youtubeSandboxRoutes(app: FastifyInstance, options: YoutubeSandboxOptions): Promise<void> {
  const store = new SandboxStore(options.db, 'youtube');
  const owners = sandboxOwners({ db: options.db, platform: 'youtube', prefix: YOUTUBE_SANDBOX_PREFIX, appUrl: options.appUrl }, store);
  const platform: SandboxPlatform = { prefix: YOUTUBE_SANDBOX_PREFIX, store, owners, consentPage: (fields) => consentPage(fields), errorPage: (title, message) => errorPage(title, message) };
  const appOrigin = new URL(options.appUrl).origin;
  const endpoints = youtubeSandboxEndpoints(options.appUrl);
  const parts = partFiles(options.dataDir, 'youtube');

  const uploadStatusOf = (post: SandboxPostRow, now: Date) => (now < post.readyAt ? 'uploaded' : post.status);

  function videoResource(post: SandboxPostRow, parts: Set<string>, now: Date): Record<string, unknown> {
    const meta = post.metadata as { snippet?: Record<string, unknown>; status?: Record<string, unknown> };
    const uploadStatus = uploadStatusOf(post, now);
    const resource: Record<string, unknown> = { kind: 'youtube#video', etag: `"${post.id}-${uploadStatus}"`, id: post.id };
    if (parts.has('snippet')) resource.snippet = { ...meta.snippet, channelId: post.accountId, publishedAt: post.createdAt.toISOString() };
    if (parts.has('status')) {
      resource.status = {
        uploadStatus,
        ...(uploadStatus === 'rejected' && post.statusReason ? { rejectionReason: post.statusReason } : {}),
        ...(uploadStatus === 'failed' && post.statusReason ? { failureReason: post.statusReason } : {}),
        ...meta.status,
        license: 'youtube',
        embeddable: true,
      };
    }
    if (parts.has('processingDetails')) {
      resource.processingDetails = { processingStatus: uploadStatus === 'uploaded' ? 'processing' : uploadStatus === 'processed' ? 'succeeded' : 'terminated' };
    }
    return resource;
  }

  function youtubeVideo(post: SandboxPostRow): OwnVideoFields {
    const meta = post.metadata as { snippet?: { description?: string }; status?: { privacyStatus?: string } };
    return { description: meta.snippet?.description ?? '', privacy: meta.status?.privacyStatus ?? 'public', url: `${endpoints.watchBase}/watch?v=${post.id}` };
  }

  /** The account behind a Bearer access token (SandboxStore.accountForToken); answers 401 itself when there is none. */
  async function authorize(request: FastifyRequest, reply: FastifyReply, counts = true): Promise<SandboxAccountRow | null> {
    const account = await store.accountForToken(bearer(request), counts);
    if (!account) {
      reply.header('www-authenticate', 'Bearer realm="https://accounts.google.com/", error="invalid_token"');
      apiError(reply, 401, 'authError', 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.');
    }
    return account;
  }

  function complete(upload: SandboxUploadRow, account: SandboxAccountRow): Promise<SandboxPostRow> {
    const rejected = account.simulate === 'reject';
    // A documented rejectionReason (reference/platforms.md §1 "Polling").
    return store.finishUpload(upload, parts, { status: rejected ? 'rejected' : 'processed', statusReason: rejected ? 'inappropriate' : null }, options.processingMs);
  }

  /**
   * videos.insert with uploadType=multipart (what googleapis sends for a media body without
   * resumable): one multipart/related body, the video resource as JSON, then the video's bytes.
   */
  async function multipartInsert(request: FastifyRequest, reply: FastifyReply, account: SandboxAccountRow): Promise<FastifyReply> {
    const related = readMultipartRelated(request.headers['content-type'], request.body);
    if (!related) return apiError(reply, 400, 'badContent', 'The body must be multipart/related: the video resource as JSON, then the media.');
    let metadata: unknown;
    try {
      metadata = JSON.parse(related.metadata.toString('utf8'));
    } catch {
      return apiError(reply, 400, 'parseError', 'The video resource is not valid JSON.');
    }
    const problem = metadataProblem(metadata);
    if (problem) return apiError(reply, 400, problem.reason, problem.message, 'youtube.video');
    if (related.media.length === 0) return apiError(reply, 400, 'mediaBodyRequired', 'The request does not include the video content.', 'youtube.video');
    const contentType = /^(video\/[\w.+-]+|application\/octet-stream)$/.test(related.mediaType) ? related.mediaType : 'application/octet-stream';
    const upload = await store.createUpload({ accountId: account.id, metadata: storedMetadata(metadata as VideoMetadata), contentType, totalBytes: related.media.length });
    await parts.writeAt(upload.id, related.media, 0);
    const received = await store.recordBytes(upload.id, related.media.length);
    const post = await complete({ ...upload, receivedBytes: received }, account);
    return reply.code(200).send(videoResource(post, new Set(['snippet', 'status']), new Date()));
  }

  await app.register(
    (sandbox, _options, done) => {
      // Upload chunks (video/*, application/octet-stream) and anything else arrive as raw bytes.
      sandbox.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      sandboxScope(sandbox, (reply, status) =>
        apiError(reply, status, status === 500 ? 'backendError' : status === 413 ? 'uploadTooLarge' : 'badRequest', status === 500 ? 'Backend Error' : 'The request is invalid.'),
      );

      // --- OAuth -----------------------------------------------------------------------------
      consentRoutes(sandbox, platform, {
        path: '/o/oauth2/v2/auth',
        readAuthRequest: (fields) => readAuthRequest(fields, appOrigin),
        noun: 'channel',
        defaultScope: 'https://www.googleapis.com/auth/youtube.upload',
        denied: {},
        granted: (code, scope, state) => ({ ...state, code, scope }),
      });
      tokenRoutes(sandbox, platform, {
        path: '/token',
        client: { idField: 'client_id', id: SANDBOX_CLIENT_ID, secret: SANDBOX_CLIENT_SECRET, unknown: 'The OAuth client was not found.' },
        oauthError,
        code: { invalid: 'Malformed auth code.', redirectMismatch: ['redirect_uri_mismatch', 'Bad Request'], verifier: 'Invalid code verifier.' },
        // Like Google: a refresh answers a new access token and no new refresh token.
        refresh: { rotates: false, invalid: 'Token has been expired or revoked.' },
        unsupportedGrant: 'Invalid grant_type.',
        answer: (_accountId, tokens) => ({
          access_token: tokens.accessToken,
          expires_in: ACCESS_TOKEN_SECONDS,
          ...(tokens.refreshToken ? { refresh_token: tokens.refreshToken } : {}),
          scope: tokens.scope,
          token_type: 'Bearer',
        }),
        revoke: { path: '/revoke', checksClient: false, invalid: ['invalid_token', 'Token expired or revoked'] },
      });

      // --- Data API ----------------------------------------------------------------------------
      sandbox.get('/youtube/v3/channels', async (request, reply) => {
        const account = await authorize(request, reply, false);
        if (!account) return reply;
        if (firstParam(request.query, 'mine') !== 'true') return apiError(reply, 400, 'missingRequiredParameter', 'No filter selected. Expected one of: mine.', 'youtube.parameter');
        const avatar = `${endpoints.watchBase}/avatar/${account.id}`;
        return reply.send({
          kind: 'youtube#channelListResponse',
          pageInfo: { totalResults: 1, resultsPerPage: 5 },
          items: [
            {
              kind: 'youtube#channel',
              id: account.id,
              snippet: {
                title: account.name,
                description: 'A channel of the Reelflow YouTube sandbox.',
                customUrl: account.handle,
                publishedAt: account.createdAt.toISOString(),
                thumbnails: { default: { url: avatar, width: 88, height: 88 }, medium: { url: avatar, width: 240, height: 240 } },
              },
            },
          ],
        });
      });

      sandbox.get('/youtube/v3/videos', async (request, reply) => {
        const account = await authorize(request, reply);
        if (!account) return reply;
        const ids = listParam(request.query, 'id').filter((id) => /^[A-Za-z0-9_-]{1,64}$/.test(id));
        if (ids.length === 0 || ids.length > 50) return apiError(reply, 400, 'missingRequiredParameter', 'No filter selected. Expected one of: id.', 'youtube.parameter');
        const parts = new Set(listParam(request.query, 'part'));
        if (parts.size === 0) return apiError(reply, 400, 'required', 'Required parameter: part', 'global');
        const now = new Date();
        const posts = await store.postsOf(account.id, ids);
        return reply.send({ kind: 'youtube#videoListResponse', pageInfo: { totalResults: posts.length, resultsPerPage: posts.length }, items: posts.map((post) => videoResource(post, parts, now)) });
      });

      // --- Resumable upload --------------------------------------------------------------------
      // A multipart insert carries the whole video in this POST.
      sandbox.post('/upload/youtube/v3/videos', { bodyLimit: SANDBOX_MAX_CHUNK_BYTES }, async (request, reply) => {
        const account = await authorize(request, reply);
        if (!account) return reply;
        const uploadType = firstParam(request.query, 'uploadType');
        if (uploadType !== 'resumable' && uploadType !== 'multipart') return apiError(reply, 400, 'badRequest', 'Unsupported upload type: use uploadType=resumable or uploadType=multipart.');
        if (account.simulate === 'quota') {
          return apiError(reply, 403, 'quotaExceeded', 'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.', 'youtube.quota');
        }
        if (uploadType === 'multipart') return multipartInsert(request, reply, account);
        const length = request.headers['x-upload-content-length'];
        const totalBytes = typeof length === 'string' && /^\d{1,15}$/.test(length) ? Number(length) : NaN;
        if (!(totalBytes > 0 && totalBytes <= MAX_UPLOAD_BYTES)) return apiError(reply, 400, 'badRequest', 'X-Upload-Content-Length must give the size of the video in bytes.');
        const problem = metadataProblem(request.body);
        if (problem) return apiError(reply, 400, problem.reason, problem.message, 'youtube.video');
        const declaredType = request.headers['x-upload-content-type'];
        const contentType = typeof declaredType === 'string' && /^(video\/[\w.+-]+|application\/octet-stream)$/.test(declaredType) ? declaredType : 'application/octet-stream';
        const upload = await store.createUpload({ accountId: account.id, metadata: storedMetadata(request.body as VideoMetadata), contentType, totalBytes });
        const location = `${endpoints.uploadBase}/videos?uploadType=resumable&part=snippet,status&upload_id=${upload.id}`;
        return reply.code(200).header('location', location).header('x-guploader-uploadid', upload.id).send('');
      });

      const sessionOf = async (request: FastifyRequest) => {
        const uploadId = text(request.query, 'upload_id');
        return uploadId && /^[A-Za-z0-9_-]{1,64}$/.test(uploadId) ? store.upload(uploadId) : null;
      };
      const noSession = (reply: FastifyReply) => apiError(reply, 404, 'notFound', 'The upload session was not found or has expired.');
      const uploadRoute = {
        bodyLimit: SANDBOX_MAX_CHUNK_BYTES,
        // An unknown session is refused before its body is read: nobody gets to buffer 64 MiB for free.
        onRequest: async (request: FastifyRequest, reply: FastifyReply) => ((await sessionOf(request)) ? undefined : noSession(reply)),
      };
      sandbox.put('/upload/youtube/v3/videos', uploadRoute, async (request, reply) => {
        // As on YouTube, the session address (its upload_id) is what authorizes the bytes.
        const upload = await sessionOf(request);
        if (!upload) return noSession(reply);
        const account = (await store.account(upload.accountId))!;
        const requestNumber = await store.countRequest(upload.id);
        const outcome = account.simulate === 'flaky' ? flakyOutcome(upload.id, requestNumber) : 'ok';
        if (outcome === 'fail') return apiError(reply, 503, 'backendError', 'Backend Error');
        // On 'drop' the bytes are kept, the answer is lost: the client must find out with a status probe.
        const finish = (send: () => FastifyReply): FastifyReply => finishOrDrop(reply, outcome, send);
        const rangeAnswer = (received: number) => {
          reply.code(308);
          if (received > 0) reply.header('range', `bytes=0-${received - 1}`);
          return reply.send('');
        };
        const body = request.body;
        const bytes = Buffer.isBuffer(body) ? body : body === undefined || body === null ? Buffer.alloc(0) : null;
        if (!bytes) return apiError(reply, 400, 'badContent', 'The upload body must be the raw bytes of the video.');
        const header = request.headers['content-range'];
        const range = parseRange(typeof header === 'string' ? header : undefined) ?? (header === undefined && bytes.length === upload.totalBytes ? { probe: false as const, first: 0, last: bytes.length - 1, total: upload.totalBytes } : null);
        if (!range || range.total !== upload.totalBytes) return apiError(reply, 400, 'badContent', 'The Content-Range header is invalid or does not match X-Upload-Content-Length.');
        if (upload.postId) {
          const post = (await store.post(upload.postId))!;
          return finish(() => reply.code(200).send(videoResource(post, new Set(['snippet', 'status']), new Date())));
        }
        if (range.probe) return finish(() => rangeAnswer(upload.receivedBytes));
        if (bytes.length !== range.last - range.first + 1) return apiError(reply, 400, 'badContent', 'The body length does not match the Content-Range header.');
        if (range.first > upload.receivedBytes) return rangeAnswer(upload.receivedBytes);
        if (range.last >= upload.receivedBytes) {
          const skip = upload.receivedBytes - range.first;
          await parts.writeAt(upload.id, bytes.subarray(skip), upload.receivedBytes);
        }
        const received = await store.recordBytes(upload.id, range.last + 1);
        if (received < upload.totalBytes) return finish(() => rangeAnswer(received));
        const post = await complete({ ...upload, receivedBytes: received }, account);
        return finish(() => reply.code(200).send(videoResource(post, new Set(['snippet', 'status']), new Date())));
      });

      // --- Pages for people --------------------------------------------------------------------
      const pages = accountPageRoutes(sandbox, platform, {
        view: (account, posts) => channelView(account, posts, youtubeVideo),
        page: (view) => channelPage(view),
        avatar: avatarSvg,
        missing: { account: ['Channel not found', 'No sandbox channel of yours has this id or handle.'], post: ['Video not found', 'No sandbox video of yours has this id.'] },
        notFound: (reply, _key, asked) => (asked === 'account' ? apiError(reply, 404, 'channelNotFound', 'The sandbox channel was not found.') : apiError(reply, 404, 'notFound', 'Not found.')),
        postAnchor: 'video',
      });
      sandbox.get('/watch', (request, reply) => pages.showPost(request, reply, text(request.query, 'v')));
      sandbox.get('/shorts/:id', (request, reply) => pages.showPost(request, reply, (request.params as { id: string }).id));
      done();
    },
    { prefix: YOUTUBE_SANDBOX_PREFIX },
  );
}
