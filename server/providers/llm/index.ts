import { OfflineScriptWriter } from './offline-writer';
import { OpenAiCompatibleWriter } from './openai-writer';
import type { ScriptWriter } from './types';

export * from './types';
export { OfflineScriptWriter } from './offline-writer';
export { OpenAiCompatibleWriter } from './openai-writer';

export interface LlmSettings {
  /** e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1; unset → offline writer. */
  baseUrl?: string | undefined;
  apiKey?: string | undefined;
  model?: string | undefined;
}

/** The configured script writer: an OpenAI-compatible endpoint when set, else offline. */
export function createScriptWriter(settings: LlmSettings): ScriptWriter {
  if (!settings.baseUrl) return new OfflineScriptWriter();
  return new OpenAiCompatibleWriter({ baseUrl: settings.baseUrl, apiKey: settings.apiKey, model: settings.model ?? 'gpt-4o-mini' });
}
