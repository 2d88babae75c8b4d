// Publishing: social accounts, posts with one target per account, the calendar and the
// failed-jobs list. The spec names the calls (§7) but shows no shapes; these are ours, documented
// in docs/decisions/publishing.md. Laravel-style envelopes as everywhere (contract/http.ts).
import { z } from 'zod';
import type { SeriesLabel } from './series';

export const SOCIAL_PLATFORMS = ['youtube', 'tiktok', 'instagram'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];
export const PLATFORM_LABELS: Record<SocialPlatform, string> = { youtube: 'YouTube', tiktok: 'TikTok', instagram: 'Instagram' };

/**
 * How an account's tokens stand: 'ok'; 'expiring' (the refresh token is about to lapse, e.g. a
 * sandbox consent screen's 7-day limit, or it has not been used for months); 'reconnect' (refresh
 * failed: the creator must connect again; its queued posts are blocked until then).
 */
export const TOKEN_HEALTH = ['ok', 'expiring', 'reconnect'] as const;
export type TokenHealth = (typeof TOKEN_HEALTH)[number];

/**
 * What the sandbox's consent page can make an account do: `ok`; `flaky` (about half of
 * upload requests fail with a 5xx or a dropped connection); `expired` (access tokens stop working
 * after one use, refresh works); `revoked` (refresh fails: reconnect); `quota` (the daily quota is
 * used up); `reject` (the platform rejects the media).
 */
export const SANDBOX_SIMULATIONS = ['ok', 'flaky', 'expired', 'revoked', 'quota', 'reject'] as const;
export type SandboxSimulation = (typeof SANDBOX_SIMULATIONS)[number];

// --- connect ------------------------------------------------------------------------------------

/** GET /api/{platform}/connect?path=…[&popup=1]: `path` is where the browser returns (an app path). */
export const connectQuery = z.object({
  path: z
    .string()
    .trim()
    .max(500, 'The path must not be greater than 500 characters.')
    .regex(/^\/(?!\/)[^\s\\]*$/, 'The path must be a path of this app, such as /connect.')
    .default('/connect'),
  popup: z.enum(['0', '1'], { message: 'The popup field must be 0 or 1.' }).optional(),
});
export type ConnectQuery = z.input<typeof connectQuery>;

/** 200 answer of GET /api/{platform}/connect: where to send the browser. */
export interface ConnectResponse {
  url: string;
  /** True when the platform is not configured and the built-in sandbox stands in. */
  sandbox: boolean;
}

/** GET /api/social/platforms: which platforms this server can publish to, and which run on its sandbox. */
export interface PlatformAvailability {
  platform: SocialPlatform;
  /** False when the server has neither the platform's app credentials nor its sandbox. */
  available: boolean;
  /** True when the built-in sandbox stands in for the platform (nothing reaches the real one). */
  sandbox: boolean;
}

/** The message a popup callback page posts to its opener (window.opener.postMessage). */
export interface ConnectPopupMessage {
  type: 'reelflow:connect';
  ok: boolean;
  platform: SocialPlatform;
  /** The connected account's id when ok. */
  account_id: string | null;
  /** Plain-language reason when not ok. */
  error: string | null;
}

// --- accounts -----------------------------------------------------------------------------------

export interface SocialAccount {
  id: string;
  platform: SocialPlatform;
  name: string;
  handle: string | null;
  /** Same-origin or platform URL of the avatar; null shows initials. */
  avatar_url: string | null;
  sandbox: boolean;
  health: TokenHealth;
  /** Plain-language reason when health is not 'ok'. */
  health_reason: string | null;
  /** When the stored access token expires (it is refreshed on use). */
  token_expires_at: string | null;
  /** Targets waiting for this account to be reconnected. */
  blocked_targets: number;
  connected_at: string;
  updated_at: string;
}

export const listAccountsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(200).optional(),
});

/** POST /api/accounts/disconnect. Queued posts for the account fail with "account disconnected". */
export const disconnectAccountRequest = z.object({ id: z.uuid('The id field must be a valid UUID.') });

// --- videos to publish --------------------------------------------------------------------------

