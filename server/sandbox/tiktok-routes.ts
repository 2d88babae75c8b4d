// The built-in TikTok sandbox: the same protocol as TikTok's Login Kit v2 and Content Posting API
// (reference/platforms.md §2) under /sandbox/tiktok, with the real paths below that prefix — so the
// TikTok adapter runs unchanged against it. Consent page, token endpoint (PKCE, rotating refresh
// tokens, revoke), user info, creator_info, direct-post init, chunk PUTs (206/201), status/fetch,
// and an account page that shows what was posted. Each account's `simulate` choice makes it
// misbehave like real accounts do (contract SANDBOX_SIMULATIONS). State: the shared sandbox_* tables.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TIKTOK_PRIVACY_LEVELS } from '../../contract/publishing';
import type { Db } from '../db/client';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from '../http/body-parser';
import type { SandboxAccountRow, SandboxPostRow, SandboxUploadRow } from '../db/schema-sandbox';
import type { SocialHttp } from '../domain/ports/social';
import type { TiktokEndpoints } from '../providers/social/tiktok/client';
import { bearer, fetchAppMedia, finishOrDrop, flakyOutcome, httpOrigin, parseRange, partFiles, readAuthParams, sandboxScope, storable, text, wellFormed, type AuthRequestCheck } from './common';
import { sandboxOwners } from './owners';
import { accountPageRoutes, channelView, consentRoutes, tokenRoutes, type OwnVideoFields, type SandboxPlatform } from './platform-kit';
import { avatarSvg, channelPage, consentPage, errorPage, type SandboxBrand } from './pages';
import { randomId, SandboxStore } from './store';

export const TIKTOK_SANDBOX_PREFIX = '/sandbox/tiktok';
export const TIKTOK_SANDBOX_CLIENT_KEY = 'reelflowsandboxkey';
export const TIKTOK_SANDBOX_CLIENT_SECRET = 'reelflow-tiktok-sandbox-secret';
/** Newer TikTok pages: access 2 h, refresh 180 days, rotating ([?] in platforms.md). */
export const TIKTOK_ACCESS_SECONDS = 2 * 3600;
export const TIKTOK_REFRESH_SECONDS = 180 * 24 * 3600;
/** TikTok's largest chunk: 64 MB, the last one up to 128 MB. */
export const TIKTOK_SANDBOX_MAX_CHUNK_BYTES = 128 * 1024 * 1024;
const MAX_VIDEO_BYTES = 4 * 1024 ** 3;
const MAX_DURATION_SEC = 600;

export const TIKTOK_BRAND: SandboxBrand = {
  platform: 'TikTok',
  noun: 'account',
  clientField: 'client_key',
  pkce: true,
  signInWord: 'sign',
  intro: (host) => `This is the built-in TikTok sandbox of this server, not TikTok. <strong>${host}</strong> asks to see your basic profile and to post videos to a sandbox account. Nothing is sent to TikTok.`,
  simulationLabels: {
    ok: 'Works normally',
    flaky: 'Flaky: about half of the upload requests fail (server error or dropped connection)',
    expired: 'Expiring sign-in: each access token works once, refreshing works',
    revoked: 'Revoked: refreshing fails, the account must be reconnected',
    quota: 'Quota: the account reached its daily limit of posts from apps (spam_risk_too_many_posts)',
    reject: 'Reject: TikTok fails the post after the upload (file_format_check_failed)',
  },
};

export interface TiktokSandboxOptions {
  db: Db;
  /** config.dataDir: partial uploads are kept in `${dataDir}/sandbox/tiktok/`. */
  dataDir: string;
  /** config.appUrl: upload addresses, and the only origin a redirect_uri may have. */
  appUrl: string;
  /** How long a finished upload stays PROCESSING_UPLOAD before PUBLISH_COMPLETE (or FAILED). */
  processingMs: number;
  /** How the sandbox pulls a PULL_FROM_URL video (always an address of this app's media route). */
  mediaHttp: () => SocialHttp;
}

/** The sandbox's addresses, TikTok's paths under APP_URL/sandbox/tiktok. */
export function tiktokSandboxEndpoints(appUrl: string): TiktokEndpoints {
  const base = `${appUrl.replace(/\/+$/, '')}${TIKTOK_SANDBOX_PREFIX}`;
  return { authorizeUrl: `${base}/v2/auth/authorize/`, tokenUrl: `${base}/v2/oauth/token/`, revokeUrl: `${base}/v2/oauth/revoke/`, apiBase: base, webBase: base };
}

