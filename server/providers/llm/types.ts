import type { WrittenScript } from '../../../contract';

// The interface belongs to the domain (server/domain/ports/script-writer.ts); re-exported so
// adapters keep importing from their own types.
export type { ScriptBrief, ScriptWriter } from '../../domain/ports/script-writer';

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

/** The narration with one paragraph a part: scenes cut and pauses fall between paragraphs. */
export function joinScript(parts: Pick<WrittenScript, 'hook' | 'beats' | 'payoff' | 'call_to_action'>): string {
  return [parts.hook, ...parts.beats, parts.payoff ?? '', parts.call_to_action].map((part) => part.trim()).filter(Boolean).join('\n\n');
}
