// What the YouTube adapter's halves share: its settings and one request helper that turns a
// dropped connection or timeout into PlatformError('retry') and reads error bodies for youtubeError.
import { readBody, sendRequest, sleep, transportSettings, type TransportOptions } from '../base/http';
import { networkError, youtubeError } from './errors';

/** Where the adapter talks to: Google's addresses, or the same paths under the sandbox or a fake. */
export interface YoutubeEndpoints {
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  /** …/youtube/v3 */
  apiBase: string;
  /** …/upload/youtube/v3 */
  uploadBase: string;
  /** Where videos are watched: https://www.youtube.com, or the sandbox's mirror. */
  watchBase: string;
}

export const GOOGLE_ENDPOINTS: YoutubeEndpoints = {
  authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenUrl: 'https://oauth2.googleapis.com/token',
  revokeUrl: 'https://oauth2.googleapis.com/revoke',
  apiBase: 'https://www.googleapis.com/youtube/v3',
  uploadBase: 'https://www.googleapis.com/upload/youtube/v3',
  watchBase: 'https://www.youtube.com',
};

/** 256 KiB: every chunk but the last must be a multiple of it. */
export const CHUNK_UNIT = 256 * 1024;
export const DEFAULT_CHUNK_SIZE = 8 * 1024 * 1024;

/** Tries of one step (probe, chunk, init) default to 5. */
export interface YoutubeAdapterOptions extends TransportOptions {
  clientId: string;
  clientSecret: string;
  endpoints: YoutubeEndpoints;
  /** Bytes per PUT (rounded down to a multiple of 256 KiB, at least 256 KiB). Default 8 MiB. */
  chunkSize?: number;
}

export interface YoutubeSettings extends Required<Omit<YoutubeAdapterOptions, 'now'>> {
  now: () => Date;
}

export function youtubeSettings(options: YoutubeAdapterOptions): YoutubeSettings {
  const requested = options.chunkSize ?? DEFAULT_CHUNK_SIZE;
  return {
    ...options,
    ...transportSettings(options, 5),
    chunkSize: Math.max(CHUNK_UNIT, Math.floor(requested / CHUNK_UNIT) * CHUNK_UNIT),
  };
}

/** Sends one request. Throws PlatformError('retry', code 'network') when no answer came back. */
export function send(settings: YoutubeSettings, url: string, init: RequestInit, signal?: AbortSignal): Promise<Response> {
  return sendRequest(settings, url, init, signal, networkError);
}

export { readBody, sleep };

/** The PlatformError for a non-2xx answer (its body read). */
export async function failure(settings: YoutubeSettings, response: Response): Promise<Error> {
  return youtubeError(response.status, await readBody(response), response.headers, settings.now());
}

export function watchUrl(settings: YoutubeSettings, videoId: string): string {
  return `${settings.endpoints.watchBase}/watch?v=${encodeURIComponent(videoId)}`;
}
