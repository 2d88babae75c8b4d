// What the TikTok adapter's halves share: endpoints, settings, one request helper, and the
// envelope rule of the Content Posting API (reference/platforms.md §2 "Envelope"): every answer is
// `{"data":{…},"error":{"code":"ok",…}}` and only `error.code == "ok"` is success, even on HTTP 200.
import { readBody, sendRequest, transportSettings, type TransportOptions } from '../base/http';
import { networkError, tiktokError } from './errors';

/** Where the adapter talks to: TikTok's addresses, or the same paths under the sandbox or a fake. */
export interface TiktokEndpoints {
  /** …/v2/auth/authorize/ */
  authorizeUrl: string;
  /** …/v2/oauth/token/ */
  tokenUrl: string;
  /** …/v2/oauth/revoke/ */
  revokeUrl: string;
  /** https://open.tiktokapis.com (the /v2/… paths go below it). */
  apiBase: string;
  /** Where posts and profiles are seen: https://www.tiktok.com, or the sandbox's mirror. */
  webBase: string;
}

export const TIKTOK_ENDPOINTS: TiktokEndpoints = {
  authorizeUrl: 'https://www.tiktok.com/v2/auth/authorize/',
  tokenUrl: 'https://open.tiktokapis.com/v2/oauth/token/',
  revokeUrl: 'https://open.tiktokapis.com/v2/oauth/revoke/',
  apiBase: 'https://open.tiktokapis.com',
  webBase: 'https://www.tiktok.com',
};

/** TikTok's chunk rules (§2 "Chunks"): 5–64 MB per chunk, the last one absorbs the remainder. */
export const MIN_CHUNK_BYTES = 5 * 1024 * 1024;
export const MAX_CHUNK_BYTES = 64 * 1024 * 1024;
export const DEFAULT_CHUNK_BYTES = 10 * 1024 * 1024;

/** Tries of one step (chunk, status) default to 5. */
export interface TiktokAdapterOptions extends TransportOptions {
  clientKey: string;
  clientSecret: string;
  endpoints: TiktokEndpoints;
  /** Bytes per chunk (default 10 MB). Production config keeps it within 5–64 MB; tests go smaller. */
  chunkSize?: number;
}

export interface TiktokSettings extends Required<Omit<TiktokAdapterOptions, 'now'>> {
  now: () => Date;
}

export function tiktokSettings(options: TiktokAdapterOptions): TiktokSettings {
  return {
    ...options,
    ...transportSettings(options, 5),
    chunkSize: Math.max(1, Math.floor(options.chunkSize ?? DEFAULT_CHUNK_BYTES)),
  };
}

export function send(settings: TiktokSettings, url: string, init: RequestInit, signal?: AbortSignal): Promise<Response> {
  return sendRequest(settings, url, init, signal, networkError);
}

interface Envelope {
  data?: unknown;
  error?: { code?: unknown; message?: unknown; log_id?: unknown };
}

/**
 * The `data` of a successful API answer; a PlatformError for anything else — an HTTP error, or a
 * 200 whose `error.code` is not "ok" (TikTok reports some refusals that way).
 */
export async function envelopeData<T>(settings: TiktokSettings, response: Response): Promise<T> {
  const body = await readBody(response);
  const code = (body as Envelope | null)?.error?.code;
  if (response.ok && code === 'ok') return ((body as Envelope).data ?? {}) as T;
  throw tiktokError(response.status, body, response.headers, settings.now());
}

/** A profile address: https://www.tiktok.com/@name, and a post's: …/@name/video/{id}. */
export function profileUrl(settings: TiktokSettings, username: string): string {
  return `${settings.endpoints.webBase}/@${encodeURIComponent(username.replace(/^@/, ''))}`;
}
