// A fetch that reaches a Fastify instance without a network (light-my-request `inject`), so the
// adapters talk to the in-process sandbox exactly as they talk to a real platform: same URLs,
// same Request/Response objects. A connection the sandbox drops on purpose surfaces as fetch's
// own "fetch failed" TypeError.
import type { FastifyInstance } from 'fastify';
import type { SocialHttp } from '../domain/ports/social';

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

async function payloadOf(body: RequestInit['body']): Promise<string | Buffer | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof Blob) return Buffer.from(await body.arrayBuffer());
  throw new TypeError('in-process fetch: unsupported body type');
}

export function inProcessHttp(instance: Pick<FastifyInstance, 'inject'>): SocialHttp {
  return async (url, init = {}) => {
    const target = new URL(url);
    const signal = init.signal ?? undefined;
    signal?.throwIfAborted();
    const headers: Record<string, string> = { host: target.host };
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const payload = await payloadOf(init.body);
    if (payload !== undefined && headers['content-type'] === undefined && init.body instanceof URLSearchParams) {
      headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    }
    const injected = instance.inject({ method: (init.method ?? 'GET') as 'GET', url: `${target.pathname}${target.search}`, headers, ...(payload !== undefined ? { payload } : {}) });
    let response;
    try {
      response = await (signal
        ? Promise.race([
            injected,
            new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason instanceof Error ? signal.reason : new Error('aborted')), { once: true })),
          ])
        : injected);
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new TypeError('fetch failed', { cause: error });
    }
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of [value].flat()) responseHeaders.append(key, String(item));
    }
    const body = NULL_BODY_STATUSES.has(response.statusCode) ? null : response.rawPayload;
    return new Response(body, { status: response.statusCode, headers: responseHeaders });
  };
}
