import { OfflineScriptWriter } from './offline-writer';
import { OpenAiCompatibleWriter } from './openai-writer';
import type { ScriptWriter } from './types';

export * from './types';
export { OfflineScriptWriter } from './offline-writer';
export { OpenAiCompatibleWriter } from './openai-writer';

export interface LlmSettings {
  /** e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1; unset → offline writer. */
  LLM_BASE_URL?: string | undefined;
  LLM_API_KEY?: string | undefined;
  LLM_MODEL?: string | undefined;
}

/** The configured script writer: an OpenAI-compatible endpoint when set, else offline. */
export function createScriptWriter(settings: LlmSettings): ScriptWriter {
  if (!settings.LLM_BASE_URL) return new OfflineScriptWriter();
  return new OpenAiCompatibleWriter({ baseUrl: settings.LLM_BASE_URL, apiKey: settings.LLM_API_KEY, model: settings.LLM_MODEL ?? 'gpt-4o-mini' });
}
