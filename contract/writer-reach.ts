// How long a video a script writer with a word limit (the offline writer) can fill, and the
// sentence that says so. The narration is fitted to the length asked for
// (server/domain/videos/pipeline/fit-duration.ts): read at most MAX_PACE_CHANGE slower, with up to
// MAX_PAUSE_SECONDS of silence between the script's parts, and the picture runs VIDEO_TAIL_SECONDS
// past the last word; a length is met when the video lands within LENGTH_TOLERANCE of it. The
// server refuses a longer prompt before charging, and the create flow says it before Create: both
// with these numbers, so the two can never disagree.
import { voiceWordsPerSecond } from './voice-pace';

/** How far the narration's pace may move from the creator's chosen speed, either way. */
export const MAX_PACE_CHANGE = 0.15;
/** The longest pause put between two parts of a script, in seconds. */
export const MAX_PAUSE_SECONDS = 1.5;
/** Parts of a written script (hook, three beats, payoff, call to action): five places for a pause. */
export const WRITTEN_PAUSES = 5;
/** Seconds of picture after the last word, so a video does not cut off mid-breath. */
export const VIDEO_TAIL_SECONDS = 0.6;
/** A requested length is met when the video lands within this share of it, either way. */
export const LENGTH_TOLERANCE = 0.1;

/** The longest video `words` can fill at `wordsPerSecond` (speed included), reading slower and pausing as much as fitting allows. */
export function longestFittedSeconds(words: number, wordsPerSecond: number): number {
  return words / (wordsPerSecond * (1 - MAX_PACE_CHANGE)) + WRITTEN_PAUSES * MAX_PAUSE_SECONDS + VIDEO_TAIL_SECONDS;
}

/** The voice that reads the script: a chosen one with its speed, or none (the language's default voice at 1×). */
export type ReadingVoice = { provider: string; voice_id: string; speed?: number | undefined } | null | undefined;

/**
 * The longest length, in whole seconds, that a writer of at most `maxWords` words meets (within
 * LENGTH_TOLERANCE) when `voice` reads it in `language`; null when the writer has no limit.
 */
export function writerReachSeconds(maxWords: number | null | undefined, voice: ReadingVoice, language: string): number | null {
  if (maxWords === null || maxWords === undefined) return null;
  const pace = voiceWordsPerSecond(voice, language) * (voice?.speed ?? 1);
  return Math.floor(longestFittedSeconds(maxWords, pace) / (1 - LENGTH_TOLERANCE));
}

/** Why a `seconds`-long video written from a topic would come out shorter, and what to do instead. */
export function writerReachMessage(longest: number, seconds: number): string {
  return `Without an AI model, the offline writer's scripts for this voice fill at most about ${longest} seconds, so a ${seconds}-second video would come out shorter. Choose ${longest} seconds or less, slow the voice down, or write the script yourself.`;
}
