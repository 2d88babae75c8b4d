// The built-in Instagram sandbox: Instagram Login and the Reels URL-pull protocol
// (reference/platforms.md §3) under /sandbox/instagram, with the real paths below that prefix —
// so the Instagram adapter runs unchanged against it and only its endpoints differ. Consent page,
// code → short-lived token (answered wrapped in data[]) → long-lived token → ig_refresh_token,
// /me, Reel containers (the sandbox FETCHES video_url, like Meta, and keeps its size and sha256),
// status_code transitions, media_publish, content_publishing_limit, and an account page.
// Each account's `simulate` choice makes it misbehave the way real accounts do.
//
// Tables (migration 0007, no new columns): a container is a sandbox_uploads row (its settings and
// fetched file in `metadata`, the published media id in `post_id`), a published Reel a
// sandbox_posts row whose unique upload_id is the container — one container, at most one Reel.
import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { sandboxPosts, sandboxUploads, type SandboxAccountRow, type SandboxPostRow, type SandboxUploadRow } from '../db/schema-sandbox';
import { randomSecret } from '../domain/auth/secrets';
import type { InstagramEndpoints } from '../providers/social/instagram/client';
import type { SocialHttp } from '../domain/ports/social';
import { avatarSvg } from './pages';
import { instagramAccountPage, instagramConsentPage, instagramErrorPage, type InstagramAccountView } from './instagram-pages';
import { sandboxOwners } from './owners';
import { accountPageRoutes, consentRoutes, tokenRoutes, type SandboxPlatform } from './platform-kit';
import { SandboxStore } from './store';
import { bearer, finishOrDrop, oauthHeaderToken, fetchAppMedia, partFiles, httpOrigin, text, wellFormed, sandboxScope, type AuthRequestCheck } from './common';

export const INSTAGRAM_SANDBOX_PREFIX = '/sandbox/instagram';
/** The Instagram sandbox's one app: what createSocialAdapters configures the adapter with. */
export const INSTAGRAM_SANDBOX_CLIENT_ID = '990000000000001';
export const INSTAGRAM_SANDBOX_CLIENT_SECRET = 'reelflow-instagram-sandbox-secret';
const API_VERSION = 'v22.0';
const SHORT_LIVED_SECONDS = 3600;
const LONG_LIVED_SECONDS = 60 * 24 * 3600;
const CONTAINER_LIFETIME_MS = 24 * 3600 * 1000;
/** Posts per rolling 24 h the sandbox allows (Meta's own number is 25, 50 or 100 depending on the page [?]). */
export const SANDBOX_PUBLISHING_LIMIT = 50;
const QUOTA_WINDOW_SECONDS = 24 * 3600;
/** Largest video the sandbox fetches (Meta's 300 MB / 1 GB [?]). */
const MAX_VIDEO_BYTES = 1024 ** 3;

export interface InstagramSandboxOptions {
  db: Db;
  /** config.appUrl: the only origin a redirect_uri or a video_url may have. */
  appUrl: string;
  /** config.dataDir: resumable uploads in progress are kept in `${dataDir}/sandbox/instagram/`. */
  dataDir: string;
  /** How long a container stays IN_PROGRESS. */
  processingMs: number;
  /**
   * How the sandbox fetches a container's video_url (always an address of this app's media
   * route): the app itself in-process once its routes are mounted, else plain fetch.
   */
  mediaHttp: () => SocialHttp;
}

export function instagramSandboxEndpoints(appUrl: string): InstagramEndpoints {
  const base = `${appUrl.replace(/\/+$/, '')}${INSTAGRAM_SANDBOX_PREFIX}`;
  return { authorizeUrl: `${base}/oauth/authorize`, tokenUrl: `${base}/oauth/access_token`, graphBase: base, apiBase: `${base}/${API_VERSION}` };
}

/** Graph API's error envelope. OAuth errors (code 190) come with HTTP 400, like Meta's. */
function graphError(reply: FastifyReply, status: number, code: number, message: string, extra: { subcode?: number; transient?: boolean; type?: string } = {}): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .send({
      error: {
        message,
        type: extra.type ?? (code === 190 ? 'OAuthException' : 'IGApiException'),
        code,
        ...(extra.subcode !== undefined ? { error_subcode: extra.subcode } : {}),
        is_transient: extra.transient ?? false,
        fbtrace_id: randomSecret(12),
      },
    });
}

