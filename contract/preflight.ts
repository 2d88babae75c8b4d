// Pre-flight: a video and a post's options checked against each
// platform's rules before the post is scheduled (the composer and POST /api/create/post) and again
// just before the upload (the engine). Pure and shared by server and client, so both say the same
// thing. Rules: shared/reference/platforms.md §1–3; the uncertain ones ([?]/[3P]) are limits the
// server can configure (see PreflightLimits). docs/decisions/publishing.md "Pre-flight and doubles".
import {
  PLATFORM_LABELS,
  TIKTOK_PRIVACY_LEVELS,
  type instagramOptions,
  type Post,
  type SocialPlatform,
  type TiktokPrivacyLevel,
  type tiktokOptions,
  type youtubeOptions,
} from './publishing';
import type { z } from 'zod';

export type PreflightSeverity = 'error' | 'warning';

export interface PreflightIssue {
  platform: SocialPlatform;
  /** The request field to fix, as the 422 names it: `options.youtube.title`, `caption`, `video_id`. */
  field: string;
  /** 'error': the platform would refuse it (the post is not scheduled); 'warning': it goes, but differently. */
  severity: PreflightSeverity;
  /** What to fix, in plain words, without the platform's name (describeIssue adds it). */
  message: string;
}

/** What is known of the video file; anything unknown (null/absent) is not checked. */
export interface PreflightVideo {
  duration: number | null;
  width: number | null;
  height: number | null;
  size_bytes?: number | null;
  fps?: number | null;
  /** ffprobe's codec names: h264, hevc, vp9, aac… */
  video_codec?: string | null;
  audio_codec?: string | null;
  /** mp4, mov, webm… */
  container?: string | null;
}

/** The post's options as sent (a draft's may be half filled). */
export interface PreflightOptions {
  youtube?: Partial<z.input<typeof youtubeOptions>>;
  tiktok?: Partial<z.input<typeof tiktokOptions>>;
  instagram?: Partial<z.input<typeof instagramOptions>>;
}

const MB = 1024 * 1024;
const GB = 1024 * MB;

/**
 * The numbers the rules use. The server may change the uncertain ones (server/config.ts
 * PUBLISH_INSTAGRAM_MAX_MB); the TikTok creator's own limits come from its creator_info query.
 */
export interface PreflightLimits {
  /** Square or vertical uploads up to this long are Shorts (since 2024-10-15; 60 s before). */
  youtubeShortsMaxSeconds: number;
  youtubeTitleMax: number;
  youtubeDescriptionMaxBytes: number;
  youtubeTagsMax: number;
  youtubeMaxBytes: number;
  tiktokMaxSeconds: number;
  /** creator_info's max_video_post_duration_sec, when known. */
  tiktokCreatorMaxSeconds: number | null;
  /** creator_info's privacy_level_options, when known. */
  tiktokPrivacyLevels: readonly TiktokPrivacyLevel[] | null;
  tiktokMinSide: number;
  tiktokMaxSide: number;
  tiktokMaxBytes: number;
  instagramMinSeconds: number;
  instagramMaxSeconds: number;
  instagramMaxWidth: number;
  /** [?] 300 MB on Meta's English page, 1 GB on newer translations: configurable, the lower by default. */
  instagramMaxBytes: number;
  minFps: number;
  maxFps: number;
  /** TikTok counts UTF-16 code units; Instagram characters (a JS string's length is the stricter). */
  captionMax: number;
}

export const DEFAULT_PREFLIGHT_LIMITS: PreflightLimits = {
  youtubeShortsMaxSeconds: 180,
  youtubeTitleMax: 100,
  youtubeDescriptionMaxBytes: 5000,
  youtubeTagsMax: 500,
  youtubeMaxBytes: 256 * GB,
  tiktokMaxSeconds: 600,
  tiktokCreatorMaxSeconds: null,
  tiktokPrivacyLevels: null,
  tiktokMinSide: 360,
  tiktokMaxSide: 4096,
  tiktokMaxBytes: 4 * GB,
  instagramMinSeconds: 3,
  instagramMaxSeconds: 15 * 60,
  instagramMaxWidth: 1920,
  instagramMaxBytes: 300 * MB,
  minFps: 23,
  maxFps: 60,
  captionMax: 2200,
};

/**
 * Two posts on one account closer than this raise a warning (never a refusal). The server's
 * PUBLISH_MIN_GAP_MINUTES overrides it for its own warnings; the client mirrors this default.
 */
