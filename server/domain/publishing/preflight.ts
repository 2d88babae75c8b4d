// Pre-flight and doubles on the server: the shared rules of
// contract/preflight.ts applied to our own videos — when a post is created (422 per field) and
// just before the upload (the engine fails the target with class 'bad', nothing uploaded) — and
// the "already posted / too close" warnings of the create answer, which never refuse.
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import {
  describeIssue,
  findDoubles,
  preflight,
  type PostWarning,
  type PreflightLimits,
  type PreflightOptions,
  type PreflightVideo,
} from '../../../contract/preflight';
import type { SocialPlatform } from '../../../contract/publishing';
import type { Db } from '../../db/client';
import { posts, postTargets } from '../../db/schema-publishing';
import type { AiVideoRow } from '../../db/schema-videos';
import { SocialError, type PublishContext, type SocialPlatformAdapter } from '../ports/social';
import { RENDER_FPS } from '../videos/pipeline/render';

/** What the server's checks can be told (server/config.ts `publishChecks`). */
export interface PostCheckSettings {
  minGapMinutes: number;
  limits: Partial<PreflightLimits>;
}

export const DEFAULT_POST_CHECKS: PostCheckSettings = { minGapMinutes: 60, limits: {} };

/**
 * How every video of ours is encoded (server/media/filtergraph.ts VIDEO_ENCODER_ARGS and
 * AUDIO_ENCODER_ARGS, `-f mp4`, at RENDER_FPS): known without probing the file.
 */
export const RENDERED_FORMAT = { fps: RENDER_FPS, video_codec: 'h264', audio_codec: 'aac', container: 'mp4' } as const;

export function videoFactsOf(row: Pick<AiVideoRow, 'duration' | 'width' | 'height' | 'sizeBytes'>): PreflightVideo {
  return { duration: row.duration, width: row.width, height: row.height, size_bytes: row.sizeBytes, ...RENDERED_FORMAT };
}

/** The 422's errors for a post going to `platforms`: `options.youtube.title: ["YouTube: shorten…"]`. */
export function preflightErrors(video: PreflightVideo, platforms: readonly SocialPlatform[], options: PreflightOptions, caption: string, limits: Partial<PreflightLimits>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const platform of new Set(platforms)) {
    for (const issue of preflight(video, platform, options, caption, limits)) {
      if (issue.severity !== 'error') continue;
      const text = describeIssue(issue);
      const list = (errors[issue.field] ??= []);
      if (!list.includes(text)) list.push(text);
    }
  }
  return errors;
}

/**
 * The account's own limits, asked just before an upload: TikTok's creator_info (its longest video
 * and the privacy levels it may use; TikTok asks for a fresh query before each post). Unknown ({})
 * when the query fails: TikTok's init checks again and its error is classified there.
 */
export async function accountLimits(adapter: SocialPlatformAdapter, accessToken: PublishContext['accessToken']): Promise<Partial<PreflightLimits>> {
  if (!adapter.creatorInfo) return {};
  try {
    const info = await adapter.creatorInfo({ accessToken });
    return { tiktokCreatorMaxSeconds: info.max_video_post_duration_sec, tiktokPrivacyLevels: info.privacy_level_options };
  } catch {
    return {};
  }
}

/** The engine's refusal before an upload: the first error, in plain words; null when it may go. */
export function preflightRefusal(video: PreflightVideo, platform: SocialPlatform, options: PreflightOptions, caption: string, limits: Partial<PreflightLimits> = {}): SocialError | null {
  const issues = preflight(video, platform, options, caption, limits).filter((issue) => issue.severity === 'error');
  if (issues.length === 0) return null;
  const message = `${issues.map((issue) => issue.message).join(' ')} Fix it and reschedule.`;
  return new SocialError(message, 'bad', 'preflight_failed');
}

/** "Tue 3 Jun, 10:00" in the creator's zone (UTC when the zone is unknown to this runtime). */
export function formatForCreator(iso: string, timeZone: string | null | undefined): string {
  const options: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' };
  try {
    return new Date(iso).toLocaleString('en-GB', { ...options, timeZone: timeZone ?? 'UTC' });
  } catch {
    return `${new Date(iso).toLocaleString('en-GB', { ...options, timeZone: 'UTC' })} UTC`;
  }
}

/**
 * The owner's other posts that make this one a double: the same video on one of the accounts,
 * or another post on one of them within the gap of `at`. Warnings only: the creator
 * may mean it, so a double is confirmed, never refused.
 */
export async function doublesFor(
  tx: Db,
  userId: number,
  candidate: { id: string; videoId: string; accountIds: readonly string[]; at: Date; timeZone: string | null | undefined },
  minGapMinutes: number,
): Promise<PostWarning[]> {
  if (candidate.accountIds.length === 0) return [];
  const gapMs = minGapMinutes * 60_000;
  const when = sql<Date>`coalesce(${posts.scheduledAt}, ${postTargets.publishedAt}, ${posts.createdAt})`;
  const near = gapMs > 0 ? sql`${when} between ${new Date(candidate.at.getTime() - gapMs)} and ${new Date(candidate.at.getTime() + gapMs)}` : sql`false`;
  const rows = await tx
    .select({ postId: posts.id, videoId: posts.videoId, at: when, accountId: postTargets.accountId, accountName: postTargets.accountName, status: postTargets.status })
    .from(postTargets)
    .innerJoin(posts, eq(posts.id, postTargets.postId))
    .where(
      and(
        eq(posts.userId, userId),
        ne(posts.id, candidate.id),
        inArray(postTargets.accountId, [...candidate.accountIds]),
        inArray(postTargets.status, ['scheduled', 'blocked', 'publishing', 'published']),
        or(eq(posts.videoId, candidate.videoId), near),
      ),
    )
    .limit(200);
  const existing = rows.map((row) => ({
    id: row.postId,
    video_id: row.videoId,
    at: new Date(row.at).toISOString(),
    targets: [{ account_id: row.accountId, account_name: row.accountName, status: row.status }],
  }));
  const iso = candidate.at.toISOString();
  return findDoubles({ id: candidate.id, video_id: candidate.videoId, account_ids: candidate.accountIds, at: iso }, existing, minGapMinutes, (time) => formatForCreator(time, candidate.timeZone));
}
