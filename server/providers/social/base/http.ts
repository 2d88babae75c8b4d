// Request helpers every platform adapter shares: one send with a timeout that turns a dropped
// connection into the adapter's own network error, reading a body that may or may not be JSON,
// Retry-After, and an abortable sleep for backoffs.
import type { OAuthTokens, PublishContext, SocialHttp } from '../../../domain/ports/social';
import { isSocialFailure, isTransient, PlatformError } from './platform-error';

/** What every platform client takes besides its own credentials, endpoints and sizes. */
export interface TransportOptions {
  http: SocialHttp;
  sandbox: boolean;
  /** Tries of one step after dropped connections and 5xx. */
  maxTries?: number;
  /** Wait before try `attempt` (1-based retry number); default 0.5 s, 1 s, 2 s… capped at 8 s. */
  backoffMs?: (attempt: number) => number;
  /** Per request; default 60 s (a chunk of several MB on a slow line). */
  timeoutMs?: number;
  now?: () => Date;
}

/** The transport options with their defaults (`defaultTries` is the platform's). */
export function transportSettings(options: TransportOptions, defaultTries: number): Required<Omit<TransportOptions, 'http' | 'sandbox'>> {
  return {
    maxTries: Math.max(1, options.maxTries ?? defaultTries),
    backoffMs: options.backoffMs ?? defaultBackoffMs,
    timeoutMs: options.timeoutMs ?? 60_000,
    now: options.now ?? (() => new Date()),
  };
}

export interface SendSettings {
  http: SocialHttp;
  /** Per request. */
  timeoutMs: number;
}