/** api.instagram.com's older OAuth error shape. */
function oauthError(reply: FastifyReply, message: string): FastifyReply {
  return reply.code(400).header('cache-control', 'no-store').send({ error_type: 'OAuthException', code: 400, error_message: message });
}

const numericId = () => `17${Array.from({ length: 15 }, () => randomInt(10)).join('')}`;
const isId = (value: string) => /^[A-Za-z0-9_-]{1,64}$/.test(value);

interface ContainerMeta {
  caption: string;
  share_to_feed: boolean;
  thumb_offset_ms: number | null;
  /** null until a resumable container's video is uploaded. */
  sha256: string | null;
  /** When processing ends (null: still waiting for a resumable upload), and how: FINISHED, or ERROR with Meta's status text. */
  ready_at: string | null;
  outcome: 'FINISHED' | 'ERROR';
  error_status: string | null;
}

/** 'flaky': a deterministic coin per account and request number — a 500, a transient error, a dropped answer, or fine. */
function flakyOutcome(accountId: string, request: number): 'fail' | 'transient' | 'drop' | 'ok' {
  const roll = createHash('sha256').update(`${accountId}:${request}`).digest()[0]!;
  return roll < 43 ? 'fail' : roll < 86 ? 'transient' : roll < 128 ? 'drop' : 'ok';
}

