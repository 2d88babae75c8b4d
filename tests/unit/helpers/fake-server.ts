// A fake API behind the real axios instance: a custom adapter that routes requests to handlers,
// records what was sent (method, url, headers, body), and answers like a server would (cookies
// set through document.cookie, non-2xx statuses rejected as axios does). The browser's fetch is
// routed to the same handlers (src/api/quick-get.ts uses it), answering with real Responses.
import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { api } from '../../../src/api';

export interface SentRequest {
  method: string;
  url: string;
  params: Record<string, unknown>;
  headers: Record<string, string>;
  data: unknown;
  /** Which client sent it: the HTTP client (axios) or the browser's fetch. */
  via: 'axios' | 'fetch';
}

export interface Reply {
  status?: number;
  body?: unknown;
  /** Set by "the server": written to document.cookie before answering. */
  setCookie?: string;
  /** Fail without a response (offline). */
  network?: boolean;
}

export type Handler = (request: SentRequest) => Reply | Promise<Reply>;

export interface FakeServer {
  requests: SentRequest[];
  on(method: string, url: string, handler: Handler | Reply): FakeServer;
  calls(method: string, url: string): SentRequest[];
  restore(): void;
}

function parseBody(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return data;
  }
}

export function fakeServer(options: { csrfValue?: string } = {}): FakeServer {
  const routes = new Map<string, Handler>();
  const requests: SentRequest[] = [];
  const original = api.defaults.adapter;
  const csrf = options.csrfValue ?? 'csrf%2Btoken%3D%3D';

  const key = (method: string, url: string) => `${method.toUpperCase()} ${url}`;

  /** Records the request and returns the handler's reply (cookies it sets are set). */
  async function answer(request: SentRequest): Promise<Reply> {
    requests.push(request);
    if (requests.length > 200) throw new Error('Runaway requests: the client keeps retrying');
    let handler = routes.get(key(request.method, request.url));
    if (!handler && request.url === '/sanctum/csrf-cookie') {
      handler = () => ({ status: 204, setCookie: `XSRF-TOKEN=${csrf}; path=/` });
    }
    const reply = handler ? await handler(request) : { status: 404, body: { message: 'Not found.' } };
    if (!reply.network && reply.setCookie) document.cookie = reply.setCookie;
    return reply;
  }

  const originalFetch = globalThis.fetch;
  const fakeFetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const target = new URL(input instanceof Request ? input.url : String(input), 'http://localhost/');
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => (headers[name.toLowerCase()] = value));
    const reply = await answer({
      method: (init.method ?? 'GET').toUpperCase(),
      url: target.pathname,
      params: Object.fromEntries(target.searchParams),
      headers,
      data: typeof init.body === 'string' ? parseBody(init.body) : init.body,
      via: 'fetch',
    });
    if (reply.network) throw new TypeError('Failed to fetch');
    const status = reply.status ?? 200;
    const body = reply.body;
    const text = status === 204 || body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body);
    const json = text !== null && typeof body !== 'string';
    return new Response(text, {
      status,
      headers: json ? { 'content-type': 'application/json; charset=utf-8' } : {},
    });
  };
  globalThis.fetch = fakeFetch;

  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(AxiosHeaders.from(config.headers).toJSON())) {
      if (value !== undefined && value !== null) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    }
    const request: SentRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params: (config.params ?? {}) as Record<string, unknown>,
      headers,
      data: parseBody(config.data),
      via: 'axios',
    };
    const reply = await answer(request);
    if (reply.network) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    const status = reply.status ?? 200;
    const response: AxiosResponse = {
      data: reply.body === undefined ? '' : reply.body,
      status,
      statusText: String(status),
      headers: {},
      config,
      request: {},
    };
    if (status >= 200 && status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${status}`,
      status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      {},
      response,
    );
  };
  api.defaults.adapter = adapter;

  const server: FakeServer = {
    requests,
    on(method, url, handler) {
      routes.set(key(method, url), typeof handler === 'function' ? handler : () => handler);
      return server;
    },
    calls(method, url) {
      return requests.filter((r) => r.method === method.toUpperCase() && r.url === url);
    },
    restore() {
      api.defaults.adapter = original;
      globalThis.fetch = originalFetch;
    },
  };
  return server;
}
