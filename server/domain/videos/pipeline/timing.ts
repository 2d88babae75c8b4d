// Scene timing from the voice's word timings: each scene starts where its first word is spoken
// and lasts until the next scene starts; the last one runs to the end of the video. Words are
// matched by count; when the voice split words differently from the text (numbers, hyphens),
// each scene's share is scaled to the voice's word count.
import type { WordTiming } from '../../../../contract/captions';
import { VIDEO_TAIL_SECONDS } from '../../../../contract/writer-reach';
import type { PlannedScene } from '../checkpoint';

/** Seconds of picture after the last word (shared with the length check the create flow makes too). */
export const TAIL_SECONDS = VIDEO_TAIL_SECONDS;

export interface SceneSpan {
  start: number;
  duration: number;
}

export function sceneSpans(scenes: PlannedScene[], words: WordTiming[], narrationSeconds: number): SceneSpan[] {
  const total = narrationSeconds + TAIL_SECONDS;
  const textWords = scenes.reduce((sum, scene) => sum + scene.wordCount, 0);
  const scale = textWords > 0 ? words.length / textWords : 0;
  const starts: number[] = [];
  let cumulative = 0;
  scenes.forEach((scene, index) => {
    if (index === 0 || words.length === 0) {
      // Without timings, scenes share the narration evenly.
      starts.push(words.length === 0 ? (narrationSeconds * index) / scenes.length : 0);
    } else {
      const wordIndex = Math.min(words.length - 1, Math.round(cumulative * scale));
      starts.push(Math.max(starts[index - 1]!, words[wordIndex]!.start));
    }
    cumulative += scene.wordCount;
  });
  return starts.map((start, index) => {
    const end = index + 1 < starts.length ? starts[index + 1]! : total;
    return { start, duration: Math.max(0.1, end - start) };
  });
}
