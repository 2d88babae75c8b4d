// What the episode steps run with: the database, the clock, the writers and where finished work
// goes next (the render queue, the publish scheduler, the episode queue itself). The job builds it
// from its JobServices; the review routes from the app's context.
import type { Db } from '../../../db/client';
import type { ScriptWriter } from '../../ports/script-writer';
import type { TopicIdeas } from '../../ports/topic-ideas';
import type { PostCheckSettings } from '../../publishing/preflight';
import type { QueuedTarget } from '../../publishing/targets';
import type { CreateVideoDeps } from '../../videos/create';

export interface EpisodeDeps {
  db: Db;
  now(): Promise<Date>;
  scriptWriter: ScriptWriter;
  topicIdeas: TopicIdeas;
  voiceExists: CreateVideoDeps['voiceExists'];
  voiceProviderConfigured?: CreateVideoDeps['voiceProviderConfigured'];
  postChecks?: PostCheckSettings;
  /** Queues a video's render. */
  enqueueRender(videoId: string): Promise<void>;
  /** Hands a post's targets to the publish scheduler (after the commit). */
  schedulePublish(queued: QueuedTarget[]): Promise<void>;
  /** Sends the episode's next step to the series-episode queue. */
  handOn(episodeId: string): Promise<void>;
}
