// The live caption preview's timeline: a sample sentence with word timings at the narration pace,
// cut into pages the way the server's ASS writer cuts them (words_per_line × lines words a page),
// and which page and word are on screen at a given time.
import { NARRATION_WORDS_PER_SECOND, type CaptionStyle, type WordTiming } from '../../../contract';

export const SAMPLE_SENTENCE = 'Did you know octopuses have three hearts and blue blood that keeps them alive deep in the cold ocean?';

/** Evenly paced word timings for `text` (longer words take a little longer, as speech does). */
export function sampleTimings(text: string, speed = 1): WordTiming[] {
  const words = text.split(/\s+/).filter(Boolean);
  const average = 1 / NARRATION_WORDS_PER_SECOND / speed;
  const meanLength = words.reduce((sum, word) => sum + word.length, 0) / Math.max(1, words.length);
  let at = 0;
  return words.map((word) => {
    const length = average * (0.6 + (0.4 * word.length) / meanLength);
    const timing = { word, start: at, end: at + length };
    at += length;
    return timing;
  });
}

export interface CaptionFrame {
  /** The page's lines of words (already upper-cased when the style says so). */
  lines: string[][];
  /** Index of the spoken word within the page (line-major), or -1 between words. */
  active: number;
  /** Index of the page in the sentence. */
  page: number;
}

/** Pages of `words_per_line × lines` words each. */
export function paginate<T>(words: readonly T[], style: Pick<CaptionStyle, 'words_per_line' | 'lines'>): T[][] {
  const size = Math.max(1, style.words_per_line * style.lines);
  const pages: T[][] = [];
  for (let index = 0; index < words.length; index += size) pages.push(words.slice(index, index + size));
  return pages;
}

/** What the frame shows at `time` seconds: the page holding the current word, that word lit. */
export function captionFrameAt(timings: readonly WordTiming[], style: Pick<CaptionStyle, 'words_per_line' | 'lines' | 'uppercase'>, time: number): CaptionFrame {
  const pages = paginate(timings, style);
  if (pages.length === 0) return { lines: [], active: -1, page: 0 };
  // The page on screen is the last one that has started; it stays until the next one starts.
  let page = 0;
  pages.forEach((words, index) => {
    if ((words[0]?.start ?? Infinity) <= time) page = index;
  });
  const words = pages[page] ?? [];
  const active = words.findIndex((word) => word.start <= time && time < word.end);
  const text = words.map((word) => (style.uppercase ? word.word.toUpperCase() : word.word));
  const lines: string[][] = [];
  for (let index = 0; index < text.length; index += style.words_per_line) lines.push(text.slice(index, index + style.words_per_line));
  return { lines, active, page };
}

/** Seconds the whole sample takes, plus a short pause before it loops. */
export function timelineLength(timings: readonly WordTiming[]): number {
  return (timings.at(-1)?.end ?? 0) + 0.8;
}
