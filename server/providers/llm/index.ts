import { OfflineScriptWriter } from './offline-writer';
import { OpenAiCompatibleWriter } from './openai-writer';
import type { ScriptWriter } from './types';
import { WikipediaFacts } from './wikipedia';

export * from './types';
export { OfflineScriptWriter } from './offline-writer';
export { OpenAiCompatibleWriter } from './openai-writer';
export { WikipediaFacts, type FactSource, type TopicFacts } from './wikipedia';

export interface LlmSettings {
  /** e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1; unset → offline writer. */
  baseUrl?: string | undefined;
  apiKey?: string | undefined;
  model?: string | undefined;
  /** The offline writer's Wikipedia grounding; null or absent: off. */
  wikipedia?: { baseUrl: string; contact: string } | null | undefined;
}

/** The configured script writer: an OpenAI-compatible endpoint when set, else offline. */
export function createScriptWriter(settings: LlmSettings, log?: (message: string) => void): ScriptWriter {
  if (!settings.baseUrl) {
    const { wikipedia } = settings;
    return new OfflineScriptWriter({ facts: wikipedia ? new WikipediaFacts({ baseUrl: wikipedia.baseUrl, contact: wikipedia.contact, log }) : undefined });
  }
  return new OpenAiCompatibleWriter({ baseUrl: settings.baseUrl, apiKey: settings.apiKey, model: settings.model ?? 'gpt-4o-mini' });
}
