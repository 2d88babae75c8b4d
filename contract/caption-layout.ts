// The one caption layout: where the caption block sits on a frame, how big its text is and which
// page and word are on screen at a given time. The server's ASS writer burns captions from it
// (server/media/captions/ass.ts) and the browser's previews draw them from it
// (src/ui/captions/CaptionPreview.tsx), so a preview frame and the rendered frame at the same time
// show the same words in the same place. Pure numbers only: the font files stay on the server.
import {
  CAPTION_FONT_LINE_HEIGHT,
  captionSafeArea,
  captionWordText,
  pageCaptions,
  type CaptionFont,
  type CaptionPage,
  type CaptionStyle,
  type WordTiming,
} from './captions';

/** What the layout needs to know of each shipped caption face, in ems. */
export interface CaptionFontMetrics {
  /**
   * (usWinAscent + usWinDescent) / unitsPerEm of the face's TTF. libass sizes a font so that
   * winAscent + winDescent = Fontsize and spaces lines by exactly that, while CSS sizes the em:
   * ASS Fontsize = CSS font-size × this makes both the same size (and this is the CSS line-height).
   */
  winHeightPerEm: number;
  /** usWinAscent / unitsPerEm: where libass puts a line's baseline, below the line's top. */
  winAscentPerEm: number;
  /**
   * hhea ascender and −descender / unitsPerEm (equal to the OS/2 typo ones in every shipped face):
   * what a browser lays a line out with, its baseline half the leftover line-height below that.
   */
  ascentPerEm: number;
  descentPerEm: number;
  /** Whether the ASS style asks for bold (the face is a bold cut inside a regular family). */
  bold: boolean;
}

/**
 * Per caption font, read from the TTF files the server burns in (tests/server/media-fonts.test.ts
 * checks them; the browser's @fontsource files carry the same vertical metrics). The heights are
 * CAPTION_FONT_LINE_HEIGHT; Noto Sans is the family's Bold file, the other faces are their own
 * families (e.g. "Montserrat ExtraBold") and so are not flagged bold.
 */
export const CAPTION_FONT_METRICS: Record<CaptionFont, CaptionFontMetrics> = {
  Montserrat: { winHeightPerEm: CAPTION_FONT_LINE_HEIGHT.Montserrat, winAscentPerEm: 1.109, ascentPerEm: 0.968, descentPerEm: 0.251, bold: false },
  Anton: { winHeightPerEm: CAPTION_FONT_LINE_HEIGHT.Anton, winAscentPerEm: 2876 / 2048, ascentPerEm: 2409 / 2048, descentPerEm: 674 / 2048, bold: false },
  Poppins: { winHeightPerEm: CAPTION_FONT_LINE_HEIGHT.Poppins, winAscentPerEm: 1.135, ascentPerEm: 1.05, descentPerEm: 0.35, bold: false },
  'Bebas Neue': { winHeightPerEm: CAPTION_FONT_LINE_HEIGHT['Bebas Neue'], winAscentPerEm: 0.95, ascentPerEm: 0.9, descentPerEm: 0.3, bold: false },
  'Noto Sans': { winHeightPerEm: CAPTION_FONT_LINE_HEIGHT['Noto Sans'], winAscentPerEm: 1.124, ascentPerEm: 1.069, descentPerEm: 0.293, bold: true },
};

export interface CaptionLayout {
  /** ASS alignment (numpad): 8 = the block's top at y, 5 = its middle, 2 = its bottom. */
  alignment: 2 | 5 | 8;
  /** Anchor point in frame pixels; x is the block's horizontal centre. */
  x: number;
  y: number;
  /** Lines wrap within width − marginLeft − marginRight (libass WrapStyle 0). */
  marginLeft: number;
  marginRight: number;
  /** ASS Fontsize: one line's height in frame pixels (CSS font-size × winHeightPerEm). */
  fontSize: number;
  /** The outline drawn around each glyph, pixels outward. */
  outline: number;
  /** How far the highlight box reaches past the spoken word on each side, pixels. */
  boxPadding: number;
}

