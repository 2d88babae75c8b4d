// What the Instagram adapter's halves share (reference/platforms.md §3, Instagram Login path):
// its endpoints and settings, one request helper that turns a dropped connection or timeout into
// PlatformError('retry'), and the refresh-once rule for Graph API calls made with the account's token.
import type { PublishContext } from '../../../domain/ports/social';
import { PlatformError } from '../base/platform-error';
import { readBody, sendRequest, sleep, transportSettings, type TransportOptions } from '../base/http';
import { instagramError, networkError, type GraphErrorBody } from './errors';

export { readBody, sleep };

/** Where the adapter talks to: Instagram's addresses, or the same paths under the sandbox or a fake. */
export interface InstagramEndpoints {
  /** https://www.instagram.com/oauth/authorize */
  authorizeUrl: string;
  /** https://api.instagram.com/oauth/access_token (the short-lived token) */
  tokenUrl: string;
  /** https://graph.instagram.com: /access_token and /refresh_access_token live here, unversioned. */
  graphBase: string;
  /** https://graph.instagram.com/v22.0: /me, /{ig-user-id}/media… [?] the version is configurable. */
  apiBase: string;
}

export const INSTAGRAM_ENDPOINTS: InstagramEndpoints = {
  authorizeUrl: 'https://www.instagram.com/oauth/authorize',
  tokenUrl: 'https://api.instagram.com/oauth/access_token',
  graphBase: 'https://graph.instagram.com',
  apiBase: 'https://graph.instagram.com/v22.0',
};

/** Tries of one request default to 4. */
export interface InstagramAdapterOptions extends TransportOptions {
  clientId: string;
  clientSecret: string;
  endpoints: InstagramEndpoints;
  /** Between container status checks; Meta advises about once a minute. Default 15 s. */
  pollIntervalMs?: number;
  /** Status checks in one publish call before handing back to the engine (class retry). Default 20. */
  maxPolls?: number;
  /** Lifetime of the signed media URL Meta fetches the video from. Default 6 h. */
  mediaUrlTtlSeconds?: number;
}

export interface InstagramSettings extends Required<Omit<InstagramAdapterOptions, 'now'>> {
  now: () => Date;
}

export function instagramSettings(options: InstagramAdapterOptions): InstagramSettings {
  return {
    ...options,
    pollIntervalMs: options.pollIntervalMs ?? 15_000,
    maxPolls: Math.max(1, options.maxPolls ?? 20),
    ...transportSettings(options, 4),
    mediaUrlTtlSeconds: options.mediaUrlTtlSeconds ?? 6 * 3600,
  };
}

/** Sends one request. Throws PlatformError('retry', code 'network') when no answer came back. */
export function send(settings: InstagramSettings, url: string, init: RequestInit, signal?: AbortSignal): Promise<Response> {
  return sendRequest(settings, url, init, signal, networkError);
}

/** The PlatformError for a non-2xx answer (its body read). */
export async function failure(response: Response): Promise<PlatformError> {
  return instagramError(response.status, (await readBody(response)) as GraphErrorBody | null, response.headers);
}

export function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
}

type TokenContext = Pick<PublishContext, 'accessToken' | 'signal'>;

/**
 * One Graph API call with the account's token (Instagram's documented `access_token` parameter:
 * in the query of a GET, in the form body of a POST). Any code 190 (a token Instagram no longer
 * takes) refreshes once through the token service and repeats the call: a merely expired token
 * (463) comes back to life, a dead one fails its refresh there and the service marks the account
 * "reconnect". A second 190 with a fresh token is `disconnect`. Returns the parsed 2xx body.
 */
export async function graphCall(settings: InstagramSettings, ctx: TokenContext, method: 'GET' | 'POST', url: string, params: Record<string, string> = {}): Promise<unknown> {
  const attempt = async (token: string): Promise<Response> => {
    const all = { ...params, access_token: token };
    if (method === 'GET') return send(settings, withQuery(url, all), { headers: { accept: 'application/json' } }, ctx.signal);
    return send(settings, url, { method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(all).toString() }, ctx.signal);
  };
  const first = await attempt(await ctx.accessToken());
  if (first.ok) return readBody(first);
  const firstError = await failure(first);
  if (firstError.code?.split('/')[0] !== '190') throw firstError;
  const second = await attempt(await ctx.accessToken({ forceRefresh: true }));
  if (second.ok) return readBody(second);
  const secondError = await failure(second);
  if (secondError.code?.split('/')[0] !== '190') throw secondError;
  throw new PlatformError('Instagram refused this account even with a fresh sign-in. Reconnect the account.', 'disconnect', secondError.code, secondError.status);
}
