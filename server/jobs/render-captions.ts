// The captioned-video queue (issue 11) on pg-boss, worked by the server and by `npm run worker`
// alike, one render at a time per process. Retries are safe: runCaptionRender claims the row (a
// live run elsewhere makes this one 'busy') and starts over from the stored media; the previous
// captioned video is replaced only by a whole new one.
import type PgBoss from 'pg-boss';
import { releaseCrashedRenders, runCaptionRender, STALE_RENDER_MS, unfinishedRenderIds } from '../domain/transcriptions/render';
import { jobDataId, type ClaimedQueue } from './takeover';
import type { TranscribeJobDeps } from './transcribe';
import { RENDER_CAPTIONS_QUEUE, type RenderCaptionsJobData } from './transcribe';

/** A captioned video is held while it is rendering with a fresh heartbeat (refreshed every 15 s). */
export const CAPTION_RENDER_CLAIMS: ClaimedQueue = {
  queue: RENDER_CAPTIONS_QUEUE,
  staleMs: STALE_RENDER_MS,
  held: (since) =>
    `EXISTS (SELECT 1 FROM transcriptions t WHERE t.id = ${jobDataId('transcriptionId')} AND t.render_status = 'rendering' AND t.render_heartbeat_at >= ${since})`,
};

export async function registerRenderCaptions(boss: PgBoss, deps: TranscribeJobDeps): Promise<void> {
  await boss.createQueue(RENDER_CAPTIONS_QUEUE, { name: RENDER_CAPTIONS_QUEUE, retryLimit: 20, retryDelay: 15, expireInSeconds: 4 * 3600 });
  const run = { ...deps.transcribe, db: deps.database.db };
  await boss.work<RenderCaptionsJobData>(RENDER_CAPTIONS_QUEUE, { batchSize: 1 }, async (jobs) => {
    for (const job of jobs) {
      const id = job.data?.transcriptionId;
      if (typeof id !== 'string') continue;
      try {
        const outcome = await runCaptionRender(run, id, { signal: deps.signal });
        if (outcome === 'busy' || outcome === 'interrupted') throw new Error(`caption render of ${id} ${outcome}; trying again later`);
      } catch (error) {
        deps.logError(error, 'render captions job');
        throw error;
      }
    }
  });
  // Renders a crash or stop left unfinished are queued again (they start over).
  if (deps.database.kind === 'pglite') await releaseCrashedRenders(deps.database.db);
  for (const transcriptionId of await unfinishedRenderIds(deps.database.db)) await boss.send(RENDER_CAPTIONS_QUEUE, { transcriptionId } satisfies RenderCaptionsJobData);
}