export async function instagramSandboxRoutes(app: FastifyInstance, options: InstagramSandboxOptions): Promise<void> {
  const store = new SandboxStore(options.db, 'instagram');
  const owners = sandboxOwners({ db: options.db, platform: 'instagram', prefix: INSTAGRAM_SANDBOX_PREFIX, appUrl: options.appUrl }, store);
  const platform: SandboxPlatform = { prefix: INSTAGRAM_SANDBOX_PREFIX, store, owners, consentPage: instagramConsentPage, errorPage: instagramErrorPage };
  const db = options.db;
  const appOrigin = new URL(options.appUrl).origin;
  const endpoints = instagramSandboxEndpoints(options.appUrl);
  const base = endpoints.graphBase;
  const requests = new Map<string, number>();
  const uploadParts = partFiles(options.dataDir, 'instagram');

  const flaky = (account: SandboxAccountRow) => {
    if (account.simulate !== 'flaky') return 'ok' as const;
    const next = (requests.get(account.id) ?? 0) + 1;
    requests.set(account.id, next);
    return flakyOutcome(account.id, next);
  };
  /** A flaky failure answered before anything is done; null when the request goes on. */
  const failEarly = (reply: FastifyReply, outcome: ReturnType<typeof flakyOutcome>): FastifyReply | null => {
    if (outcome === 'fail') return graphError(reply, 500, 1, 'An unknown error occurred', { transient: true });
    if (outcome === 'transient') return graphError(reply, 500, 2, 'An unexpected error has occurred. Please retry your request later.', { transient: true });
    return null;
  };
  /** 'drop': the work is done, the answer is lost (the client must find out what happened). */
  const finish = finishOrDrop;

  /** The token of an API call: `access_token` in the query or form body (Meta's way), or a Bearer header. */
  const tokenOf = (request: FastifyRequest) => text(request.query, 'access_token') ?? text(request.body, 'access_token') ?? bearer(request) ?? oauthHeaderToken(request);

  /**
   * The account behind the call's token; answers the 190 itself when there is none. Reading the
   * profile never counts as a use, so connecting always works; the other calls do: an 'expired'
   * account's token works for one of them (then 190/463), a 'revoked' one's for none (190/460).
   */
  async function authorize(request: FastifyRequest, reply: FastifyReply, counts = true): Promise<SandboxAccountRow | null> {
    const token = tokenOf(request);
    const used = token && token.length <= 500 ? await store.useAccessToken(token, counts) : null;
    if (!used) {
      graphError(reply, 400, 190, 'Invalid OAuth access token - Cannot parse access token');
      return null;
    }
    if (counts && used.account.simulate === 'revoked') {
      graphError(reply, 400, 190, 'Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.', { subcode: 460 });
      return null;
    }
    if (counts && used.account.simulate === 'expired' && used.uses > 1) {
      graphError(reply, 400, 190, 'Error validating access token: Session has expired.', { subcode: 463 });
      return null;
    }
    return used.account;
  }

  const ownAccount = (account: SandboxAccountRow, userId: string) => userId === account.id;
  const noObject = (reply: FastifyReply, id: string) =>
    graphError(reply, 400, 100, `Unsupported get request. Object with ID '${id.slice(0, 64)}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`, { subcode: 33, type: 'GraphMethodException' });

  /**
   * The common start of a Graph call: the token's account, a 'flaky' account's coin (a failure is
   * answered here), and, for /{ig-user-id}/… paths, that the id is the token's own account.
   * null when the answer was already sent.
   */
  async function begin(request: FastifyRequest, reply: FastifyReply): Promise<{ account: SandboxAccountRow; outcome: ReturnType<typeof flakyOutcome> } | null> {
    const account = await authorize(request, reply);
    if (!account) return null;
    const outcome = flaky(account);
    if (failEarly(reply, outcome)) return null;
    const userId = (request.params as { userId?: string }).userId;
    if (userId !== undefined && !ownAccount(account, userId)) {
      noObject(reply, userId);
      return null;
    }
    return { account, outcome };
  }

  const containerOf = async (account: SandboxAccountRow, id: string): Promise<SandboxUploadRow | null> => {
    if (!isId(id)) return null;
    const rows = await db.select().from(sandboxUploads).where(and(eq(sandboxUploads.id, id), eq(sandboxUploads.accountId, account.id)));
    const row = rows[0];
    return row && (row.metadata as { kind?: unknown }).kind === 'instagram_container' ? row : null;
  };

  function statusOf(container: SandboxUploadRow, now: Date): { code: string; status: string } {
    const meta = container.metadata as unknown as ContainerMeta;
    if (container.postId) return { code: 'PUBLISHED', status: 'Published: the Reel is live.' };
    if (now.getTime() - container.createdAt.getTime() > CONTAINER_LIFETIME_MS) return { code: 'EXPIRED', status: 'Expired: the container was not published within 24 hours.' };
    if (meta.ready_at === null) return { code: 'IN_PROGRESS', status: 'In Progress: waiting for the video upload.' };
    if (now < new Date(meta.ready_at)) return { code: 'IN_PROGRESS', status: 'In Progress: the video is being processed.' };
    if (meta.outcome === 'ERROR') return { code: 'ERROR', status: meta.error_status ?? 'Error' };
    return { code: 'FINISHED', status: 'Finished: ready to publish.' };
  }

  const postsSince = async (accountId: string, since: Date) =>
    Number((await db.select({ n: sql<number>`count(*)::int` }).from(sandboxPosts).where(and(eq(sandboxPosts.accountId, accountId), eq(sandboxPosts.platform, 'instagram'), gte(sandboxPosts.createdAt, since))))[0]?.n ?? 0);

  async function quotaUsage(account: SandboxAccountRow): Promise<number> {
    if (account.simulate === 'quota') return SANDBOX_PUBLISHING_LIMIT;
    return postsSince(account.id, new Date(Date.now() - QUOTA_WINDOW_SECONDS * 1000));
  }

  /** Fetches the video like Meta does, from this app's media route only. */
  const fetchVideo = (videoUrl: string) => fetchAppMedia(options.mediaHttp(), appOrigin, videoUrl, MAX_VIDEO_BYTES);

  /** Creates the Reel of a FINISHED container exactly once (the unique upload_id decides a race). */
  async function publishContainer(container: SandboxUploadRow): Promise<SandboxPostRow> {
    const meta = container.metadata as unknown as ContainerMeta;
    return db.transaction(async (tx) => {
      const inserted = await tx
        .insert(sandboxPosts)
        .values({
          id: numericId(),
          accountId: container.accountId,
          platform: 'instagram',
          uploadId: container.id,
          title: meta.caption.split('\n')[0]!.slice(0, 100),
          metadata: { caption: meta.caption, share_to_feed: meta.share_to_feed, thumb_offset_ms: meta.thumb_offset_ms, media_product_type: 'REELS' },
          sizeBytes: container.totalBytes,
          sha256: meta.sha256,
          status: 'processed',
          statusReason: null,
          readyAt: new Date(),
        })
        .onConflictDoNothing({ target: sandboxPosts.uploadId })
        .returning();
      const post = inserted[0] ?? (await tx.select().from(sandboxPosts).where(eq(sandboxPosts.uploadId, container.id)))[0]!;
      await tx.update(sandboxUploads).set({ postId: post.id, updatedAt: new Date() }).where(eq(sandboxUploads.id, container.id));
      return post;
    });
  }

  const permalink = (post: SandboxPostRow) => `${base}/reel/${post.id}`;
  const captionOf = (post: SandboxPostRow) => {
    const caption = (post.metadata as { caption?: unknown }).caption;
    return typeof caption === 'string' ? caption : '';
  };

  function accountView(account: SandboxAccountRow, posts: SandboxPostRow[]): InstagramAccountView {
    return {
      id: account.id,
      name: account.name,
      username: account.handle.replace(/^@/, ''),
      simulate: account.simulate,
      sandbox: true,
      reels: posts.map((post) => {
        const meta = post.metadata as { share_to_feed?: unknown; thumb_offset_ms?: unknown };
        return {
          id: post.id,
          caption: captionOf(post),
          share_to_feed: meta.share_to_feed !== false,
          thumb_offset_ms: typeof meta.thumb_offset_ms === 'number' ? meta.thumb_offset_ms : null,
          size_bytes: post.sizeBytes,
          sha256: post.sha256,
          container_id: post.uploadId,
          published_at: post.createdAt.toISOString(),
          permalink: permalink(post),
        };
      }),
    };
  }

  /** The consent request, checked like Instagram Login does (no PKCE). */
  function readAuthRequest(fields: unknown): AuthRequestCheck {
    if (text(fields, 'client_id') !== INSTAGRAM_SANDBOX_CLIENT_ID) return { ok: false, status: 400, title: 'Invalid app ID', message: 'The app id is not the sandbox app.' };
    const redirectUri = text(fields, 'redirect_uri') ?? '';
    if (httpOrigin(redirectUri) !== appOrigin) return { ok: false, status: 400, title: 'Invalid redirect_uri', message: 'The redirect_uri does not belong to this app.' };
    const responseType = text(fields, 'response_type');
    if (responseType !== null && responseType !== 'code') return { ok: false, status: 400, title: 'Invalid response_type', message: 'Only response_type=code is supported.' };
    const state = text(fields, 'state') ?? '';
    const scope = text(fields, 'scope') ?? '';
    if (state.length > 2000 || scope.length > 2000 || !wellFormed(state) || !wellFormed(scope)) return { ok: false, status: 400, title: 'Invalid request', message: 'The state or scope is not valid.' };
    return { ok: true, value: { clientId: INSTAGRAM_SANDBOX_CLIENT_ID, redirectUri, state, scope, codeChallenge: '', codeChallengeMethod: '' } };
  }

  /**
   * rupload's answer to a resumable container's bytes (`offset` and `file_size` headers, the raw
   * video as body) or to a `file_url` header (Meta fetches the hosted file). Bytes may come in
   * contiguous pieces (a resume from the offset the sandbox holds); the last one starts processing.
   */
  async function receiveUpload(request: FastifyRequest, reply: FastifyReply, container: SandboxUploadRow): Promise<FastifyReply> {
    const meta = container.metadata as unknown as ContainerMeta;
    const uploaded = { success: true, message: 'Upload successful.' };
    if (meta.ready_at !== null) return reply.send(uploaded);
    const startProcessing = async (sha256: string, size: number, contentType: string) => {
      const ready = { ...meta, sha256, ready_at: new Date(Date.now() + options.processingMs).toISOString() };
      await db.update(sandboxUploads).set({ metadata: ready, totalBytes: size, receivedBytes: size, contentType, updatedAt: new Date() }).where(eq(sandboxUploads.id, container.id));
      return reply.send(uploaded);
    };
    const fileUrl = request.headers.file_url;
    if (typeof fileUrl === 'string') {
      const video = await fetchVideo(fileUrl);
      if (!video) return graphError(reply, 400, 9004, 'The media could not be fetched from this uri.', { subcode: 2207052 });
      return startProcessing(video.sha256, video.size, video.contentType);
    }
    const offset = Number(request.headers.offset ?? NaN);
    const fileSize = Number(request.headers.file_size ?? NaN);
    const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(fileSize) || fileSize <= 0 || fileSize > MAX_VIDEO_BYTES || offset + bytes.length > fileSize || bytes.length === 0) {
      return graphError(reply, 400, 100, 'The offset and file_size headers and the video bytes are required.');
    }
    if (offset !== container.receivedBytes) return graphError(reply, 400, 100, `The upload must continue at offset ${container.receivedBytes}.`);
    await uploadParts.writeAt(container.id, bytes, offset);
    const received = offset + bytes.length;
    await db.update(sandboxUploads).set({ receivedBytes: received, totalBytes: fileSize, updatedAt: new Date() }).where(eq(sandboxUploads.id, container.id));
    if (received < fileSize) return reply.send({ success: true, message: 'Upload in progress.', offset: received });
    const sha256 = await uploadParts.sha256(container.id, fileSize);
    await uploadParts.remove(container.id);
    return startProcessing(sha256 ?? '', fileSize, 'video/mp4');
  }

  await app.register(
    (sandbox, _options, done) => {
      sandbox.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      sandboxScope(sandbox, (reply, status) =>
        status === 500 ? graphError(reply, 500, 1, 'An unknown error occurred', { transient: true }) : graphError(reply, status, 100, 'Invalid parameter', { type: 'OAuthException' }),
      );

      // --- Instagram Login ---------------------------------------------------------------------
      consentRoutes(sandbox, platform, {
        path: '/oauth/authorize',
        readAuthRequest,
        noun: 'account',
        formName: 'login form',
        defaultScope: 'instagram_business_basic,instagram_business_content_publish',
        denied: { error_reason: 'user_denied', error_description: 'Permissions error' },
        granted: (code, _scope, state) => ({ code, ...state }),
      });
      // api.instagram.com/oauth/access_token: the code for a short-lived token (1 h), no refresh token.
      tokenRoutes(sandbox, platform, {
        path: '/oauth/access_token',
        client: { idField: 'client_id', id: INSTAGRAM_SANDBOX_CLIENT_ID, secret: INSTAGRAM_SANDBOX_CLIENT_SECRET, unknown: 'Invalid Client ID' },
        // api.instagram.com's older OAuth error shape: always 400, only the message differs.
        oauthError: (reply, _status, _error, message) => oauthError(reply, message),
        code: {
          invalid: 'This authorization code has been used or has expired',
          redirectMismatch: ['invalid_request', 'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request'],
          verifier: 'Invalid code verifier',
        },
        unsupportedGrant: 'Invalid grant_type',
        issueForCode: (grant) => store.issueTokens(grant, false, SHORT_LIVED_SECONDS),
        // The newer documentation's shape (wrapped in data[]); the adapter takes the flat one too.
        answer: (accountId, tokens) => ({ data: [{ access_token: tokens.accessToken, user_id: accountId, permissions: tokens.scope }] }),
      });

      // graph.instagram.com/access_token: short-lived → long-lived (60 days).
      sandbox.get('/access_token', async (request, reply) => {
        const query = request.query;
        if (text(query, 'grant_type') !== 'ig_exchange_token') return graphError(reply, 400, 100, 'Unsupported grant_type', { type: 'OAuthException' });
        if (text(query, 'client_secret') !== INSTAGRAM_SANDBOX_CLIENT_SECRET) return graphError(reply, 400, 101, 'Error validating client secret.', { type: 'OAuthException' });
        const token = text(query, 'access_token');
        const found = token && token.length <= 500 ? await store.findAccess(token) : null;
        if (!found) return graphError(reply, 400, 190, 'Invalid OAuth access token - Cannot parse access token');
        const tokens = await store.issueTokens(found.token, false, LONG_LIVED_SECONDS);
        return reply.header('cache-control', 'no-store').send({ access_token: tokens.accessToken, token_type: 'bearer', expires_in: LONG_LIVED_SECONDS });
      });

      // graph.instagram.com/refresh_access_token: a live long-lived token for a new one of 60 days.
      // Meta refreshes only tokens at least 24 h old; the sandbox does not wait (its 'expired'
      // simulation refreshes tokens minutes old), documented in docs/decisions/publishing.md.
      sandbox.get('/refresh_access_token', async (request, reply) => {
        if (text(request.query, 'grant_type') !== 'ig_refresh_token') return graphError(reply, 400, 100, 'Unsupported grant_type', { type: 'OAuthException' });
        const token = text(request.query, 'access_token');
        const found = token && token.length <= 500 ? await store.findAccess(token) : null;
        if (!found) return graphError(reply, 400, 190, 'Error validating access token: Session has expired.', { subcode: 463 });
        if (found.account.simulate === 'revoked') {
          return graphError(reply, 400, 190, 'Error validating access token: The session has been invalidated because the user changed their password.', { subcode: 460 });
        }
        const tokens = await store.issueTokens(found.token, false, LONG_LIVED_SECONDS);
        return reply.header('cache-control', 'no-store').send({ access_token: tokens.accessToken, token_type: 'bearer', expires_in: LONG_LIVED_SECONDS });
      });

      // --- Graph API ---------------------------------------------------------------------------
      sandbox.get(`/${API_VERSION}/me`, async (request, reply) => {
        const account = await authorize(request, reply, false);
        if (!account) return reply;
        return reply.send({
          id: account.id,
          user_id: account.id,
          username: account.handle.replace(/^@/, ''),
          name: account.name,
          account_type: 'BUSINESS',
          profile_picture_url: `${base}/avatar/${account.id}`,
        });
      });

      sandbox.get(`/${API_VERSION}/:userId/content_publishing_limit`, async (request, reply) => {
        const started = await begin(request, reply);
        if (!started) return reply;
        const { account } = started;
        return reply.send({ data: [{ config: { quota_total: SANDBOX_PUBLISHING_LIMIT, quota_duration: QUOTA_WINDOW_SECONDS }, quota_usage: await quotaUsage(account) }] });
      });

      sandbox.post(`/${API_VERSION}/:userId/media`, async (request, reply) => {
        const started = await begin(request, reply);
        if (!started) return reply;
        const { account, outcome } = started;
        const fields = { ...(request.query as object), ...(request.body && typeof request.body === 'object' && !Buffer.isBuffer(request.body) ? request.body : {}) };
        if (text(fields, 'media_type') !== 'REELS') return graphError(reply, 400, 100, 'The parameter media_type must be REELS in the sandbox.');
        const caption = text(fields, 'caption') ?? '';
        if ([...caption].length > 2200 || !wellFormed(caption.replace(/[\n\r\t]/g, ' '))) return graphError(reply, 400, 100, 'The caption is invalid (at most 2200 characters).');
        const shareToFeed = text(fields, 'share_to_feed') ?? 'true';
        const thumbOffset = text(fields, 'thumb_offset');
        if (!['true', 'false'].includes(shareToFeed) || (thumbOffset !== null && !/^\d{1,9}$/.test(thumbOffset))) return graphError(reply, 400, 100, 'Invalid parameter');
        const rejected = account.simulate === 'reject';
        const meta: ContainerMeta & { kind: string } = {
          kind: 'instagram_container',
          caption,
          share_to_feed: shareToFeed === 'true',
          thumb_offset_ms: thumbOffset === null ? null : Number(thumbOffset),
          sha256: null,
          ready_at: null,
          outcome: rejected ? 'ERROR' : 'FINISHED',
          error_status: rejected ? 'Error: Media upload has failed with error code 2207026' : null,
        };
        const id = numericId();
        // The resumable flow: the container first, the bytes later through its upload uri.
        if (text(fields, 'upload_type') === 'resumable') {
          await db.insert(sandboxUploads).values({ id, accountId: account.id, metadata: meta as unknown as Record<string, unknown>, contentType: 'video/mp4', totalBytes: 0, receivedBytes: 0 });
          return finish(reply, outcome, () => reply.send({ id, uri: `${base}/ig-api-upload/${API_VERSION}/${id}` }));
        }
        const videoUrl = text(fields, 'video_url');
        if (!videoUrl || videoUrl.length > 4000) return graphError(reply, 400, 100, 'The parameter video_url is required');
        const video = await fetchVideo(videoUrl);
        if (!video) return graphError(reply, 400, 9004, 'The media could not be fetched from this uri: the video_url is not reachable or not a video of this app.', { subcode: 2207052 });
        const fetched = { ...meta, sha256: video.sha256, ready_at: new Date(Date.now() + options.processingMs).toISOString() };
        await db.insert(sandboxUploads).values({ id, accountId: account.id, metadata: fetched, contentType: video.contentType, totalBytes: video.size, receivedBytes: video.size });
        return finish(reply, outcome, () => reply.send({ id }));
      });

      // rupload.facebook.com/ig-api-upload/{version}/{container}: the resumable upload's bytes.
      void sandbox.register((upload, _uploadOptions, uploadDone) => {
        upload.removeAllContentTypeParsers();
        upload.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_VIDEO_BYTES }, (_request, body, parsed) => parsed(null, body));
        upload.post('/ig-api-upload/:version/:id', { bodyLimit: MAX_VIDEO_BYTES }, async (request, reply) => {
          const started = await begin(request, reply);
          if (!started) return reply;
          const id = (request.params as { id: string }).id;
          const container = await containerOf(started.account, id);
          if (!container) return noObject(reply, id);
          return receiveUpload(request, reply, container);
        });
        uploadDone();
      });

      sandbox.post(`/${API_VERSION}/:userId/media_publish`, async (request, reply) => {
        const started = await begin(request, reply);
        if (!started) return reply;
        const { account, outcome } = started;
        const creationId = text(request.body, 'creation_id') ?? text(request.query, 'creation_id') ?? '';
        const container = await containerOf(account, creationId);
        if (!container) return noObject(reply, creationId);
        if ((await quotaUsage(account)) >= SANDBOX_PUBLISHING_LIMIT) return graphError(reply, 400, 9, 'Application request limit reached', { subcode: 2207042 });
        const { code } = statusOf(container, new Date());
        if (code === 'IN_PROGRESS') return graphError(reply, 400, 9007, 'Media ID is not available: the media is not ready for publishing, please wait for a moment', { subcode: 2207027 });
        if (code === 'EXPIRED') return graphError(reply, 400, -2, 'The media has expired', { subcode: 2207020 });
        if (code === 'ERROR') return graphError(reply, 400, 9007, 'The media could not be published', { subcode: 2207026 });
        if (code === 'PUBLISHED') return graphError(reply, 400, 100, 'This container has already been published.');
        const post = await publishContainer(container);
        return finish(reply, outcome, () => reply.send({ id: post.id }));
      });

      sandbox.get(`/${API_VERSION}/:userId/media`, async (request, reply) => {
        const started = await begin(request, reply);
        if (!started) return reply;
        const { account } = started;
        const limitText = text(request.query, 'limit');
        const limit = limitText && /^\d{1,3}$/.test(limitText) ? Math.min(100, Math.max(1, Number(limitText))) : 25;
        const posts = await db.select().from(sandboxPosts).where(and(eq(sandboxPosts.accountId, account.id), eq(sandboxPosts.platform, 'instagram'))).orderBy(desc(sandboxPosts.createdAt), desc(sandboxPosts.id)).limit(limit);
        return reply.send({ data: posts.map((post) => ({ id: post.id, caption: captionOf(post), media_type: 'VIDEO', media_product_type: 'REELS', timestamp: post.createdAt.toISOString(), permalink: permalink(post) })) });
      });

      // A container (status_code, status) or a published Reel (permalink…), like Graph's /{id}.
      sandbox.get(`/${API_VERSION}/:id`, async (request, reply) => {
        const started = await begin(request, reply);
        if (!started) return reply;
        const { account } = started;
        const id = (request.params as { id: string }).id;
        const container = await containerOf(account, id);
        if (container) return reply.send({ id, ...Object.fromEntries(Object.entries(statusOf(container, new Date())).map(([key, value]) => [key === 'code' ? 'status_code' : key, value])) });
        const post = isId(id) ? await store.post(id) : null;
        if (!post || post.accountId !== account.id) return noObject(reply, id);
        return reply.send({ id: post.id, caption: captionOf(post), media_type: 'VIDEO', media_product_type: 'REELS', permalink: permalink(post), timestamp: post.createdAt.toISOString() });
      });

      // --- Pages for people --------------------------------------------------------------------
      const pages = accountPageRoutes(sandbox, platform, {
        view: accountView,
        page: instagramAccountPage,
        avatar: avatarSvg,
        missing: { account: ['Account not found', 'No sandbox account of yours has this id or username.'], post: ['Reel not found', 'No sandbox Reel of yours has this id.'] },
        notFound: (reply, key) => noObject(reply, key),
        postAnchor: 'reel',
      });
      sandbox.get('/reel/:id', (request, reply) => pages.showPost(request, reply, (request.params as { id: string }).id));
      done();
    },
    { prefix: INSTAGRAM_SANDBOX_PREFIX },
  );
}
