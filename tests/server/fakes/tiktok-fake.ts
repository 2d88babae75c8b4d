// A TikTok stand-in on a real socket (node:http on 127.0.0.1:0) for the adapter tests: Login Kit's
// token endpoint with rotating refresh tokens, the Content Posting API's envelopes and error bodies
// as documented (reference/platforms.md §2), the FILE_UPLOAD chunk rule checked strictly, chunk PUTs
// answering 206/201, status/fetch with uploaded_bytes — and knobs to misbehave: answers dropped
// after a chunk is stored, 5xx, tokens that work once, dead refresh tokens, any documented error.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TiktokEndpoints } from '../../../server/providers/social/tiktok';

export const FAKE_CLIENT_KEY = 'fakeclientkey';
export const FAKE_CLIENT_SECRET = 'fake-tiktok-secret';

/** TikTok's envelope with an error code (a success has code "ok"). */
export const tiktokEnvelope = (code: string, message = code, data: unknown = {}) => ({ data, error: { code, message, log_id: `log${randomBytes(6).toString('hex')}` } });

export interface FakeUpload {
  publishId: string;
  uploadId: string;
  size: number;
  chunkSize: number;
  chunkCount: number;
  postInfo: Record<string, unknown>;
  bytes: Buffer;
  stored: number;
  complete: boolean;
  /** Status fetches seen since completion: PUBLISH_COMPLETE after `processingPolls`. */
  polls: number;
}

export interface FakePost {
  id: string;
  publishId: string;
  sha256: string;
  postInfo: Record<string, unknown>;
}

export interface FakeRequest {
  method: string;
  path: string;
  contentRange: string | null;
  bytes: number;
}

type Fault = { status: number; body: unknown } | 'drop-after-store';

export interface TiktokFake {
  url: string;
  endpoints: TiktokEndpoints;
  requests: FakeRequest[];
  uploads: Map<string, FakeUpload>;
  posts: FakePost[];
  refreshes: number;
  accessTokensWorkOnce: boolean;
  revoked: boolean;
  /** The smallest chunk the init accepts (TikTok: 5 MB); tests lower it. */
  minChunkBytes: number;
  /** Status polls a finished upload stays PROCESSING_UPLOAD. */
  processingPolls: number;
  /** FAILED with this fail_reason once processed. */
  failWith: string | null;
  creatorInfo: Record<string, unknown>;
  /** Answers for the next init / API call / chunk PUT instead of the normal one. */
  initFaults: Fault[];
  apiFaults: Fault[];
  putFaults: Fault[];
  /** Per PUT: a fault or null (flaky runs). */
  putChaos: ((index: number) => Fault | null) | null;
  issueCode(challenge?: string): string;
  issueTokens(): { accessToken: string; refreshToken: string };
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
};
const ok = (res: ServerResponse, data: unknown) => json(res, 200, tiktokEnvelope('ok', '', data));

