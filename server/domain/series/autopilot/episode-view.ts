// One episode as the review calls answer it (contract SeriesEpisode): the timeline's own view.
import { and, eq } from 'drizzle-orm';
import type { SeriesEpisode } from '../../../../contract/series';
import type { Db } from '../../../db/client';
import { seriesEpisodes } from '../../../db/schema-series';
import { NotFoundError } from '../../problems';
import { toSeriesEpisodes } from '../series-view';
import { EPISODE_NOT_FOUND } from './review';

export async function findEpisodeView(db: Db, userId: number, episodeId: string): Promise<SeriesEpisode> {
  const [row] = await db
    .select()
    .from(seriesEpisodes)
    .where(and(eq(seriesEpisodes.id, episodeId), eq(seriesEpisodes.userId, userId)));
  if (!row) throw new NotFoundError(EPISODE_NOT_FOUND);
  const [view] = await toSeriesEpisodes(db, [row]);
  return view!;
}
