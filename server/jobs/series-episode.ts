// The series-episode queue: one step of one episode per job (server/domain/series/autopilot/
// steps.ts). The singleton key is the episode, and the policy 'short' keeps one waiting job per
// key, so handing an episode on twice queues it once; a running job never holds the key back (each
// step is a compare-and-set of its own). A finished or failed render and a settled post hand
// their episode on (series-hand-on.ts, called by the render and publish jobs).
import type { EpisodeDeps } from '../domain/series/autopilot/deps';
import { runEpisodeStep } from '../domain/series/autopilot/steps';
import { defineJob, type JobServices } from './job';
import { queuedPublishScheduler } from './publish-target';
import { RENDER_VIDEO_QUEUE, type RenderJobData } from './render-video';
import { sendEpisode, SERIES_EPISODE_QUEUE, type EpisodeJobData } from './series-hand-on';

/** The episode steps' dependencies from the jobs' services. */
export function episodeDeps(services: JobServices): EpisodeDeps {
  const { render } = services;
  const scheduler = queuedPublishScheduler(services.jobs);
  return {
    db: services.database.db,
    now: () => services.clock.now(),
    scriptWriter: render.scriptWriter,
    topicIdeas: services.topicIdeas,
    voiceProviderConfigured: (provider) => render.speech[provider]?.configured === true,
    async voiceExists(provider, voiceId) {
      const speech = render.speech[provider];
      return speech ? (await speech.listVoices()).some((voice) => voice.voice_id === voiceId) : false;
    },
    postChecks: services.config.publishChecks,
    enqueueRender: (videoId) => services.jobs.send(RENDER_VIDEO_QUEUE, { videoId } satisfies RenderJobData),
    async schedulePublish(queued) {
      for (const { targetId, at } of queued) await scheduler.schedule(targetId, at);
    },
    handOn: (episodeId) => sendEpisode(services.jobs, episodeId),
  };
}

export const seriesEpisodeJob = defineJob<EpisodeJobData>({
  queue: SERIES_EPISODE_QUEUE,
  options: { policy: 'short', retryLimit: 10, retryDelay: 30, retryBackoff: true, expireInSeconds: 1800 },
  concurrency: (services) => services.config.renderConcurrency,
  subject: (data) => ({ episodeId: data.episodeId }),
  async run({ episodeId }, services) {
    if (typeof episodeId !== 'string') return { outcome: 'ignored' };
    const { outcome, userId } = await runEpisodeStep(episodeDeps(services), episodeId);
    return { outcome, userId };
  },
});
