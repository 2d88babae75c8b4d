// Where the offline writer gets true statements about a topic, and how several sources combine:
// the first that has something to say wins (Wikipedia when it is enabled and answers, else the
// shipped WordNet dictionary, else none and the script is written without facts).
import type { Topic } from './offline-topic';

export interface TopicFacts {
  /** Statements about the topic, one sentence each, best first (the writer drops any parentheses before speaking them). */
  sentences: string[];
  /** Plain text for the video's description. */
  attribution: string;
}

export interface FactSource {
  factsAbout(topic: Topic, signal?: AbortSignal): Promise<TopicFacts | null>;
}

/** Asks each source in order and keeps the first answer with at least one sentence. */
export class FirstFactSource implements FactSource {
  private readonly sources: FactSource[];

  constructor(sources: readonly FactSource[]) {
    this.sources = [...sources];
  }

  async factsAbout(topic: Topic, signal?: AbortSignal): Promise<TopicFacts | null> {
    for (const source of this.sources) {
      const facts = await source.factsAbout(topic, signal);
      if (facts && facts.sentences.length > 0) return facts;
    }
    return null;
  }
}
