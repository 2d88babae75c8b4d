// Transports for drain() and the pulls: how an OutboxRequest or a pull's GET becomes an HTTP call. The page uses the app's
// axios instance (its interceptors add the bearer token and CSRF header, and refresh a stale
// CSRF cookie on 419); the service worker, which has no axios instance or cookies API, uses fetch
// with headers it reads itself (e.g. the token mirrored into Dexie).
import type { AxiosInstance, AxiosRequestConfig } from 'axios';
import type { OutboxRequest, OutboxResponse, Send } from './outbox';
import type { HttpGet } from './pull';

/**
 * Send through an axios instance. The request is made with `rawError: true` (see src/api/client:
 * rejections keep their AxiosError, so the status survives), and non-2xx rejections are turned
 * back into responses; only "no response at all" stays a rejection.
 */
export function axiosSend(instance: Pick<AxiosInstance, 'request'>, extra: AxiosRequestConfig = {}): Send {
  return async (request: OutboxRequest): Promise<OutboxResponse> => {
    const options: Record<string, unknown> = { rawError: true };
    const config: AxiosRequestConfig = {
      ...extra,
      ...options,
      method: request.method,
      url: request.url,
      data: request.body,
      headers: { ...(extra.headers as Record<string, string> | undefined), ...request.headers },
    };
    try {
      const response = await instance.request<unknown>(config);
      return { status: response.status, statusText: response.statusText, headers: response.headers, body: response.data };
    } catch (error) {
      const response = (error as { response?: { status?: unknown; statusText?: unknown; headers?: unknown; data?: unknown } } | null)?.response;
      if (response && typeof response.status === 'number' && response.status > 0) {
        return {
          status: response.status,
          statusText: typeof response.statusText === 'string' ? response.statusText : '',
          headers: (response.headers ?? null) as OutboxResponse['headers'],
          body: response.data,
        };
      }
      throw error;
    }
  };
}

export interface FetchSendOptions {
  /** The API origin + prefix, e.g. '' (same origin) or 'https://api.example.com'. */
  baseUrl?: string;
  /** Extra headers per request, e.g. Authorization from the token mirrored in Dexie. */
  headers?: () => Record<string, string> | Promise<Record<string, string>>;
  fetch?: typeof fetch;
  credentials?: RequestCredentials;
}

/** Send with fetch (service worker). JSON in, JSON (or text) out. */
export function fetchSend(options: FetchSendOptions = {}): Send {
  const base = options.baseUrl ?? '';
  return async (request: OutboxRequest): Promise<OutboxResponse> => {
    const doFetch = options.fetch ?? fetch;
    const headers: Record<string, string> = {
      Accept: 'application/json',
      ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(options.headers ? await options.headers() : {}),
      ...request.headers,
    };
    const response = await doFetch(`${base}${request.url}`, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      credentials: options.credentials ?? 'include',
    });
    const text = await response.text().catch(() => '');
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text) as unknown;
      } catch {
        body = text;
      }
    }
    return { status: response.status, statusText: response.statusText, headers: response.headers, body };
  };
}

/** GET through axios: every status resolves (a 304 included), only "no response" rejects. */
export function axiosGet(http: AxiosInstance, extra: Pick<AxiosRequestConfig, 'signal'> = {}): HttpGet {
  return async (url, headers) => {
    // rawError (src/api/client) as a plain key, like axiosSend: the service worker's program
    // compiles this module without the client's typing of it.
    const options: Record<string, unknown> = { rawError: true };
    const response = await http.get<unknown>(url, {
      ...extra,
      ...options,
      headers,
      validateStatus: (status) => (status >= 200 && status < 300) || status === 304,
    });
    return { status: response.status, headers: response.headers as Record<string, unknown>, body: response.data };
  };
}