/** Where and how big the captions are on a width×height frame (sizes scale with width/1080). */
export function captionLayout(style: CaptionStyle, width: number, height: number): CaptionLayout {
  const scale = width / 1080;
  const safe = captionSafeArea(width, height);
  const outline = Math.round(style.outline_width * scale * 10) / 10;
  const boxPadding = Math.max(2, Math.round(style.font_size * scale * 0.14));
  // The outline or box reaches past the text, so it is kept inside the safe area too.
  const reach = Math.ceil(style.highlight === 'box' ? Math.max(outline, boxPadding) : outline);
  const marginLeft = Math.ceil(safe.left * width) + reach;
  const marginRight = Math.ceil(safe.right * width) + reach;
  const x = Math.round((marginLeft + width - marginRight) / 2);
  const anchors = {
    top: { alignment: 8 as const, y: Math.ceil(safe.top * height) + reach },
    middle: { alignment: 5 as const, y: Math.round(height / 2) },
    bottom: { alignment: 2 as const, y: Math.floor((1 - safe.bottom) * height) - reach },
  };
  return {
    ...anchors[style.position],
    x,
    marginLeft,
    marginRight,
    fontSize: Math.round(style.font_size * scale * CAPTION_FONT_METRICS[style.font].winHeightPerEm),
    outline,
    boxPadding,
  };
}

/** Rows of a frame, pixels from its top. */
export interface CaptionRows {
  top: number;
  bottom: number;
}

/**
 * The rows the caption block may cover on a width×height frame: a full page (`lines` lines) with
 * its outline above and below, on the anchor's side. Other art (headlines, backing scrims) keeps
 * clear of these rows.
 */
export function captionBlockRows(style: CaptionStyle, width: number, height: number): CaptionRows {
  const layout = captionLayout(style, width, height);
  const block = layout.fontSize * Math.max(1, style.lines) + layout.outline * 2;
  const top = layout.alignment === 5 ? layout.y - block / 2 : layout.alignment === 2 ? layout.y - block : layout.y;
  return { top, bottom: top + block };
}

/** What the captions show at one instant. */
export interface CaptionFrame {
  /** Index of the page on screen, or -1 when none is (before, between or after pages). */
  page: number;
  /** The page's lines of words as drawn (case applied); empty when no page is on screen. */
  lines: string[][];
  /**
   * Index (line-major, within the page) of the word that is lit when the style highlights one,
   * or -1 when no page is on screen. A word stays lit from its start (the page's start for the
   * first) to the next word's start (the page's end for the last), so a short pause inside a page
   * keeps the last word lit, exactly as the ASS writer's word-states do.
   */
  active: number;
  /** The span the page is on screen, seconds (0, 0 when none is). */
  start: number;
  end: number;
}

const NO_CAPTION: CaptionFrame = { page: -1, lines: [], active: -1, start: 0, end: 0 };

/**
 * The page on screen at `time` seconds and its lit word, by pageCaptions' pages: a page shows from
 * its start until its end (exclusive), so nothing shows between pages.
 */
export function captionFrameAt(
  words: readonly WordTiming[],
  style: Pick<CaptionStyle, 'words_per_line' | 'lines' | 'uppercase'>,
  time: number,
): CaptionFrame {
  return captionFrameInPages(pageCaptions(words, style), style, time);
}

/** captionFrameAt over pages already cut (a player that redraws every frame pages once). */
export function captionFrameInPages(pages: readonly CaptionPage[], style: Pick<CaptionStyle, 'uppercase'>, time: number): CaptionFrame {
  if (!Number.isFinite(time)) return NO_CAPTION;
  // Pages are sorted and never overlap: the last one started is the only candidate.
  const index = lastStartedBy(pages, time);
  const page = pages[index];
  if (!page || time >= page.end) return NO_CAPTION;
  const spoken = page.lines.flat();
  return {
    page: index,
    lines: page.lines.map((line) => line.map((word) => captionWordText(word.word, style))),
    active: Math.max(0, lastStartedBy(spoken, time)),
    start: page.start,
    end: page.end,
  };
}

/** Index of the last item (sorted by start) that has started by `time`, or -1. */
function lastStartedBy(items: ReadonlyArray<{ start: number }>, time: number): number {
  let low = 0;
  let high = items.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (items[middle]!.start <= time) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}
