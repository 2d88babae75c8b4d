// SRT and WebVTT from the same pages as the burned-in captions (the transcription's exports): one cue
// per page, its lines as the cue's lines.
import { captionWordText, pageCaptions, type CaptionStyle, type WordTiming } from '../../../contract';

type PagingStyle = Pick<CaptionStyle, 'words_per_line' | 'lines' | 'uppercase'>;

function clock(seconds: number, separator: ',' | '.'): string {
  const millis = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(millis / 3_600_000);
  const m = Math.floor((millis % 3_600_000) / 60_000);
  const s = Math.floor((millis % 60_000) / 1000);
  const ms = millis % 1000;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}${separator}${String(ms).padStart(3, '0')}`;
}

// A blank line ends a cue and "-->" is the timing arrow in both formats, so neither may appear.
function cueLines(lines: WordTiming[][], style: PagingStyle, escape: (text: string) => string): string {
  return lines.map((line) => escape(line.map((word) => captionWordText(word.word, style)).join(' ').replace(/-->/g, '→'))).join('\n');
}

export function toSrt(words: readonly WordTiming[], style: PagingStyle): string {
  return pageCaptions(words, style)
    .filter((page) => page.end > page.start)
    .map((page, index) => `${index + 1}\n${clock(page.start, ',')} --> ${clock(page.end, ',')}\n${cueLines(page.lines, style, (text) => text)}\n`)
    .join('\n');
}

/** WebVTT cue text is HTML-like: &, < and > must be written as entities. */
export function escapeVttText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function toVtt(words: readonly WordTiming[], style: PagingStyle): string {
  const cues = pageCaptions(words, style)
    .filter((page) => page.end > page.start)
    .map((page) => `${clock(page.start, '.')} --> ${clock(page.end, '.')}\n${cueLines(page.lines, style, escapeVttText)}\n`);
  return ['WEBVTT\n', ...cues].join('\n');
}
