// Posts as calendar entries, without React or the calendar library: where a post sits, how its
// status looks and whether it may be moved. The screen hands the result to FullCalendar; the unit
// tests check the rules here directly.
import { PLATFORM_LABELS, POST_STATUS_LABELS, type PostStatus, type SocialPlatform } from '../../../../contract/publishing';
import type { AlertLevel } from '../data/publish-alerts';
import type { LocalPost } from '../../../store';

/** Mantine theme colour of each status (the text and an icon say it too: status-look.tsx). */
export const STATUS_COLORS: Record<PostStatus, string> = {
  draft: 'gray',
  scheduled: 'violet',
  publishing: 'blue',
  published: 'green',
  partially_published: 'orange',
  failed: 'red',
};

export const statusLabel = (status: PostStatus): string => POST_STATUS_LABELS[status];

/** Only a post still waiting for its time, or one that failed, can be given a new time. */
export function canReschedule(post: Pick<LocalPost, 'status'>): boolean {
  return post.status === 'scheduled' || post.status === 'failed';
}

/**
 * Where a post sits on the calendar: its scheduled time; a post sent "now" has none, so when it
 * went out (published_at) or was made (created_at). A draft without a time has no place (the
 * server's calendar leaves it out too); it is on the Publish screen.
 */
export function postStart(post: Pick<LocalPost, 'status' | 'scheduled_at' | 'published_at' | 'created_at'>): string | null {
  if (post.scheduled_at) return post.scheduled_at;
  if (post.status === 'draft') return null;
  return post.published_at ?? post.created_at;
}

/** A name for a post: its video's title, its YouTube title, the caption's first line. */
export function postTitle(post: Pick<LocalPost, 'video' | 'options' | 'caption'>): string {
  const named = post.video?.title?.trim() || post.options.youtube?.title?.trim();
  if (named) return named;
  const line = post.caption.trim().split(/\n/)[0]?.trim() ?? '';
  if (!line) return 'Untitled post';
  return line.length > 60 ? `${line.slice(0, 57).trimEnd()}…` : line;
}

/** The platforms a post goes to, each once, in the contract's order. */
export function postPlatforms(post: Pick<LocalPost, 'targets'>): SocialPlatform[] {
  const present = new Set(post.targets.map((target) => target.platform));
  return (Object.keys(PLATFORM_LABELS) as SocialPlatform[]).filter((platform) => present.has(platform));
}

/** What an entry carries besides its time: read by the entry's content and the drop handler. */
export interface PostEventProps {
  status: PostStatus;
  statusLabel: string;
  platforms: SocialPlatform[];
  /** Words for the platforms, e.g. "YouTube, TikTok" ('' when none chosen yet). */
  platformsLabel: string;
  /** A change of this post waits in the outbox (e.g. made offline). */
  pending: boolean;
  /** The server refused a change of this post. */
  syncFailed: boolean;
  /** Due within 24 h on an account that needs reconnecting (or is expiring): src/features/publishing/data/publish-alerts. */
  alert: AlertLevel | null;
  /** The series this post publishes an episode of (its name), or null. */
  series: string | null;
}

/** One entry as FullCalendar takes it (its EventInput, narrowed to what we set). */
export interface PostEvent {
  id: string;
  title: string;
  start: string;
  allDay: false;
  /** Scheduled and failed posts only: published or publishing ones cannot be dragged. */
  startEditable: boolean;
  durationEditable: false;
  /** CSS colours from calendar.css, per status, readable in both colour schemes. */
  color: string;
  contrastColor: string;
  className: string;
  extendedProps: PostEventProps;
}

export function toPostEvent(post: LocalPost, alert: AlertLevel | null = null): PostEvent | null {
  const start = postStart(post);
  if (!start || Number.isNaN(new Date(start).getTime())) return null;
  const platforms = postPlatforms(post);
  return {
    id: post.id,
    title: postTitle(post),
    start,
    allDay: false,
    startEditable: canReschedule(post),
    durationEditable: false,
    color: `var(--rf-cal-${post.status}-bg)`,
    contrastColor: `var(--rf-cal-${post.status}-fg)`,
    className: `rf-cal-event rf-cal-event-${post.status}${alert ? ` rf-cal-event-alert-${alert}` : ''}`,
    extendedProps: {
      status: post.status,
      statusLabel: statusLabel(post.status),
      platforms,
      platformsLabel: platforms.map((platform) => PLATFORM_LABELS[platform]).join(', '),
      pending: post.syncStatus === 'pending',
      syncFailed: post.syncStatus === 'failed',
      alert,
      series: post.series?.series_name ?? null,
    },
  };
}

/** Every post that has a place on the calendar, earliest first. */
export function toPostEvents(posts: readonly LocalPost[], alerts: ReadonlyMap<string, AlertLevel> = new Map()): PostEvent[] {
  return posts
    .map((post) => toPostEvent(post, alerts.get(post.id) ?? null))
    .filter((event): event is PostEvent => event !== null)
    .sort((a, b) => new Date(a.start).getTime() - new Date(b.start).getTime());
}
