// Word timings for providers that answer bare audio (Lemonfox without word_timestamps, any
// OpenAI-compatible speech endpoint). Nothing is transcribed: the known text is laid onto the
// audio itself. 1) Speech and pauses are found from the signal's energy (10 ms frames). 2) The
// text is cut into phrases at punctuation, and phrases are matched to the runs of speech between
// the longest pauses. 3) Inside a phrase, words share its time in proportion to their length
// (letters approximate phonemes; each word adds a little for its transitions).
// Phrase edges are exact to ~20 ms; words inside a phrase are estimates of about ±150 ms (see
// docs/decisions/voices.md). Good enough to light captions word by word, not a phonetic alignment.
import type { WordTiming } from '../../../contract';
import type { Pcm } from './wav';
import { monotonic, round, spokenWords } from './words';

const FRAME = 0.01;
/** Pauses shorter than this are inside a phrase (stop consonants, breaths between words). */
const MIN_PAUSE = 0.12;

type Span = [start: number, end: number];

/** Runs of speech in the audio, pauses shorter than MIN_PAUSE bridged. */
export function speechSpans(pcm: Pcm): Span[] {
  const frameLength = Math.max(1, Math.round(FRAME * pcm.sampleRate));
  const energies: number[] = [];
  for (let from = 0; from < pcm.samples.length; from += frameLength) {
    const to = Math.min(pcm.samples.length, from + frameLength);
    let sum = 0;
    for (let index = from; index < to; index++) sum += pcm.samples[index]! ** 2;
    energies.push(Math.sqrt(sum / (to - from)));
  }
  const sorted = [...energies].sort((a, b) => a - b);
  const loud = sorted[Math.floor(sorted.length * 0.9)] ?? 0;
  const threshold = Math.max(120, loud * 0.08);
  const spans: Span[] = [];
  energies.forEach((energy, index) => {
    if (energy < threshold) return;
    const start = index * FRAME;
    const last = spans.at(-1);
    if (last && start - last[1] < MIN_PAUSE) last[1] = start + FRAME;
    else spans.push([start, start + FRAME]);
  });
  const duration = pcm.samples.length / pcm.sampleRate;
  return spans.filter(([start, end]) => end - start >= 0.04).map(([start, end]) => [start, Math.min(end, duration)]);
}

/**
 * How long a word takes to say, in "letters": alphabetic letters approximate phonemes, a digit is
 * read as a whole word (~3), a Han/kana/Hangul character is a syllable (~3); each word adds 2 for
 * its onset and transitions.
 */
export function spokenWeight(word: string): number {
  let weight = 2;
  for (const point of word) {
    if (/\p{N}/u.test(point) || /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(point)) weight += 3;
    else if (/\p{L}/u.test(point)) weight += 1;
  }
  return weight;
}

interface Phrase {
  words: number[];
  weight: number;
  /** How strongly the phrase ends: 2 sentence, 1 clause (comma), 0 none. */
  strength: number;
}

function phrasesOf(words: string[]): Phrase[] {
  const phrases: Phrase[] = [];
  let current: Phrase = { words: [], weight: 0, strength: 0 };
  words.forEach((word, index) => {
    current.words.push(index);
    current.weight += spokenWeight(word);
    const end = /[.!?…。！？]["'”’)\]]*$/u.test(word) ? 2 : /[,;:—–、，]["'”’)\]]*$/u.test(word) ? 1 : 0;
    if (end > 0 && index < words.length - 1) {
      current.strength = end;
      phrases.push(current);
      current = { words: [], weight: 0, strength: 0 };
    }
  });
  if (current.words.length > 0) phrases.push(current);
  return phrases;
}

/** Keeps the `count - 1` longest pauses: the runs of speech become `count` groups. */
function groupSpans(spans: Span[], count: number): Span[] {
  const gaps = spans.slice(1).map((span, index) => ({ index, length: span[0] - spans[index]![1] }));
  const kept = new Set(
    [...gaps]
      .sort((a, b) => b.length - a.length)
      .slice(0, count - 1)
      .map((gap) => gap.index),
  );
  const groups: Span[] = [[spans[0]![0], spans[0]![1]]];
  spans.slice(1).forEach((span, index) => {
    if (kept.has(index)) groups.push([span[0], span[1]]);
    else groups.at(-1)![1] = span[1];
  });
  return groups;
}

/** Fewer pauses than phrase ends: the weakest ends (commas before full stops) were read through. */
function mergePhrases(phrases: Phrase[], count: number): Phrase[] {
  const merged = [...phrases];
  while (merged.length > count) {
    let best = 0;
    for (let index = 1; index < merged.length - 1; index++) {
      const a = merged[index]!;
      const b = merged[best]!;
      if (a.strength < b.strength || (a.strength === b.strength && a.weight + merged[index + 1]!.weight < b.weight + merged[best + 1]!.weight)) best = index;
    }
    const first = merged[best]!;
    const second = merged[best + 1]!;
    merged.splice(best, 2, { words: [...first.words, ...second.words], weight: first.weight + second.weight, strength: second.strength });
  }
  return merged;
}

/** Timings for every word of `text` in the audio `pcm` (see the top of this file for the method). */
export function deriveWordTimings(text: string, pcm: Pcm): WordTiming[] {
  const words = spokenWords(text).map((word) => word.word);
  if (words.length === 0) return [];
  const duration = pcm.samples.length / pcm.sampleRate;
  const spans = speechSpans(pcm);
  if (spans.length === 0) spans.push([0, duration]);
  const phrases = mergePhrases(phrasesOf(words), spans.length);
  const groups = groupSpans(spans, phrases.length);
  const timings: WordTiming[] = [];
  phrases.forEach((phrase, index) => {
    const [start, end] = groups[index]!;
    let at = start;
    for (const wordIndex of phrase.words) {
      const length = ((end - start) * spokenWeight(words[wordIndex]!)) / phrase.weight;
      timings.push({ word: words[wordIndex]!, start: round(at), end: round(at + length) });
      at += length;
    }
  });
  return monotonic(timings);
}