/** Sends one request; `networkError` is thrown when no answer came back (and the caller did not abort). */
export async function sendRequest(settings: SendSettings, url: string, init: RequestInit, signal: AbortSignal | undefined, networkError: () => Error): Promise<Response> {
  const timeout = AbortSignal.timeout(settings.timeoutMs);
  try {
    return await settings.http(url, { ...init, redirect: 'manual', signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  } catch (error) {
    if (signal?.aborted) throw signal.reason ?? error;
    throw networkError();
  }
}

/** The body as JSON when it is JSON, else its text; null when empty or unreadable. */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Seconds a Retry-After header asks for (seconds or an HTTP date); null without one. */
export function retryAfterSeconds(headers: Headers | null): number | null {
  const value = headers?.get('retry-after');
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Exponential backoff: 0.5 s, 1 s, 2 s… capped at 8 s (attempt is the 1-based retry number). */
export const defaultBackoffMs = (attempt: number) => Math.min(8000, 500 * 2 ** (attempt - 1));

export interface RetrySettings {
  maxTries: number;
  backoffMs: (attempt: number) => number;
}

/**
 * One step tried up to `maxTries` times while it fails with a transient error (a dropped
 * connection, a 5xx, an error the platform calls transient), with backoff between tries; any other
 * failure is thrown at once. After the last try its error is thrown.
 */
export async function withRetries<T>(settings: RetrySettings, signal: AbortSignal | undefined, step: () => Promise<T>): Promise<T> {
  let lastError: unknown = null;
  for (let attempt = 1; attempt <= Math.max(1, settings.maxTries); attempt++) {
    if (attempt > 1) await sleep(settings.backoffMs(attempt - 1), signal);
    try {
      return await step();
    } catch (error) {
      if (!isTransient(error)) throw error;
      lastError = error;
    }
  }
  throw lastError;
}

type TokenContext = Pick<PublishContext, 'accessToken' | 'signal'>;

/** One request with the account's token (what authorizedRequestFor makes for a platform). */
export type AuthorizedRequest<S> = (settings: S, ctx: TokenContext, url: string, init: RequestInit) => Promise<Response>;

/**
 * A platform's request with the account's token; after a 401 the token is refreshed once and the
 * request sent again. A second 401 with a fresh token means the connection itself is no good:
 * `refusedMessage`, reconnect. `platformError` reads a 401's body into the platform's
 * PlatformError (class 'auth' when it is the token).
 */
export function authorizedRequestFor<S extends { now: () => Date }>(
  send: (settings: S, url: string, init: RequestInit, signal?: AbortSignal) => Promise<Response>,
  platformError: (status: number, body: unknown, headers: Headers, now: Date) => PlatformError,
  refusedMessage: string,
): AuthorizedRequest<S> {
  return async (settings, ctx, url, init) => {
    const withToken = (token: string): RequestInit => ({ ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` } });
    const errorOf = async (response: Response) => platformError(response.status, await readBody(response), response.headers, settings.now());
    const first = await send(settings, url, withToken(await ctx.accessToken()), ctx.signal);
    if (first.status !== 401) return first;
    const firstError = await errorOf(first);
    if (firstError.errorClass !== 'auth') throw firstError;
    const second = await send(settings, url, withToken(await ctx.accessToken({ forceRefresh: true })), ctx.signal);
    if (second.status !== 401) return second;
    const secondError = await errorOf(second);
    if (secondError.errorClass !== 'auth') throw secondError;
    throw new PlatformError(refusedMessage, 'disconnect', secondError.code, 401);
  };
}

/**
 * The OAuth authorization-code exchange (with PKCE's verifier when there is one), as YouTube and
 * TikTok take it. Here invalid_grant means this code, not the account, is spent or expired.
 */
export async function exchangeAuthorizationCode(
  tokenCall: (form: Record<string, string>) => Promise<OAuthTokens>,
  platformLabel: string,
  input: { code: string; redirectUri: string; codeVerifier?: string | null | undefined },
): Promise<OAuthTokens> {
  try {
    return await tokenCall({ grant_type: 'authorization_code', code: input.code, redirect_uri: input.redirectUri, ...(input.codeVerifier ? { code_verifier: input.codeVerifier } : {}) });
  } catch (error) {
    if (isSocialFailure(error) && error.code === 'invalid_grant') {
      throw new PlatformError(`The ${platformLabel} sign-in expired or was already used. Connect again.`, 'bad', 'invalid_grant', error.status);
    }
    throw error;
  }
}

/**
 * The two token grants of a code-flow platform over its own token call: the code (with the PKCE
 * verifier when there is one) and the refresh token.
 */
export function codeFlowGrants(tokenCall: (form: Record<string, string>) => Promise<OAuthTokens>, platformLabel: string) {
  return {
    exchangeCode: (input: { code: string; redirectUri: string; codeVerifier?: string | null | undefined }) => exchangeAuthorizationCode(tokenCall, platformLabel, input),
    refresh: (refreshToken: string) => tokenCall({ grant_type: 'refresh_token', refresh_token: refreshToken }),
  };
}

/** A form-encoded POST, as the OAuth token and revoke endpoints take it. */
export function formPost(fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit {
  return { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(fields).toString() };
}

/** A JSON GET with a fresh access token (the profile read right after sign-in). */
export function bearerGet(accessToken: string): RequestInit {
  return { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } };
}

/**
 * Revokes a token, best effort: an outage or an already dead token (some platforms answer 400)
 * must not block a disconnect. The caller wipes the stored tokens either way.
 */
export async function revokeBestEffort(revoke: () => Promise<unknown>): Promise<void> {
  try {
    await revoke();
  } catch {
    // Nothing to do: the disconnect goes on.
  }
}

/** The consent page's address: the platform's parameters in order, then PKCE S256 when a challenge is given. */
export function authorizeAddress(authorizeUrl: string, params: Record<string, string>, codeChallenge?: string | null): string {
  const url = new URL(authorizeUrl);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  if (codeChallenge) {
    url.searchParams.set('code_challenge', codeChallenge);
    url.searchParams.set('code_challenge_method', 'S256');
  }
  return url.toString();
}
