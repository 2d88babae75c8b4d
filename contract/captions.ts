// Caption styling, shared by AI videos and transcriptions: one settings object, named
// presets that fill in what the creator did not choose, and the fonts the server ships. The client
// preview and the server's ASS writer both resolve settings through resolveCaptionStyle, so what
// the creator sees in the flow is what gets burned in.
import { z } from 'zod';

/** Fonts shipped with the app (TTF from npm, see server/media/fonts). */
export const CAPTION_FONTS = ['Montserrat', 'Anton', 'Poppins', 'Bebas Neue', 'Noto Sans'] as const;
export type CaptionFont = (typeof CAPTION_FONTS)[number];

/**
 * Line height per em of each shipped face ((winAscent + winDescent) / unitsPerEm of its TTF):
 * libass spaces lines by exactly this, so a CSS preview with this `line-height` wraps and stacks
 * the same. Checked against the files by tests/server/media-fonts.test.ts.
 */
export const CAPTION_FONT_LINE_HEIGHT: Record<CaptionFont, number> = {
  Montserrat: 1.562,
  Anton: 1.7334,
  Poppins: 1.762,
  'Bebas Neue': 1.3,
  'Noto Sans': 1.519,
};

export const CAPTION_PRESETS = ['bold-pop', 'clean', 'karaoke-box', 'neon', 'typewriter', 'none'] as const;
export type CaptionPreset = (typeof CAPTION_PRESETS)[number];

export const CAPTION_POSITIONS = ['top', 'middle', 'bottom'] as const;
/** How the word being spoken stands out: its colour, a box behind it, or not at all. */
export const CAPTION_HIGHLIGHTS = ['color', 'box', 'none'] as const;

const hexColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Colours must be written as #RRGGBB.');

/** What a creator may set; every field is optional and filled from the preset. */
export const captionSettings = z.object({
  preset: z.enum(CAPTION_PRESETS, { message: 'The selected caption preset is invalid.' }).default('bold-pop'),
  font: z.enum(CAPTION_FONTS, { message: 'The selected font is invalid.' }).optional(),
  /**
   * The font size (the em, as CSS `font-size`) in pixels on a 1080-px-wide frame, scaled for other
   * widths; the ASS writer converts it so the burned-in text matches the preview.
   */
  font_size: z.number().int().min(24).max(160).optional(),
  text_color: hexColor.optional(),
  highlight_color: hexColor.optional(),
  outline_color: hexColor.optional(),
  /** Outline thickness in pixels on a 1080-px-wide frame; 0 = none. */
  outline_width: z.number().min(0).max(12).optional(),
  highlight: z.enum(CAPTION_HIGHLIGHTS).optional(),
  position: z.enum(CAPTION_POSITIONS).optional(),
  words_per_line: z.number().int().min(1).max(8).optional(),
  lines: z.number().int().min(1).max(3).optional(),
  uppercase: z.boolean().optional(),
});
export type CaptionSettings = z.input<typeof captionSettings>;

/** Every field decided: what the ASS writer and the live preview draw. */
export interface CaptionStyle {
  enabled: boolean;
  preset: CaptionPreset;
  font: CaptionFont;
  font_size: number;
  text_color: string;
  highlight_color: string;
  outline_color: string;
  outline_width: number;
  highlight: (typeof CAPTION_HIGHLIGHTS)[number];
  position: (typeof CAPTION_POSITIONS)[number];
  words_per_line: number;
  lines: number;
  uppercase: boolean;
}

type PresetStyle = Omit<CaptionStyle, 'preset' | 'enabled'>;

export const CAPTION_PRESET_STYLES: Record<Exclude<CaptionPreset, 'none'>, PresetStyle & { label: string }> = {
  'bold-pop': {
    label: 'Bold pop',
    font: 'Montserrat',
    font_size: 78,
    text_color: '#FFFFFF',
    highlight_color: '#FFD400',
    outline_color: '#000000',
    outline_width: 6,
    highlight: 'color',
    position: 'middle',
    words_per_line: 3,
    lines: 1,
    uppercase: true,
  },
  clean: {
    label: 'Clean',
    font: 'Poppins',
    font_size: 60,
    text_color: '#FFFFFF',
    highlight_color: '#7CD4FF',
    outline_color: '#111111',
    outline_width: 3,
    highlight: 'color',
    position: 'bottom',
    words_per_line: 5,
    lines: 2,
    uppercase: false,
  },
  'karaoke-box': {
    label: 'Karaoke box',
    font: 'Anton',
    font_size: 84,
    text_color: '#FFFFFF',
    highlight_color: '#7048E8',
    outline_color: '#000000',
    outline_width: 4,
    highlight: 'box',
    position: 'middle',
    words_per_line: 3,
    lines: 1,
    uppercase: true,
  },
  neon: {
    label: 'Neon',
    font: 'Bebas Neue',
    font_size: 96,
    text_color: '#E8FFFE',
    highlight_color: '#00F5D4',
    outline_color: '#F72585',
    outline_width: 5,
    highlight: 'color',
    position: 'middle',
    words_per_line: 2,
    lines: 1,
    uppercase: true,
  },
  typewriter: {
    label: 'Typewriter',
    font: 'Noto Sans',
    font_size: 56,
    text_color: '#FDFDFD',
    highlight_color: '#FFB703',
    outline_color: '#000000',
    outline_width: 2,
    highlight: 'color',
    position: 'bottom',
    words_per_line: 6,
    lines: 2,
    uppercase: false,
  },
};