export const DEFAULT_PUBLISH_MIN_GAP_MINUTES = 60;

export const TIKTOK_PRIVACY_LABELS: Record<TiktokPrivacyLevel, string> = {
  PUBLIC_TO_EVERYONE: 'Everyone',
  MUTUAL_FOLLOW_FRIENDS: 'Friends',
  FOLLOWER_OF_CREATOR: 'Followers',
  SELF_ONLY: 'Only me',
};

const TIKTOK_CONTAINERS = ['mp4', 'mov', 'webm'];
const TIKTOK_VIDEO_CODECS = ['h264', 'hevc', 'vp8', 'vp9'];
const INSTAGRAM_CONTAINERS = ['mp4', 'mov'];
const INSTAGRAM_VIDEO_CODECS = ['h264', 'hevc'];
const INSTAGRAM_AUDIO_CODECS = ['aac'];

/** "42 s", "3 min", "11 min 05 s". */
export function durationText(seconds: number): string {
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  const rest = whole % 60;
  return rest === 0 ? `${whole / 60} min` : `${Math.floor(whole / 60)} min ${String(rest).padStart(2, '0')} s`;
}

function sizeText(bytes: number): string {
  return bytes >= GB ? `${(bytes / GB).toFixed(1).replace(/\.0$/, '')} GB` : `${Math.ceil(bytes / MB)} MB`;
}

/** UTF-8 bytes, as YouTube counts its description. */
function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** YouTube's count: tags joined by commas, a tag with a space counted with its quotes. */
export function youtubeTagsLength(tags: readonly string[]): number {
  return tags.reduce((sum, tag, index) => sum + tag.length + (/\s/.test(tag) ? 2 : 0) + (index > 0 ? 1 : 0), 0);
}

const known = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0;
const codec = (value: string | null | undefined) => (value ? value.toLowerCase() : null);

interface Collector {
  error: (field: string, message: string) => void;
  warning: (field: string, message: string) => void;
}

function checkFps(video: PreflightVideo, limits: PreflightLimits, issue: Collector): void {
  if (!known(video.fps)) return;
  if (video.fps < limits.minFps || video.fps > limits.maxFps) {
    issue.error('video_id', `Use a video of ${limits.minFps}–${limits.maxFps} frames per second (this one has ${Math.round(video.fps)}).`);
  }
}

function checkCaption(caption: string, limits: PreflightLimits, issue: Collector): void {
  if (caption.length > limits.captionMax) issue.error('caption', `Shorten the caption to ${limits.captionMax} characters (it has ${caption.length}).`);
}

function checkSize(video: PreflightVideo, max: number, issue: Collector): void {
  if (known(video.size_bytes) && video.size_bytes > max) {
    issue.error('video_id', `Use a smaller file: at most ${sizeText(max)} (this one is ${sizeText(video.size_bytes)}).`);
  }
}

function youtubeRules(video: PreflightVideo, options: PreflightOptions['youtube'], limits: PreflightLimits, issue: Collector): void {
  const title = (options?.title ?? '').trim();
  if (!title) issue.error('options.youtube.title', 'Write a title (YouTube requires one).');
  else if (title.length > limits.youtubeTitleMax) issue.error('options.youtube.title', `Shorten the title to ${limits.youtubeTitleMax} characters (it has ${title.length}).`);
  if (/[<>]/.test(title)) issue.error('options.youtube.title', 'Remove < and > from the title (YouTube does not allow them).');
  const description = options?.description ?? '';
  const bytes = utf8Bytes(description);
  if (bytes > limits.youtubeDescriptionMaxBytes) {
    issue.error('options.youtube.description', `Shorten the description to ${limits.youtubeDescriptionMaxBytes} bytes (it has ${bytes}; accented letters and emoji count 2–4 each).`);
  }
  if (/[<>]/.test(description)) issue.error('options.youtube.description', 'Remove < and > from the description (YouTube does not allow them).');
  const tagsLength = youtubeTagsLength(options?.tags ?? []);
  if (tagsLength > limits.youtubeTagsMax) {
    issue.error('options.youtube.tags', `Remove tags until they take at most ${limits.youtubeTagsMax} characters in all (they take ${tagsLength}; a tag with spaces counts its quotes).`);
  }
  if (typeof options?.made_for_kids !== 'boolean') issue.error('options.youtube.made_for_kids', 'Say whether the video is made for kids (YouTube requires the answer).');
  checkSize(video, limits.youtubeMaxBytes, issue);
  if (known(video.width) && known(video.height)) {
    if (video.width > video.height) issue.warning('video_id', 'It is landscape, so YouTube posts it as a regular video, not a Short.');
    else if (known(video.duration) && video.duration > limits.youtubeShortsMaxSeconds) {
      issue.warning('video_id', `It is longer than ${durationText(limits.youtubeShortsMaxSeconds)}, so YouTube posts it as a regular video, not a Short.`);
    }
  }
}

