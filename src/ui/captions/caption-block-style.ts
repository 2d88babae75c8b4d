// The caption block's CSS from the shared caption layout (contract/caption-layout), in the CSS
// pixels of a preview `scale` times the rendered frame: where libass anchors the block and wraps
// its lines, the text size and line spacing libass uses, its outline and the lit word's paint.
import type { CSSProperties } from 'react';
import { CAPTION_FONT_METRICS, type CaptionLayout, type CaptionStyle } from '../../../contract';

/**
 * The area lines may fill: as wide as libass lets a line be, centred on x, anchored at y by the
 * alignment. The block inside it is only as wide as its widest line, centred, as libass centres.
 */
export function captionAreaPosition(layout: CaptionLayout, frameWidth: number, frameHeight: number, scale: number): CSSProperties {
  const wrapWidth = frameWidth - layout.marginLeft - layout.marginRight;
  const box: CSSProperties = { position: 'absolute', left: (layout.x - wrapWidth / 2) * scale, width: wrapWidth * scale, display: 'flex', justifyContent: 'center' };
  // \an8 puts the text's top at y, \an2 its bottom, \an5 its middle (the outline not counted).
  if (layout.alignment === 8) return { ...box, top: layout.y * scale };
  if (layout.alignment === 2) return { ...box, bottom: (frameHeight - layout.y) * scale };
  return { ...box, top: layout.y * scale, transform: 'translateY(-50%)' };
}

/** Text size, line spacing, wrapping, colour and outline of the block. */
export function captionTextStyle(style: CaptionStyle, layout: CaptionLayout, scale: number): CSSProperties {
  // libass spaces lines by its Fontsize; CSS sizes the em, which is Fontsize / winHeightPerEm.
  const lineHeight = layout.fontSize * scale;
  // libass draws `outline` pixels outside each glyph; a CSS stroke is centred on the glyph's edge
  // and painted under the fill, so one twice as wide shows the same outline.
  const stroke = layout.outline * scale * 2;
  return {
    textAlign: 'center',
    // A line wider than the margins wraps (WrapStyle 0), into lines of about equal width.
    whiteSpace: 'normal',
    textWrap: 'balance',
    fontSize: lineHeight / CAPTION_FONT_METRICS[style.font].winHeightPerEm,
    lineHeight: `${lineHeight}px`,
    color: style.text_color,
    WebkitTextStroke: stroke > 0 ? `${stroke}px ${style.outline_color}` : undefined,
    paintOrder: 'stroke fill',
  };
}

/**
 * Each line's nudge, CSS pixels, so its baseline falls where libass puts it: libass sets the
 * baseline winAscent below the line's top, a browser half the leftover leading plus the hhea
 * ascent below it (without the nudge Anton's glyphs would sit 0.11 em too high, Poppins' 0.1 em too low).
 */
export function captionLineStyle(style: CaptionStyle, layout: CaptionLayout, scale: number): CSSProperties {
  const metrics = CAPTION_FONT_METRICS[style.font];
  const em = (layout.fontSize * scale) / metrics.winHeightPerEm;
  const cssBaseline = (metrics.winHeightPerEm - metrics.ascentPerEm - metrics.descentPerEm) / 2 + metrics.ascentPerEm;
  return { position: 'relative', top: (metrics.winAscentPerEm - cssBaseline) * em };
}

/** How the lit word is painted: its own colour, or an opaque box reaching boxPadding past it. */
export function litWordStyle(style: CaptionStyle, layout: CaptionLayout, scale: number): CSSProperties | undefined {
  if (style.highlight === 'color') return { color: style.highlight_color };
  if (style.highlight === 'box') {
    // ASS (BorderStyle 3) draws a square box around the word's glyphs, widened by the padding on
    // every side without moving the text; an inline background covers the font's ascent and
    // descent, the nearest CSS has. The render keeps the word's outline over the box; the
    // preview leaves it off: at preview sizes it is a hairline, and over the box it read as dark
    // text on the box colour (a contrast failure for a word that is plainly white).
    const padding = layout.boxPadding * scale;
    return { background: style.highlight_color, boxShadow: `0 0 0 ${padding}px ${style.highlight_color}`, WebkitTextStroke: 0 };
  }
  return undefined;
}
