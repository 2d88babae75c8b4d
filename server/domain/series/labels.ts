// The series label My videos and the calendar show on an episode's video and post: one query per
// page, through the partial indexes on series_episodes(video_id) and (post_id). A video or post
// that is no longer an episode's (its series was deleted, or the episode was rendered again) has
// no label.
import { eq, inArray } from 'drizzle-orm';
import type { SeriesLabel } from '../../../contract/series';
import type { Db } from '../../db/client';
import { series, seriesEpisodes } from '../../db/schema-series';

async function labelsBy(db: Db, column: typeof seriesEpisodes.videoId | typeof seriesEpisodes.postId, ids: string[]): Promise<Map<string, SeriesLabel>> {
  const labels = new Map<string, SeriesLabel>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return labels;
  const rows = await db
    .select({ key: column, seriesId: series.id, seriesName: series.name, episodeId: seriesEpisodes.id })
    .from(seriesEpisodes)
    .innerJoin(series, eq(series.id, seriesEpisodes.seriesId))
    .where(inArray(column, unique));
  for (const row of rows) {
    if (row.key !== null && !labels.has(row.key)) labels.set(row.key, { series_id: row.seriesId, series_name: row.seriesName, episode_id: row.episodeId });
  }
  return labels;
}

/** Labels of the videos that are episodes', by video id. */
export function seriesLabelsOfVideos(db: Db, videoIds: string[]): Promise<Map<string, SeriesLabel>> {
  return labelsBy(db, seriesEpisodes.videoId, videoIds);
}

/** Labels of the posts that are episodes', by post id. */
export function seriesLabelsOfPosts(db: Db, postIds: string[]): Promise<Map<string, SeriesLabel>> {
  return labelsBy(db, seriesEpisodes.postId, postIds);
}
