// Live publishing status: the server publishes a post at its time and the engine polls the
// platform until it is processed, but the page's ordinary pull runs only every few minutes. While a
// post is being published, or one of its targets is due, the posts (and failed jobs, and the
// calendar) are pulled with the videos' adaptive polling (src/features/videos/data/video-polling.ts): 2 s
// rising to 15 s, reset on change, paused while hidden or offline. This module only says which
// posts are "live"; the runtime (src/app/sync-runtime.ts) wires the timers. No React, no zod.
import type { LocalPost } from '../../../store';

/** A target due this soon counts as due: the page's clock and the server's drift a little. */
export const DUE_SOON_MS = 30_000;
/** How often the runtime looks whether a scheduled post has become due (a cheap local read). */
export const DUE_CHECK_MS = 30_000;

function targetIsLive(post: LocalPost, target: LocalPost['targets'][number], now: number): boolean {
  if (target.status === 'publishing') return true;
  if (target.status !== 'scheduled') return false;
  const due = target.next_attempt_at ?? post.scheduled_at;
  return due === null || Date.parse(due) <= now + DUE_SOON_MS;
}

/**
 * What the live posts look like (ids and the status of each target), or null when no post the
 * server knows is being published or due. Two equal strings mean "nothing changed".
 */
export function livePostsSignature(posts: readonly LocalPost[], now = Date.now()): string | null {
  const live = posts
    .filter((post) => post.syncStatus === 'synced' && post.targets.some((target) => targetIsLive(post, target, now)))
    .map((post) => `${post.id}:${post.status}:${post.targets.map((target) => `${target.status}/${target.attempts}`).join(',')}`)
    .sort();
  return live.length > 0 ? live.join(';') : null;
}
