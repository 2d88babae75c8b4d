// What every platform sandbox shares: reading form and query fields, the HTML reply, the consent
// form's double-submit token and its account/simulation fields, PKCE S256, redirect checks, the
// Content-Range parser, the 'flaky' coin and the partial upload files on disk.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sqlState } from '../db/errors';
import { SANDBOX_SIMULATIONS, type SandboxSimulation } from '../../contract/publishing';
import { constantTimeEqual } from '../domain/auth/secrets';

type Fields = Record<string, unknown>;

/** A string field of a parsed form, query or JSON body; null when absent or not a string. */
export const text = (fields: unknown, name: string): string | null => {
  if (!fields || typeof fields !== 'object' || Buffer.isBuffer(fields)) return null;
  const value = (fields as Fields)[name];
  return typeof value === 'string' ? value : null;
};

/**
 * Every value of a parameter, sent once with commas (`part=snippet,status`) or repeated
 * (`part=snippet&part=status`, as googleapis serializes an array): both are the documented form.
 */
export function listParam(fields: unknown, name: string): string[] {
  if (!fields || typeof fields !== 'object' || Buffer.isBuffer(fields)) return [];
  const value = (fields as Fields)[name];
  const values = Array.isArray(value) ? value : [value];
  return values.flatMap((item) => (typeof item === 'string' ? item.split(',') : [])).map((item) => item.trim()).filter((item) => item !== '');
}

/** The first value of a parameter a client may send more than once; null when absent. */
export function firstParam(fields: unknown, name: string): string | null {
  if (!fields || typeof fields !== 'object' || Buffer.isBuffer(fields)) return null;
  const value = (fields as Fields)[name];
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : null;
}

