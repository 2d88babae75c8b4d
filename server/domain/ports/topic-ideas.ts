// Topic ideas as the domain needs them: a series asks for the next episode's topic, given its
// niche and what it has already told. Adapters (server/providers/llm: an OpenAI-compatible chat
// endpoint, or the offline WordNet engine) implement TopicIdeas.

export interface TopicBrief {
  /** The niche or prompt as the creator typed it ("strange animals"). */
  source: string;
  language: string;
  /** Titles of past episodes, newest first. */
  history: string[];
  /** Topics the creator marked "never again". */
  avoid: string[];
  /** Varies the choice between runs: the same brief and nonce give the same idea. */
  nonce: string;
}

export interface TopicIdeas {
  /** Stable id ('openai-compatible' | 'offline-topic-ideas'). */
  readonly id: string;
  /** What the creator is told about who chose the topic. */
  readonly label: string;
  /** One new topic title for the next episode, or null when it has no new idea left. */
  next(brief: TopicBrief, signal?: AbortSignal): Promise<string | null>;
}