function tiktokRules(video: PreflightVideo, options: PreflightOptions['tiktok'], caption: string, limits: PreflightLimits, issue: Collector): void {
  const privacy = options?.privacy_level;
  const allowed = limits.tiktokPrivacyLevels ?? TIKTOK_PRIVACY_LEVELS;
  if (!privacy) issue.error('options.tiktok.privacy_level', 'Choose who can see the post (TikTok requires the choice).');
  else if (!allowed.includes(privacy)) {
    issue.error('options.tiktok.privacy_level', `This account cannot post to “${TIKTOK_PRIVACY_LABELS[privacy]}”; choose ${allowed.map((level) => `“${TIKTOK_PRIVACY_LABELS[level]}”`).join(' or ')}.`);
  }
  checkCaption(caption, limits, issue);
  if (known(video.duration)) {
    const creatorMax = limits.tiktokCreatorMaxSeconds;
    const max = known(creatorMax) ? Math.min(creatorMax, limits.tiktokMaxSeconds) : limits.tiktokMaxSeconds;
    if (video.duration > max) {
      const whose = known(creatorMax) && creatorMax < limits.tiktokMaxSeconds ? 'this account may post' : 'TikTok takes';
      issue.error('video_id', `Use a video of at most ${durationText(max)}: ${whose} no longer (this one is ${durationText(video.duration)}).`);
    }
  }
  if (known(video.width) && known(video.height)) {
    const sides = [video.width, video.height];
    if (sides.some((side) => side < limits.tiktokMinSide || side > limits.tiktokMaxSide)) {
      issue.error('video_id', `Use a video whose sides are ${limits.tiktokMinSide}–${limits.tiktokMaxSide} pixels (this one is ${video.width}×${video.height}).`);
    }
  }
  checkFps(video, limits, issue);
  checkSize(video, limits.tiktokMaxBytes, issue);
  const container = codec(video.container);
  if (container && !TIKTOK_CONTAINERS.includes(container)) issue.error('video_id', `Use an MP4, MOV or WebM file (this one is ${container.toUpperCase()}).`);
  const videoCodec = codec(video.video_codec);
  if (videoCodec && !TIKTOK_VIDEO_CODECS.includes(videoCodec)) issue.error('video_id', `Use a video encoded as H.264 (this one is ${videoCodec.toUpperCase()}).`);
}

function instagramRules(video: PreflightVideo, options: PreflightOptions['instagram'], caption: string, limits: PreflightLimits, issue: Collector): void {
  checkCaption(caption, limits, issue);
  const cover = options?.thumb_offset_ms;
  if (cover !== undefined && known(video.duration) && cover > video.duration * 1000) {
    issue.error('options.instagram.thumb_offset_ms', `Pick a cover moment within the video (at most ${Math.floor(video.duration)} s).`);
  }
  if (known(video.duration)) {
    if (video.duration < limits.instagramMinSeconds) issue.error('video_id', `Use a video of at least ${durationText(limits.instagramMinSeconds)} (this one is ${durationText(video.duration)}).`);
    if (video.duration > limits.instagramMaxSeconds) issue.error('video_id', `Use a video of at most ${durationText(limits.instagramMaxSeconds)} (this one is ${durationText(video.duration)}).`);
  }
  if (known(video.width) && video.width > limits.instagramMaxWidth) {
    issue.error('video_id', `Use a video at most ${limits.instagramMaxWidth} pixels wide (this one is ${video.width}).`);
  }
  checkFps(video, limits, issue);
  checkSize(video, limits.instagramMaxBytes, issue);
  const container = codec(video.container);
  if (container && !INSTAGRAM_CONTAINERS.includes(container)) issue.error('video_id', `Use an MP4 or MOV file (this one is ${container.toUpperCase()}).`);
  const videoCodec = codec(video.video_codec);
  if (videoCodec && !INSTAGRAM_VIDEO_CODECS.includes(videoCodec)) issue.error('video_id', `Use a video encoded as H.264 (this one is ${videoCodec.toUpperCase()}).`);
  const audioCodec = codec(video.audio_codec);
  if (audioCodec && !INSTAGRAM_AUDIO_CODECS.includes(audioCodec)) issue.error('video_id', `Use a video whose sound is AAC (this one is ${audioCodec.toUpperCase()}).`);
  if (known(video.width) && known(video.height) && Math.abs(video.width / video.height - 9 / 16) > 0.01) {
    issue.warning('video_id', 'It is not 9:16, so Instagram shows it with bars or cropped; vertical 9:16 fills the screen.');
  }
}

