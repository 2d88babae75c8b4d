// The captioned-video queue, one render at a time per process. Retries are safe:
// runCaptionRender claims the row (a live run elsewhere makes this one 'busy') and starts over
// from the stored media; the previous captioned video is replaced only by a whole new one.
import { releaseCrashedRenders, runCaptionRender, STALE_RENDER_MS, unfinishedRenderIds } from '../domain/transcriptions/render';
import { defineJob, RetryLater } from './job';
import { transcriptionOwner } from './owners';
import { rowClaims } from './takeover';
import { RENDER_CAPTIONS_QUEUE, type RenderCaptionsJobData } from './transcribe';

/** A captioned video is held while it is rendering with a fresh heartbeat (refreshed every 15 s). */
export const CAPTION_RENDER_CLAIMS = rowClaims(RENDER_CAPTIONS_QUEUE, STALE_RENDER_MS, {
  table: 'transcriptions',
  dataKey: 'transcriptionId',
  running: "r.render_status = 'rendering'",
  heartbeat: 'r.render_heartbeat_at',
});

export const renderCaptionsJob = defineJob<RenderCaptionsJobData>({
  queue: RENDER_CAPTIONS_QUEUE,
  options: { retryLimit: 20, retryDelay: 15, expireInSeconds: 4 * 3600 },
  claims: () => CAPTION_RENDER_CLAIMS,
  subject: (data) => ({ transcriptionId: data.transcriptionId }),
  async run({ transcriptionId: id }, services) {
    if (typeof id !== 'string') return { outcome: 'ignored' };
    const db = services.database.db;
    const outcome = await runCaptionRender({ ...services.transcribe, db }, id, { signal: services.stopSignal });
    const report = { outcome, userId: await transcriptionOwner(db, id) };
    if (outcome === 'busy' || outcome === 'interrupted') throw new RetryLater(outcome, report);
    return report;
  },
  async resume(services) {
    // Renders a crash or stop left unfinished are queued again (they start over).
    const { database } = services;
    if (database.kind === 'pglite') await releaseCrashedRenders(database.db);
    for (const transcriptionId of await unfinishedRenderIds(database.db)) await services.jobs.send(RENDER_CAPTIONS_QUEUE, { transcriptionId } satisfies RenderCaptionsJobData);
  },
});