// Lone UTF-16 surrogates cannot be stored (UTF-8), control characters have no place in a name.
// eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
const UNSTORABLE = /[\u0000-\u001f\u007f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const wellFormed = (value: string) => !UNSTORABLE.test(value);
/** Text that may hold line breaks and tabs (descriptions, captions). */
export const storable = (value: string) => wellFormed(value.replace(/[\n\r\t]/g, ' '));

export function htmlPage(reply: FastifyReply, code: number, html: string): FastifyReply {
  return reply.code(code).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

export function cookieValue(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return null;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=') || null;
  }
  return null;
}

export function bearer(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match ? match[1]! : null;
}

/** Meta's rupload endpoints take the token as `Authorization: OAuth <token>`. */
export function oauthHeaderToken(request: FastifyRequest): string | null {
  const match = /^OAuth\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match ? match[1]! : null;
}

/** base64url(sha256(verifier)): PKCE S256. */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** A verifier checked against the code's challenge (none stored: nothing to check). */
export function verifierMatches(challenge: string | null, verifier: string | null): boolean {
  if (!challenge) return true;
  if (!verifier || !/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return false;
  return constantTimeEqual(s256(verifier), challenge);
}

export function httpOrigin(address: string): string | null {
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

export function redirectWith(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

export const CONSENT_COOKIE = 'sandbox_consent';

/**
 * The consent form's anti-forgery token: the cookie's (set for `cookiePath`), or a new one.
 * null when the browser sent a malformed cookie.
 */
export function issueFormToken(request: FastifyRequest, reply: FastifyReply, cookiePath: string, fresh: string): string | null {
  const formToken = cookieValue(request, CONSENT_COOKIE) ?? fresh;
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(formToken)) return null;
  reply.header('set-cookie', `${CONSENT_COOKIE}=${formToken}; Path=${cookiePath}; HttpOnly; SameSite=Lax; Max-Age=1800`);
  return formToken;
}

/** The token in the submitted page must match this browser's cookie. */
export function formTokenMatches(request: FastifyRequest, body: unknown): boolean {
  const formToken = text(body, 'form_token') ?? '';
  const cookie = cookieValue(request, CONSENT_COOKIE) ?? '';
  return formToken !== '' && cookie !== '' && constantTimeEqual(formToken, cookie);
}

/** The consent form's account name and simulation, or the problem to show with the form again. */
export function readConsentChoice(body: unknown, noun: string): { ok: true; accountName: string; simulate: SandboxSimulation } | { ok: false; accountName: string; problem: string } {
  const accountName = (text(body, 'account_name') ?? '').trim();
  const simulateField = text(body, 'simulate') ?? 'ok';
  const simulate = (SANDBOX_SIMULATIONS as readonly string[]).includes(simulateField) ? (simulateField as SandboxSimulation) : null;
  const problem =
    accountName === ''
      ? `Enter a name for the sandbox ${noun}.`
      : [...accountName].length > 60
        ? `The ${noun} name must not be longer than 60 characters.`
        : !wellFormed(accountName)
          ? `The ${noun} name contains characters that cannot be stored.`
          : simulate === null
            ? `Choose how the ${noun} behaves.`
            : null;
  if (problem || simulate === null) return { ok: false, accountName: wellFormed(accountName) ? accountName : '', problem: problem ?? '' };
  return { ok: true, accountName, simulate };
}

export type ContentRange = { probe: true; total: number } | { probe: false; first: number; last: number; total: number };

/** `bytes F-L/TOTAL` (or YouTube's probe `bytes *\/TOTAL`); null when malformed. */
export const parseRange = (header: string | undefined): ContentRange | null => {
  if (header === undefined) return null;
  const probe = /^bytes \*\/(\d{1,15})$/.exec(header.trim());
  if (probe) return { probe: true, total: Number(probe[1]) };
  const chunk = /^bytes (\d{1,15})-(\d{1,15})\/(\d{1,15})$/.exec(header.trim());
  if (!chunk) return null;
  const [first, last, total] = [Number(chunk[1]), Number(chunk[2]), Number(chunk[3])];
  return first <= last && last < total ? { probe: false, first, last, total } : null;
};

/** 'flaky': a deterministic coin per upload and request number — 503, a dropped connection after storing, or fine. */
export function flakyOutcome(uploadId: string, request: number): 'fail' | 'drop' | 'ok' {
  const roll = createHash('sha256').update(`${uploadId}:${request}`).digest()[0]!;
  return roll < 64 ? 'fail' : roll < 128 ? 'drop' : 'ok';
}

/** Answers `send()` unless the outcome is 'drop': then the connection is cut after the work was done. */
export function finishOrDrop(reply: FastifyReply, outcome: string, send: () => FastifyReply): FastifyReply {
  if (outcome !== 'drop') return send();
  reply.hijack();
  reply.raw.destroy();
  return reply;
}

/**
 * The bytes of unfinished uploads, `${dataDir}/sandbox/{platform}/{upload}.part`: written
 * positionally (a repeated chunk overwrites itself), hashed when complete, then deleted — the
 * sandbox keeps size and hash, not the video.
 */
export function partFiles(dataDir: string, platform: string) {
  const dir = join(dataDir, 'sandbox', platform);
  const path = (uploadId: string) => join(dir, `${uploadId}.part`);
  return {
    async writeAt(uploadId: string, bytes: Buffer, position: number): Promise<void> {
      await mkdir(dir, { recursive: true });
      const file = await open(path(uploadId), 'a+').then(async (handle) => {
        await handle.close();
        return open(path(uploadId), 'r+');
      });
      try {
        await file.write(bytes, 0, bytes.length, position);
      } finally {
        await file.close();
      }
    },
    async sha256(uploadId: string, size: number): Promise<string | null> {
      if (size === 0) return createHash('sha256').digest('hex');
      try {
        const hash = createHash('sha256');
        for await (const chunk of createReadStream(path(uploadId), { start: 0, end: size - 1 })) hash.update(chunk as Buffer);
        return hash.digest('hex');
      } catch {
        return null;
      }
    },
    remove: (uploadId: string) => rm(path(uploadId), { force: true }),
  };
}

/** What a sandbox keeps of a video it fetched itself: its size and sha256, not the bytes. */
export interface FetchedMedia {
  size: number;
  sha256: string;
  contentType: string;
}

/**
 * Fetches a video the way a platform pulls one from a URL (Instagram's video_url, TikTok's
 * PULL_FROM_URL) — but only from this app's own media route: the sandbox is no open proxy.
 * null when the address is elsewhere, unreachable, empty or larger than `maxBytes`.
 */
export async function fetchAppMedia(http: (url: string, init?: RequestInit) => Promise<Response>, appOrigin: string, address: string, maxBytes: number): Promise<FetchedMedia | null> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.origin !== appOrigin || !url.pathname.startsWith('/media/')) return null;
  try {
    const response = await http(url.toString(), { headers: { 'user-agent': 'reelflow-sandbox-fetcher/1.0' }, signal: AbortSignal.timeout(60_000) });
    if (!response.ok) return null;
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length === 0 || bytes.length > maxBytes) return null;
    return { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), contentType: response.headers.get('content-type') ?? 'video/mp4' };
  } catch {
    return null;
  }
}

