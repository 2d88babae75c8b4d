// The schedule out ("The schedule in and out" in docs/decisions/publishing.md): the
// owner's posts as a CSV file for spreadsheets, and as an iCalendar feed that calendar apps
// subscribe to with a secret URL. The import is in schedule-import.ts.
import { and, asc, eq, gte, isNotNull, or, sql } from 'drizzle-orm';
import { PLATFORM_LABELS, POST_STATUS_LABELS, type SocialPlatform } from '../../../contract/publishing';
import type { Db } from '../../db/client';
import { posts, type PostRow, type PostTargetRow } from '../../db/schema-publishing';
import { scheduleFeedTokens } from '../../db/schema-schedule';
import { aiVideos } from '../../db/schema-videos';
import { randomSecret, sha256Hex } from '../auth/secrets';
import { toCsv } from './csv';
import { icsLines, icsText, icsUtc } from './ical';
import { targetsOf } from './post-view';

/** At most this many posts in one export (the newest by time are kept when there are more). */
export const EXPORT_MAX_POSTS = 10_000;
/** The feed shows posts from this many days back onwards, at most FEED_MAX_EVENTS of them. */
export const FEED_DAYS_BACK = 90;
export const FEED_MAX_EVENTS = 2000;
/** How long an event lasts on the calendar: a post is an instant, but a zero-length event hides. */
const EVENT_MINUTES = 15;

export const EXPORT_COLUMNS = ['post_id', 'status', 'scheduled_at', 'timezone', 'video_id', 'video_title', 'accounts', 'caption', 'youtube_title', 'published_at'] as const;

interface SchedulePost {
  post: PostRow;
  videoTitle: string | null;
  targets: PostTargetRow[];
  /** When it goes (went) out: scheduled_at, else published_at, else created_at (sent "now"). */
  at: Date;
}

/** The owner's posts that have a time (every post but drafts without one), by time. */
async function schedulePosts(db: Db, userId: number, options: { from?: Date; limit: number }): Promise<SchedulePost[]> {
  const at = sql<Date>`coalesce(${posts.scheduledAt}, ${posts.publishedAt}, ${posts.createdAt})`;
  const rows = await db
    .select({ post: posts, videoTitle: aiVideos.title, at: at.mapWith(posts.createdAt) })
    .from(posts)
    .leftJoin(aiVideos, and(eq(aiVideos.id, posts.videoId), eq(aiVideos.userId, posts.userId)))
    .where(and(eq(posts.userId, userId), or(sql`${posts.status} <> 'draft'`, isNotNull(posts.scheduledAt)), options.from ? gte(at, options.from) : undefined))
    .orderBy(asc(at), asc(posts.id))
    .limit(options.limit);
  const byPost = await targetsOf(
    db,
    rows.map((row) => row.post.id),
  );
  return rows.map((row) => ({ post: row.post, videoTitle: row.videoTitle, targets: byPost.get(row.post.id) ?? [], at: row.at }));
}

/** "youtube:My channel;tiktok:@me": the accounts as the import reads them back. */
function accountsCell(targets: PostTargetRow[]): string {
  return targets.map((target) => `${target.platform}:${target.accountName}`).join(';');
}

/** GET /api/schedule/export.csv: one row per post with a time (see EXPORT_COLUMNS). */
export async function scheduleCsv(db: Db, userId: number): Promise<string> {
  const rows = await schedulePosts(db, userId, { limit: EXPORT_MAX_POSTS });
  return toCsv(
    EXPORT_COLUMNS,
    rows.map(({ post, videoTitle, targets, at }) => [
      post.id,
      post.status,
      at.toISOString(),
      post.timezone,
      post.videoId,
      videoTitle,
      accountsCell(targets),
      post.caption,
      post.options.youtube?.title ?? '',
      post.publishedAt?.toISOString() ?? '',
    ]),
  );
}

// --- the calendar feed -------------------------------------------------------------------------

