// A YouTube stand-in on a real socket (node:http on 127.0.0.1:0) for the adapter tests: Google's
// token endpoint and error envelopes as documented (reference/platforms.md §1), the resumable
// upload with 308 + Range and the status probe, and knobs to misbehave — a connection dropped in
// the middle of a chunk, 5xx answers, sessions that expire, tokens that work once, refreshes that
// answer invalid_grant, quota, rejection after processing.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { YoutubeEndpoints } from '../../../server/providers/social/youtube';

export const FAKE_CLIENT_ID = 'fake-client.apps.googleusercontent.com';
export const FAKE_CLIENT_SECRET = 'fake-secret';

/** Google's error envelope. */
export const googleError = (code: number, reason: string, message = reason, domain = 'global') => ({
  error: { code, message, status: code === 401 ? 'UNAUTHENTICATED' : code === 403 ? 'PERMISSION_DENIED' : code === 404 ? 'NOT_FOUND' : 'INVALID_ARGUMENT', errors: [{ domain, reason, message }] },
});
export const QUOTA_EXCEEDED = googleError(403, 'quotaExceeded', 'The request cannot be completed because you have exceeded your quota.', 'youtube.quota');

interface Session {
  id: string;
  total: number;
  received: Buffer[];
  stored: number;
  metadata: Record<string, unknown>;
  videoId: string | null;
  expired: boolean;
}

export interface FakeVideo {
  id: string;
  sessionId: string;
  bytes: Buffer;
  sha256: string;
  metadata: Record<string, unknown>;
  uploadStatus: 'uploaded' | 'processed' | 'rejected' | 'failed';
  reason: string | null;
}

export interface FakeRequest {
  method: string;
  path: string;
  contentRange: string | null;
  bytes: number;
  authorization: string | null;
}

type Fault = { kind: 'status'; status: number; body: unknown; headers?: Record<string, string> } | { kind: 'drop-mid-chunk' } | { kind: 'drop-after-store' } | { kind: 'store-less'; bytes: number };

export interface YoutubeFake {
  url: string;
  endpoints: YoutubeEndpoints;
  requests: FakeRequest[];
  videos: FakeVideo[];
  sessions: Map<string, Session>;
  refreshes: number;
  /** Access tokens stop working after one use (a refresh gives a new one). */
  accessTokensWorkOnce: boolean;
  /** Refreshes answer 400 invalid_grant. */
  revoked: boolean;
  /** Videos end 'rejected' with this reason after processing. */
  rejectWith: string | null;
  /** Answers of the next init POSTs instead of a session. */
  initFaults: Fault[];
  /** What the next PUTs (chunks or probes) suffer, in order. */
  putFaults: Fault[];
  /** Given a PUT's number, a fault for it (for flaky runs); consulted after putFaults. */
  putChaos: ((n: number, isProbe: boolean) => Fault | null) | null;
  /** Issues a token pair the way the token endpoint would (what a connect left behind). */
  issueTokens(): { accessToken: string; refreshToken: string };
  expireSession(id: string): void;
  close(): Promise<void>;
}

