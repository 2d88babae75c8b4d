// Signed, expiring media URLs: `/media/<key>?exp=<unix s>&sig=<hmac>[&dl=<name>]`.
// A `<video>` or `<audio>` element cannot send the bearer token, so the URL itself is the
// permission: HMAC-SHA256 over the key, the expiry and the download name with a server secret.
// Only owner-scoped API answers contain such URLs; GET /media/* (server/http/routes/media.ts)
// verifies them in constant time and answers 404 for anything wrong.
//
// Expiries are rounded up to a step (an hour for the default 6 h): the same object signed twice
// within the step gives the same URL, so list answers keep their ETag (304s on the PWA's pull)
// and the browser's media cache keeps hitting. A URL is valid at least `ttl`, at most ttl + step.
// The secret comes from the caller (domain/server-secrets.ts loads or creates it).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isValidStorageKey } from './storage/keys';
import type { MediaUrlSigner } from './storage/types';

export const DEFAULT_MEDIA_URL_TTL_SECONDS = 6 * 3600;
const MAX_EXPIRY_STEP_SECONDS = 3600;
export const MEDIA_URL_PATH = '/media/';
/** Longest download name kept in a URL (the rest is cut). */
const MAX_DOWNLOAD_NAME_LENGTH = 150;

export interface VerifiedMediaUrl {
  key: string;
  /** Unix seconds. */
  expiresAt: number;
  /** Seconds the URL has left: the most a cache may keep the answer. */
  secondsLeft: number;
  downloadName: string | null;
}

/** Signs and checks media URLs. `verify` gives null for anything that is not a valid, live URL. */
export interface SignedMediaUrls extends MediaUrlSigner {
  verify(key: string, query: unknown): VerifiedMediaUrl | null;
}

export interface SignerOptions {
  /** Unix milliseconds now; tests move the clock. */
  now?: () => number;
}

// Controls, quotes, slashes and the characters Windows refuses in file names.
// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
const UNSAFE_IN_FILE_NAMES = /[\u0000-\u001f\u007f"\\/:*?<>|]+/g;

/** A file name safe in a URL and a Content-Disposition header: no paths, quotes or controls. */
export function cleanDownloadName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(UNSAFE_IN_FILE_NAMES, '-')
    .replace(/^[.\s-]+/, '')
    .trim()
    .slice(0, MAX_DOWNLOAD_NAME_LENGTH);
  return cleaned || 'download';
}

export function createMediaUrlSigner(secret: string, options: SignerOptions = {}): SignedMediaUrls {
  const now = options.now ?? Date.now;
  const mac = (key: string, expiresAt: number, downloadName: string) =>
    createHmac('sha256', secret).update(`v1\n${key}\n${expiresAt}\n${downloadName}`).digest('base64url');

  return {
    sign(key, signOptions = {}) {
      if (!isValidStorageKey(key)) throw new Error(`cannot sign an invalid media key: ${key.slice(0, 100)}`);
      const ttl = Math.max(1, Math.floor(signOptions.ttlSeconds ?? DEFAULT_MEDIA_URL_TTL_SECONDS));
      const step = Math.min(MAX_EXPIRY_STEP_SECONDS, ttl);
      const expiresAt = Math.ceil((Math.floor(now() / 1000) + ttl) / step) * step;
      const downloadName = signOptions.downloadName === undefined ? '' : cleanDownloadName(signOptions.downloadName);
      const query = new URLSearchParams({ exp: String(expiresAt), ...(downloadName ? { dl: downloadName } : {}), sig: mac(key, expiresAt, downloadName) });
      return `${MEDIA_URL_PATH}${key}?${query.toString()}`;
    },

    verify(key, query) {
      if (!isValidStorageKey(key) || typeof query !== 'object' || query === null) return null;
      const { exp, sig, dl } = query as Record<string, unknown>;
      if (typeof exp !== 'string' || !/^\d{1,12}$/.test(exp) || typeof sig !== 'string' || sig.length > 100) return null;
      if (dl !== undefined && (typeof dl !== 'string' || dl.length > MAX_DOWNLOAD_NAME_LENGTH * 4)) return null;
      const expiresAt = Number(exp);
      const downloadName = dl ?? '';
      // Compare first, then check the clock: the time taken never depends on which part was wrong.
      const given = Buffer.from(sig);
      const expected = Buffer.from(mac(key, expiresAt, downloadName));
      const authentic = given.length === expected.length && timingSafeEqual(given, expected);
      if (!authentic || expiresAt * 1000 <= now()) return null;
      return { key, expiresAt, secondsLeft: Math.floor(expiresAt - now() / 1000), downloadName: downloadName || null };
    },
  };
}
