// The live caption preview's sample: a sentence with word timings at the narration pace. Which page
// and word are on screen at a time is contract/caption-layout's captionFrameAt, as for the render.
import { NARRATION_WORDS_PER_SECOND, type WordTiming } from '../../../contract';

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

/** Seconds the whole sample takes, plus a short pause before it loops. */
export function timelineLength(timings: readonly WordTiming[]): number {
  return (timings.at(-1)?.end ?? 0) + 0.8;
}