/** The consent request's parameters, as the form carries them on (pages.ts ConsentFields). */
export interface AuthRequest {
  clientId: string;
  redirectUri: string;
  state: string;
  scope: string;
  codeChallenge: string;
  codeChallengeMethod: string;
}

export type AuthRequestCheck = { ok: true; value: AuthRequest } | { ok: false; status: number; title: string; message: string };

/**
 * The parameters every sandbox's consent checks alike: response_type=code, a sane state and
 * scope, PKCE with S256 only. The client and redirect_uri checks are the platform's (`client`).
 */
export function readAuthParams(fields: unknown, client: { clientId: string; redirectUri: string }): AuthRequestCheck {
  const responseType = text(fields, 'response_type');
  if (responseType !== null && responseType !== 'code') return { ok: false, status: 400, title: 'unsupported_response_type', message: 'Only response_type=code is supported.' };
  const state = text(fields, 'state') ?? '';
  const scope = text(fields, 'scope') ?? '';
  const codeChallenge = text(fields, 'code_challenge') ?? '';
  const codeChallengeMethod = text(fields, 'code_challenge_method') ?? (codeChallenge ? 'plain' : '');
  if (state.length > 2000 || scope.length > 2000 || !wellFormed(state) || !wellFormed(scope)) return { ok: false, status: 400, title: 'invalid_request', message: 'The state or scope is not valid.' };
  if (codeChallenge && (codeChallengeMethod !== 'S256' || !/^[A-Za-z0-9_-]{43,128}$/.test(codeChallenge))) {
    return { ok: false, status: 400, title: 'invalid_request', message: 'The sandbox takes PKCE code challenges with the S256 method only.' };
  }
  return { ok: true, value: { ...client, state, scope, codeChallenge, codeChallengeMethod: codeChallenge ? 'S256' : '' } };
}

/**
 * What every platform scope sets up alike: form bodies as objects (the token endpoints take
 * forms), and one error handler. A body the parser refused (too deep, bad JSON, too large) or a
 * value the database cannot hold is the caller's mistake, answered with its 4xx (400 by default)
 * in the platform's own error body; anything else is a logged 500.
 */
export function sandboxScope(scope: FastifyInstance, answerError: (reply: FastifyReply, status: number) => FastifyReply): void {
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
  });
  scope.setErrorHandler((error: FastifyError, request, reply) => {
    const clientMistake = (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) || 'errors' in error || sqlState(error)?.startsWith('22');
    const status = clientMistake ? (typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400) : 500;
    if (status === 500) request.log.error({ err: error }, 'sandbox error');
    return answerError(reply, status);
  });
}
