// What the preview plays from a moment on: the narration clips to schedule, the stand-in speech
// of scenes whose voice is not recorded yet, and the music with its gain over time (volume, fades,
// and the dip under the voice). Pure, so the player only hands it to Web Audio and the rules are
// tested. The server levels the voice and the music by measured loudness and ducks with a
// compressor keyed on the voice (server/media/filtergraph.ts audioChain); the preview takes the
// music's volume as its gain and dips it by the compressor's depth with its attack and release.
import { needsRecording, sceneStarts, timelineDuration, type Timeline } from '../../../../contract';
import { clampTime, speechRate } from './preview-frame';

/** How far the music dips under the voice: the server's compressor takes it down about 12 dB. */
export const DUCK_DB = -12;
export const DUCK_GAIN = 10 ** (DUCK_DB / 20);
/** The compressor's attack and release, seconds. */
export const DUCK_ATTACK = 0.02;
export const DUCK_RELEASE = 0.4;

/** One span of a recording to play: `offset` seconds into the asset, at `when` on the video's clock, for `length`. */
export interface AudioClip {
  sceneIndex: number;
  asset: string;
  offset: number;
  when: number;
  length: number;
}

/** A scene whose voice is a stand-in: spoken by the browser from `when` (only when playback starts at or before the scene). */
export interface SpeechCue {
  sceneIndex: number;
  text: string;
  when: number;
  rate: number;
}

export interface GainPoint {
  time: number;
  gain: number;
}

export interface MusicPlan {
  track_id: string;
  /** Seconds into the music from the video's start (the track loops; the player wraps this by its length). */
  offset: number;
  /** The gain over time from the start of playback, linear between points. */
  gain: GainPoint[];
}

export interface AudioPlan {
  from: number;
  duration: number;
  clips: AudioClip[];
  speech: SpeechCue[];
  music: MusicPlan | null;
}

/** When narration is heard (recorded or stand-in), on the video's clock: what the music dips under. */
export function narrationSpans(timeline: Timeline): Array<{ start: number; end: number }> {
  const { starts, total } = sceneStarts(timeline);
  return timeline.scenes.map((scene, index) => {
    const start = starts[index]!;
    const sceneEnd = index === timeline.scenes.length - 1 ? total : start + scene.duration;
    if (scene.recording && !needsRecording(scene, timeline.voice)) return { start, end: Math.min(sceneEnd, start + scene.recording.to - scene.recording.from) };
    // A stand-in is heard for about as long as its captions run (or the whole scene without them).
    const lastWord = scene.captions.at(-1)?.end;
    return { start, end: Math.min(sceneEnd, lastWord !== undefined && lastWord > 0 ? start + lastWord : sceneEnd) };
  });
}

/** 1 away from the voice, DUCK_GAIN under it, with the compressor's ramps either side. */
function duckFactor(spans: ReadonlyArray<{ start: number; end: number }>, time: number): number {
  let factor = 1;
  for (const { start, end } of spans) {
    let here = 1;
    if (time >= start && time < start + DUCK_ATTACK) here = 1 + (DUCK_GAIN - 1) * ((time - start) / DUCK_ATTACK);
    else if (time >= start + DUCK_ATTACK && time <= end) here = DUCK_GAIN;
    else if (time > end && time < end + DUCK_RELEASE) here = DUCK_GAIN + (1 - DUCK_GAIN) * ((time - end) / DUCK_RELEASE);
    factor = Math.min(factor, here);
  }
  return factor;
}

/** The music's gain at `time`: its volume, faded in and out, dipped under the voice when ducking is on. */
export function musicGain(timeline: Timeline, time: number, spans = narrationSpans(timeline)): number {
  const music = timeline.music;
  if (!music) return 0;
  const duration = timelineDuration(timeline);
  let gain = music.volume;
  if (music.fade_in > 0 && time < music.fade_in) gain *= Math.max(0, time / music.fade_in);
  if (music.fade_out > 0 && time > duration - music.fade_out) gain *= Math.max(0, (duration - time) / music.fade_out);
  if (music.ducking) gain *= duckFactor(spans, time);
  return gain;
}

/** Everything to schedule when playback starts at `from` seconds. */
export function audioPlan(timeline: Timeline, from: number): AudioPlan {
  const duration = timelineDuration(timeline);
  const start = clampTime(from, duration);
  const { starts } = sceneStarts(timeline);
  const clips: AudioClip[] = [];
  const speech: SpeechCue[] = [];
  timeline.scenes.forEach((scene, index) => {
    const sceneStart = starts[index]!;
    const sceneEnd = index === timeline.scenes.length - 1 ? duration : sceneStart + scene.duration;
    if (sceneEnd <= start) return;
    const recording = scene.recording;
    if (!recording || needsRecording(scene, timeline.voice)) {
      // Speech cannot start mid-sentence on the scene's clock: from inside the scene it is a silent gap.
      if (sceneStart >= start - 1e-6) speech.push({ sceneIndex: index, text: scene.text, when: sceneStart, rate: speechRate(timeline.voice) });
      return;
    }
    const length = Math.min(recording.to - recording.from, sceneEnd - sceneStart);
    const skip = Math.max(0, start - sceneStart);
    if (skip >= length) return;
    clips.push({ sceneIndex: index, asset: recording.asset, offset: recording.from + skip, when: sceneStart + skip, length: length - skip });
  });
  return { from: start, duration, clips, speech, music: musicPlan(timeline, start, duration) };
}

function musicPlan(timeline: Timeline, from: number, duration: number): MusicPlan | null {
  const music = timeline.music;
  if (!music || music.volume <= 0 || from >= duration) return null;
  const spans = music.ducking ? narrationSpans(timeline) : [];
  // Between these moments every factor of the gain is a straight line, so a linear ramp per pair is exact
  // (up to where two dips overlap, or a fade meets a dip: products of lines, a few milliseconds each).
  const breaks = [from, duration, music.fade_in, duration - music.fade_out, ...spans.flatMap(({ start, end }) => [start, start + DUCK_ATTACK, end, end + DUCK_RELEASE])];
  const times = [...new Set(breaks.filter((time) => time >= from && time <= duration).map((time) => Math.round(time * 1e6) / 1e6))].sort((a, b) => a - b);
  return { track_id: music.track_id, offset: from, gain: times.map((time) => ({ time, gain: musicGain(timeline, time, spans) })) };
}
