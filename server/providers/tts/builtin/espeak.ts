// eSpeak NG's word events turned into timings for the text's own words (the engine itself runs
// in the worker thread, see worker-client.ts).
import type { WordTiming } from '../../../../contract';
import { monotonic, round, spokenWords, type TextWord } from '../words';
import type { Pcm } from '../wav';

export interface EspeakEvent {
  type: 'word' | 'end' | 'sentence';
  /** Seconds from the start of the audio. */
  time: number;
  /** 1-based code-point position in the text. */
  position: number;
  length: number;
}

export interface EspeakResult extends Pcm {
  events: EspeakEvent[];
}

export interface EspeakRequest {
  text: string;
  /** eSpeak voice with an optional variant, e.g. "en-us+f3". */
  voice: string;
  /** Words per minute (eSpeak accepts 80–450). */
  rate: number;
  /** 0–99, 50 = the voice's own. */
  pitch: number;
}

/** Below this RMS (of 16-bit samples) a 10 ms frame counts as silence. */
const SILENCE_RMS = 300;
const FRAME_SECONDS = 0.01;

function frameIsSilent(pcm: Pcm, at: number): boolean {
  const from = Math.floor(at * pcm.sampleRate);
  const to = Math.min(pcm.samples.length, from + Math.floor(FRAME_SECONDS * pcm.sampleRate));
  if (to <= from) return true;
  let sum = 0;
  for (let index = from; index < to; index++) sum += pcm.samples[index]! ** 2;
  return Math.sqrt(sum / (to - from)) < SILENCE_RMS;
}

/** Narrows [start, end] to where there is sound: eSpeak counts a clause's pause into its last word. */
export function trimSilence(pcm: Pcm, start: number, end: number): [number, number] {
  let from = start;
  let to = end;
  while (from + FRAME_SECONDS < to && frameIsSilent(pcm, from)) from += FRAME_SECONDS;
  while (to - FRAME_SECONDS > from && frameIsSilent(pcm, to - FRAME_SECONDS)) to -= FRAME_SECONDS;
  return [from, to];
}

/**
 * Word timings from eSpeak's own events: a word starts at the first word event inside its text
 * span (a number such as "2024" yields several) and ends where the next word or clause begins,
 * less the silence at its edges. eSpeak sometimes voices two words as one ("questa è"): the word
 * without an event of its own shares the span of the one it was spoken with, never a guessed one.
 */
export function timingsFromEvents(text: string, result: EspeakResult): WordTiming[] {
  const duration = result.samples.length / result.sampleRate;
  const events = [...result.events].sort((a, b) => a.time - b.time);
  const wordEvents = events.filter((event) => event.type === 'word');
  const words = spokenWords(text);
  let previous: WordTiming = { word: '', start: 0, end: 0 };
  const timings = words.map((word: TextWord) => {
    const inside = wordEvents.filter((event) => event.position - 1 >= word.start && event.position - 1 < word.end);
    if (inside.length === 0) return { word: word.word, start: previous.start, end: previous.end };
    const start = inside[0]!.time;
    const lastInside = inside.at(-1)!;
    const next = events.find(
      (event) => event.time > lastInside.time && (event.type !== 'word' || event.position - 1 >= word.end),
    );
    const [from, to] = trimSilence(result, start, Math.min(next?.time ?? duration, duration));
    previous = { word: word.word, start: round(from), end: round(to) };
    return previous;
  });
  return monotonic(timings);
}