const logId = () => `sbx${randomId(20)}`;

/** TikTok's envelope: `{"data":{…},"error":{"code","message","log_id"}}`. */
function envelope(reply: FastifyReply, status: number, data: unknown, code = 'ok', message = ''): FastifyReply {
  return reply.code(status).type('application/json; charset=UTF-8').send({ data: data ?? {}, error: { code, message, log_id: logId() } });
}
const apiError = (reply: FastifyReply, status: number, code: string, message: string) => envelope(reply, status, {}, code, message);

/** OAuth's flat error body. */
function oauthError(reply: FastifyReply, status: number, error: string, description: string): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').send({ error, error_description: description, log_id: logId() });
}

/** The consent request's parameters, checked like TikTok does (static redirect URIs without a query). */
function readAuthRequest(fields: unknown, appOrigin: string): AuthRequestCheck {
  const clientKey = text(fields, 'client_key');
  if (clientKey !== TIKTOK_SANDBOX_CLIENT_KEY) return { ok: false, status: 400, title: 'invalid_client', message: 'The client_key is not known.' };
  const redirectUri = text(fields, 'redirect_uri') ?? '';
  if (httpOrigin(redirectUri) !== appOrigin || redirectUri.includes('?')) return { ok: false, status: 400, title: 'redirect_uri', message: 'The redirect_uri is not registered for this app.' };
  return readAuthParams(fields, { clientId: clientKey, redirectUri });
}

interface SourceInfo {
  source?: unknown;
  video_url?: unknown;
  video_size?: unknown;
  chunk_size?: unknown;
  total_chunk_count?: unknown;
}

const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/** video/init's checks: the post info and a FILE_UPLOAD chunk plan that follows TikTok's rule. */
function initProblem(body: unknown, privacyOptions: readonly string[]): { status: number; code: string; message: string } | null {
  const bad = (message: string) => ({ status: 400, code: 'invalid_params', message });
  if (!body || typeof body !== 'object' || Buffer.isBuffer(body) || Array.isArray(body)) return bad('The request body must be JSON.');
  const { post_info: info, source_info: source } = body as { post_info?: Record<string, unknown>; source_info?: SourceInfo };
  if (!info || typeof info !== 'object') return bad('post_info is required.');
  const title = info.title ?? '';
  if (typeof title !== 'string' || title.length > 2200 || !storable(title)) return bad('The title must be text of at most 2200 characters.');
  if (typeof info.privacy_level !== 'string' || !(TIKTOK_PRIVACY_LEVELS as readonly string[]).includes(info.privacy_level)) return bad('privacy_level is invalid.');
  if (!privacyOptions.includes(info.privacy_level)) return { status: 403, code: 'privacy_level_option_mismatch', message: 'The privacy level is not one of the creator’s options.' };
  for (const flag of ['disable_duet', 'disable_comment', 'disable_stitch', 'brand_content_toggle', 'brand_organic_toggle', 'is_aigc']) {
    if (info[flag] !== undefined && typeof info[flag] !== 'boolean') return bad(`${flag} must be a boolean.`);
  }
  if (info.video_cover_timestamp_ms !== undefined && !(isInt(info.video_cover_timestamp_ms) && info.video_cover_timestamp_ms >= 0)) return bad('video_cover_timestamp_ms is invalid.');
  if (!source || typeof source !== 'object') return bad('source_info is required.');
  if (source.source === 'PULL_FROM_URL') {
    return typeof source.video_url === 'string' && source.video_url.length <= 2048 && wellFormed(source.video_url) ? null : bad('video_url must be the address of the video.');
  }
  if (source.source !== 'FILE_UPLOAD') return bad('source must be FILE_UPLOAD or PULL_FROM_URL.');
  const { video_size: size, chunk_size: chunk, total_chunk_count: count } = source;
  if (!isInt(size) || size <= 0 || size > MAX_VIDEO_BYTES || !isInt(chunk) || chunk <= 0 || chunk > size || !isInt(count)) return bad('video_size, chunk_size and total_chunk_count must be positive whole numbers.');
  // The sandbox is lenient about the 5 MB minimum (tests send small files in small chunks), strict about the arithmetic.
  if (count !== Math.max(1, Math.floor(size / chunk)) || count > 1000 || size - (count - 1) * chunk > TIKTOK_SANDBOX_MAX_CHUNK_BYTES) return bad('total_chunk_count does not match video_size / chunk_size.');
  return null;
}