/** Creates the owner's feed token, replacing any earlier one (whose URL stops working at once). */
export async function rotateFeedToken(db: Db, userId: number): Promise<{ token: string; createdAt: Date }> {
  const token = randomSecret(32);
  const [row] = await db
    .insert(scheduleFeedTokens)
    .values({ userId, tokenHash: sha256Hex(token) })
    .onConflictDoUpdate({ target: scheduleFeedTokens.userId, set: { tokenHash: sha256Hex(token), createdAt: sql`now()`, lastUsedAt: null } })
    .returning({ createdAt: scheduleFeedTokens.createdAt });
  return { token, createdAt: row!.createdAt };
}

/** Deletes the owner's feed token; true when there was one. */
export async function revokeFeedToken(db: Db, userId: number): Promise<boolean> {
  const deleted = await db.delete(scheduleFeedTokens).where(eq(scheduleFeedTokens.userId, userId)).returning({ userId: scheduleFeedTokens.userId });
  return deleted.length > 0;
}

export async function feedTokenStatus(db: Db, userId: number): Promise<{ createdAt: Date; lastUsedAt: Date | null } | null> {
  const [row] = await db.select().from(scheduleFeedTokens).where(eq(scheduleFeedTokens.userId, userId));
  return row ? { createdAt: row.createdAt, lastUsedAt: row.lastUsedAt } : null;
}

/**
 * The user a feed token belongs to, or null. The token is looked up by its sha256 (an index hit
 * on a hash reveals nothing about the token), so no secret is ever compared byte by byte.
 */
export async function feedTokenUser(db: Db, token: string): Promise<number | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .update(scheduleFeedTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(scheduleFeedTokens.tokenHash, sha256Hex(token)))
    .returning({ userId: scheduleFeedTokens.userId });
  return row?.userId ?? null;
}

/** "Octopus facts — YouTube, TikTok": what the event is called. */
function eventSummary({ post, videoTitle, targets }: SchedulePost): string {
  const title = videoTitle ?? (post.caption.trim().split(/\r?\n/)[0]?.slice(0, 80) || 'Untitled post');
  const platforms = [...new Set(targets.map((target) => target.platform))] as SocialPlatform[];
  return platforms.length > 0 ? `${title} — ${platforms.map((platform) => PLATFORM_LABELS[platform]).join(', ')}` : title;
}

function eventDescription({ post, targets }: SchedulePost): string {
  const lines = [post.caption.trim(), '', `Status: ${POST_STATUS_LABELS[post.status]}`];
  if (targets.length > 0) lines.push(`Accounts: ${targets.map((target) => `${PLATFORM_LABELS[target.platform]} ${target.accountName}`).join(', ')}`);
  return lines.join('\n').replace(/^\n+/, '');
}

/**
 * GET /api/schedule/calendar.ics: an RFC 5545 calendar with one event per post (from
 * FEED_DAYS_BACK days ago on). UIDs are stable (post id @ host), so a calendar app updates a
 * rescheduled post in place instead of adding a second one.
 */
export async function scheduleCalendar(db: Db, userId: number, appUrl: string, now = new Date()): Promise<string> {
  const rows = await schedulePosts(db, userId, { from: new Date(now.getTime() - FEED_DAYS_BACK * 86_400_000), limit: FEED_MAX_EVENTS });
  const host = new URL(appUrl).host;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Reelflow//Schedule//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${icsText('Reelflow schedule')}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
  ];
  for (const row of rows) {
    const { post, at } = row;
    lines.push(
      'BEGIN:VEVENT',
      `UID:${post.id}@${host}`,
      `DTSTAMP:${icsUtc(now)}`,
      `LAST-MODIFIED:${icsUtc(post.updatedAt)}`,
      `DTSTART:${icsUtc(at)}`,
      `DTEND:${icsUtc(new Date(at.getTime() + EVENT_MINUTES * 60_000))}`,
      `SUMMARY:${icsText(eventSummary(row))}`,
      `DESCRIPTION:${icsText(eventDescription(row))}`,
      `URL:${appUrl}/calender`,
      `STATUS:${post.status === 'draft' ? 'TENTATIVE' : 'CONFIRMED'}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return icsLines(lines);
}
