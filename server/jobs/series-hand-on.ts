// Handing a series episode its next step: the series-episode queue's name and send, and the two
// hooks the render and publish jobs call once a render or a post has settled. Kept apart from the
// job itself so those jobs do not import it (the job imports them).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { JobQueue } from './queue';

export const SERIES_EPISODE_QUEUE = 'series-episode';

export interface EpisodeJobData {
  episodeId: string;
}

/** One waiting job per episode (the queue's policy 'short' with the episode as the key). */
export function sendEpisode(jobs: JobQueue, episodeId: string): Promise<void> {
  return jobs.send(SERIES_EPISODE_QUEUE, { episodeId } satisfies EpisodeJobData, { singletonKey: episodeId });
}

const idsOf = (result: unknown) => (result as { rows: { id: string }[] }).rows.map((row) => row.id);

/** After a render settled: the episode whose video it is takes its next step. */
export async function handOnEpisodeOfVideo(db: Db, jobs: JobQueue, videoId: string): Promise<void> {
  for (const id of idsOf(await db.execute(sql`select id from series_episodes where video_id = ${videoId} and status = 'rendering'`))) await sendEpisode(jobs, id);
}

/** After a publish target settled: the episode whose post it is takes its next step. */
export async function handOnEpisodeOfTarget(db: Db, jobs: JobQueue, targetId: string): Promise<void> {
  const rows = await db.execute(sql`
    select e.id from series_episodes e join post_targets t on t.post_id = e.post_id
     where t.id = ${targetId} and e.status = 'scheduled'`);
  for (const id of idsOf(rows)) await sendEpisode(jobs, id);
}
