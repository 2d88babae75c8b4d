// New topics for a series' episodes, as the autopilot needs them: adapters (server/providers/llm:
// an OpenAI-compatible chat endpoint, or the offline engine over WordNet) implement TopicIdeas.

export interface TopicBrief {
  /** The niche or prompt as the creator typed it. */
  source: string;
  language: string;
  /** Titles of past episodes, newest first. */
  history: string[];
  /** Topics the creator marked "never again". */
  avoid: string[];
  /** Varies the idea between calls: the same brief and nonce give the same topic. */
  nonce: string;
}

export interface TopicIdeas {
  /** Stable id ('openai-compatible' | 'offline-topic-ideas'). */
  readonly id: string;
  /** What the creator is told about where the ideas come from. */
  readonly label: string;
  /** One new topic title for the next episode, or null when it has no new idea left. */
  next(brief: TopicBrief, signal?: AbortSignal): Promise<string | null>;
}
