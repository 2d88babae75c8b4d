// A fake Instagram (Instagram Login + Graph API for Reels) on a real socket, answering with the
// documented envelopes (reference/platforms.md §3): the short-lived token flat (or wrapped in
// data[]), the long-lived exchange and ig_refresh_token, /me, content_publishing_limit, REELS
// containers that go IN_PROGRESS → FINISHED / ERROR / EXPIRED → PUBLISHED, media_publish, the
// account's media and permalinks. Errors are `{"error":{message,type,code,error_subcode,is_transient,fbtrace_id}}`.
// Tests steer it with the public fields (next containers' fates, faults, token behaviour).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InstagramEndpoints } from '../../../server/providers/social/instagram';

export const FAKE_IG_CLIENT_ID = 'fake-ig-app';
export const FAKE_IG_CLIENT_SECRET = 'fake-ig-secret';
export const FAKE_IG_USER_ID = '17841400000000001';

export interface FakeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
}

/** What a new container does: polls answered IN_PROGRESS first, then its end state. */
export interface ContainerFate {
  inProgressPolls: number;
  end: { code: 'FINISHED' } | { code: 'ERROR'; subcode: number } | { code: 'EXPIRED' };
}

export interface FakeContainer {
  id: string;
  userId: string;
  params: Record<string, string>;
  fate: ContainerFate;
  polls: number;
  mediaId: string | null;
}

export interface FakeMedia {
  id: string;
  containerId: string;
  caption: string;
}

/** A one-shot fault: the next matching request is answered with it (before it does anything), or dropped after it did its work. */
export interface FakeFault {
  method: string;
  path: RegExp;
  kind: 'answer' | 'drop-after';
  status?: number;
  body?: unknown;
}

export const graphErrorBody = (code: number, subcode?: number, transient = false, message = 'An error occurred') => ({
  error: { message, type: code === 190 ? 'OAuthException' : 'IGApiException', code, ...(subcode !== undefined ? { error_subcode: subcode } : {}), is_transient: transient, fbtrace_id: 'AbCdEf123' },
});

export interface InstagramFake {
  endpoints: InstagramEndpoints;
  requests: FakeRequest[];
  containers: Map<string, FakeContainer>;
  media: FakeMedia[];
  /** Fates of the next containers, in order; default: one IN_PROGRESS poll, then FINISHED. */
  nextFates: ContainerFate[];
  faults: FakeFault[];
  /** Called when a media_publish went through (a test "kills the worker" there). */
  onPublished: (() => void) | null;
  /** Every request fails transiently when this returns true (before doing anything). */
  chaos: ((request: FakeRequest, index: number) => boolean) | null;
  quota: { total: number; usage: number | null };
  wrapShortLived: boolean;
  accessTokensWorkOnce: boolean;
  revoked: boolean;
  /** Issues a long-lived token directly (a connected account). */
  issueToken(): string;
  /** A code the authorize page would have sent to the redirect URI. */
  issueCode(): string;
  close(): Promise<void>;
}

const id17 = () => `18${Array.from(randomBytes(15), (byte) => byte % 10).join('')}`;

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