/** Every problem `platform` would have with this video and these options; errors before warnings. */
export function preflight(video: PreflightVideo, platform: SocialPlatform, options: PreflightOptions, caption: string, limits: Partial<PreflightLimits> = {}): PreflightIssue[] {
  const all = { ...DEFAULT_PREFLIGHT_LIMITS, ...limits };
  const issues: PreflightIssue[] = [];
  const issue: Collector = {
    error: (field, message) => issues.push({ platform, field, severity: 'error', message }),
    warning: (field, message) => issues.push({ platform, field, severity: 'warning', message }),
  };
  if (platform === 'youtube') youtubeRules(video, options.youtube, all, issue);
  else if (platform === 'tiktok') tiktokRules(video, options.tiktok, caption, all, issue);
  else instagramRules(video, options.instagram, caption, all, issue);
  return [...issues.filter((found) => found.severity === 'error'), ...issues.filter((found) => found.severity === 'warning')];
}

/** "YouTube: shorten the title to 100 characters (it has 112)." */
export function describeIssue(issue: Pick<PreflightIssue, 'platform' | 'message'>): string {
  return `${PLATFORM_LABELS[issue.platform]}: ${issue.message.charAt(0).toLowerCase()}${issue.message.slice(1)}`;
}

// --- doubles: the same video, or posts too close together, on one account -----------------------

export type DoubleKind = 'same_video' | 'too_close';

/** A post already on an account, as far as doubles are concerned. */
export interface ExistingPost {
  id: string;
  video_id: string | null;
  /** When it goes (or went) out. */
  at: string;
  targets: Array<{ account_id: string | null; account_name: string; status: string }>;
}

/** A warning of the create answer (`warnings`), and what the composer asks to confirm. */
export interface PostWarning {
  kind: DoubleKind;
  account_id: string;
  account_name: string;
  /** The other post. */
  post_id: string;
  /** The other post's time. */
  at: string;
  /** 'scheduled' or 'published' (what the other post's target is). */
  status: 'scheduled' | 'published';
  message: string;
}

/** Targets that count: waiting, going out or out. A failed or draft one posts nothing. */
const LIVE_TARGETS = new Set(['scheduled', 'blocked', 'publishing', 'published']);

/**
 * Same video already scheduled/published on one of `accountIds`, or another post on the account
 * within `gapMinutes` of `at`. `formatTime` words a time for the messages (the creator's zone).
 */
export function findDoubles(
  candidate: { id: string; video_id: string; account_ids: readonly string[]; at: string },
  existing: readonly ExistingPost[],
  gapMinutes: number,
  formatTime: (iso: string) => string,
): PostWarning[] {
  const warnings: PostWarning[] = [];
  const at = Date.parse(candidate.at);
  for (const post of existing) {
    if (post.id === candidate.id) continue;
    for (const target of post.targets) {
      if (!target.account_id || !candidate.account_ids.includes(target.account_id) || !LIVE_TARGETS.has(target.status)) continue;
      const status = target.status === 'published' ? 'published' : 'scheduled';
      const base = { account_id: target.account_id, account_name: target.account_name, post_id: post.id, at: post.at, status } as const;
      const when = formatTime(post.at);
      if (post.video_id === candidate.video_id) {
        const message = status === 'published' ? `This video was already published on ${target.account_name} on ${when}.` : `This video is already scheduled on ${target.account_name} for ${when}.`;
        warnings.push({ ...base, kind: 'same_video', message });
      } else if (gapMinutes > 0 && Math.abs(Date.parse(post.at) - at) < gapMinutes * 60_000) {
        warnings.push({ ...base, kind: 'too_close', message: `Another post goes to ${target.account_name} at ${when}, less than ${durationText(gapMinutes * 60)} apart.` });
      }
    }
  }
  return warnings;
}

/** 202 answer of POST /api/create/post: the post, and doubles worth knowing about (never a refusal). */
export type CreatePostResponse = Post & { warnings?: PostWarning[] };