interface StoredPlan {
  post_info: Record<string, unknown>;
  chunk_size: number;
  total_chunk_count: number;
}

export async function tiktokSandboxRoutes(app: FastifyInstance, options: TiktokSandboxOptions): Promise<void> {
  const store = new SandboxStore(options.db, 'tiktok', {
    accountIdPrefix: '-000',
    codePrefix: 'sbx-code-',
    accessPrefix: 'act.sbx-',
    refreshPrefix: 'rft.sbx-',
    accessSeconds: TIKTOK_ACCESS_SECONDS,
    refreshSeconds: TIKTOK_REFRESH_SECONDS,
  });
  const owners = sandboxOwners({ db: options.db, platform: 'tiktok', prefix: TIKTOK_SANDBOX_PREFIX, appUrl: options.appUrl }, store);
  const platform: SandboxPlatform = {
    prefix: TIKTOK_SANDBOX_PREFIX,
    store,
    owners,
    consentPage: (fields) => consentPage(fields, TIKTOK_BRAND),
    errorPage: (title, message) => errorPage(title, message, TIKTOK_BRAND),
  };
  const appOrigin = new URL(options.appUrl).origin;
  const endpoints = tiktokSandboxEndpoints(options.appUrl);
  const parts = partFiles(options.dataDir, 'tiktok');
  // TikTok's publish ids name the source: v_pub_file~… for FILE_UPLOAD, v_pub_url~… for PULL_FROM_URL.
  const publishIdOf = (upload: SandboxUploadRow) => `${isPull(upload) ? 'v_pub_url' : 'v_pub_file'}~v2-1.${upload.id}`;
  const uploadIdOf = (publishId: string | null) => /^v_pub_(?:file|url)~v2-1\.([A-Za-z0-9_-]{1,64})$/.exec(publishId ?? '')?.[1] ?? null;
  const username = (account: SandboxAccountRow) => account.handle.replace(/^@/, '');
  const isPull = (upload: SandboxUploadRow) => (upload.metadata as { source?: unknown }).source === 'PULL_FROM_URL';

  /** PROCESSING_UPLOAD (or _DOWNLOAD for a pulled video) while bytes arrive and for processingMs after; then the final state. */
  function statusOf(upload: SandboxUploadRow, post: SandboxPostRow | null, now: Date): Record<string, unknown> {
    if (isPull(upload) && (!post || now < post.readyAt)) return { status: 'PROCESSING_DOWNLOAD', downloaded_bytes: upload.receivedBytes };
    if (!post || now < post.readyAt) return { status: 'PROCESSING_UPLOAD', uploaded_bytes: upload.receivedBytes };
    if (post.status !== 'processed') return { status: 'FAILED', fail_reason: post.statusReason ?? 'internal', uploaded_bytes: upload.receivedBytes };
    return { status: 'PUBLISH_COMPLETE', publicaly_available_post_id: [post.id], uploaded_bytes: upload.receivedBytes };
  }

  function tiktokVideo(post: SandboxPostRow, account: SandboxAccountRow): OwnVideoFields {
    const info = (post.metadata.post_info ?? {}) as { privacy_level?: string };
    return { description: '', privacy: info.privacy_level ?? 'SELF_ONLY', url: `${endpoints.webBase}/@${encodeURIComponent(username(account))}/video/${post.id}` };
  }

  /** The account behind a Bearer token (SandboxStore.accountForToken); answers 401 access_token_invalid itself when there is none. */
  async function authorize(request: FastifyRequest, reply: FastifyReply, counts = true): Promise<SandboxAccountRow | null> {
    const account = await store.accountForToken(bearer(request), counts);
    if (!account) apiError(reply, 401, 'access_token_invalid', 'The access token is invalid or not found in the request.');
    return account;
  }

  function complete(upload: SandboxUploadRow, account: SandboxAccountRow): Promise<SandboxPostRow> {
    const rejected = account.simulate === 'reject';
    // A documented fail_reason (reference/platforms.md §2 "Status").
    return store.finishUpload(upload, parts, { status: rejected ? 'failed' : 'processed', statusReason: rejected ? 'file_format_check_failed' : null }, options.processingMs);
  }

  const creatorInfo = (account: SandboxAccountRow) => ({
    creator_avatar_url: `${endpoints.webBase}/avatar/${account.id}`,
    creator_username: username(account),
    creator_nickname: account.name,
    // Sandbox accounts may use every privacy level; nothing is disabled.
    privacy_level_options: [...TIKTOK_PRIVACY_LEVELS],
    comment_disabled: false,
    duet_disabled: false,
    stitch_disabled: false,
    max_video_post_duration_sec: MAX_DURATION_SEC,
  });

  /**
   * PULL_FROM_URL: TikTok downloads the video itself from a verified domain or prefix. The
   * sandbox's one verified prefix is this app's media route; elsewhere is url_ownership_unverified.
   * A download that fails leaves the post FAILED with video_pull_failed, as on TikTok.
   */
  async function pullFromUrl(reply: FastifyReply, account: SandboxAccountRow, info: Record<string, unknown>, videoUrl: string): Promise<FastifyReply> {
    const origin = httpOrigin(videoUrl);
    if (origin !== appOrigin || !new URL(videoUrl).pathname.startsWith('/media/')) {
      return apiError(reply, 403, 'url_ownership_unverified', 'The video_url domain or prefix is not verified for this app.');
    }
    const fetched = await fetchAppMedia(options.mediaHttp(), appOrigin, videoUrl, MAX_VIDEO_BYTES);
    const stored = { post_info: { ...info, title: typeof info.title === 'string' ? info.title : '' }, source: 'PULL_FROM_URL' };
    const upload = await store.createUpload({ accountId: account.id, metadata: stored, contentType: fetched?.contentType ?? 'video/mp4', totalBytes: fetched?.size ?? 0 });
    const rejected = account.simulate === 'reject';
    const outcome = !fetched ? { status: 'failed' as const, statusReason: 'video_pull_failed' } : rejected ? { status: 'failed' as const, statusReason: 'file_format_check_failed' } : { status: 'processed' as const, statusReason: null };
    await store.completeUpload(upload, { sha256: fetched?.sha256 ?? null, ...outcome, readyAt: new Date(Date.now() + options.processingMs) });
    return envelope(reply, 200, { publish_id: publishIdOf(upload) });
  }

  await app.register(
    (sandbox, _options, done) => {
      // TikTok's creator_info query is a POST with the JSON content type and no body at all. Bodies
      // are depth-bounded like the app's own (nothing downstream walks a pathologically deep value).
      sandbox.removeContentTypeParser('application/json');
      sandbox.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
        const textBody = typeof body === 'string' ? body : body.toString('utf8');
        if (textBody.trim() === '') return done(null, {});
        if (jsonDepthExceeds(textBody, MAX_JSON_DEPTH)) return done(Object.assign(new Error('The body is nested too deeply.'), { statusCode: 400 }), undefined);
        try {
          done(null, JSON.parse(textBody) as unknown);
        } catch {
          done(Object.assign(new Error('The body is not valid JSON.'), { statusCode: 400 }), undefined);
        }
      });
      sandbox.addContentTypeParser(['video/mp4', 'video/quicktime', 'video/webm', 'application/octet-stream'], { parseAs: 'buffer', bodyLimit: TIKTOK_SANDBOX_MAX_CHUNK_BYTES }, (_request, body, done) => done(null, body));
      sandboxScope(sandbox, (reply, status) => apiError(reply, status, status === 500 ? 'internal_error' : 'invalid_params', status === 500 ? 'Something went wrong.' : 'The request is invalid.'));

      // --- Login Kit ---------------------------------------------------------------------------
      consentRoutes(sandbox, platform, {
        path: '/v2/auth/authorize/',
        readAuthRequest: (fields) => readAuthRequest(fields, appOrigin),
        noun: 'account',
        defaultScope: 'user.info.basic,video.publish,video.upload',
        denied: { error_description: 'The user denied the authorization.' },
        granted: (code, scope, state) => ({ code, scopes: scope, ...state }),
      });
      tokenRoutes(sandbox, platform, {
        path: '/v2/oauth/token/',
        client: { idField: 'client_key', id: TIKTOK_SANDBOX_CLIENT_KEY, secret: TIKTOK_SANDBOX_CLIENT_SECRET, unknown: 'Client key or secret is incorrect.' },
        oauthError,
        code: { invalid: 'Authorization code is expired.', redirectMismatch: ['invalid_request', 'The redirect_uri does not match.'], verifier: 'Code verifier or code challenge is invalid.' },
        // Refresh tokens rotate: the old one dies as the new one is issued.
        refresh: { rotates: true, invalid: 'Refresh token is invalid or expired.' },
        unsupportedGrant: 'The grant_type is not supported.',
        answer: (accountId, tokens) => ({
          open_id: accountId,
          scope: tokens.scope,
          access_token: tokens.accessToken,
          expires_in: TIKTOK_ACCESS_SECONDS,
          refresh_token: tokens.refreshToken,
          refresh_expires_in: TIKTOK_REFRESH_SECONDS,
          token_type: 'Bearer',
        }),
        revoke: { path: '/v2/oauth/revoke/', checksClient: true, invalid: ['invalid_request', 'The token is invalid.'] },
      });

      // --- Display API -------------------------------------------------------------------------
      sandbox.get('/v2/user/info/', async (request, reply) => {
        const account = await authorize(request, reply, false);
        if (!account) return reply;
        const fields = new Set((text(request.query, 'fields') ?? '').split(',').map((field) => field.trim()));
        const user: Record<string, string> = { open_id: account.id, union_id: account.id, avatar_url: `${endpoints.webBase}/avatar/${account.id}`, display_name: account.name, username: username(account) };
        return envelope(reply, 200, { user: Object.fromEntries(Object.entries(user).filter(([key]) => fields.has(key))) });
      });

      // --- Content Posting API -----------------------------------------------------------------
      sandbox.post('/v2/post/publish/creator_info/query/', async (request, reply) => {
        const account = await authorize(request, reply);
        if (!account) return reply;
        return envelope(reply, 200, creatorInfo(account));
      });

      sandbox.post('/v2/post/publish/video/init/', async (request, reply) => {
        const account = await authorize(request, reply);
        if (!account) return reply;
        if (account.simulate === 'quota') return apiError(reply, 403, 'spam_risk_too_many_posts', 'The user has reached the daily post cap for API clients.');
        const problem = initProblem(request.body, creatorInfo(account).privacy_level_options);
        if (problem) return apiError(reply, problem.status, problem.code, problem.message);
        const { post_info: info, source_info: source } = request.body as { post_info: Record<string, unknown>; source_info: Required<SourceInfo> & { video_size: number; chunk_size: number; total_chunk_count: number } };
        if (source.source === 'PULL_FROM_URL') return pullFromUrl(reply, account, info, source.video_url as string);
        const stored: StoredPlan = {
          post_info: { ...info, title: typeof info.title === 'string' ? info.title : '' },
          chunk_size: source.chunk_size,
          total_chunk_count: source.total_chunk_count,
        };
        const upload = await store.createUpload({ accountId: account.id, metadata: stored as unknown as Record<string, unknown>, contentType: 'video/mp4', totalBytes: source.video_size });
        return envelope(reply, 200, { publish_id: publishIdOf(upload), upload_url: `${endpoints.apiBase}/upload/video/?upload_id=${upload.id}` });
      });

      sandbox.post('/v2/post/publish/status/fetch/', async (request, reply) => {
        const account = await authorize(request, reply);
        if (!account) return reply;
        const uploadId = uploadIdOf(text(request.body, 'publish_id'));
        const upload = uploadId ? await store.upload(uploadId) : null;
        if (!upload || upload.accountId !== account.id) return apiError(reply, 400, 'invalid_publish_id', 'The publish_id does not exist.');
        const post = upload.postId ? await store.post(upload.postId) : null;
        return envelope(reply, 200, statusOf(upload, post, new Date()));
      });

      // --- Chunk upload ------------------------------------------------------------------------
      const sessionOf = async (request: FastifyRequest) => {
        const uploadId = text(request.query, 'upload_id');
        return uploadId && /^[A-Za-z0-9_-]{1,64}$/.test(uploadId) ? store.upload(uploadId) : null;
      };
      const noSession = (reply: FastifyReply) => apiError(reply, 404, 'invalid_params', 'The upload was not found or has expired.');
      sandbox.put(
        '/upload/video/',
        {
          bodyLimit: TIKTOK_SANDBOX_MAX_CHUNK_BYTES,
          // An unknown upload is refused before its body is read.
          onRequest: async (request: FastifyRequest, reply: FastifyReply) => ((await sessionOf(request)) ? undefined : noSession(reply)),
        },
        async (request, reply) => {
          // As on TikTok, the upload address is what authorizes the bytes.
          const upload = await sessionOf(request);
          // A pulled video has no upload address: TikTok fetched it.
          if (!upload || isPull(upload)) return noSession(reply);
          const account = (await store.account(upload.accountId))!;
          const plan = upload.metadata as unknown as StoredPlan;
          const outcome = account.simulate === 'flaky' ? flakyOutcome(upload.id, await store.countRequest(upload.id)) : 'ok';
          if (outcome === 'fail') return apiError(reply, 503, 'internal_error', 'Something went wrong. Please try again later.');
          const bytes = Buffer.isBuffer(request.body) ? request.body : null;
          if (!bytes) return apiError(reply, 400, 'invalid_file_upload', 'The body must be the bytes of the video, sent as video/mp4, video/quicktime or video/webm.');
          const header = request.headers['content-range'];
          const range = parseRange(typeof header === 'string' ? header : undefined);
          if (!range || range.probe || range.total !== upload.totalBytes || bytes.length !== range.last - range.first + 1) {
            return apiError(reply, 400, 'invalid_file_upload', 'The Content-Range header is invalid or does not match the chunk.');
          }
          // Chunks follow the plan of the init: each starts on a chunk boundary, the last absorbs the remainder.
          const index = range.first / plan.chunk_size;
          const expectedEnd = index === plan.total_chunk_count - 1 ? upload.totalBytes : range.first + plan.chunk_size;
          if (!Number.isInteger(index) || index >= plan.total_chunk_count || range.last + 1 !== expectedEnd) {
            return apiError(reply, 400, 'invalid_file_upload', 'The chunk does not follow the chunk plan of the init.');
          }
          const finish = (status: number) => finishOrDrop(reply, outcome, () => reply.code(status).send(''));
          if (upload.postId) return finish(201);
          // Sequential: a chunk beyond what is stored is refused; a repeated one overwrites itself.
          if (range.first > upload.receivedBytes) return apiError(reply, 416, 'invalid_file_upload', 'Chunks must be sent in order.');
          await parts.writeAt(upload.id, bytes, range.first);
          const received = await store.recordBytes(upload.id, range.last + 1);
          if (received < upload.totalBytes) return finish(206);
          await complete({ ...upload, receivedBytes: received }, account);
          return finish(201);
        },
      );

      // --- Pages for people --------------------------------------------------------------------
      const pages = accountPageRoutes(sandbox, platform, {
        view: (account, posts) => channelView(account, posts, tiktokVideo),
        page: (view) => channelPage(view, TIKTOK_BRAND),
        avatar: avatarSvg,
        missing: { account: ['Account not found', 'No sandbox account of yours has this id or name.'], post: ['Video not found', 'No sandbox video of yours has this id.'] },
        notFound: (reply, _key, asked) => apiError(reply, 404, 'invalid_params', asked === 'account' ? 'The sandbox account was not found.' : 'Not found.'),
        postAnchor: 'video',
      });
      // TikTok's own addresses: /@name (the profile) and /@name/video/{id} (a post).
      sandbox.get('/:profile', (request, reply) => {
        const profile = (request.params as { profile: string }).profile;
        if (!profile.startsWith('@')) return apiError(reply, 404, 'invalid_params', 'Not found.');
        return pages.showAccount(request, reply, profile);
      });
      sandbox.get('/:profile/video/:id', (request, reply) => {
        const { profile, id } = request.params as { profile: string; id: string };
        if (!profile.startsWith('@') || !/^[A-Za-z0-9_-]{1,64}$/.test(id)) return apiError(reply, 404, 'invalid_params', 'Not found.');
        return reply.redirect(`${TIKTOK_SANDBOX_PREFIX}/channel/${encodeURIComponent(profile)}#video-${id}`, 302);
      });
      done();
    },
    { prefix: TIKTOK_SANDBOX_PREFIX },
  );
}