export async function startYoutubeFake(): Promise<YoutubeFake> {
  const accessTokens = new Map<string, number>();
  const refreshTokens = new Set<string>();
  let putCount = 0;

  const issueAccess = () => {
    const token = `ya29.fake-${randomBytes(12).toString('hex')}`;
    accessTokens.set(token, 0);
    return token;
  };

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };
  const sendFault = (res: ServerResponse, fault: Fault & { kind: 'status' }) => send(res, fault.status, fault.body, fault.headers);

  const authorized = (req: IncomingMessage, res: ServerResponse): boolean => {
    const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    const uses = token === undefined ? undefined : accessTokens.get(token);
    if (uses === undefined || (fake.accessTokensWorkOnce && uses >= 1)) {
      send(res, 401, googleError(401, 'authError', 'Invalid Credentials'), { 'www-authenticate': 'Bearer realm="https://accounts.google.com/"' });
      return false;
    }
    accessTokens.set(token!, uses + 1);
    return true;
  };

  const videoResource = (video: FakeVideo) => ({
    kind: 'youtube#video',
    id: video.id,
    snippet: video.metadata.snippet,
    status: {
      ...(video.metadata.status as object),
      uploadStatus: video.uploadStatus,
      ...(video.uploadStatus === 'rejected' ? { rejectionReason: video.reason } : {}),
      ...(video.uploadStatus === 'failed' ? { failureReason: video.reason } : {}),
    },
    processingDetails: { processingStatus: video.uploadStatus === 'uploaded' ? 'processing' : video.uploadStatus === 'processed' ? 'succeeded' : 'failed' },
  });

  const rangeHeader = (session: Session): Record<string, string> => (session.stored > 0 ? { range: `bytes=0-${session.stored - 1}` } : {});

  const finishIfComplete = (session: Session): FakeVideo | null => {
    if (session.stored < session.total) return null;
    if (session.videoId) return fake.videos.find((video) => video.id === session.videoId)!;
    const bytes = Buffer.concat(session.received).subarray(0, session.total);
    const video: FakeVideo = {
      id: randomBytes(8).toString('base64url').slice(0, 11),
      sessionId: session.id,
      bytes,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      metadata: session.metadata,
      uploadStatus: 'uploaded',
      reason: null,
    };
    session.videoId = video.id;
    fake.videos.push(video);
    // Processing ends at the next status read.
    return video;
  };

  /** Appends what arrived of a chunk [first, …] to the session, skipping bytes it already holds. */
  const store = (session: Session, first: number, bytes: Buffer) => {
    if (first > session.stored) return;
    const fresh = bytes.subarray(session.stored - first);
    if (fresh.length > 0) {
      session.received.push(fresh);
      session.stored += fresh.length;
    }
  };

  const handlePut = (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const session = fake.sessions.get(url.searchParams.get('upload_id') ?? '');
    const contentRange = req.headers['content-range'] ?? '';
    const probe = /^bytes \*\/(\d+)$/.exec(contentRange);
    const chunk = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(contentRange);
    putCount += 1;
    const record: FakeRequest = { method: 'PUT', path: url.pathname + url.search, contentRange: contentRange || null, bytes: 0, authorization: req.headers.authorization ?? null };
    fake.requests.push(record);
    const fault = fake.putFaults.shift() ?? fake.putChaos?.(putCount, Boolean(probe)) ?? null;
    const chunks: Buffer[] = [];
    let length = 0;
    let dropped = false;
    const expected = chunk ? Number(chunk[2]) - Number(chunk[1]) + 1 : 0;
    req.on('data', (data: Buffer) => {
      if (dropped) return;
      chunks.push(data);
      length += data.length;
      if (fault?.kind === 'drop-mid-chunk' && session && chunk && length >= expected / 2) {
        // Half a chunk arrived, then the line went dead: keep what came, answer nothing.
        dropped = true;
        store(session, Number(chunk[1]), Buffer.concat(chunks));
        req.socket.destroy();
      }
    });
    req.on('end', () => {
      if (dropped) return;
      const body = Buffer.concat(chunks);
      record.bytes = body.length;
      if (!session || session.expired) return send(res, 404, googleError(404, 'notFound', 'Not Found'));
      if (fault?.kind === 'status') return sendFault(res, fault);
      if (fault?.kind === 'drop-mid-chunk' && !chunk) {
        req.socket.destroy();
        return;
      }
      if (probe) {
        const video = session.videoId ? fake.videos.find((item) => item.id === session.videoId)! : null;
        if (fault?.kind === 'drop-after-store') return void req.socket.destroy();
        return video ? send(res, 200, videoResource(video)) : send(res, 308, undefined, rangeHeader(session));
      }
      if (!chunk || Number(chunk[3]) !== session.total || body.length !== expected) return send(res, 400, googleError(400, 'badContent', 'Bad Content-Range'));
      const first = Number(chunk[1]);
      store(session, first, fault?.kind === 'store-less' ? body.subarray(0, Math.max(0, fault.bytes)) : body);
      const video = finishIfComplete(session);
      if (fault?.kind === 'drop-after-store') return void req.socket.destroy();
      return video ? send(res, 201, videoResource(video)) : send(res, 308, undefined, rangeHeader(session));
    });
  };

  const readAll = (req: IncomingMessage): Promise<string> =>
    new Promise((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (data: Buffer) => chunks.push(data));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'PUT' && url.pathname === '/upload/youtube/v3/videos') return handlePut(req, res, url);
    void readAll(req).then((raw) => {
      fake.requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search, contentRange: null, bytes: raw.length, authorization: req.headers.authorization ?? null });
      if (req.method === 'POST' && url.pathname === '/token') {
        const form = new URLSearchParams(raw);
        if (form.get('client_id') !== FAKE_CLIENT_ID || form.get('client_secret') !== FAKE_CLIENT_SECRET) return send(res, 401, { error: 'invalid_client', error_description: 'Unauthorized' });
        if (form.get('grant_type') === 'refresh_token') {
          fake.refreshes += 1;
          if (fake.revoked || !refreshTokens.has(form.get('refresh_token') ?? '')) return send(res, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
          return send(res, 200, { access_token: issueAccess(), expires_in: 3599, scope: 'https://www.googleapis.com/auth/youtube.upload', token_type: 'Bearer' });
        }
        return send(res, 400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' });
      }
      if (req.method === 'POST' && url.pathname === '/upload/youtube/v3/videos') {
        if (!authorized(req, res)) return;
        const fault = fake.initFaults.shift();
        if (fault?.kind === 'status') return sendFault(res, fault);
        if (fault) return void req.socket.destroy();
        const total = Number(req.headers['x-upload-content-length']);
        const session: Session = { id: randomBytes(10).toString('hex'), total, received: [], stored: 0, metadata: JSON.parse(raw) as Record<string, unknown>, videoId: null, expired: false };
        fake.sessions.set(session.id, session);
        res.writeHead(200, { location: `${fake.url}/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status&upload_id=${session.id}`, 'content-length': '0' });
        return void res.end();
      }
      if (req.method === 'GET' && url.pathname === '/youtube/v3/videos') {
        if (!authorized(req, res)) return;
        const ids = (url.searchParams.get('id') ?? '').split(',');
        const items = fake.videos.filter((video) => ids.includes(video.id));
        for (const video of items) {
          // The first read sees it processing, the next one the outcome.
          if (video.uploadStatus === 'uploaded' && video.reason === null) video.reason = 'pending';
          else if (video.uploadStatus === 'uploaded') {
            video.uploadStatus = fake.rejectWith ? 'rejected' : 'processed';
            video.reason = fake.rejectWith;
          }
        }
        return send(res, 200, { kind: 'youtube#videoListResponse', items: items.map((video) => videoResource({ ...video, reason: video.reason === 'pending' ? null : video.reason })) });
      }
      if (req.method === 'GET' && url.pathname === '/youtube/v3/channels') {
        if (!authorized(req, res)) return;
        return send(res, 200, { items: [{ id: 'UCfakechannel000000000001', snippet: { title: 'Fake Channel', customUrl: '@fakechannel', thumbnails: { default: { url: 'https://yt3.example/a.jpg' } } } }] });
      }
      return send(res, 404, googleError(404, 'notFound'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: YoutubeFake = {
    url,
    endpoints: { authorizeUrl: `${url}/o/oauth2/v2/auth`, tokenUrl: `${url}/token`, revokeUrl: `${url}/revoke`, apiBase: `${url}/youtube/v3`, uploadBase: `${url}/upload/youtube/v3`, watchBase: 'https://www.youtube.com' },
    requests: [],
    videos: [],
    sessions: new Map(),
    refreshes: 0,
    accessTokensWorkOnce: false,
    revoked: false,
    rejectWith: null,
    initFaults: [],
    putFaults: [],
    putChaos: null,
    issueTokens() {
      const refreshToken = `1//fake-${randomBytes(12).toString('hex')}`;
      refreshTokens.add(refreshToken);
      return { accessToken: issueAccess(), refreshToken };
    },
    expireSession(id) {
      const session = fake.sessions.get(id);
      if (session) session.expired = true;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