function readAll(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export async function startTiktokFake(): Promise<TiktokFake> {
  const accessTokens = new Map<string, { uses: number }>();
  const refreshTokens = new Set<string>();
  const codes = new Map<string, string | null>();
  let putIndex = 0;

  const fake: TiktokFake = {
    url: '',
    endpoints: { authorizeUrl: '', tokenUrl: '', revokeUrl: '', apiBase: '', webBase: '' },
    requests: [],
    uploads: new Map(),
    posts: [],
    refreshes: 0,
    accessTokensWorkOnce: false,
    revoked: false,
    minChunkBytes: 5 * 1024 * 1024,
    processingPolls: 1,
    failWith: null,
    creatorInfo: {
      creator_avatar_url: 'https://example.test/avatar.jpg',
      creator_username: 'fake.creator',
      creator_nickname: 'Fake Creator',
      privacy_level_options: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
      comment_disabled: false,
      duet_disabled: true,
      stitch_disabled: false,
      max_video_post_duration_sec: 300,
    },
    initFaults: [],
    apiFaults: [],
    putFaults: [],
    putChaos: null,
    issueCode(challenge) {
      const code = `code-${randomBytes(8).toString('hex')}`;
      codes.set(code, challenge ?? null);
      return code;
    },
    issueTokens() {
      const accessToken = `act.${randomBytes(12).toString('hex')}`;
      const refreshToken = `rft.${randomBytes(12).toString('hex')}`;
      accessTokens.set(accessToken, { uses: 0 });
      refreshTokens.add(refreshToken);
      return { accessToken, refreshToken };
    },
    close: () => Promise.resolve(),
  };

  const tokenAnswer = (res: ServerResponse) => {
    const tokens = fake.issueTokens();
    json(res, 200, { open_id: 'open-fake-1', scope: 'user.info.basic,video.publish,video.upload', access_token: tokens.accessToken, expires_in: 7200, refresh_token: tokens.refreshToken, refresh_expires_in: 15552000, token_type: 'Bearer' });
  };

  /** 401 access_token_invalid unless the bearer is a live token (an 'expired' one works once). */
  const authorized = (req: IncomingMessage, res: ServerResponse): boolean => {
    const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    const entry = token ? accessTokens.get(token) : undefined;
    if (entry) entry.uses += 1;
    if (!entry || (fake.accessTokensWorkOnce && entry.uses > 1)) {
      json(res, 401, tiktokEnvelope('access_token_invalid', 'The access token is invalid or not found in the request.'));
      return false;
    }
    return true;
  };

  const applyFault = (res: ServerResponse, fault: Fault | undefined | null): boolean => {
    if (!fault || fault === 'drop-after-store') return false;
    json(res, fault.status, fault.body);
    return true;
  };

  const statusOf = (upload: FakeUpload) => {
    if (!upload.complete) return { status: 'PROCESSING_UPLOAD', uploaded_bytes: upload.stored };
    upload.polls += 1;
    if (upload.polls <= fake.processingPolls) return { status: 'PROCESSING_UPLOAD', uploaded_bytes: upload.stored };
    if (fake.failWith) return { status: 'FAILED', fail_reason: fake.failWith, uploaded_bytes: upload.stored };
    const post = fake.posts.find((item) => item.publishId === upload.publishId);
    return { status: 'PUBLISH_COMPLETE', publicaly_available_post_id: post ? [Number(post.id)] : [], uploaded_bytes: upload.stored };
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const raw = await readAll(req);
      fake.requests.push({ method: req.method ?? 'GET', path: url.pathname, contentRange: (req.headers['content-range']) ?? null, bytes: raw.length });
      const form = Object.fromEntries(new URLSearchParams(raw.toString()));
      const body = (() => {
        try {
          return raw.length ? (JSON.parse(raw.toString()) as Record<string, unknown>) : {};
        } catch {
          return {};
        }
      })();

      if (req.method === 'POST' && url.pathname === '/v2/oauth/token/') {
        if (form.client_key !== FAKE_CLIENT_KEY || form.client_secret !== FAKE_CLIENT_SECRET) return json(res, 401, { error: 'invalid_client', error_description: 'Client key or secret is incorrect.', log_id: 'x' });
        if (form.grant_type === 'authorization_code') {
          if (!form.code || !codes.has(form.code)) return json(res, 400, { error: 'invalid_grant', error_description: 'Authorization code is expired.', log_id: 'x' });
          const challenge = codes.get(form.code);
          codes.delete(form.code);
          if (challenge && createHash('sha256').update(form.code_verifier ?? '').digest('base64url') !== challenge) return json(res, 400, { error: 'invalid_grant', error_description: 'Code verifier is invalid.', log_id: 'x' });
          return tokenAnswer(res);
        }
        if (form.grant_type === 'refresh_token') {
          fake.refreshes += 1;
          // Rotation: the old refresh token dies as the new one is issued. TikTok answers some OAuth errors with HTTP 200.
          if (fake.revoked || !form.refresh_token || !refreshTokens.delete(form.refresh_token)) return json(res, 200, { error: 'invalid_grant', error_description: 'Refresh token is invalid or expired.', log_id: 'x' });
          return tokenAnswer(res);
        }
        return json(res, 400, { error: 'unsupported_grant_type', error_description: 'unsupported', log_id: 'x' });
      }
      if (req.method === 'POST' && url.pathname === '/v2/oauth/revoke/') {
        accessTokens.delete(form.token ?? '');
        refreshTokens.delete(form.token ?? '');
        return json(res, 200, {});
      }
      if (req.method === 'GET' && url.pathname === '/v2/user/info/') {
        if (!authorized(req, res)) return;
        return ok(res, { user: { open_id: 'open-fake-1', display_name: 'Fake Creator', avatar_url: 'https://example.test/avatar.jpg' } });
      }
      if (req.method === 'PUT' && url.pathname === '/upload/') {
        const upload = fake.uploads.get(url.searchParams.get('upload_id') ?? '');
        if (!upload) return json(res, 404, tiktokEnvelope('invalid_params', 'upload not found'));
        const fault = fake.putFaults.shift() ?? fake.putChaos?.(putIndex++) ?? null;
        if (applyFault(res, fault)) return;
        const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(String(req.headers['content-range'] ?? ''));
        const [first, last, total] = range ? [Number(range[1]), Number(range[2]), Number(range[3])] : [NaN, NaN, NaN];
        const index = first / upload.chunkSize;
        const expectedEnd = index === upload.chunkCount - 1 ? upload.size : first + upload.chunkSize;
        if (!range || total !== upload.size || !Number.isInteger(index) || last + 1 !== expectedEnd || raw.length !== last - first + 1 || first > upload.stored) {
          return json(res, 400, tiktokEnvelope('invalid_file_upload', 'The chunk does not follow the plan.'));
        }
        raw.copy(upload.bytes, first);
        upload.stored = Math.max(upload.stored, last + 1);
        if (upload.stored === upload.size && !upload.complete) {
          upload.complete = true;
          fake.posts.push({ id: String(7_000_000_000_000 + fake.posts.length), publishId: upload.publishId, sha256: createHash('sha256').update(upload.bytes).digest('hex'), postInfo: upload.postInfo });
        }
        if (fault === 'drop-after-store') return res.socket?.destroy();
        res.writeHead(upload.complete ? 201 : 206);
        return res.end();
      }
      if (req.method === 'POST' && url.pathname.startsWith('/v2/post/publish/')) {
        if (!authorized(req, res)) return;
        if (applyFault(res, fake.apiFaults.shift())) return;
        if (url.pathname === '/v2/post/publish/creator_info/query/') return ok(res, fake.creatorInfo);
        if (url.pathname === '/v2/post/publish/video/init/') {
          if (applyFault(res, fake.initFaults.shift())) return;
          const info = body.post_info as Record<string, unknown> | undefined;
          const source = body.source_info as { source?: string; video_size?: number; chunk_size?: number; total_chunk_count?: number } | undefined;
          if (!info || typeof info.privacy_level !== 'string') return json(res, 400, tiktokEnvelope('invalid_params', 'post_info.privacy_level is required'));
          if (!(fake.creatorInfo.privacy_level_options as string[]).includes(info.privacy_level)) return json(res, 403, tiktokEnvelope('privacy_level_option_mismatch', 'privacy level mismatch'));
          const size = source?.video_size ?? 0;
          const chunk = source?.chunk_size ?? 0;
          const count = source?.total_chunk_count ?? 0;
          const whole = count === 1 && chunk === size;
          const planOk = source?.source === 'FILE_UPLOAD' && size > 0 && chunk > 0 && count === Math.max(1, Math.floor(size / chunk)) && (whole || (chunk >= fake.minChunkBytes && chunk <= 64 * 1024 * 1024));
          if (!planOk) return json(res, 400, tiktokEnvelope('invalid_params', 'The chunk plan is invalid.'));
          const uploadId = randomBytes(8).toString('hex');
          const publishId = `v_pub_file~v2-1.${randomBytes(8).toString('hex')}`;
          fake.uploads.set(uploadId, { publishId, uploadId, size, chunkSize: chunk, chunkCount: count, postInfo: info, bytes: Buffer.alloc(size), stored: 0, complete: false, polls: 0 });
          return ok(res, { publish_id: publishId, upload_url: `${fake.url}/upload/?upload_id=${uploadId}&upload_token=t` });
        }
        if (url.pathname === '/v2/post/publish/status/fetch/') {
          const upload = [...fake.uploads.values()].find((item) => item.publishId === body.publish_id);
          if (!upload) return json(res, 400, tiktokEnvelope('invalid_publish_id', 'publish_id not found'));
          return ok(res, statusOf(upload));
        }
      }
      return json(res, 404, tiktokEnvelope('invalid_params', 'not found'));
    })().catch(() => {
      if (!res.headersSent) json(res, 500, tiktokEnvelope('internal_error', 'fake crashed'));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.endpoints = { authorizeUrl: `${fake.url}/v2/auth/authorize/`, tokenUrl: `${fake.url}/v2/oauth/token/`, revokeUrl: `${fake.url}/v2/oauth/revoke/`, apiBase: fake.url, webBase: 'https://www.tiktok.test' };
  fake.close = () =>
    new Promise((done) => {
      server.closeAllConnections();
      server.close(() => done());
    });
  return fake;
}
