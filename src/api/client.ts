// The one axios instance of the PWA and its interceptors (spec §7, §8):
// * before a request, if there is no XSRF-TOKEN cookie yet, GET /sanctum/csrf-cookie once (shared
//   by concurrent requests) and send the URL-decoded cookie value as X-XSRF-TOKEN;
// * the stored token goes out as `Authorization: Bearer …`;
// * 419 refreshes the CSRF cookie and retries the request exactly once;
// * 401 removes the token and announces it (the app navigates to /login, the session clears);
// * any other failure rejects with the server's response body, or else the error's message.
// Credentials (cookie, bearer) are only attached to requests for the API's own origin, so a
// download from a CDN URL never leaks the token.
import axios, { AxiosError, type AxiosRequestConfig, type InternalAxiosRequestConfig } from 'axios';
import { XSRF_COOKIE, XSRF_HEADER } from '../../contract';
import { API_BASE } from './base';
import { readCookie } from './cookies';
import { emitRequestFailed, emitUnauthenticated } from './events';
import { toRejection } from './errors';
import { getStoredToken, setStoredToken } from './token';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Internal: this request is the CSRF cookie fetch itself (no CSRF pre-fetch, no retry). */
    skipCsrf?: boolean;
    /** Internal: the one 419 retry has been spent. */
    csrfRetried?: boolean;
    /** Reject with the AxiosError itself instead of body/message (callers that must tell a
     *  network failure from an HTTP error, e.g. the offline permissions fallback). */
    rawError?: boolean;
  }
}

export { API_BASE };
export const CSRF_COOKIE_PATH = '/sanctum/csrf-cookie';

export const api = axios.create({
  baseURL: API_BASE,
  withCredentials: true,
  // We set X-XSRF-TOKEN ourselves (decoded, and only for the API origin); axios' own xsrf logic
  // would otherwise overwrite it for same-origin requests.
  withXSRFToken: false,
  headers: { Accept: 'application/json' },
});

function currentHref(): string {
  return typeof location === 'undefined' ? 'http://localhost/' : location.href;
}

function originOf(url: string): string | null {
  try {
    return new URL(url, currentHref()).origin;
  } catch {
    return null;
  }
}

/** True when the request goes to the API (its base origin), so credentials may be attached. */
function isApiRequest(config: AxiosRequestConfig): boolean {
  const target = originOf(api.getUri(config));
  const apiOrigin = originOf(config.baseURL || API_BASE || currentHref());
  return target !== null && target === apiOrigin;
}

// --- CSRF cookie ---------------------------------------------------------------------------

let csrfInFlight: Promise<void> | null = null;
/** Set when the cookie was fetched but is not readable from script (API on another site): then
 *  we do not refetch before every request, only after a 419. */
let csrfUnreadable = false;

/** GET /sanctum/csrf-cookie (spec §7). The server answers 204 and sets the XSRF-TOKEN cookie. */
export async function getCsrfCookie(): Promise<void> {
  await api.get(CSRF_COOKIE_PATH, { skipCsrf: true, csrfRetried: true });
}

/** Fetch a fresh CSRF cookie; concurrent callers share one request. */
export function refreshCsrfCookie(): Promise<void> {
  csrfInFlight ??= getCsrfCookie()
    .then(() => {
      csrfUnreadable = readCookie(XSRF_COOKIE) === null;
    })
    .finally(() => {
      csrfInFlight = null;
    });
  return csrfInFlight;
}

async function ensureCsrfCookie(): Promise<void> {
  if (readCookie(XSRF_COOKIE) !== null || csrfUnreadable) return;
  try {
    await refreshCsrfCookie();
  } catch {
    // Offline or the server is down: let the request itself go out and fail (or succeed: GETs
    // need no CSRF token) with its own error instead of a confusing CSRF one.
  }
}

/** Forget what we learned about the CSRF cookie (after sign-out wiped the cookies). */
export function resetCsrfState(): void {
  csrfUnreadable = false;
}

function isCancelled(config: InternalAxiosRequestConfig): boolean {
  const signal = config.signal as { aborted?: boolean } | undefined;
  return signal?.aborted === true;
}

// --- interceptors --------------------------------------------------------------------------

api.interceptors.request.use(async (config: InternalAxiosRequestConfig) => {
  if (!isApiRequest(config)) return config;
  // A request cancelled before it went out (the sync engine stopping for a sign-out) must not
  // fetch a CSRF cookie on its way to being dropped; axios drops it before sending.
  if (!config.skipCsrf && !isCancelled(config)) await ensureCsrfCookie();
  const xsrf = readCookie(XSRF_COOKIE);
  if (xsrf !== null) config.headers.set(XSRF_HEADER, xsrf);
  const token = getStoredToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

api.interceptors.response.use(undefined, async (error: unknown) => {
  if (!(error instanceof AxiosError)) throw error;
  const config = error.config;
  const status = error.response?.status;

  if (status === 419 && config && !config.csrfRetried) {
    config.csrfRetried = true;
    await refreshCsrfCookie();
    return api.request(config);
  }

  if (status === 401 && config && isApiRequest(config)) {
    setStoredToken(null);
    emitUnauthenticated();
  }

  if (config && isApiRequest(config)) {
    const body: unknown = error.response?.data;
    const serverMessage = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
    emitRequestFailed({
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      status: error.response?.status ?? null,
      message: typeof serverMessage === 'string' && serverMessage ? serverMessage : error.message,
    });
  }

  if (config?.rawError) throw error;
  // Spec §8: the server's body (or the message) is what callers catch, not an Error.
  throw toRejection(error);
});

/** True for a failure with no HTTP response at all (offline, DNS, CORS, timeout). Only
 *  meaningful for requests made with `rawError: true`. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof AxiosError && error.response === undefined;
}
