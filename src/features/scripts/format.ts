// Small, pure helpers of the "My scripts" screen: how a script's facts read, search matching and
// the local form rules. No React here, so tests can pin them directly.
import { z } from 'zod';
import { scriptFields, scriptLanguage, videoDuration, type GenerateScriptResponse, type Script } from '../../../contract';

/** "english" -> "English". */
export function languageLabel(language: string): string {
  return language ? language.charAt(0).toUpperCase() + language.slice(1) : 'Unknown language';
}

/** 30 -> "30 s", 90 -> "1 min 30 s", 120 -> "2 min", null -> "No duration". */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return 'No duration';
  const minutes = Math.floor(seconds / 60);
  const rest = Math.round(seconds % 60);
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

/** Cards rendered at first (and added per "Show more"): hundreds of cards at once cost a phone a
 *  noticeable start-up delay, and the newest ones are what a creator looks for; search sees all. */
export const SCRIPTS_PER_PAGE = 40;

/** "just now", "5 min ago", "3 h ago", "yesterday", else a short date ("12 Mar 2026"). */
export function formatUpdated(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const ms = now.getTime() - at.getTime();
  if (Number.isNaN(ms)) return 'unknown time';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  if (hours < 48) return 'yesterday';
  return at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

/** Case-insensitive: every word of the query appears in the title or the body. */
export function matchesSearch(script: Pick<Script, 'title' | 'body'>, query: string): boolean {
  const terms = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return true;
  const haystack = `${script.title}\n${script.body}`.toLowerCase();
  return terms.every((term) => haystack.includes(term));
}

/** What "Copy" puts on the clipboard: the narration (the body), or the title when there is none. */
export function clipboardText(script: Pick<Script, 'title' | 'body'>): string {
  return script.body.trim() ? script.body : script.title;
}

/** Where a script came from, for the full view. */
export function sourceLabel(source: string): string {
  if (source === 'manual') return 'Written by hand';
  if (source === 'offline-writer') return 'Offline draft (no AI model)';
  if (source === 'openai-compatible') return 'AI model';
  return source;
}

// --- forms ------------------------------------------------------------------------------------

/** An empty number field (Mantine NumberInput gives '') as "no value". */
const blankToNull = (value: unknown) => (value === '' || value === undefined ? null : value);

export const DURATION_REQUIRED = 'Enter a duration from 5 to 600 seconds.';

/** The generation form: the contract's rules, with an empty duration reported as such. */
export const generateForm = z.object({
  prompt: z
    .string()
    .trim()
    .min(3, 'The prompt field must be at least 3 characters.')
    .max(2000, 'The prompt field must not be greater than 2000 characters.'),
  video_duration: z.preprocess(blankToNull, z.union([z.null(), videoDuration])).refine((value) => value !== null, DURATION_REQUIRED),
  language: scriptLanguage,
});

export interface GenerateFormValues {
  prompt: string;
  video_duration: number | string;
  language: string;
}

/** The editor: title 1–200, body ≤ 20,000, a listed language, an optional duration 5–600 s. */
export const editorForm = z.object({
  title: scriptFields.title,
  body: scriptFields.body,
  language: scriptLanguage,
  video_duration: z.preprocess(blankToNull, videoDuration.nullable()),
});

export interface EditorFormValues {
  title: string;
  body: string;
  language: string;
  video_duration: number | string;
}

// --- the generation answer --------------------------------------------------------------------

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The body of a 201 from POST /api/generate-script, checked before it is stored. */
export function isGenerateResponse(value: unknown): value is GenerateScriptResponse {
  if (!isRecord(value) || !isRecord(value.script)) return false;
  const script = value.script;
  return (
    typeof script.id === 'string' &&
    typeof script.title === 'string' &&
    typeof script.body === 'string' &&
    typeof script.updated_at === 'string' &&
    typeof value.credits === 'number' &&
    typeof value.writer === 'string'
  );
}
