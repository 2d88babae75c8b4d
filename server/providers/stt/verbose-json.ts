// Whisper's verbose_json answer (OpenAI, compatible servers, Lemonfox) read into words. OpenAI
// puts word timings in a top-level `words:[{word,start,end}]` when timestamp_granularities[]=word
// was asked for (platforms.md §6); faster-whisper-based servers also nest them in each segment.
// An answer with segments but no word timings gets each segment's words spread over the segment
// by their length (the words are the engine's, only their times inside the segment are estimated).
import { z } from 'zod';
import type { WordTiming } from '../../../contract';
import { monotonic, round } from '../tts/words';
import { languageCode } from './languages';
import { TranscriptionProviderError, type ChunkTranscript } from './types';

const word = z.object({ word: z.string(), start: z.number(), end: z.number() });
const verboseJson = z.object({
  text: z.string().nullish(),
  language: z.string().nullish(),
  duration: z.number().nullish(),
  words: z.array(word).nullish(),
  segments: z.array(z.object({ start: z.number(), end: z.number(), text: z.string(), words: z.array(word).nullish() })).nullish(),
});

const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Engines pad words with spaces (" Hello") and may answer bare punctuation tokens: neither is a caption word. */
export function cleanWords(words: ReadonlyArray<{ word: string; start: number; end: number }>): WordTiming[] {
  return monotonic(
    words
      .map((entry) => ({ word: entry.word.trim(), start: Math.max(0, entry.start), end: Math.max(0, entry.end) }))
      .filter((entry) => HAS_LETTER_OR_DIGIT.test(entry.word)),
  );
}

/** A segment's words placed over its span in proportion to their length. */
export function spreadSegment(text: string, start: number, end: number): WordTiming[] {
  const tokens = text.split(/\s+/).filter((token) => HAS_LETTER_OR_DIGIT.test(token));
  const total = tokens.reduce((sum, token) => sum + token.length + 1, 0);
  const span = Math.max(0, end - start);
  let at = start;
  return tokens.map((token) => {
    const length = (span * (token.length + 1)) / total;
    const timing = { word: token, start: round(at), end: round(at + length) };
    at += length;
    return timing;
  });
}

export function parseVerboseJson(label: string, answer: unknown): ChunkTranscript {
  const parsed = verboseJson.safeParse(answer);
  if (!parsed.success) throw new TranscriptionProviderError(`${label} answered something that is not a transcript (expected verbose JSON).`, 'retry');
  const { text, language, words, segments } = parsed.data;
  let timings: WordTiming[];
  if (words && words.length > 0) timings = cleanWords(words);
  else if (segments?.some((segment) => segment.words && segment.words.length > 0)) timings = cleanWords(segments.flatMap((segment) => segment.words ?? []));
  else if (segments && segments.length > 0) timings = monotonic(segments.flatMap((segment) => spreadSegment(segment.text, segment.start, segment.end)));
  else if (text && HAS_LETTER_OR_DIGIT.test(text)) {
    throw new TranscriptionProviderError(`${label} answered text without any timings; it must support response_format=verbose_json with word timestamps.`, 'bad');
  } else timings = [];
  const fullText = (text ?? timings.map((timing) => timing.word).join(' ')).replace(/\s+/g, ' ').trim();
  return { text: fullText, language: languageCode(language), words: timings };
}
