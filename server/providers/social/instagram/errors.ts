// Instagram's error answers turned into PlatformErrors (reference/platforms.md §3 "Errors"): the
// class decides what the engine does, the message is what a creator reads. Branches on the
// machine codes (`code`, `error_subcode`, `is_transient`), never on the English text. The
// PlatformError's code is `"<code>/<subcode>"` (or just `"<code>"`), e.g. `9/2207042`.
import { PlatformError } from '../base/platform-error';

/** `{"error":{"message","type":"OAuthException","code","error_subcode","is_transient","error_user_title","error_user_msg","fbtrace_id"}}` */
export interface GraphErrorBody {
  error?: { message?: unknown; type?: unknown; code?: unknown; error_subcode?: unknown; is_transient?: unknown; error_user_msg?: unknown } | string;
  /** The older api.instagram.com OAuth shape: {"error_type","code","error_message"}. */
  error_type?: unknown;
  error_message?: unknown;
  code?: unknown;
}

type ErrorClass = ConstructorParameters<typeof PlatformError>[1];

const SECONDS_PER_DAY = 24 * 3600;

/** Subcodes of a failed container or upload after which a new container is worth a try. */
export const RETRY_WITH_NEW_CONTAINER = new Set([2207001, 2207003, 2207020, 2207032, 2207053]);
/** Seen in the field, not in Meta's table [?]: one new container, then give up. */
export const RETRY_ONCE_SUBCODE = 2207082;

const SUBCODE_MESSAGES: Record<number, { message: string; errorClass: ErrorClass }> = {
  2207042: { message: 'This Instagram account reached its publishing limit for the last 24 hours; the post will be tried again later.', errorClass: 'quota' },
  2207051: { message: 'Instagram flagged this post or account as restricted or spam. Check the account in the Instagram app.', errorClass: 'policy' },
  2207003: { message: 'Instagram timed out downloading the video; it will be tried again.', errorClass: 'retry' },
  2207020: { message: 'The Instagram upload expired before it was published; it will be tried again.', errorClass: 'retry' },
  2207001: { message: 'Instagram had a server problem with the Reel; it will be tried again.', errorClass: 'retry' },
  2207032: { message: 'Instagram could not create the Reel; it will be tried again.', errorClass: 'retry' },
  2207053: { message: 'The upload to Instagram failed; it will be tried again.', errorClass: 'retry' },
  2207026: { message: 'Instagram does not support this video format (MP4/MOV, H.264, 3 s to 15 min, 23–60 fps).', errorClass: 'bad' },
  2207082: { message: 'Instagram could not process the video; it will be tried once more.', errorClass: 'retry' },
  2207027: { message: 'Instagram was not ready to publish the Reel yet; it will be tried again.', errorClass: 'retry' },
};

const int = (value: unknown): number | null => {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d{1,12}$/.test(value)) return Number(value);
  return null;
};

function retryAfterHeader(headers: Headers | null): number | null {
  const value = Number(headers?.get('retry-after') ?? NaN);
  return Number.isFinite(value) && value >= 0 ? Math.ceil(value) : null;
}

/** The class of a code/subcode pair (and is_transient), per the table of reference/platforms.md §3. */
export function classify(code: number | null, subcode: number | null, transient: boolean): { errorClass: ErrorClass; message: string } {
  if (subcode !== null && SUBCODE_MESSAGES[subcode]) return SUBCODE_MESSAGES[subcode];
  if (code === 190 && subcode === 463) return { errorClass: 'auth', message: 'The Instagram sign-in expired; it is renewed automatically.' };
  if (code === 190 || code === 102) return { errorClass: 'disconnect', message: 'Instagram no longer accepts this connection (it was revoked, the password changed or it expired). Reconnect the account.' };
  if (code === 10 || (code !== null && code >= 200 && code <= 299)) {
    return { errorClass: 'disconnect', message: 'Instagram refused: the connection lacks the permission to publish. Reconnect the account and allow publishing.' };
  }
  if (code === 4 || code === 17 || code === 32 || code === 613 || code === 80002) return { errorClass: 'rate', message: 'Instagram asked us to slow down; the post will be tried again shortly.' };
  if (code === 9) return { errorClass: 'quota', message: 'This Instagram account reached its publishing limit; the post will be tried again later.' };
  if (transient || code === 1 || code === 2 || code === -1 || code === -2) return { errorClass: 'retry', message: 'Instagram had a temporary problem; the post will be tried again.' };
  if (code === 100) return { errorClass: 'bad', message: 'Instagram did not accept the Reel details.' };
  return { errorClass: 'bad', message: 'Instagram refused the request.' };
}

/** A PlatformError for one failed Graph API (or api.instagram.com OAuth) answer. */
export function instagramError(status: number, body: GraphErrorBody | null, headers: Headers | null = null): PlatformError {
  const envelope = body && typeof body === 'object' && typeof body.error === 'object' ? body.error : null;
  const code = int(envelope?.code ?? body?.code);
  const subcode = int(envelope?.error_subcode);
  const transient = envelope?.is_transient === true;
  const machine = code === null ? `http_${status}` : subcode === null ? String(code) : `${code}/${subcode}`;
  if (code === null && status >= 500) return new PlatformError('Instagram had a temporary problem; the post will be tried again.', 'retry', machine, status, retryAfterHeader(headers));
  if (code === null && status === 429) return new PlatformError('Instagram asked us to slow down; the post will be tried again shortly.', 'rate', machine, status, retryAfterHeader(headers) ?? 60);
  // The old OAuth endpoint answers {"error_type":"OAuthException","code":400,"error_message":…}: the code is an HTTP status.
  if (!envelope && typeof body?.error_type === 'string') return new PlatformError('Instagram refused the sign-in; connect again.', 'bad', body.error_type, status);
  const { errorClass, message } = classify(code, subcode, transient);
  const retryAfter = errorClass === 'rate' ? (retryAfterHeader(headers) ?? 60) : errorClass === 'quota' ? SECONDS_PER_DAY : errorClass === 'retry' ? retryAfterHeader(headers) : null;
  if (errorClass === 'bad' && status >= 500) return new PlatformError('Instagram had a temporary problem; the post will be tried again.', 'retry', machine, status, retryAfterHeader(headers));
  return new PlatformError(message, errorClass, machine, status, retryAfter);
}

/** A dropped connection or timeout: always worth another try. */
export function networkError(): PlatformError {
  return new PlatformError('Instagram could not be reached; the post will be tried again.', 'retry', 'network');
}

/** The 2207xxx subcode in a failed container's `status` text ("Error: … 2207026"), if any. */
export function containerSubcode(status: unknown): number | null {
  const match = /\b(22\d{5})\b/.exec(typeof status === 'string' ? status : '');
  return match ? Number(match[1]) : null;
}
