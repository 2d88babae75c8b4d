// YouTube's error answers turned into PlatformErrors: the class decides what the engine does
// (reference/platforms.md §1 "Errors"), the message is what a creator reads. Branches on the
// machine codes (`errors[].reason`, OAuth's `error`), never on the English text.
import { retryAfterSeconds } from '../base/http';
import { PlatformError } from '../base/platform-error';

/** `{"error":{"code","message","status","errors":[{"domain","reason","message","location"}]}}` */
interface GoogleErrorEnvelope {
  error?: { code?: number; message?: string; status?: string; errors?: Array<{ domain?: string; reason?: string; message?: string }> } | string;
  error_description?: string;
}

/** The machine reason of a Google error body: the first `errors[].reason`, the `status`, or OAuth's flat `error`. */
export function googleReason(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const envelope = body as GoogleErrorEnvelope;
  if (typeof envelope.error === 'string') return envelope.error;
  const reason = envelope.error?.errors?.find((item) => typeof item.reason === 'string')?.reason;
  return reason ?? envelope.error?.status ?? null;
}

const HOUR = 3600;

/** Seconds from `now` until the next midnight in America/Los_Angeles, when YouTube quotas reset. */
export function secondsUntilPacificMidnight(now: Date): number {
  const offsetMinutes = (at: Date): number => {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value;
    const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
    if (!match) return -8 * 60;
    return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
  };
  const dayMs = 24 * HOUR * 1000;
  const offset = offsetMinutes(now) * 60_000;
  const localMidnight = Math.floor((now.getTime() + offset) / dayMs) * dayMs + dayMs;
  let next = localMidnight - offset;
  // The clocks may change between now and midnight (DST switches at 2 a.m.): use midnight's offset.
  const offsetThen = offsetMinutes(new Date(next)) * 60_000;
  if (offsetThen !== offset) next = localMidnight - offsetThen;
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

const BAD_REASONS: Record<string, string> = {
  invalidTitle: 'YouTube did not accept the title (at most 100 characters, no < or >).',
  invalidDescription: 'YouTube did not accept the description (at most 5000 bytes, no < or >).',
  invalidTags: 'YouTube did not accept the tags (about 500 characters in all).',
  invalidCategoryId: 'YouTube does not know this video category.',
  invalidPublishAt: 'YouTube did not accept the scheduled publish time.',
  invalidVideoMetadata: 'YouTube did not accept the video details.',
  mediaBodyRequired: 'YouTube received no video file.',
};

/**
 * A PlatformError for one failed YouTube answer. `headers` gives Retry-After; `now` the quota reset.
 * 401s come out as class 'auth' (the caller refreshes once and tries again).
 */
export function youtubeError(status: number, body: unknown, headers: Headers | null = null, now: Date = new Date()): PlatformError {
  const reason = googleReason(body);
  const make = (message: string, errorClass: ConstructorParameters<typeof PlatformError>[1], retryAfter: number | null = null) =>
    new PlatformError(message, errorClass, reason ?? `http_${status}`, status, retryAfter);
  switch (reason) {
    case 'quotaExceeded':
      return make("YouTube's daily upload quota is used up; it resets at midnight Pacific time.", 'quota', secondsUntilPacificMidnight(now));
    case 'uploadLimitExceeded':
      return make('This channel reached its YouTube upload limit for the last 24 hours; the post will be tried again in a day.', 'quota', 24 * HOUR);
    case 'rateLimitExceeded':
    case 'userRateLimitExceeded':
      return make('YouTube asked us to slow down; the post will be tried again shortly.', 'rate', retryAfterSeconds(headers) ?? 60);
    case 'youtubeSignupRequired':
      return make('This Google account has no YouTube channel yet. Create the channel on YouTube, then connect again.', 'policy');
    case 'authenticatedUserAccountSuspended':
      return make('YouTube has suspended this channel. Resolve it on YouTube before posting.', 'policy');
    case 'authenticatedUserAccountClosed':
      return make('This YouTube channel is closed.', 'policy');
    case 'forbiddenPrivacySetting':
      return make("YouTube does not allow this privacy setting for the channel (unverified apps can only post private videos).", 'policy');
    case 'insufficientPermissions':
    case 'forbidden':
      return make('YouTube refused: the connection lacks the permission to upload. Reconnect the account and allow uploads.', 'disconnect');
    case 'invalid_grant':
      return make('YouTube no longer accepts this connection (it was revoked or has expired). Reconnect the account.', 'disconnect');
    case 'invalid_client':
    case 'unauthorized_client':
      return make("This server's YouTube app settings were refused by Google (client id or secret). Ask the administrator.", 'policy');
    default:
      break;
  }
  if (reason && BAD_REASONS[reason]) return make(BAD_REASONS[reason], 'bad');
  if (reason?.startsWith('invalid')) return make('YouTube did not accept the video details.', 'bad');
  if (status === 401) return make('YouTube did not accept the sign-in of this account.', 'auth');
  if (status === 429) return make('YouTube asked us to slow down; the post will be tried again shortly.', 'rate', retryAfterSeconds(headers) ?? 60);
  if (status >= 500) return make('YouTube had a temporary problem; the post will be tried again.', 'retry', retryAfterSeconds(headers));
  if (status === 403) return make('YouTube refused the request for this account.', 'policy');
  return make(`YouTube refused the request (HTTP ${status}).`, 'bad');
}

/** A dropped connection or timeout: always worth another try. */
export function networkError(): PlatformError {
  return new PlatformError('YouTube could not be reached; the post will be tried again.', 'retry', 'network');
}

const FAILURE_REASONS: Record<string, string> = {
  codec: 'YouTube could not read the video: its codec is not supported.',
  conversion: 'YouTube could not convert the video.',
  emptyFile: 'YouTube received an empty file.',
  invalidFile: 'YouTube could not read the video file.',
  tooSmall: 'YouTube found the video file too small.',
  uploadAborted: 'The upload to YouTube was cut off.',
};

const REJECTION_REASONS: Record<string, string> = {
  claim: 'YouTube rejected the video because of a copyright claim.',
  copyright: 'YouTube rejected the video for copyright reasons.',
  duplicate: 'YouTube rejected the video as a duplicate of one already on the channel.',
  inappropriate: 'YouTube rejected the video as inappropriate content.',
  legal: 'YouTube rejected the video for legal reasons.',
  length: 'YouTube rejected the video because of its length.',
  termsOfUse: "YouTube rejected the video under its terms of use.",
  trademark: 'YouTube rejected the video for trademark reasons.',
  uploaderAccountClosed: 'YouTube rejected the video because the channel is closed.',
  uploaderAccountSuspended: 'YouTube rejected the video because the channel is suspended.',
};

/** The plain reason of a video YouTube failed or rejected after the upload (always class 'bad'). */
export function processingFailure(uploadStatus: string, reason: string | null): PlatformError {
  const table = uploadStatus === 'rejected' ? REJECTION_REASONS : FAILURE_REASONS;
  const message =
    (reason && table[reason]) ??
    (uploadStatus === 'deleted' ? 'The video was deleted from YouTube.' : uploadStatus === 'rejected' ? 'YouTube rejected the video.' : 'YouTube could not process the video.');
  return new PlatformError(message, 'bad', reason ?? uploadStatus, null);
}
