// What home's sections show, chosen from the local store's rows (pure, for tests): the work that
// needs the creator, the latest videos and the next scheduled posts.
import type { LocalAccount, LocalFailedJob, LocalPost, LocalSeries, LocalVideo } from '../../../store/db';

/** How many rows each of home's lists shows; the full lists are one link away. */
export const HOME_LIST_SIZE = 3;

/** One thing that needs the creator, with the one action that resolves it. */
export type AttentionItem =
  | { kind: 'render'; id: string; title: string; reason: string }
  | { kind: 'post'; id: string; title: string; reason: string; platform: LocalFailedJob['platform']; accountName: string | null }
  | { kind: 'account'; id: string; name: string; platform: LocalAccount['platform']; level: 'reconnect' | 'expiring'; reason: string; blockedPosts: number }
  | { kind: 'series'; id: string; name: string; reason: string; reconnectAccountId: string | null };

const newestFirst = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);

/**
 * Accounts to reconnect first (posts wait for them), then series paused by a problem (no episode is
 * made until it is fixed), then failed posts and failed renders, each most recent first. A render the
 * creator already restarted is queued again, so it leaves the list.
 */
export function attentionItems(
  videos: readonly LocalVideo[],
  failedJobs: readonly LocalFailedJob[],
  accounts: readonly LocalAccount[],
  withPublishing: boolean,
  series: readonly LocalSeries[] = [],
): AttentionItem[] {
  const items: AttentionItem[] = [];
  const seriesItems: AttentionItem[] = [];
  for (const row of series.filter((one) => one.attention).sort((a, b) => a.name.localeCompare(b.name))) {
    const attention = row.attention!;
    seriesItems.push({ kind: 'series', id: row.id, name: row.name, reason: attention.message, reconnectAccountId: attention.kind === 'reconnect' ? attention.account_id : null });
  }
  if (withPublishing) {
    const rank = (account: LocalAccount) => (account.health === 'reconnect' ? 0 : 1);
    for (const account of accounts.filter((row) => row.health !== 'ok').sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name))) {
      items.push({
        kind: 'account',
        id: account.id,
        name: account.name,
        platform: account.platform,
        level: account.health === 'reconnect' ? 'reconnect' : 'expiring',
        reason: account.health_reason ?? (account.health === 'reconnect' ? 'Reelflow can no longer publish to this account.' : 'Its permission runs out soon.'),
        blockedPosts: account.blocked_targets,
      });
    }
    items.push(...seriesItems);
    // A failed render is listed from the videos themselves (below); the failed jobs add the posts.
    for (const job of [...failedJobs].filter((row) => row.kind === 'publish').sort((a, b) => newestFirst(a.failed_at, b.failed_at))) {
      items.push({ kind: 'post', id: job.id, title: job.post_title ?? job.video_title ?? 'A post', reason: job.reason, platform: job.platform, accountName: job.account_name });
    }
  } else {
    items.push(...seriesItems);
  }
  for (const video of videos.filter((row) => row.status === 'failed').sort((a, b) => newestFirst(a.updated_at, b.updated_at))) {
    items.push({ kind: 'render', id: video.id, title: video.title || 'Untitled video', reason: video.error ?? 'The video could not be made.' });
  }
  return items;
}

/** The newest videos (the store's order is newest first already; sorted again to be sure). */
export function latestVideos(videos: readonly LocalVideo[], count = HOME_LIST_SIZE): LocalVideo[] {
  return [...videos].sort((a, b) => newestFirst(a.created_at, b.created_at)).slice(0, count);
}

/** Scheduled posts still to go out, soonest first. */
export function nextPosts(posts: readonly LocalPost[], now: Date, count = HOME_LIST_SIZE): LocalPost[] {
  return posts
    .filter((post) => post.status === 'scheduled' && post.scheduled_at !== null && Date.parse(post.scheduled_at) >= now.getTime())
    .sort((a, b) => Date.parse(a.scheduled_at ?? '') - Date.parse(b.scheduled_at ?? ''))
    .slice(0, count);
}
