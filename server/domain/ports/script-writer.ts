// Script writing as the domain needs it: adapters (server/providers/llm: an OpenAI-compatible
// chat endpoint, or the offline writer) implement ScriptWriter.
import type { WrittenScript } from '../../../contract';

export interface ScriptBrief {
  prompt: string;
  /** Seconds of narration wanted. */
  videoDuration: number;
  language: string;
  /** How it should sound (contract SCRIPT_TONES); absent: neutral. */
  tone?: string | undefined;
  /** Varies the wording between runs: the same brief and nonce give the same script. Absent: one per prompt. */
  nonce?: string | undefined;
  /** Spoken words a second of the voice that will read it (contract/voice-pace.ts), speed included. */
  wordsPerSecond?: number | undefined;
}

/** Writes a short-video script. */
export interface ScriptWriter {
  /** Stable id stored with the script ('openai-compatible' | 'offline-writer'). */
  readonly id: string;
  /** What the user is told about who wrote the script. */
  readonly label: string;
  /** The languages it writes in; absent = every language of contract/scripts#SCRIPT_LANGUAGES. */
  readonly languages?: readonly string[];
  /** The most words it writes for one script (a writer without fresh ideas runs out); absent: no limit. */
  readonly maxWords?: number;
  write(brief: ScriptBrief, signal?: AbortSignal): Promise<WrittenScript>;
}
