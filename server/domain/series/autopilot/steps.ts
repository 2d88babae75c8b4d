// The series-episode job's work: one step of an episode from wherever it stands. Any number of
// sends of one episode are safe: each step starts with a compare-and-set on the status, so the
// run that loses it does nothing.
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { seriesEpisodes } from '../../../db/schema-series';
import type { EpisodeDeps } from './deps';
import { loadEpisode, loadSeries, moveEpisode } from './episode-store';
import { settlePost, settleRender } from './settle';
import { STALE_WRITING_MS } from './tick';
import { writeEpisode } from './write';

export interface StepResult {
  outcome: string;
  userId: number | null;
}

/** Takes the writing step: from planned, or over a writing run whose heartbeat went stale. */
async function claimWriting(deps: EpisodeDeps, id: string, from: 'planned' | 'writing') {
  const stale = sql`now() - make_interval(secs => ${STALE_WRITING_MS / 1000})`;
  const [row] = await deps.db
    .update(seriesEpisodes)
    .set({ status: 'writing', heartbeatAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(seriesEpisodes.id, id),
        eq(seriesEpisodes.status, from),
        ...(from === 'writing' ? [or(isNull(seriesEpisodes.heartbeatAt), lt(seriesEpisodes.heartbeatAt, stale))] : []),
      ),
    )
    .returning();
  return row;
}

export async function runEpisodeStep(deps: EpisodeDeps, episodeId: string): Promise<StepResult> {
  const episode = await loadEpisode(deps.db, episodeId);
  if (!episode) return { outcome: 'missing', userId: null };
  const userId = episode.userId;
  const row = await loadSeries(deps.db, episode.seriesId);
  if (!row) return { outcome: 'missing', userId };
  switch (episode.status) {
    case 'planned':
    case 'writing': {
      const claimed = await claimWriting(deps, episode.id, episode.status);
      // Another live run holds it (a fresh heartbeat), or it moved on.
      if (!claimed) return { outcome: 'held', userId };
      try {
        return { outcome: await writeEpisode(deps, row, claimed), userId };
      } catch (error) {
        // Let the job's retry take the step again at once rather than wait for the heartbeat to go stale.
        await moveEpisode(deps.db, episode.id, 'writing', { heartbeatAt: null });
        throw error;
      }
    }
    case 'rendering':
      return { outcome: await settleRender(deps, row, episode), userId };
    case 'scheduled':
      return { outcome: await settlePost(deps, episode), userId };
    default:
      return { outcome: episode.status, userId };
  }
}
