// Word timings + a resolved CaptionStyle → an ASS script that libass burns in with the current
// word highlighted. Pages (contract/captions' pageCaptions) and geometry (contract/caption-layout's
// captionLayout) are the ones the browser's live preview draws from. Every word-state is its own Dialogue (exact to the word timings, no \k rounding):
// colour mode repaints the spoken word; box mode adds, on a lower layer, the same text laid out
// identically but invisible except for an opaque box (BorderStyle 3) behind the spoken word.
import { captionBlockRows, captionLayout, captionWordText, pageCaptions, type CaptionLayout, type CaptionPage, type CaptionStyle, type WordTiming } from '../../../contract';
import { CAPTION_FONT_FACES } from '../fonts';
import type { CaptionInput } from '../types';
import { assColor, assTime, escapeAssText } from './ass-format';
import { headlineEvents, HEADLINE_STYLE_LINE } from './headline';

// The geometry is shared with the browser's preview; re-exported for the server's callers.
export { assColor, assTime, captionBlockRows, captionLayout, escapeAssText, type CaptionLayout };

function styleLine(name: string, style: CaptionStyle, layout: CaptionLayout, box: boolean): string {
  const face = CAPTION_FONT_FACES[style.font];
  const fields = [
    name,
    face.assName,
    layout.fontSize,
    assColor(style.text_color),
    assColor(style.highlight_color),
    box ? assColor(style.highlight_color) : assColor(style.outline_color),
    assColor('#000000', 0x80),
    face.bold ? -1 : 0,
    0,
    0,
    0,
    100,
    100,
    0,
    0,
    box ? 3 : 1,
    box ? layout.boxPadding : layout.outline,
    0,
    layout.alignment,
    layout.marginLeft,
    layout.marginRight,
    0,
    1,
  ];
  return `Style: ${fields.join(',')}`;
}

type Span = { text: string; current: boolean };

function pageSpans(page: CaptionPage, style: CaptionStyle, currentIndex: number): Span[][] {
  let index = 0;
  return page.lines.map((line) => line.map((word) => ({ text: escapeAssText(captionWordText(word.word, style)), current: index++ === currentIndex })));
}

/** Text of one word-state: each line's words joined by spaces, lines by \N. */
function joinSpans(lines: Span[][], paint: (span: Span) => string): string {
  return lines.map((line) => line.map(paint).join(' ')).join('\\N');
}

function dialogue(layer: number, start: number, end: number, styleName: string, text: string): string {
  return `Dialogue: ${layer},${assTime(start)},${assTime(end)},${styleName},,0,0,0,,${text}`;
}

/** The Dialogue lines for one page: one per word-state (or one in total without a highlight). */
function pageEvents(page: CaptionPage, style: CaptionStyle, layout: CaptionLayout): string[] {
  const position = `{\\an${layout.alignment}\\pos(${layout.x},${layout.y})}`;
  const words: WordTiming[] = page.lines.flat();
  if (style.highlight === 'none') {
    return [dialogue(1, page.start, page.end, 'Text', position + joinSpans(pageSpans(page, style, -1), (span) => span.text))];
  }
  const text = assColor(style.text_color);
  const highlight = assColor(style.highlight_color);
  const events: string[] = [];
  words.forEach((word, index) => {
    const start = index === 0 ? page.start : word.start;
    const end = index === words.length - 1 ? page.end : words[index + 1]!.start;
    if (assTime(end) === assTime(start)) return;
    const spans = pageSpans(page, style, index);
    if (style.highlight === 'color') {
      events.push(dialogue(1, start, end, 'Text', position + joinSpans(spans, (span) => (span.current ? `{\\1c${highlight}}${span.text}{\\1c${text}}` : span.text))));
      return;
    }
    // Box: the lower layer draws only the box of the spoken word (text and other boxes invisible).
    const hidden = '{\\1a&HFF&\\3a&HFF&}';
    events.push(dialogue(0, start, end, 'Box', position + hidden + joinSpans(spans, (span) => (span.current ? `{\\3a&H00&}${span.text}{\\3a&HFF&}` : span.text))));
    events.push(dialogue(1, start, end, 'Text', position + joinSpans(spans, (span) => span.text)));
  });
  return events;
}

/**
 * The whole ASS script for `input` (PlayRes = the frame, so sizes are in output pixels): the
 * karaoke captions and, when the scenes carry them, their key phrases as kinetic type.
 */
export function buildAss(input: CaptionInput): string {
  const { style, width, height } = input;
  const layout = captionLayout(style, width, height);
  const pages = style.enabled ? pageCaptions(input.words, style) : [];
  const reserved = style.enabled ? captionBlockRows(style, width, height) : null;
  const headlines = (input.headlines ?? []).flatMap((cue) => headlineEvents(cue, width, height, reserved));
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${width}`,
    `PlayResY: ${height}`,
    'WrapStyle: 0',
    'ScaledBorderAndShadow: yes',
    'YCbCr Matrix: None',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    styleLine('Text', style, layout, false),
    styleLine('Box', style, layout, true),
    ...(headlines.length > 0 ? [HEADLINE_STYLE_LINE] : []),
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...pages.flatMap((page) => pageEvents(page, style, layout)),
    ...headlines,
    '',
  ].join('\n');
}
