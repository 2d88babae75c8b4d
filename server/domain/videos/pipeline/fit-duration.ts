// Landing a written script on the length the creator asked for. The writer sizes the words for
// the voice's measured pace (contract/voice-pace.ts) and leaves a little time over; here the
// voice's real output is fitted: too long → read again a little faster; too short → silence
// between the script's parts (hook, beats, payoff, call to action: its paragraphs), where a
// speaker would breathe anyway, and if that is not enough, read again a little slower. Pace
// changes stay small (the voice must still sound like the one chosen); what cannot be fitted is
// left as it is — the review step told the creator beforehand when a length cannot be met.
import type { WordTiming } from '../../../../contract/captions';
import { MAX_PACE_CHANGE, MAX_PAUSE_SECONDS } from '../../../../contract/writer-reach';
import type { Speech } from '../../ports/speech';
import { decodeWav, encodeWav, isWav } from '../../../providers/tts/wav';
import { spokenWords } from '../../../providers/tts/words';
import { paragraphs } from './scenes';

/** Within this share of the goal, the voice is left as it is. */
const CLOSE_ENOUGH = 0.03;

/** Word indexes where each paragraph after the first starts. */
export function paragraphStarts(text: string): number[] {
  const starts: number[] = [];
  let index = 0;
  paragraphs(text).forEach((paragraph, position) => {
    if (position > 0) starts.push(index);
    index += spokenWords(paragraph.replace(/\s+/g, ' ')).length;
  });
  return starts;
}

/** Puts up to MAX_PAUSE_SECONDS of silence before each of `starts` (word indexes) to add `extra` seconds in all. */
export function addPauses(speech: Speech, starts: number[], extra: number): Speech {
  const boundaries = starts.filter((index) => index > 0 && index < speech.words.length);
  if (boundaries.length === 0 || extra <= 0 || speech.format !== 'wav' || !isWav(speech.audio)) return speech;
  const pause = Math.min(MAX_PAUSE_SECONDS, extra / boundaries.length);
  const pcm = decodeWav(speech.audio);
  const gap = Math.round(pause * pcm.sampleRate);
  // Cut halfway between the last word of a part and the first of the next.
  const cuts = boundaries.map((index) => Math.round(((speech.words[index - 1]!.end + speech.words[index]!.start) / 2) * pcm.sampleRate));
  const samples = new Int16Array(pcm.samples.length + gap * cuts.length);
  let from = 0;
  let to = 0;
  for (const cut of cuts) {
    const end = Math.min(Math.max(cut, from), pcm.samples.length);
    samples.set(pcm.samples.subarray(from, end), to);
    to += end - from + gap;
    from = end;
  }
  samples.set(pcm.samples.subarray(from), to);
  const shift = (index: number) => boundaries.filter((start) => start <= index).length * (gap / pcm.sampleRate);
  const words: WordTiming[] = speech.words.map((word, index) => ({ ...word, start: word.start + shift(index), end: word.end + shift(index) }));
  const audio = encodeWav({ samples, sampleRate: pcm.sampleRate });
  return { ...speech, audio, words, duration: samples.length / pcm.sampleRate };
}

export interface FitRequest {
  text: string;
  /** Seconds the narration should last. */
  goal: number;
  /** The creator's chosen speed (1 = the voice's natural pace). */
  speed: number;
  /** Reads the text again at another speed. */
  synthesize: (speed: number) => Promise<Speech>;
}

/** The narration fitted to `goal` as closely as small pace changes and pauses between parts allow. */
export async function fitToDuration(first: Speech, request: FitRequest): Promise<Speech> {
  const { goal, speed } = request;
  const starts = paragraphStarts(request.text);
  const lowest = speed * (1 - MAX_PACE_CHANGE);
  const highest = speed * (1 + MAX_PACE_CHANGE);
  let speech = first;
  if (speech.duration > goal * (1 + CLOSE_ENOUGH)) {
    // Too long: faster, aiming a little under so the pauses can round it off.
    const faster = Math.min(highest, (speed * speech.duration) / (goal * 0.98));
    speech = await request.synthesize(faster);
  } else if (speech.duration + starts.length * MAX_PAUSE_SECONDS < goal * (1 - CLOSE_ENOUGH)) {
    // Too short for pauses alone: slower, so the pauses that follow stay natural.
    const slower = Math.max(lowest, (speed * (speech.duration + starts.length * 0.5)) / goal);
    speech = await request.synthesize(slower);
  }
  const missing = goal - speech.duration;
  return missing > goal * CLOSE_ENOUGH ? addPauses(speech, starts, missing) : speech;
}
