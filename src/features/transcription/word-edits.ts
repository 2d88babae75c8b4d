// The transcript editor's rules, pure: the same checks the server makes on PUT (a word is not
// empty nor longer than 100 characters, start < end, no overlap with its neighbours, inside the
// recording), said next to the word they concern, so the outbox never carries an edit the server
// would refuse.
import { MAX_TRANSCRIPTION_WORD_LENGTH, MAX_TRANSCRIPTION_WORDS, type WordTiming } from '../../../contract';

/** Seconds move in hundredths (the step of the inputs and the nudge buttons). */
export const TIME_STEP = 0.01;
/** Words shown per page of a long transcript. */
export const WORDS_PER_PAGE = 50;

export type WordProblems = Partial<Record<'word' | 'start' | 'end', string>>;

/** Rounds to the hundredth, so nudges never accumulate floating-point dust. */
export function roundTime(seconds: number): number {
  return Math.round(seconds * 100) / 100;
}

/** Seconds as the creator reads them: m:ss.cc. */
export function formatTime(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds - minutes * 60;
  return `${minutes}:${rest.toFixed(2).padStart(5, '0')}`;
}

/** Problems per word index (only the words that have one). */
export function validateWords(words: readonly WordTiming[], duration: number | null): Map<number, WordProblems> {
  const problems = new Map<number, WordProblems>();
  const add = (index: number, field: keyof WordProblems, message: string) => {
    const entry = problems.get(index) ?? {};
    entry[field] ??= message;
    problems.set(index, entry);
  };
  words.forEach((word, index) => {
    const text = word.word.trim();
    if (text === '') add(index, 'word', 'A word cannot be empty; delete it instead.');
    else if (text.length > MAX_TRANSCRIPTION_WORD_LENGTH) add(index, 'word', `A word must not be longer than ${MAX_TRANSCRIPTION_WORD_LENGTH} characters.`);
    if (!Number.isFinite(word.start) || word.start < 0) add(index, 'start', 'The start must be 0 s or later.');
    if (!Number.isFinite(word.end) || word.end < 0) add(index, 'end', 'The end must be 0 s or later.');
    if (Number.isFinite(word.start) && Number.isFinite(word.end) && word.start >= word.end) add(index, 'end', 'The end must come after the start.');
    const previous = words[index - 1];
    if (previous && word.start < previous.end) add(index, 'start', `It overlaps the word before (“${previous.word.trim()}” ends at ${previous.end.toFixed(2)} s).`);
    // 1 ms slack, as the server keeps for the stored duration.
    if (duration !== null && word.end > duration + 0.001) add(index, 'end', `The recording ends at ${duration.toFixed(2)} s.`);
  });
  return problems;
}

/** A summary for the Save button's area, or null when every word is fine. */
export function editSummary(words: readonly WordTiming[], problems: Map<number, WordProblems>): string | null {
  if (words.length > MAX_TRANSCRIPTION_WORDS) return `A transcription holds at most ${MAX_TRANSCRIPTION_WORDS} words.`;
  if (problems.size === 0) return null;
  const first = Math.min(...problems.keys());
  return problems.size === 1 ? `Word ${first + 1} needs a fix before saving.` : `${problems.size} words need a fix before saving (the first is word ${first + 1}).`;
}

/** The words as they are sent: text trimmed (times as edited). */
export function wordsToSave(words: readonly WordTiming[]): WordTiming[] {
  return words.map((word) => ({ word: word.word.trim(), start: word.start, end: word.end }));
}

export function sameWords(a: readonly WordTiming[], b: readonly WordTiming[]): boolean {
  return a.length === b.length && a.every((word, index) => word.word === b[index]!.word && word.start === b[index]!.start && word.end === b[index]!.end);
}

/** The index of the word being spoken at `time`, or -1. */
export function wordAt(words: readonly WordTiming[], time: number): number {
  let low = 0;
  let high = words.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const word = words[middle]!;
    if (time < word.start) high = middle - 1;
    else if (time >= word.end) low = middle + 1;
    else return middle;
  }
  return -1;
}