/** One completed video of GET /api/get/videos (`{data: PublishableVideo[]}`, newest first). */
export interface PublishableVideo {
  id: string;
  title: string;
  /** Signed, expiring thumbnail URL. */
  thumbnail_url: string | null;
  duration: number | null;
  width: number | null;
  height: number | null;
  created_at: string;
  /** For the pre-flight: the file's size and how it is encoded. Absent in rows cached before. */
  size_bytes?: number | null;
  /** Frames per second; ffprobe-style codec names (h264, aac) and container (mp4). */
  fps?: number | null;
  video_codec?: string | null;
  audio_codec?: string | null;
  container?: string | null;
  /** The video's credits (AiVideo.description): fills an empty post description. Absent in rows cached before. */
  description?: string;
}

// --- posts --------------------------------------------------------------------------------------

export const POST_STATUSES = ['draft', 'scheduled', 'publishing', 'published', 'partially_published', 'failed'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
export const POST_STATUS_LABELS: Record<PostStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  publishing: 'Publishing',
  published: 'Published',
  partially_published: 'Partly published',
  failed: 'Failed',
};

/** A target is one post on one account. 'blocked': waiting for the account to be reconnected. */
export const TARGET_STATUSES = ['draft', 'scheduled', 'blocked', 'publishing', 'published', 'failed'] as const;
export type TargetStatus = (typeof TARGET_STATUSES)[number];

/** How a platform error is handled (reference/platforms.md "Classes"). */
export const PUBLISH_ERROR_CLASSES = ['auth', 'disconnect', 'quota', 'rate', 'bad', 'retry', 'policy'] as const;
export type PublishErrorClass = (typeof PUBLISH_ERROR_CLASSES)[number];

export const YOUTUBE_PRIVACY = ['public', 'unlisted', 'private'] as const;

const noAngleBrackets = (value: string) => !/[<>]/.test(value);

/** YouTube's per-post options (reference/platforms.md §1 "Metadata"). */
export const youtubeOptions = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'The YouTube title is required.')
    .max(100, 'The YouTube title must not be greater than 100 characters.')
    .refine(noAngleBrackets, 'The YouTube title cannot contain < or >.'),
  description: z
    .string()
    .max(5000, 'The YouTube description must not be greater than 5000 characters.')
    .refine(noAngleBrackets, 'The YouTube description cannot contain < or >.')
    .default(''),
  tags: z
    .array(z.string().trim().min(1).max(100))
    .max(50)
    .refine((tags) => tags.join(',').length <= 500, 'The YouTube tags must not be longer than 500 characters in all.')
    .default([]),
  privacy: z.enum(YOUTUBE_PRIVACY, { message: 'The privacy must be public, unlisted or private.' }).default('public'),
  made_for_kids: z.boolean().default(false),
  /** YouTube's containsSyntheticMedia: on by default, our videos are AI-made. */
  ai_disclosure: z.boolean().default(true),
  category_id: z.string().regex(/^\d{1,3}$/, 'The YouTube category must be a category number.').default('22'),
});
export type YoutubeOptions = z.output<typeof youtubeOptions>;

/** TikTok's privacy levels (creator_info tells which ones an account may use). */
export const TIKTOK_PRIVACY_LEVELS = ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'] as const;
export type TiktokPrivacyLevel = (typeof TIKTOK_PRIVACY_LEVELS)[number];

/**
 * TikTok's per-post options (reference/platforms.md §2 "Direct-post init"). The privacy level has
 * no default: TikTok's UX guidelines require the creator to choose it. The caption is the post's.
 */
export const tiktokOptions = z.object({
  privacy_level: z.enum(TIKTOK_PRIVACY_LEVELS, { message: 'Choose who can see the TikTok post.' }),
  disable_comment: z.boolean().default(false),
  disable_duet: z.boolean().default(false),
  disable_stitch: z.boolean().default(false),
  /** Promoting the creator's own business / a third party's (TikTok's commercial content disclosure). */
  brand_organic_toggle: z.boolean().default(false),
  brand_content_toggle: z.boolean().default(false),
  /** TikTok's AI-generated content label: on by default, our videos are AI-made. */
  is_aigc: z.boolean().default(true),
  video_cover_timestamp_ms: z.number().int().min(0).max(600_000).optional(),
});
export type TiktokOptions = z.output<typeof tiktokOptions>;

