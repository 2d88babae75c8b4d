import { FirstFactSource, type FactSource } from './fact-source';
import type { TopicIdeas } from '../../domain/ports/topic-ideas';
import { OfflineTopicIdeas } from './offline-topic-ideas';
import { OfflineScriptWriter } from './offline-writer';
import { OpenAiCompatibleTopicIdeas } from './openai-topic-ideas';
import { OpenAiCompatibleWriter } from './openai-writer';
import type { ScriptWriter } from './types';
import { WikipediaFacts } from './wikipedia';
import { WordNetFacts } from './wordnet-facts';

export * from './types';
export { FirstFactSource, type FactSource, type TopicFacts } from './fact-source';
export { OfflineScriptWriter } from './offline-writer';
export { OpenAiCompatibleWriter } from './openai-writer';
export { OfflineTopicIdeas } from './offline-topic-ideas';
export { OpenAiCompatibleTopicIdeas } from './openai-topic-ideas';
export { WikipediaFacts } from './wikipedia';
export { WORDNET_ATTRIBUTION, WordNetFacts } from './wordnet-facts';

export interface LlmSettings {
  /** e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1; unset → offline writer. */
  baseUrl?: string | undefined;
  apiKey?: string | undefined;
  model?: string | undefined;
  /** The offline writer's Wikipedia grounding; null or absent: off. */
  wikipedia?: { baseUrl: string; contact: string } | null | undefined;
}

/** The shipped dictionary, read lazily by offset: one per process, its small caches shared. */
let wordnet: WordNetFacts | null = null;

/**
 * The configured script writer: an OpenAI-compatible endpoint when set, else offline, whose
 * facts come from Wikipedia when that is enabled and answers, else from the shipped WordNet.
 */
export function createScriptWriter(settings: LlmSettings, log?: (message: string) => void): ScriptWriter {
  if (!settings.baseUrl) {
    const { wikipedia } = settings;
    wordnet ??= new WordNetFacts({ log });
    const sources: FactSource[] = wikipedia ? [new WikipediaFacts({ baseUrl: wikipedia.baseUrl, contact: wikipedia.contact, log }), wordnet] : [wordnet];
    return new OfflineScriptWriter({ facts: new FirstFactSource(sources) });
  }
  return new OpenAiCompatibleWriter({ baseUrl: settings.baseUrl, apiKey: settings.apiKey, model: settings.model ?? 'gpt-4o-mini' });
}

/** The offline topic engine's pools of subjects are kept per niche: one per process. */
let offlineTopicIdeas: OfflineTopicIdeas | null = null;

/**
 * Where a series' next topic comes from, chosen like the script writer: the OpenAI-compatible
 * endpoint when one is configured, else the offline engine over the shipped WordNet.
 */
export function createTopicIdeas(settings: LlmSettings, log?: (message: string) => void): TopicIdeas {
  if (!settings.baseUrl) return (offlineTopicIdeas ??= new OfflineTopicIdeas({ log }));
  return new OpenAiCompatibleTopicIdeas({ baseUrl: settings.baseUrl, apiKey: settings.apiKey, model: settings.model ?? 'gpt-4o-mini' });
}
