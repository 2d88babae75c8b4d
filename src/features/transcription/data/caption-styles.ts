// Caption styles the creator saved by name: offered wherever captions are styled — the
// AI-video flow and the transcription editor — so a look made in one place is there in the other.
// Device-local on purpose (docs/decisions/transcription.md, "Caption styles"): the server has no
// table for them, so they never enter the outbox. No React.
import type { CaptionSettings } from '../../../../contract';
import { db, type CaptionStyleRow } from '../../../store/db';

export const CAPTION_STYLE_NAME_MAX = 60;

/** The name as it is stored: spaces collapsed and trimmed. */
export function normaliseStyleName(name: string): string {
  return name.replace(/\s+/g, ' ').trim();
}

/** Why a name cannot be used, or null when it can. */
export function styleNameProblem(name: string): string | null {
  const clean = normaliseStyleName(name);
  if (clean === '') return 'Give the style a name.';
  if (clean.length > CAPTION_STYLE_NAME_MAX) return `A style name must not be longer than ${CAPTION_STYLE_NAME_MAX} characters.`;
  return null;
}

/** The settings without undefined fields, so the stored copy is exactly what was chosen. */
function cleanSettings(settings: CaptionSettings): CaptionSettings {
  return Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
}

/**
 * Save the settings under `name`. A style with the same name (ignoring case and extra spaces) is
 * replaced — same id, new settings — and becomes the newest. Resolves with the stored row.
 */
export async function saveCaptionStyle(name: string, settings: CaptionSettings, now: Date = new Date()): Promise<CaptionStyleRow> {
  const problem = styleNameProblem(name);
  if (problem) throw new Error(problem);
  const clean = normaliseStyleName(name);
  return db.transaction('rw', db.captionStyles, async () => {
    const key = clean.toLocaleLowerCase();
    const existing = (await db.captionStyles.toArray()).find((row) => row.name.toLocaleLowerCase() === key);
    const row: CaptionStyleRow = { id: existing?.id ?? crypto.randomUUID(), name: clean, settings: cleanSettings(settings), createdAt: now.toISOString() };
    await db.captionStyles.put(row);
    return row;
  });
}

/** Every saved style, the newest first. */
export async function listCaptionStyles(): Promise<CaptionStyleRow[]> {
  return db.captionStyles.orderBy('createdAt').reverse().toArray();
}

export async function deleteCaptionStyle(id: string): Promise<void> {
  await db.captionStyles.delete(id);
}

/** The saved styles as the caption style picker (src/ui/captions) takes them. */
export const captionStyleLibrary = {
  list: listCaptionStyles,
  save: (name: string, settings: CaptionSettings) => saveCaptionStyle(name, settings),
  remove: deleteCaptionStyle,
  nameProblem: styleNameProblem,
  nameMax: CAPTION_STYLE_NAME_MAX,
};