/** Instagram Reels options (reference/platforms.md §3 "URL-pull publish"); the caption is the post's. */
export const instagramOptions = z.object({
  share_to_feed: z.boolean().default(true),
  /** Which moment of the video is the cover, in milliseconds. */
  thumb_offset_ms: z.number().int().min(0).max(900_000).optional(),
});
export type InstagramOptions = z.output<typeof instagramOptions>;

export const postOptions = z
  .object({
    youtube: youtubeOptions.optional(),
    tiktok: tiktokOptions.optional(),
    instagram: instagramOptions.optional(),
  })
  .default({});
export type PostOptions = z.output<typeof postOptions>;

/** The earliest and latest instant a time field may name: later ones have no four-digit-year ISO form. */
const EARLIEST_TIME_MS = Date.UTC(2000, 0, 1);
const LATEST_TIME_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** An ISO 8601 time with its offset, between the years 2000 and 9999 (in UTC). */
export const isoDateTime = z.iso.datetime({ offset: true, message: 'The scheduled time must be an ISO 8601 date and time.' }).refine((value) => {
  const ms = Date.parse(value);
  return ms >= EARLIEST_TIME_MS && ms <= LATEST_TIME_MS;
}, 'The scheduled time must be between the years 2000 and 9999.');

/**
 * How far ahead a post may be scheduled (docs/decisions/publishing.md, "Times"): two years, a leap
 * day included, so the same date two years on always fits. Create, draft, reschedule and import
 * share it.
 */
export const SCHEDULE_HORIZON_DAYS = 731;
export const SCHEDULE_HORIZON_MESSAGE = 'The scheduled time must not be more than two years ahead.';

/** True when `atMs` lies further ahead of `nowMs` than a post may be scheduled. */
export function beyondScheduleHorizon(atMs: number, nowMs: number): boolean {
  return atMs > nowMs + SCHEDULE_HORIZON_DAYS * 86_400_000;
}

/**
 * POST /api/create/post: schedule (or publish now, `scheduled_at` null) a post. With the id of an
 * existing draft it turns that draft into a scheduled post. POST /api/create/post/draft takes the
 * same body (video and accounts optional) and creates or updates a draft.
 */
export const createPostRequest = z.object({
  /** Chosen by the client (uuid) so a post created offline keeps its id once synced. */
  id: z.uuid('The id field must be a valid UUID.').optional(),
  video_id: z.uuid('The video id must be a valid UUID.'),
  account_ids: z.array(z.uuid('Each account id must be a valid UUID.')).min(1, 'Choose at least one account.').max(20),
  caption: z.string().max(2200, 'The caption must not be greater than 2200 characters.').default(''),
  /**
   * null or absent: now. A future time, however near, is kept and the post goes out then; a time
   * up to two minutes past (a clock behind, a slow outbox) also means now, an earlier one is refused.
   */
  scheduled_at: isoDateTime.nullable().optional(),
  /** The creator's IANA time zone, for showing the time as they chose it. */
  timezone: z.string().trim().max(64).optional(),
  options: postOptions,
});
export type CreatePostRequest = z.input<typeof createPostRequest>;

export const createDraftRequest = createPostRequest.extend({
  video_id: z.uuid('The video id must be a valid UUID.').nullable().optional(),
  account_ids: z.array(z.uuid('Each account id must be a valid UUID.')).max(20).default([]),
  options: z
    .object({ youtube: youtubeOptions.partial().optional(), tiktok: tiktokOptions.partial().optional(), instagram: instagramOptions.partial().optional() })
    .default({}),
});
export type CreateDraftRequest = z.input<typeof createDraftRequest>;

/** POST /api/posts/{id}/reschedule (ours: the calendar's drag). Only scheduled or failed posts. */
export const reschedulePostRequest = z.object({ scheduled_at: isoDateTime });

