// The series autopilot's tick (docs/decisions/series.md): every minute on any number of
// processes, and sendable on demand. It plans the due slots of the active series and hands each
// new episode to the series-episode queue; it also hands on again the episodes a dead process left.
import { runTick } from '../domain/series/autopilot/tick';
import { defineJob } from './job';
import { sendEpisode } from './series-hand-on';

export const SERIES_TICK_QUEUE = 'series-tick';

export const seriesTickJob = defineJob({
  queue: SERIES_TICK_QUEUE,
  // One waiting tick is enough: a second send while one waits adds nothing.
  options: { policy: 'short', retryLimit: 3, retryDelay: 10, expireInSeconds: 600 },
  cron: '* * * * *',
  async run(_data, services) {
    const now = await services.clock.now();
    const { planned, resent } = await runTick(services.database.db, now, (episodeId) => sendEpisode(services.jobs, episodeId));
    return { outcome: `${planned.length} episodes planned, ${resent.length} handed on again` };
  },
});