/** The preset's values with the creator's own choices on top; preset 'none' = no captions. */
export function resolveCaptionStyle(settings: CaptionSettings | undefined | null): CaptionStyle {
  const preset = settings?.preset ?? 'bold-pop';
  const base = CAPTION_PRESET_STYLES[preset === 'none' ? 'bold-pop' : preset];
  const { label: _label, ...defaults } = base;
  const chosen = Object.fromEntries(Object.entries(settings ?? {}).filter(([, value]) => value !== undefined));
  return { ...defaults, ...chosen, preset, enabled: preset !== 'none' };
}

/** One spoken word with its time in the narration, in seconds. */
export interface WordTiming {
  word: string;
  start: number;
  end: number;
}

// ---- Paging: shared by the server's ASS/SRT/VTT writers and the browser's live preview ----

/** A pause longer than this between two words starts a new caption page. */
export const CAPTION_PAUSE_BREAK = 0.6;
/** How long a page stays up after its last word when a pause follows. */
export const CAPTION_HOLD = 0.6;

/** One screenful of captions: up to `lines` lines of up to `words_per_line` words. */
export interface CaptionPage {
  start: number;
  end: number;
  lines: WordTiming[][];
}

const SENTENCE_END = /[.!?…。！？]["')\]»”’]*$/;

/** A word as it is drawn: whitespace and line breaks collapsed, upper-cased when the style says so. */
export function captionWordText(word: string, style: Pick<CaptionStyle, 'uppercase'>): string {
  const text = word.replace(/\s+/g, ' ').trim();
  return style.uppercase ? text.toUpperCase() : text;
}

/**
 * Words → pages. A page closes when it is full (words_per_line × lines), after a word that ends a
 * sentence, or before a pause longer than CAPTION_PAUSE_BREAK. Empty words are dropped, so no page
 * is ever empty. A page lasts from its first word to the next page (no flicker between close
 * pages), or CAPTION_HOLD past its last word when a pause follows; pages never overlap.
 */
export function pageCaptions(words: readonly WordTiming[], style: Pick<CaptionStyle, 'words_per_line' | 'lines'>): CaptionPage[] {
  const perLine = Math.max(1, Math.floor(style.words_per_line));
  const perPage = perLine * Math.max(1, Math.floor(style.lines));
  const spoken = words
    .filter((word) => word.word.trim() !== '' && Number.isFinite(word.start) && Number.isFinite(word.end))
    .map((word) => ({ ...word, end: Math.max(word.start, word.end) }))
    .sort((a, b) => a.start - b.start);
  const groups: WordTiming[][] = [];
  let current: WordTiming[] = [];
  spoken.forEach((word, index) => {
    current.push(word);
    const next = spoken[index + 1];
    const full = current.length >= perPage;
    const sentenceEnds = SENTENCE_END.test(word.word.trim());
    const pauseFollows = next !== undefined && next.start - word.end > CAPTION_PAUSE_BREAK;
    if (!next || full || sentenceEnds || pauseFollows) {
      groups.push(current);
      current = [];
    }
  });
  return groups.map((group, index) => {
    const last = group[group.length - 1]!;
    const nextStart = groups[index + 1]?.[0]?.start;
    const held = last.end + CAPTION_HOLD;
    const lines: WordTiming[][] = [];
    for (let at = 0; at < group.length; at += perLine) lines.push(group.slice(at, at + perLine));
    return { start: group[0]!.start, end: nextStart === undefined ? held : Math.min(nextStart, held), lines };
  });
}

/**
 * Where captions may go, as fractions of the frame. On vertical video the platforms' own buttons
 * cover the bottom ~22% (caption, music, account), the right ~12% (like, comment, share) and the
 * top ~10% (tabs, search) on TikTok, Reels and Shorts; landscape and square players cover less.
 */
export function captionSafeArea(width: number, height: number): { top: number; bottom: number; left: number; right: number } {
  if (height > width) return { top: 0.1, bottom: 0.22, left: 0.06, right: 0.12 };
  return { top: 0.08, bottom: 0.12, left: 0.06, right: 0.06 };
}
