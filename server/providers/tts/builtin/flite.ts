// Flite's phone segments turned into word timings. Flite reports phones, not words, so each word's
// phones come from a second, analysis-only run where every word stands alone (speech-worker.mjs):
// the speech's phones are then dealt out to the words in order. When the two disagree (Flite read
// the words differently in context), the timings are derived from the audio's pauses instead
// (derived-timings.ts) — never invented.
import type { WordTiming } from '../../../../contract';
import { deriveWordTimings } from '../derived-timings';
import { decodeWav, type Pcm } from '../wav';
import { monotonic, round, spokenWords } from '../words';

export interface FliteRequest {
  text: string;
  /** Built-in Flite voice: slt, rms, awb. */
  voice: string;
  /** Duration multiplier: 1 / speed. */
  stretch: number;
  /** The words alone (edge punctuation removed), for the analysis run. */
  words: string[];
}

export interface FliteResult {
  wav: Uint8Array;
  /** `-psdur` output: "phone:end phone:end …", a new line per utterance (times restart). */
  trace: string;
  /** `-ps` output of the analysis run: "pau w1 phones pau w2 phones pau …". */
  analysis: string;
}

interface Phone {
  phone: string;
  start: number;
  end: number;
}

/** The phones of the speech with absolute times (utterances after the first continue the clock). */
export function parseTrace(trace: string): Phone[] {
  const phones: Phone[] = [];
  let offset = 0;
  for (const line of trace.split('\n')) {
    const lineOffset = offset;
    for (const item of line.trim().split(/\s+/).filter(Boolean)) {
      const split = item.lastIndexOf(':');
      const end = lineOffset + Number(item.slice(split + 1));
      phones.push({ phone: item.slice(0, split), start: phones.at(-1)?.end ?? 0, end });
      offset = end;
    }
  }
  return phones;
}

/** Each word's phones from the analysis run: runs of phones between pauses. */
export function phonesPerWord(analysis: string): string[][] {
  const groups: string[][] = [[]];
  for (const phone of analysis.trim().split(/\s+/).filter(Boolean)) {
    if (phone === 'pau') {
      if (groups.at(-1)!.length > 0) groups.push([]);
    } else {
      groups.at(-1)!.push(phone);
    }
  }
  return groups.filter((group) => group.length > 0);
}

/**
 * The words as Flite's analysis run receives them: sentence punctuation off the edges (the run
 * adds its own full stop), but symbols that are read out ("$20", "45%") and the final dot of an
 * abbreviation ("U.S.", "a.m.") kept, so each reads as it does in the sentence.
 */
export function fliteWords(text: string): string[] {
  return spokenWords(text).map(({ word }) => {
    const abbreviation = /\p{L}\.\p{L}\.?$/u.test(word.replace(/[,;:!?"'”’)\]]+$/u, ''));
    const stripped = word.replace(/^["'“‘([¿¡]+/u, '').replace(/[.,!?;:…"'”’)\]]+$/u, '');
    return abbreviation ? `${stripped}.` : stripped;
  });
}

export function timingsFromFlite(text: string, result: FliteResult): { pcm: Pcm; words: WordTiming[] } {
  const pcm = decodeWav(Buffer.from(result.wav));
  const words = spokenWords(text);
  const spoken = parseTrace(result.trace).filter((phone) => phone.phone !== 'pau');
  const groups = phonesPerWord(result.analysis);
  const phoneCount = groups.reduce((sum, group) => sum + group.length, 0);
  if (groups.length !== words.length || phoneCount !== spoken.length) {
    return { pcm, words: deriveWordTimings(text, pcm) };
  }
  let next = 0;
  const timings = words.map((word, index) => {
    const own = spoken.slice(next, next + groups[index]!.length);
    next += groups[index]!.length;
    return { word: word.word, start: round(own[0]!.start), end: round(own.at(-1)!.end) };
  });
  return { pcm, words: monotonic(timings) };
}