export async function startInstagramFake(): Promise<InstagramFake> {
  const tokens = new Map<string, { uses: number; kind: 'short' | 'long' }>();
  const codes = new Set<string>();
  const issue = (kind: 'short' | 'long') => {
    const token = `IGAA${randomBytes(24).toString('hex')}`;
    tokens.set(token, { uses: 0, kind });
    return token;
  };

  const fake: InstagramFake = {
    endpoints: { authorizeUrl: '', tokenUrl: '', graphBase: '', apiBase: '' },
    requests: [],
    containers: new Map(),
    media: [],
    nextFates: [],
    faults: [],
    onPublished: null,
    chaos: null,
    quota: { total: 100, usage: null },
    wrapShortLived: false,
    accessTokensWorkOnce: false,
    revoked: false,
    issueToken: () => issue('long'),
    issueCode: () => {
      const code = `AQ${randomBytes(16).toString('hex')}`;
      codes.add(code);
      return code;
    },
    close: () => new Promise((done) => server.close(() => done())),
  };

  /** The token check of a Graph call: null when it may go on (the error is sent). */
  const checkToken = (res: ServerResponse, params: Record<string, string>, counts: boolean): boolean => {
    const entry = tokens.get(params.access_token ?? '');
    if (!entry) return (send(res, 400, graphErrorBody(190, undefined, false, 'Invalid OAuth access token - Cannot parse access token')), false);
    if (fake.revoked) return (send(res, 400, graphErrorBody(190, 460, false, 'The session has been invalidated because the user changed their password.')), false);
    if (counts) entry.uses += 1;
    if (fake.accessTokensWorkOnce && entry.uses > 1) return (send(res, 400, graphErrorBody(190, 463, false, 'Error validating access token: Session has expired.')), false);
    return true;
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const target = new URL(req.url ?? '/', 'http://fake');
      const params = { ...Object.fromEntries(target.searchParams), ...(req.method === 'POST' ? await readForm(req) : {}) };
      const request: FakeRequest = { method: req.method ?? 'GET', path: target.pathname, params };
      fake.requests.push(request);
      const index = fake.requests.length - 1;
      const faultAt = fake.faults.findIndex((fault) => fault.method === request.method && fault.path.test(request.path));
      const fault = faultAt >= 0 ? fake.faults.splice(faultAt, 1)[0]! : null;
      if (fault?.kind === 'answer') return send(res, fault.status ?? 500, fault.body ?? graphErrorBody(2, undefined, true));
      if (fake.chaos?.(request, index)) return send(res, 500, graphErrorBody(index % 2 ? 1 : 2, undefined, true, 'An unexpected error has occurred. Please retry your request later.'));
      const reply = (status: number, body: unknown) => {
        if (fault?.kind === 'drop-after') {
          res.destroy();
          return;
        }
        send(res, status, body);
      };
      const path = request.path;
      const api = '/v22.0';

      if (path === '/oauth/access_token' && request.method === 'POST') {
        if (params.client_id !== FAKE_IG_CLIENT_ID || params.client_secret !== FAKE_IG_CLIENT_SECRET) return send(res, 400, { error_type: 'OAuthException', code: 400, error_message: 'Invalid Client ID' });
        if (params.grant_type !== 'authorization_code' || !params.code || !codes.delete(params.code)) {
          return send(res, 400, { error_type: 'OAuthException', code: 400, error_message: 'This authorization code has been used' });
        }
        const answer = { access_token: issue('short'), user_id: Number(FAKE_IG_USER_ID.slice(0, 15)), permissions: ['instagram_business_basic', 'instagram_business_content_publish'] };
        return reply(200, fake.wrapShortLived ? { data: [answer] } : answer);
      }
      if (path === '/access_token') {
        if (params.grant_type !== 'ig_exchange_token' || params.client_secret !== FAKE_IG_CLIENT_SECRET) return send(res, 400, graphErrorBody(100, undefined, false, 'Invalid parameter'));
        if (tokens.get(params.access_token ?? '')?.kind !== 'short') return send(res, 400, graphErrorBody(190));
        return reply(200, { access_token: issue('long'), token_type: 'bearer', expires_in: 5_183_944 });
      }
      if (path === '/refresh_access_token') {
        if (params.grant_type !== 'ig_refresh_token') return send(res, 400, graphErrorBody(100));
        if (fake.revoked) return send(res, 400, graphErrorBody(190, 460, false, 'The session has been invalidated.'));
        if (tokens.get(params.access_token ?? '')?.kind !== 'long') return send(res, 400, graphErrorBody(190, 463, false, 'Session has expired.'));
        return reply(200, { access_token: issue('long'), token_type: 'bearer', expires_in: 5_184_000 });
      }
      if (!path.startsWith(`${api}/`)) return send(res, 404, graphErrorBody(100, undefined, false, 'Unknown path'));
      const parts = path.slice(api.length + 1).split('/');

      if (parts[0] === 'me' && parts.length === 1) {
        if (!checkToken(res, params, false)) return;
        return reply(200, { id: FAKE_IG_USER_ID, user_id: FAKE_IG_USER_ID, username: 'fake.creator', name: 'Fake Creator', profile_picture_url: 'https://cdn.example.test/p.jpg' });
      }
      if (!checkToken(res, params, true)) return;
      if (parts.length === 2 && parts[0] !== FAKE_IG_USER_ID) return send(res, 400, graphErrorBody(100, 33, false, 'Object does not exist'));
      if (parts[1] === 'content_publishing_limit') {
        return reply(200, { data: [{ config: { quota_total: fake.quota.total, quota_duration: 86400 }, quota_usage: fake.quota.usage ?? fake.media.length }] });
      }
      if (parts[1] === 'media' && request.method === 'POST') {
        if (params.media_type !== 'REELS' || !params.video_url) return send(res, 400, graphErrorBody(100, undefined, false, 'Invalid parameter'));
        const container: FakeContainer = { id: id17(), userId: FAKE_IG_USER_ID, params, fate: fake.nextFates.shift() ?? { inProgressPolls: 1, end: { code: 'FINISHED' } }, polls: 0, mediaId: null };
        fake.containers.set(container.id, container);
        return reply(200, { id: container.id });
      }
      if (parts[1] === 'media' && request.method === 'GET') {
        return reply(200, { data: [...fake.media].reverse().map((media) => ({ id: media.id, caption: media.caption, timestamp: new Date().toISOString() })) });
      }
      if (parts[1] === 'media_publish' && request.method === 'POST') {
        const container = fake.containers.get(params.creation_id ?? '');
        if (!container) return send(res, 400, graphErrorBody(100, 33));
        if (fake.quota.usage !== null && fake.quota.usage >= fake.quota.total) return send(res, 400, graphErrorBody(9, 2207042, false, 'Application request limit reached'));
        if (container.mediaId) return send(res, 400, graphErrorBody(100, undefined, false, 'Already published'));
        if (container.polls <= container.fate.inProgressPolls || container.fate.end.code !== 'FINISHED') return send(res, 400, graphErrorBody(9007, 2207027, false, 'Media ID is not available'));
        const media: FakeMedia = { id: id17(), containerId: container.id, caption: container.params.caption ?? '' };
        container.mediaId = media.id;
        fake.media.push(media);
        fake.onPublished?.();
        return reply(200, { id: media.id });
      }
      if (parts.length === 1) {
        const container = fake.containers.get(parts[0]!);
        if (container) {
          container.polls += 1;
          if (container.mediaId) return reply(200, { id: container.id, status_code: 'PUBLISHED', status: 'Published' });
          if (container.polls <= container.fate.inProgressPolls) return reply(200, { id: container.id, status_code: 'IN_PROGRESS', status: 'In Progress' });
          const end = container.fate.end;
          if (end.code === 'ERROR') return reply(200, { id: container.id, status_code: 'ERROR', status: `Error: Media upload has failed with error code ${end.subcode}` });
          return reply(200, { id: container.id, status_code: end.code, status: end.code === 'EXPIRED' ? 'Expired' : 'Finished' });
        }
        const media = fake.media.find((item) => item.id === parts[0]);
        if (media) return reply(200, { id: media.id, permalink: `https://www.instagram.com/reel/${media.id}/` });
        return send(res, 400, graphErrorBody(100, 33, false, 'Unsupported get request. Object does not exist'));
      }
      return send(res, 400, graphErrorBody(100, undefined, false, 'Unknown path'));
    })().catch((error: unknown) => send(res, 500, { error: { message: String(error), code: 1, is_transient: true } }));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.endpoints = { authorizeUrl: `${url}/oauth/authorize`, tokenUrl: `${url}/oauth/access_token`, graphBase: url, apiBase: `${url}/v22.0` };
  return fake;
}

