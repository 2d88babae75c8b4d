import type { WrittenScript } from '../../../contract';

export interface ScriptBrief {
  prompt: string;
  /** Seconds of narration wanted. */
  videoDuration: number;
  language: string;
}

/** Writes a short-video script. Adapters: an OpenAI-compatible chat endpoint, or offline. */
export interface ScriptWriter {
  /** Stable id stored with the script ('openai-compatible' | 'offline-writer'). */
  readonly id: string;
  /** What the user is told about who wrote the script. */
  readonly label: string;
  /** The languages it writes in; absent = every language of contract/scripts#SCRIPT_LANGUAGES. */
  readonly languages?: readonly string[];
  write(brief: ScriptBrief, signal?: AbortSignal): Promise<WrittenScript>;
}

/** A provider failed in a way the user should hear about (bad key, model down, bad answer). */
export class ScriptWriterError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'ScriptWriterError';
  }
}

/** Narration pace used to size scripts: about 150 spoken words a minute. */
export const WORDS_PER_SECOND = 2.5;

export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

export function joinScript(parts: Pick<WrittenScript, 'hook' | 'beats' | 'call_to_action'>): string {
  return [parts.hook, ...parts.beats, parts.call_to_action].map((part) => part.trim()).filter(Boolean).join('\n\n');
}
