// planned → writing → rendering: the gates, the topic and script, then the episode's video,
// created and charged like any video (server/domain/videos/create.ts) with the series' style and
// an id derived from the episode and its render round, so a step replayed after a crash finds the
// video its first run created and never charges twice.
import { eq } from 'drizzle-orm';
import { createAiVideoRequest, estimateNarrationSeconds, videoCost } from '../../../../contract/videos';
import { users } from '../../../db/schema';
import type { SeriesEpisodeRow, SeriesRow } from '../../../db/schema-series';
import { balanceOf } from '../../credits/monthly-charge';
import { FieldValidationError } from '../../errors';
import { planFor } from '../../plans/plans';
import { InsufficientCreditsError, PlanLimitError } from '../../problems';
import { createVideo, createdRow } from '../../videos/create';
import type { EpisodeDeps } from './deps';
import { moveEpisode, pauseSeries, settleEpisode } from './episode-store';
import { checkGates, notEnoughCredits } from './gates';
import { videoIdFor } from './ids';
import { writeTopicAndScript, type Written } from './topic';

/** How often a writing run refreshes its heartbeat (a stale one is taken over by the tick). */
const HEARTBEAT_MS = 15_000;
export const SERIES_PAUSED_REASON = 'The series was paused before this episode was made.';

/** Keeps the episode's heartbeat fresh while `work` runs. */
async function withHeartbeat<T>(deps: EpisodeDeps, episodeId: string, work: () => Promise<T>): Promise<T> {
  const timer = setInterval(() => {
    void moveEpisode(deps.db, episodeId, 'writing', { heartbeatAt: new Date() }).catch(() => {});
  }, HEARTBEAT_MS);
  timer.unref();
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

/** The creator's words for a video the create refused. */
async function refusal(deps: EpisodeDeps, row: SeriesRow, script: string, error: unknown): Promise<string | null> {
  if (error instanceof InsufficientCreditsError) {
    const [user] = await deps.db.select({ plan: users.plan }).from(users).where(eq(users.id, row.userId));
    const price = videoCost(estimateNarrationSeconds(script, row.style?.voice?.speed ?? 1), planFor(user?.plan ?? 'free').video.creditsPerSecond);
    return notEnoughCredits(price, await balanceOf(deps.db, row.userId));
  }
  if (error instanceof PlanLimitError || error instanceof FieldValidationError) return error.message;
  return null;
}

/** The written episode's video, created and queued; the episode moves to rendering. */
async function queueVideo(deps: EpisodeDeps, row: SeriesRow, episode: SeriesEpisodeRow, now: Date): Promise<string> {
  const { duration: _duration, ...style } = row.style!;
  const videoId = videoIdFor(episode.id, episode.videoId);
  const settings = createAiVideoRequest.parse({ ...style, id: videoId, title: episode.title!.slice(0, 200), script: episode.script! });
  try {
    await createVideo(
      { db: deps.db, scriptWriter: deps.scriptWriter, voiceExists: deps.voiceExists, ...(deps.voiceProviderConfigured ? { voiceProviderConfigured: deps.voiceProviderConfigured } : {}) },
      { userId: row.userId, idempotencyKey: undefined, path: `/series/${row.id}/episodes/${episode.id}`, rawBody: null, settings },
      now,
    );
  } catch (error) {
    const reason = await refusal(deps, row, episode.script!, error);
    if (reason === null) throw error;
    await settleEpisode(deps.db, episode.id, 'writing', 'skipped', reason);
    return 'skipped';
  }
  const video = await createdRow(deps.db, row.userId, videoId);
  // A redo's render is charged again: the episode's credits add up every render round it paid for.
  const credits = episode.credits + (video?.creditsCharged ?? 0);
  const moved = await moveEpisode(deps.db, episode.id, 'writing', { status: 'rendering', videoId, credits, renderAttempts: 0, heartbeatAt: null, reason: null });
  if (!moved) return 'moved-on';
  await deps.enqueueRender(videoId);
  return 'rendering';
}

/** Runs the writing step of an episode this run holds (status 'writing', its heartbeat ours). */
export async function writeEpisode(deps: EpisodeDeps, row: SeriesRow, episode: SeriesEpisodeRow): Promise<string> {
  const now = await deps.now();
  if (!episode.sample && row.status !== 'active') {
    await settleEpisode(deps.db, episode.id, 'writing', 'skipped', SERIES_PAUSED_REASON);
    return 'skipped';
  }
  if (!row.style || !row.topic) {
    await settleEpisode(deps.db, episode.id, 'writing', 'skipped', 'The series has no topic or style to make an episode from.');
    return 'skipped';
  }
  let current = episode;
  if (current.script === null) {
    const gate = await checkGates(deps.db, row, current, now);
    if (!gate.ok) {
      if (gate.attention && !current.sample) await pauseSeries(deps.db, row.id, gate.attention);
      await settleEpisode(deps.db, current.id, 'writing', 'skipped', gate.reason);
      return 'skipped';
    }
    const written: Written = await withHeartbeat(deps, current.id, () => writeTopicAndScript(deps, row, current)).catch((error: unknown) => ({
      ok: false as const,
      // The writer or the topic ideas failed (a model away): this slot is passed on, the next one tries again.
      reason: `The script could not be written: ${error instanceof Error ? error.message : String(error)}`,
    }));
    if (!written.ok) {
      // A sample never stops the series; an episode that cannot be made for its slot does.
      if (written.attention && !current.sample) await pauseSeries(deps.db, row.id, written.attention);
      await settleEpisode(deps.db, current.id, 'writing', 'skipped', written.reason);
      return 'skipped';
    }
    const stored = await moveEpisode(deps.db, current.id, 'writing', { topic: written.topic, title: written.title, script: written.script, heartbeatAt: new Date() });
    if (!stored) return 'moved-on';
    current = stored;
  }
  return queueVideo(deps, row, current, now);
}
