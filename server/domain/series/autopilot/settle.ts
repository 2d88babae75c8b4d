// What follows a render and a post. A finished render waits for review (review mode, and every
// sample) or is scheduled; a failed one is restarted once, and a second failure settles the
// episode failed with the video's error (the video stays on the failed-jobs list). A post that
// went out settles the episode published; one that failed everywhere, failed.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { posts, postTargets } from '../../../db/schema-publishing';
import { seriesEpisodes, type SeriesEpisodeRow, type SeriesRow } from '../../../db/schema-series';
import { aiVideos } from '../../../db/schema-videos';
import { restartVideo } from '../../videos/lifecycle';
import { RENDER_FAILED_REASON } from '../../publishing/failed-jobs';
import type { EpisodeDeps } from './deps';
import { moveEpisode, settleEpisode } from './episode-store';
import { scheduleEpisodePost } from './schedule';

/** Schedules the episode's post from `from`; a refused post settles it failed. */
export async function scheduleEpisode(deps: EpisodeDeps, row: SeriesRow, episode: SeriesEpisodeRow, from: 'rendering' | 'awaiting_review'): Promise<string> {
  const now = await deps.now();
  const result = await deps.db.transaction((tx) => scheduleEpisodePost(tx, row, episode, from, now, deps.postChecks));
  if (result.ok) {
    await deps.schedulePublish(result.queued);
    return 'scheduled';
  }
  if (result.reason === null) return 'moved-on';
  await settleEpisode(deps.db, episode.id, from, 'failed', result.reason);
  return 'failed';
}

export async function settleRender(deps: EpisodeDeps, row: SeriesRow, episode: SeriesEpisodeRow): Promise<string> {
  if (!episode.videoId) {
    await settleEpisode(deps.db, episode.id, 'rendering', 'failed', 'The video of this episode was deleted.');
    return 'failed';
  }
  const [video] = await deps.db.select({ status: aiVideos.status, error: aiVideos.error }).from(aiVideos).where(eq(aiVideos.id, episode.videoId));
  if (!video) {
    await settleEpisode(deps.db, episode.id, 'rendering', 'failed', 'The video of this episode was deleted.');
    return 'failed';
  }
  if (video.status === 'completed') {
    if (episode.sample || row.reviewMode === 'review') return (await moveEpisode(deps.db, episode.id, 'rendering', { status: 'awaiting_review' })) ? 'awaiting_review' : 'moved-on';
    return scheduleEpisode(deps, row, episode, 'rendering');
  }
  if (video.status !== 'failed') return 'rendering';
  if (episode.renderAttempts === 0) {
    const videoId = episode.videoId;
    const restarted = await deps.db.transaction(async (tx) => {
      const [moved] = await tx
        .update(seriesEpisodes)
        .set({ renderAttempts: 1 })
        .where(and(eq(seriesEpisodes.id, episode.id), eq(seriesEpisodes.status, 'rendering'), eq(seriesEpisodes.renderAttempts, 0)))
        .returning({ id: seriesEpisodes.id });
      if (!moved) return false;
      await restartVideo(tx, row.userId, videoId);
      return true;
    });
    if (!restarted) return 'moved-on';
    await deps.enqueueRender(videoId);
    return 'render-restarted';
  }
  await settleEpisode(deps.db, episode.id, 'rendering', 'failed', video.error ?? RENDER_FAILED_REASON);
  return 'failed';
}

/** The first error of the post's failed targets, for a failed episode's reason. */
async function postFailure(db: Db, postId: string): Promise<string> {
  const [target] = await db
    .select({ error: postTargets.error, account: postTargets.accountName })
    .from(postTargets)
    .where(and(eq(postTargets.postId, postId), eq(postTargets.status, 'failed')))
    .limit(1);
  return target?.error ? `${target.account}: ${target.error}` : 'The post could not be published.';
}

export async function settlePost(deps: EpisodeDeps, episode: SeriesEpisodeRow): Promise<string> {
  if (!episode.postId) {
    await settleEpisode(deps.db, episode.id, 'scheduled', 'failed', 'The post of this episode was deleted.');
    return 'failed';
  }
  const [post] = await deps.db.select({ status: posts.status }).from(posts).where(eq(posts.id, episode.postId));
  if (post?.status === 'published' || post?.status === 'partially_published') {
    return (await moveEpisode(deps.db, episode.id, 'scheduled', { status: 'published' })) ? 'published' : 'moved-on';
  }
  if (post?.status === 'failed') {
    await settleEpisode(deps.db, episode.id, 'scheduled', 'failed', await postFailure(deps.db, episode.postId));
    return 'failed';
  }
  return 'scheduled';
}
