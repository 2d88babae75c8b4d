// Reading what came back from the transport (DESIGN §4): header lookup, the server's message for
// a refused change, the response carried by an axios-style rejection, which statuses are worth a
// retry, and the per-request timeout. Pure functions: no table, no clock.
import type { HeadersLike, OutboxResponse } from './outbox-types';

export const DEFAULT_SEND_TIMEOUT_MS = 60_000;

class SendTimeoutError extends Error {
  constructor(ms: number) {
    super(`No response within ${ms} ms`);
    this.name = 'SendTimeoutError';
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  if (!(ms > 0)) return promise;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new SendTimeoutError(ms)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function headerValue(headers: HeadersLike | null | undefined, name: string): string | null {
  if (!headers) return null;
  let value: unknown;
  if (typeof (headers as { get?: unknown }).get === 'function') {
    value = (headers as { get(name: string): unknown }).get(name);
  } else {
    const wanted = name.toLowerCase();
    for (const [key, v] of Object.entries(headers)) if (key.toLowerCase() === wanted) value = v;
  }
  if (Array.isArray(value)) value = value[0];
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return null;
}

/** The server's message: body.message, else the first of body.errors, else the status text. */
export function serverMessage(response: OutboxResponse): string {
  const body = response.body;
  if (isRecord(body)) {
    if (typeof body.message === 'string' && body.message.trim()) return body.message;
    const errors = body.errors;
    const first = (list: unknown[]): string | null => {
      for (const entry of list) {
        if (typeof entry === 'string' && entry) return entry;
        if (isRecord(entry) && typeof entry.message === 'string' && entry.message) return entry.message;
        if (Array.isArray(entry)) {
          const nested = first(entry);
          if (nested) return nested;
        }
      }
      return null;
    };
    if (Array.isArray(errors)) {
      const message = first(errors);
      if (message) return message;
    } else if (isRecord(errors)) {
      const message = first(Object.values(errors));
      if (message) return message;
    }
    if (typeof body.error === 'string' && body.error) return body.error;
  } else if (typeof body === 'string' && body.trim() && body.length <= 500) {
    return body.trim();
  }
  return response.statusText?.trim() ? response.statusText : `HTTP ${response.status}`;
}

/** A response carried by a rejected transport call (axios style), or null for "no response". */
export function responseOfError(error: unknown): OutboxResponse | null {
  if (!isRecord(error) || !isRecord(error.response)) return null;
  const r = error.response;
  if (typeof r.status !== 'number' || r.status <= 0) return null;
  return {
    status: r.status,
    statusText: typeof r.statusText === 'string' ? r.statusText : undefined,
    headers: isRecord(r.headers) ? (r.headers) : null,
    body: 'data' in r ? r.data : r.body,
  };
}

export function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'no response';
}

export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 429 || status === 408;
}