export interface PostTarget {
  id: string;
  account_id: string | null;
  platform: SocialPlatform;
  account_name: string;
  sandbox: boolean;
  status: TargetStatus;
  attempts: number;
  /** The platform's id of the published post (e.g. YouTube video id). */
  platform_post_id: string | null;
  /** Where the published post can be seen. */
  url: string | null;
  /** Plain-language reason of the last failure or block. */
  error: string | null;
  /** The platform's own code (e.g. quotaExceeded). */
  error_code: string | null;
  error_class: PublishErrorClass | null;
  next_attempt_at: string | null;
  published_at: string | null;
}

export interface PostVideo {
  id: string;
  title: string;
  thumbnail_url: string | null;
  duration: number | null;
}

export interface Post {
  id: string;
  status: PostStatus;
  video_id: string | null;
  video: PostVideo | null;
  caption: string;
  /** null for a draft without a time, or a post sent "now" (see created_at). */
  scheduled_at: string | null;
  timezone: string | null;
  options: PostOptions;
  targets: PostTarget[];
  published_at: string | null;
  created_at: string;
  updated_at: string;
  /** The series whose episode this post is (the calendar labels it); null when it is none's. */
  series?: SeriesLabel | null;
}

export const listPostsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(POST_STATUSES, { message: 'The status filter is invalid.' }).optional(),
  query: z.string().trim().max(200).optional(),
});

/** GET /api/get/calendar/?from&to (both optional ISO times; default 2 months back to a year ahead). */
export const calendarQuery = z.object({
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
});

/** One post on the calendar (`{data: CalendarEntry[]}`); drafts with a time are included. */
export interface CalendarEntry {
  id: string;
  title: string;
  status: PostStatus;
  /** scheduled_at, or published_at / created_at for a post sent now. */
  start: string;
  platforms: SocialPlatform[];
  thumbnail_url: string | null;
  /** The series whose episode this post is; null when it is none's. */
  series?: SeriesLabel | null;
}

// --- failed jobs --------------------------------------------------------------------------------

export const FAILED_JOB_KINDS = ['publish', 'render'] as const;
export type FailedJobKind = (typeof FAILED_JOB_KINDS)[number];

/** One row of GET /api/get/failed-jobs: a failed publish target or a failed render. */
export interface FailedJob {
  /** Target id (publish) or video id (render): what POST /api/reschedule/failed-jobs takes. */
  id: string;
  kind: FailedJobKind;
  platform: SocialPlatform | null;
  account_id: string | null;
  account_name: string | null;
  post_id: string | null;
  video_id: string | null;
  /** null once the video was deleted. */
  video_title: string | null;
  /** A publish job's post as the creator named it: its YouTube title, else the caption's first line. */
  post_title: string | null;
  /** The series whose episode this video or post is; null for anything else. */
  series_name: string | null;
  attempts: number;
  /** Plain-language reason. */
  reason: string;
  /** The platform's or pipeline's own code. */
  code: string | null;
  error_class: PublishErrorClass | null;
  failed_at: string;
}

export const listFailedJobsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  query: z.string().trim().max(200).optional(),
});

/** POST /api/reschedule/failed-jobs: re-queue one, now (`scheduled_at` absent/null) or later. */
export const rescheduleFailedJobRequest = z.object({
  id: z.uuid('The id field must be a valid UUID.'),
  scheduled_at: isoDateTime.nullable().optional(),
});

// --- TikTok creator info ------------------------------------------------------------------------

/** GET /api/tiktok/creator-info?account_id= (ours): what the compose form's TikTok options offer. */
export const tiktokCreatorInfoQuery = z.object({ account_id: z.uuid('The account id must be a valid UUID.') });

export interface TiktokCreatorInfo {
  account_id: string;
  /** The levels this account may post with (TikTok's creator_info); the form offers only these. */
  privacy_level_options: TiktokPrivacyLevel[];
  comment_disabled: boolean;
  duet_disabled: boolean;
  stitch_disabled: boolean;
  /** The longest video this account may post, in seconds; null when TikTok did not say. */
  max_video_post_duration_sec: number | null;
  nickname: string | null;
  username: string | null;
  avatar_url: string | null;
}
