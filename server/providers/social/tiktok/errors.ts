// TikTok's error answers turned into PlatformErrors (reference/platforms.md §2 "Errors"): the class
// decides what the engine does, the message is what a creator reads. Branches on the machine codes
// (`error.code` of the envelope, OAuth's flat `error`), never on the English text.
import { retryAfterSeconds } from '../base/http';
import type { PublishErrorClass } from '../../../../contract/publishing';
import { PlatformError } from '../base/platform-error';

/** The machine code of a TikTok error body: the envelope's `error.code` or OAuth's flat `error`. */
export function tiktokCode(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const error = (body as { error?: unknown }).error;
  if (typeof error === 'string') return error;
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : null;
}

/** Seconds until the next midnight UTC: TikTok's daily caps ("until tomorrow"; its day boundary is not documented [?]). */
export function secondsUntilTomorrow(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

export const UNAUDITED_MESSAGE = 'TikTok only allows private (Only me) posts from this app until it is audited';

const BAD: Record<string, string> = {
  privacy_level_option_mismatch: 'TikTok does not offer this privacy level for the account any more. Choose who can see the post again.',
  url_ownership_unverified: "TikTok refused to fetch the video from this server's address (the domain is not verified).",
  invalid_param: 'TikTok did not accept the post details.',
  invalid_params: 'TikTok did not accept the post details.',
  invalid_file_upload: 'TikTok did not accept the uploaded file.',
  invalid_publish_id: 'TikTok does not know this post any more.',
};

/**
 * A PlatformError for one failed TikTok answer. `headers` gives Retry-After; `now` the daily reset.
 * `access_token_invalid` comes out as class 'auth' (the caller refreshes once and tries again).
 */
export function tiktokError(status: number, body: unknown, headers: Headers | null = null, now: Date = new Date()): PlatformError {
  const code = tiktokCode(body);
  const make = (message: string, errorClass: PublishErrorClass, retryAfter: number | null = null) => new PlatformError(message, errorClass, code ?? `http_${status}`, status, retryAfter);
  switch (code) {
    case 'access_token_invalid':
      return make('TikTok did not accept the sign-in of this account.', 'auth');
    case 'scope_not_authorized':
    case 'scope_permission_missed':
      return make('TikTok refused: the connection lacks the permission to post. Reconnect the account and allow posting.', 'disconnect');
    case 'rate_limit_exceeded':
      return make('TikTok asked us to slow down; the post will be tried again shortly.', 'rate', retryAfterSeconds(headers) ?? 60);
    case 'spam_risk_too_many_posts':
      return make('This TikTok account reached its daily limit of posts from apps; the post will be tried again tomorrow.', 'quota', secondsUntilTomorrow(now));
    case 'spam_risk_too_many_pending_share':
      return make('This TikTok account has too many posts waiting in its inbox; the post will be tried again in a day.', 'quota', 24 * 3600);
    case 'reached_active_user_cap':
      return make("This app reached TikTok's daily limit of posting users; the post will be tried again tomorrow.", 'quota', secondsUntilTomorrow(now));
    case 'spam_risk_user_banned_from_posting':
      return make('TikTok has banned this account from posting. Resolve it on TikTok before posting.', 'policy');
    case 'unaudited_client_can_only_post_to_private_accounts':
      return make(UNAUDITED_MESSAGE, 'policy');
    case 'invalid_grant':
      return make('TikTok no longer accepts this connection (it was revoked or has expired). Reconnect the account.', 'disconnect');
    case 'invalid_client':
    case 'unauthorized_client':
      return make("This server's TikTok app settings were refused by TikTok (client key or secret). Ask the administrator.", 'policy');
    case 'internal_error':
      return make('TikTok had a temporary problem; the post will be tried again.', 'retry', retryAfterSeconds(headers));
    default:
      break;
  }
  if (code && BAD[code]) return make(BAD[code], 'bad');
  if (status === 401) return make('TikTok did not accept the sign-in of this account.', 'auth');
  if (status === 429) return make('TikTok asked us to slow down; the post will be tried again shortly.', 'rate', retryAfterSeconds(headers) ?? 60);
  if (status >= 500) return make('TikTok had a temporary problem; the post will be tried again.', 'retry', retryAfterSeconds(headers));
  if (status === 403) return make('TikTok refused the request for this account.', 'policy');
  return make(status === 200 ? 'TikTok refused the request.' : `TikTok refused the request (HTTP ${status}).`, 'bad');
}

export function networkError(): PlatformError {
  return new PlatformError('TikTok could not be reached; the post will be tried again.', 'retry', 'network');
}

/** `fail_reason` of a FAILED post (§2 "Status", a [3P] list) in plain words, with its class. */
const FAIL_REASONS: Record<string, [string, PublishErrorClass]> = {
  file_format_check_failed: ['TikTok could not use the video file format (MP4, WebM or MOV; H.264 recommended).', 'bad'],
  duration_check_failed: ['The video is longer than TikTok allows for this account.', 'bad'],
  frame_rate_check_failed: ['TikTok needs a frame rate between 23 and 60 fps.', 'bad'],
  picture_size_check_failed: ['TikTok needs each side of the video between 360 and 4096 pixels.', 'bad'],
  video_pull_failed: ['TikTok could not fetch the video.', 'retry'],
  internal: ['TikTok had a problem processing the video.', 'retry'],
  auth_removed: ['The TikTok account took back its permission for this app. Reconnect the account.', 'disconnect'],
  publish_cancelled: ['The post was cancelled on TikTok.', 'bad'],
  spam_risk_too_many_posts: ['This TikTok account reached its daily limit of posts from apps.', 'quota'],
  spam_risk_user_banned_from_posting: ['TikTok has banned this account from posting.', 'policy'],
  spam_risk_text: ['TikTok flagged the caption as spam.', 'policy'],
  spam_risk: ['TikTok flagged the post as spam.', 'policy'],
};

/** The PlatformError of a post TikTok failed after the upload. */
export function publishFailure(reason: string | null): PlatformError {
  const known = reason ? FAIL_REASONS[reason] : undefined;
  return new PlatformError(known?.[0] ?? 'TikTok could not publish the video.', known?.[1] ?? 'bad', reason ?? 'FAILED', null);
}
