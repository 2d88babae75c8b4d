// Scripts: generation request, the saved script, and the CRUD calls the spec does not
// show (documented in docs/decisions/scripts.md).
import { z } from 'zod';

export const SCRIPT_LANGUAGES = [
  'english',
  'spanish',
  'french',
  'german',
  'italian',
  'portuguese',
  'dutch',
  'polish',
  'turkish',
  'hindi',
  'japanese',
  'korean',
  'chinese',
  'arabic',
] as const;

/** Credits one generation costs. The server charges exactly this (server/domain/credits/costs.ts);
 *  the client shows it before generating. */
export const SCRIPT_GENERATION_COST = 1;

export const scriptLanguage = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(SCRIPT_LANGUAGES, { message: 'The selected language is invalid.' }));

/** Durations are in seconds: short-form video runs from a few seconds to ten minutes. */
export const videoDuration = z.coerce
  .number({ message: 'The video duration field must be a number.' })
  .int('The video duration field must be an integer.')
  .min(5, 'The video duration field must be at least 5 seconds.')
  .max(600, 'The video duration field must not be greater than 600 seconds.');

/** How a generated script sounds; the faceless-video presets pick one (writers may ignore it). */
export const SCRIPT_TONES = ['neutral', 'suspense', 'playful', 'motivational', 'documentary', 'explainer', 'wanderlust', 'gentle', 'practical', 'futurist'] as const;
export type ScriptTone = (typeof SCRIPT_TONES)[number];

export const scriptTone = z.enum(SCRIPT_TONES, { message: 'The selected tone is invalid.' });

export const generateScriptRequest = z.object({
  prompt: z.string().trim().min(3, 'The prompt field must be at least 3 characters.').max(2000, 'The prompt field must not be greater than 2000 characters.'),
  video_duration: videoDuration,
  language: scriptLanguage.default('english'),
  tone: scriptTone.optional(),
});
export type GenerateScriptRequest = z.input<typeof generateScriptRequest>;

/** What a script writer produces; the body text is what the voice will read. */
export interface WrittenScript {
  title: string;
  hook: string;
  beats: string[];
  /** What the viewer takes away, between the beats and the call to action (absent: none). */
  payoff?: string;
  call_to_action: string;
  /** The full narration: hook, beats, payoff and call to action joined by blank lines. */
  body: string;
  /** Where its facts come from, as plain text to carry into the video's description; null: none used. */
  attribution?: string | null;
}

export const scriptFields = {
  title: z.string().trim().min(1, 'The title field is required.').max(200, 'The title field must not be greater than 200 characters.'),
  body: z.string().max(20_000, 'The body field must not be greater than 20000 characters.'),
  prompt: z.string().max(2000).nullable().optional(),
  language: scriptLanguage.default('english'),
  video_duration: videoDuration.nullable().optional(),
};

/** POST /api/scripts — a script written by hand (or saved offline). `id` is the client's uuid. */
export const createScriptRequest = z.object({
  id: z.uuid('The id field must be a valid UUID.').optional(),
  ...scriptFields,
});
export type CreateScriptRequest = z.input<typeof createScriptRequest>;

/** PUT /api/scripts/{id} — every field optional; absent means unchanged. */
export const updateScriptRequest = z.object({
  title: scriptFields.title.optional(),
  body: scriptFields.body.optional(),
  language: scriptLanguage.optional(),
  video_duration: videoDuration.nullable().optional(),
});
export type UpdateScriptRequest = z.input<typeof updateScriptRequest>;

export interface Script {
  id: string;
  title: string;
  body: string;
  prompt: string | null;
  language: string;
  video_duration: number | null;
  word_count: number;
  /** 'openai-compatible' | 'offline-writer' for generated scripts, 'manual' when written by hand. */
  source: string;
  created_at: string;
  updated_at: string;
}

export interface GenerateScriptResponse {
  script: Script;
  credits: number;
  credits_charged: number;
  /** Human-readable label of the writer, e.g. "Offline writer (no AI model configured)". */
  writer: string;
  /** Where the script's facts come from (e.g. a Wikipedia article, CC BY-SA), or null; absent in
   *  answers stored before it existed (idempotent replays). */
  attribution?: string | null;
}
