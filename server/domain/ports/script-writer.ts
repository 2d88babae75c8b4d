// Script writing as the domain needs it: adapters (server/providers/llm: an OpenAI-compatible
// chat endpoint, or the offline writer) implement ScriptWriter.
import type { WrittenScript } from '../../../contract';

export interface ScriptBrief {
  prompt: string;
  /** Seconds of narration wanted. */
  videoDuration: number;
  language: string;
}

/** Writes a short-video script. */
export interface ScriptWriter {
  /** Stable id stored with the script ('openai-compatible' | 'offline-writer'). */
  readonly id: string;
  /** What the user is told about who wrote the script. */
  readonly label: string;
  /** The languages it writes in; absent = every language of contract/scripts#SCRIPT_LANGUAGES. */
  readonly languages?: readonly string[];
  write(brief: ScriptBrief, signal?: AbortSignal): Promise<WrittenScript>;
}
