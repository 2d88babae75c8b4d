// A GET of the API with the browser's own fetch, for the one request a signed-in start-up waits for
// (the permissions object): it leaves with the entry module, before the HTTP client (axios, ~20 KB
// gzip) has downloaded, so the first screen no longer waits for that chunk and then for the
// request in a row (Lighthouse LCP on `/` signed in, docs/decisions/performance.md).
//
// Only a plain success is taken from here: a 2xx with a JSON object. Anything else (no network, a
// 401, a 5xx, a redirect, another body) returns null and the caller makes the request again through
// the HTTP client, whose interceptors do what the spec asks of such answers (a 401 removes the
// token and goes to /login, failures are reported, offline falls back to the cached copy).
import { API_BASE } from './base';
import { getStoredToken } from './token';

export async function quickGetJson<T extends object>(path: string): Promise<T | null> {
  const token = getStoredToken();
  if (!token || typeof fetch !== 'function') return null;
  try {
    const response = await fetch(`${API_BASE}${path}`, {
      // As the HTTP client: cookies go along (withCredentials), the token as a bearer.
      credentials: 'include',
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      redirect: 'error',
    });
    if (!response.ok || !(response.headers.get('content-type') ?? '').includes('application/json')) return null;
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as T) : null;
  } catch {
    return null;
  }
}
