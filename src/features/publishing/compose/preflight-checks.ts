// The composer's pre-flight: the shared rules of contract/preflight.ts run on what the
// form would send, per chosen platform, and the doubles found in the posts on this device (so it
// works offline). Pure: the form and the tests share it.
import { DEFAULT_PUBLISH_MIN_GAP_MINUTES, findDoubles, preflight, type PostWarning, type PreflightIssue } from '../../../../contract/preflight';
import type { SocialPlatform } from '../../../../contract/publishing';
import type { LocalPost } from '../../../store';
import { formatInZone } from '../time-zone';
import { publishAt, toCreateRequest, type ComposeContext, type ComposeErrors, type ComposeField, type ComposeValues } from './compose-values';

/**
 * The client mirrors the server's default gap (PUBLISH_MIN_GAP_MINUTES); a server configured
 * otherwise still says so in the create answer's `warnings`.
 */
export const MIN_GAP_MINUTES = DEFAULT_PUBLISH_MIN_GAP_MINUTES;

/** The chosen accounts' platforms, in the order YouTube, TikTok, Instagram. */
export function chosenPlatforms(values: Pick<ComposeValues, 'accountIds'>, context: Pick<ComposeContext, 'accounts'>): SocialPlatform[] {
  const platforms = new Set(context.accounts.filter((account) => values.accountIds.includes(account.id)).map((account) => account.platform));
  return (['youtube', 'tiktok', 'instagram'] as const).filter((platform) => platforms.has(platform));
}

/** Every platform's issues with the chosen video and the options as they would be sent. */
export function composeIssues(values: ComposeValues, context: ComposeContext): PreflightIssue[] {
  const video = context.videos.find((candidate) => candidate.id === values.videoId);
  if (!video) return [];
  const request = toCreateRequest(values, context);
  return chosenPlatforms(values, context).flatMap((platform) => preflight(video, platform, request.options ?? {}, request.caption ?? '', context.tiktokLimits));
}

/** Which form field an issue points at (null: one the form has no field for). */
export function composeFieldOf(field: string): ComposeField | null {
  const fields: Record<string, ComposeField> = {
    video_id: 'video',
    caption: 'caption',
    'options.youtube.title': 'youtubeTitle',
    'options.youtube.description': 'youtubeDescription',
    'options.youtube.tags': 'youtubeTags',
    'options.tiktok.privacy_level': 'tiktokPrivacy',
  };
  return fields[field] ?? null;
}

/** The errors among the issues as field messages (the first per field). */
export function issueFieldErrors(issues: readonly PreflightIssue[]): ComposeErrors {
  const errors: ComposeErrors = {};
  for (const issue of issues) {
    const field = composeFieldOf(issue.field);
    if (issue.severity === 'error' && field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

const LIVE = new Set(['scheduled', 'blocked', 'publishing', 'published']);

/** Same video already on a chosen account, or another post there within the gap (from db.posts). */
export function composeDoubles(values: ComposeValues, context: ComposeContext, posts: readonly LocalPost[], gapMinutes = MIN_GAP_MINUTES): PostWarning[] {
  if (!values.videoId || values.accountIds.length === 0) return [];
  const at = publishAt(values, context.timeZone, context.now) ?? new Date(context.now).toISOString();
  const existing = posts
    .filter((post) => post.targets.some((target) => LIVE.has(target.status)))
    .map((post) => ({ id: post.id, video_id: post.video_id, at: post.scheduled_at ?? post.published_at ?? post.created_at, targets: post.targets }));
  return findDoubles({ id: values.id, video_id: values.videoId, account_ids: values.accountIds, at }, existing, gapMinutes, (iso) => formatInZone(iso, context.timeZone));
}
