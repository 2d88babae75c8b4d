// The creator's corrections to a finished transcription: words with their
// text fixed and times moved, and the caption settings. Checked as a whole (order, overlap, inside
// the audio) with a 422 on the exact field; the transcript text is recomputed from the words.
// Safe for the client's outbox: a body that changes nothing answers the transcription as it is
// (no write, the same updated_at), so a replay gets the same answer; otherwise a write made on
// another version than the stored one (base_updated_at, which the contract requires with words)
// is a 409 and changes nothing, so words are never replaced by an edit of words it did not see.
// Caption settings sent alone without a base: the last write wins.
// An edit bumps edit_version, which marks an existing captioned video as outdated.
import { and, eq } from 'drizzle-orm';
import type { CaptionSettings, WordTiming } from '../../../contract/captions';
import type { Db } from '../../db/client';
import { transcriptions, type TranscriptionRow } from '../../db/schema-transcriptions';
import { FieldValidationError } from '../errors';
import { ClientProblem } from '../problems';
import { findTranscriptionRow } from './transcriptions';

export const EDIT_NOT_FINISHED = 'This transcription has not finished yet, so there is nothing to correct. Wait until it is completed.';
export const EDIT_STALE = 'This transcript was changed somewhere else (on another device or in another tab) after the copy these corrections were made on was loaded, so they were not saved over it.';
/** Float tolerance for "inside the audio" (the duration is stored as a 4-byte real). */
const DURATION_SLACK = 0.001;

export interface TranscriptionEdit {
  words?: WordTiming[] | undefined;
  caption_settings?: CaptionSettings | undefined;
  base_updated_at?: string | undefined;
}

/** 422 on the first word that breaks order, overlap or the audio's bounds. */
export function checkEditedWords(words: readonly WordTiming[], duration: number | null): void {
  const limit = (duration ?? Number.POSITIVE_INFINITY) + DURATION_SLACK;
  let previousEnd = 0;
  words.forEach((word, index) => {
    if (word.end < word.start) throw new FieldValidationError(`words.${index}.end`, `Word ${index + 1} ("${word.word}") ends before it starts.`);
    if (word.end > limit) throw new FieldValidationError(`words.${index}.end`, `Word ${index + 1} ("${word.word}") ends after the audio does (${duration?.toFixed(2)} s).`);
    if (index > 0 && word.start < previousEnd)
      throw new FieldValidationError(`words.${index}.start`, `Word ${index + 1} ("${word.word}") starts before the word before it ends; words must be in order and must not overlap.`);
    previousEnd = word.end;
  });
}

/** The transcript as the words say it. */
export function textOfWords(words: readonly WordTiming[]): string {
  return words.map((word) => word.word).join(' ');
}

/** jsonb stores object keys in its own order: compare with the keys sorted. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, child]) => child !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, child]) => [key, canonical(child)]),
    );
  return value;
}
const sameJson = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

export async function editTranscription(db: Db, userId: number, id: string, edit: TranscriptionEdit): Promise<TranscriptionRow> {
  const row = await findTranscriptionRow(db, userId, id);
  if (row.status !== 'completed') throw new ClientProblem(409, EDIT_NOT_FINISHED);
  const words = edit.words?.map((word) => ({ word: word.word, start: word.start, end: word.end }));
  if (words) checkEditedWords(words, row.duration);
  const wordsChanged = words !== undefined && !sameJson(words, row.words ?? []);
  const settingsChanged = edit.caption_settings !== undefined && !sameJson(edit.caption_settings, row.settings.caption_settings);
  // Nothing to change (a replay, or a save of what is stored): the same answer, no write.
  if (!wordsChanged && !settingsChanged) return row;
  if (edit.base_updated_at !== undefined && new Date(edit.base_updated_at).getTime() !== row.updatedAt.getTime()) throw new ClientProblem(409, EDIT_STALE);
  const [updated] = await db
    .update(transcriptions)
    .set({
      ...(wordsChanged ? { words, transcript: textOfWords(words) } : {}),
      ...(settingsChanged ? { settings: { ...row.settings, caption_settings: edit.caption_settings! } } : {}),
      editVersion: row.editVersion + 1,
      // Milliseconds, as the answer shows it, so base_updated_at compares exactly.
      updatedAt: new Date(),
    })
    // Another edit landed in between: this one was made on an older version.
    .where(and(eq(transcriptions.id, id), eq(transcriptions.userId, userId), eq(transcriptions.editVersion, row.editVersion), eq(transcriptions.status, 'completed')))
    .returning();
  if (!updated) throw new ClientProblem(409, EDIT_STALE);
  return updated;
}
