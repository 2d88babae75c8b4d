// The words of a narration and where they sit in its text. Every adapter reports timings for
// exactly these words, in this order, so captions built from them always match the script.
import type { WordTiming } from '../../../contract';

/** A spoken word: a whitespace-separated token with at least one letter or digit. */
export interface TextWord {
  word: string;
  /** Code-point offsets into the text, end exclusive. */
  start: number;
  end: number;
}

const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * The text's words in order. Tokens without a letter or digit ("—", "…", "&") are not words:
 * nothing is captioned for them. Offsets count code points, as speech engines do.
 */
export function spokenWords(text: string): TextWord[] {
  const points = Array.from(text);
  const words: TextWord[] = [];
  let start = -1;
  for (let index = 0; index <= points.length; index++) {
    const blank = index === points.length || /\s/u.test(points[index]!);
    if (!blank && start < 0) start = index;
    if (blank && start >= 0) {
      const word = points.slice(start, index).join('');
      if (HAS_LETTER_OR_DIGIT.test(word)) words.push({ word, start, end: index });
      start = -1;
    }
  }
  return words;
}

/**
 * Splits text into chunks of at most `maxChars` characters at sentence ends (then at commas, then
 * at spaces for a run-on sentence), so a provider's per-request limit is never hit mid-word.
 */
export function chunkText(text: string, maxChars: number): string[] {
  const sentences = text.match(/[^.!?…。！？]+(?:[.!?…。！？]+["'”’)\]]*|$)\s*/gu) ?? [text];
  const pieces = sentences.flatMap((sentence) => (sentence.length <= maxChars ? [sentence] : splitLong(sentence, maxChars)));
  const chunks: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (current && current.length + piece.length > maxChars) {
      chunks.push(current.trim());
      current = '';
    }
    current += piece;
  }
  if (current.trim()) chunks.push(current.trim());
  return chunks.filter(Boolean);
}

function splitLong(sentence: string, maxChars: number): string[] {
  const parts: string[] = [];
  let rest = sentence;
  while (rest.length > maxChars) {
    const window = rest.slice(0, maxChars);
    const cut = Math.max(window.lastIndexOf(', '), window.lastIndexOf('; '));
    const at = cut > maxChars / 3 ? cut + 2 : window.lastIndexOf(' ') > 0 ? window.lastIndexOf(' ') + 1 : maxChars;
    parts.push(rest.slice(0, at));
    rest = rest.slice(at);
  }
  return rest ? [...parts, rest] : parts;
}

/** Shifts timings by `offset` seconds (a chunk placed after the ones before it). */
export function offsetTimings(words: readonly WordTiming[], offset: number): WordTiming[] {
  return words.map((word) => ({ word: word.word, start: round(word.start + offset), end: round(word.end + offset) }));
}

/** Milliseconds are plenty for captions; keeps JSON small and comparisons stable. */
export function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

/** Forces start ≤ end and never earlier than the previous word (engines can report overlaps). */
export function monotonic(words: readonly WordTiming[]): WordTiming[] {
  let floor = 0;
  return words.map((word) => {
    const start = round(Math.max(word.start, floor));
    const end = round(Math.max(word.end, start));
    floor = start;
    return { word: word.word, start, end };
  });
}
