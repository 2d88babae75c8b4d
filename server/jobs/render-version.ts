// The version queue: renders of edited videos (server/domain/editor/render). Shares the render
// concurrency with first renders' queue settings; a retry is safe (the run resumes from what its
// version row and the stored segments hold, and never charges).
import { renderVersion } from '../domain/editor/render/run';
import { releaseCrashedVersions, unfinishedVersionIds } from '../domain/editor/render/request';
import { STALE_HEARTBEAT_MS } from '../domain/shared/claim';
import { defineJob, RetryLater } from './job';
import { versionOwner } from './owners';
import { rowClaims } from './takeover';

export const RENDER_VERSION_QUEUE = 'render-version';

export interface RenderVersionJobData {
  versionId: string;
}

export const RENDER_VERSION_CLAIMS = rowClaims(RENDER_VERSION_QUEUE, STALE_HEARTBEAT_MS, {
  table: 'ai_video_versions',
  dataKey: 'versionId',
  running: "r.status = 'processing'",
  heartbeat: 'r.heartbeat_at',
});

export const renderVersionJob = defineJob<RenderVersionJobData>({
  queue: RENDER_VERSION_QUEUE,
  options: { retryLimit: 20, retryDelay: 15, expireInSeconds: 4 * 3600 },
  concurrency: (services) => services.config.renderConcurrency,
  claims: () => RENDER_VERSION_CLAIMS,
  subject: (data) => ({ versionId: data.versionId }),
  async run({ versionId }, services) {
    if (typeof versionId !== 'string') return { outcome: 'ignored' };
    const { outcome } = await renderVersion(services.render, versionId, { signal: services.stopSignal });
    const report = { outcome, userId: await versionOwner(services.database.db, versionId) };
    if (outcome === 'busy' || outcome === 'interrupted') throw new RetryLater(outcome, report);
    return report;
  },
  async resume(services) {
    if (services.database.kind === 'pglite') await releaseCrashedVersions(services.database.db);
    for (const versionId of await unfinishedVersionIds(services.database.db)) await services.jobs.send(RENDER_VERSION_QUEUE, { versionId } satisfies RenderVersionJobData);
  },
});
