// The editor's edits: pure functions Timeline → Timeline. Each returns a new timeline (the input is
// never changed, so undo snapshots stay intact) that passes the contract's own check, or throws a
// TimelineEditError with a sentence the screen can show. No React, no store.
//
// Narration that has not been recorded yet (a new scene, a rewritten line) gets estimated caption
// timings: its words spread evenly over the time the timeline's voice would take to read them. The
// preview tells such captions from recorded ones with needsRecording(scene, timeline.voice): true
// means "estimated, play a stand-in".
import {
  TIMELINE_FPS,
  captionSettings,
  durationFor,
  needsRecording,
  normaliseNarration,
  recordingSeconds,
  TIMELINE_LIMITS,
  timelineDocument,
  timelineMotion,
  timelineMusic,
  timelineVoiceSettings,
  voiceWordsPerSecond,
  ASPECT_RATIOS,
  type AspectRatio,
  type CaptionSettings,
  type Timeline,
  type TimelineMotion,
  type TimelineMusic,
  type TimelineScene,
  type TimelineVisual,
  type TimelineVoiceSettings,
} from '../../../../contract';
import type { z } from 'zod';

/** An edit that cannot be made; `message` is a plain sentence for the creator. */
export class TimelineEditError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TimelineEditError';
  }
}

type TimelineWords = TimelineScene['captions'];

/** A new visual for a scene: made again in the art style, found as stock, the creator's upload, or another scene's. */
export type VisualChoice =
  | { kind: 'regenerate'; prompt: string }
  | { kind: 'stock'; prompt: string }
  | { kind: 'upload'; mediaId: string; mediaKind: 'image' | 'video' }
  | { kind: 'reuse'; fromSceneId: string };

const round3 = (value: number) => Math.round(value * 1000) / 1000;
/** A cut on the frame grid: the halves' frames then add up to the scene's exactly (contract sceneFrameCounts). */
const onFrame = (seconds: number) => round3(Math.round(seconds * TIMELINE_FPS) / TIMELINE_FPS);

/** The result, checked by the contract (the server's own rules); its first complaint is the error. */
function checked(timeline: Timeline): Timeline {
  const result = timelineDocument.safeParse(timeline);
  if (!result.success) throw new TimelineEditError(result.error.issues[0]?.message ?? 'This change would make the timeline invalid.');
  return result.data;
}

function sceneIndex(timeline: Timeline, sceneId: string): number {
  const index = timeline.scenes.findIndex((scene) => scene.id === sceneId);
  if (index < 0) throw new TimelineEditError('That scene is no longer in the video.');
  return index;
}

function withScene(timeline: Timeline, sceneId: string, change: (scene: TimelineScene) => TimelineScene): Timeline {
  const index = sceneIndex(timeline, sceneId);
  const scenes = timeline.scenes.slice();
  scenes[index] = change(scenes[index]!);
  return checked({ ...timeline, scenes });
}

/** The words of a narration as the caption engine shows them (split at whitespace). */
function narrationWords(text: string): string[] {
  return normaliseNarration(text).split(' ').filter(Boolean);
}

/** Seconds the timeline's voice takes to read `text`, estimated from its measured pace. */
export function estimatedNarrationSeconds(timeline: Pick<Timeline, 'voice' | 'language'>, text: string): number {
  const words = narrationWords(text).length;
  const speed = timeline.voice?.speed ?? 1;
  return durationFor(words / (voiceWordsPerSecond(timeline.voice, timeline.language) * speed));
}

/** Caption words for narration not recorded yet: spread evenly over `seconds`. */
function estimatedCaptions(text: string, seconds: number): TimelineWords {
  const words = narrationWords(text);
  if (words.length > TIMELINE_LIMITS.wordsPerScene) throw new TimelineEditError(`A scene has at most ${TIMELINE_LIMITS.wordsPerScene} words.`);
  if (words.some((word) => word.length > TIMELINE_LIMITS.word)) throw new TimelineEditError(`A word cannot be longer than ${TIMELINE_LIMITS.word} characters.`);
  const slot = seconds / Math.max(1, words.length);
  return words.map((word, index) => ({ word, start: round3(index * slot), end: round3((index + 1) * slot) }));
}

/**
 * How long the scene's narration lasts: its recording when that is current, else the estimate its
 * captions were spread over (the last caption's end).
 */
export function narrationSeconds(scene: TimelineScene, voice: TimelineVoiceSettings): number {
  if (!needsRecording(scene, voice)) return recordingSeconds(scene);
  return scene.captions.at(-1)?.end ?? 0;
}

function shifted(words: TimelineWords, by: number): TimelineWords {
  return words.map((word) => ({ word: word.word, start: round3(Math.max(0, word.start + by)), end: round3(Math.max(0, word.end + by)) }));
}

function cleanText(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) throw new TimelineEditError('A scene needs some narration.');
  if (trimmed.length > TIMELINE_LIMITS.sceneText) throw new TimelineEditError(`A scene’s narration must not be longer than ${TIMELINE_LIMITS.sceneText} characters.`);
  return trimmed;
}

function uniqueSceneId(timeline: Timeline, random: () => number): string {
  const taken = new Set(timeline.scenes.map((scene) => scene.id));
  for (;;) {
    const id = `s${Math.floor(random() * 36 ** 8).toString(36).padStart(8, '0')}`;
    if (!taken.has(id)) return id;
  }
}

/** Options for edits that make a scene: where its id comes from (tests pass a fixed one). */
export interface NewSceneOptions {
  id?: string;
  random?: () => number;
}

function newId(timeline: Timeline, options: NewSceneOptions): string {
  if (options.id === undefined) return uniqueSceneId(timeline, options.random ?? Math.random);
  if (timeline.scenes.some((scene) => scene.id === options.id)) throw new TimelineEditError('Two scenes have the same id.');
  return options.id;
}

// ---- scenes -------------------------------------------------------------------------------------

/** Move a scene to position `toIndex` (0-based) among the scenes. */
export function reorderScene(timeline: Timeline, sceneId: string, toIndex: number): Timeline {
  const from = sceneIndex(timeline, sceneId);
  if (!Number.isInteger(toIndex) || toIndex < 0 || toIndex >= timeline.scenes.length) throw new TimelineEditError('A scene can only move to a place in the video.');
  const scenes = timeline.scenes.slice();
  const [scene] = scenes.splice(from, 1);
  scenes.splice(toIndex, 0, scene!);
  return checked({ ...timeline, scenes });
}

/**
 * Split a scene in two before its word `atWord` (0-based index into the narration's words, at
 * least 1). The text is cut at that word; a current recording is cut at that word's time (half way
 * through the pause before it), both halves keeping the same audio asset with `from`/`to` cut and
 * their words and captions on their own scene's clock; a clip's second half starts where the first
 * ends. The two durations add up to the scene's. A recording that no longer says the text, or
 * whose words do not line up with it, cannot be cut: both halves are recorded again, and the cut
 * falls where the words are, proportionally.
 */
export function splitScene(timeline: Timeline, sceneId: string, atWord: number, options: NewSceneOptions = {}): Timeline {
  const index = sceneIndex(timeline, sceneId);
  const scene = timeline.scenes[index]!;
  const words = narrationWords(scene.text);
  if (!Number.isInteger(atWord) || atWord < 1 || atWord >= words.length) throw new TimelineEditError('A scene can only be split between two of its words.');
  if (timeline.scenes.length >= TIMELINE_LIMITS.scenes) throw new TimelineEditError(`A video has at most ${TIMELINE_LIMITS.scenes} scenes.`);

  // The character where word `atWord` starts: the text is cut there, its own spacing kept.
  const wordStarts = [...scene.text.matchAll(/\S+/g)].map((match) => match.index);
  const firstText = scene.text.slice(0, wordStarts[atWord]).trim();
  const secondText = scene.text.slice(wordStarts[atWord]).trim();

  const recording = scene.recording;
  const cuttable = recording !== null && !needsRecording(scene, timeline.voice) && recording.words.length === words.length;
  let cut: number;
  let firstRecording: TimelineScene['recording'] = null;
  let secondRecording: TimelineScene['recording'] = null;
  if (cuttable) {
    const before = recording.words[atWord - 1]!;
    const after = recording.words[atWord]!;
    cut = onFrame((before.end + Math.max(before.end, after.start)) / 2);
    const length = recording.to - recording.from;
    if (!(cut > 0 && cut < length)) throw new TimelineEditError('The recording cannot be cut at that word.');
    firstRecording = { ...recording, to: round3(recording.from + cut), text: firstText, words: recording.words.slice(0, atWord).map((word) => ({ ...word })) };
    secondRecording = { ...recording, from: round3(recording.from + cut), text: secondText, words: shifted(recording.words.slice(atWord), -cut) };
  } else {
    cut = onFrame((scene.duration * atWord) / words.length);
  }
  const firstDuration = cut;
  const secondDuration = round3(scene.duration - cut);
  if (firstDuration < TIMELINE_LIMITS.minSceneSeconds || secondDuration < TIMELINE_LIMITS.minSceneSeconds) {
    throw new TimelineEditError(`Each half would be shorter than ${TIMELINE_LIMITS.minSceneSeconds} seconds.`);
  }
  const first: TimelineScene = {
    ...scene,
    text: firstText,
    recording: firstRecording,
    duration: firstDuration,
    captions: scene.captions.filter((word) => word.start < cut).map((word) => ({ ...word, end: Math.min(word.end, cut) })),
  };
  const secondVisual: TimelineVisual = { ...scene.visual, trim_start: scene.visual.kind === 'video' ? round3(scene.visual.trim_start + firstDuration) : scene.visual.trim_start };
  const second: TimelineScene = {
    id: newId(timeline, options),
    text: secondText,
    recording: secondRecording,
    visual: secondVisual,
    duration: secondDuration,
    captions: shifted(scene.captions.filter((word) => word.start >= cut), -cut),
  };
  const scenes = timeline.scenes.slice();
  scenes.splice(index, 1, first, second);
  return checked({ ...timeline, scenes });
}

/**
 * Join a scene with the next one: texts joined, durations added, the first one's picture kept. The
 * recording survives only when both are current and consecutive spans of one audio asset (a split
 * undone); otherwise the joined scene is recorded again at the next render.
 */
export function mergeScenes(timeline: Timeline, firstId: string): Timeline {
  const index = sceneIndex(timeline, firstId);
  const first = timeline.scenes[index]!;
  const second = timeline.scenes[index + 1];
  if (!second) throw new TimelineEditError('The last scene has no next scene to join.');
  const text = `${first.text} ${second.text}`;
  const a = first.recording;
  const b = second.recording;
  const joinable =
    a !== null &&
    b !== null &&
    !needsRecording(first, timeline.voice) &&
    !needsRecording(second, timeline.voice) &&
    a.asset === b.asset &&
    Math.abs(a.to - b.from) < 0.002;
  let recording: TimelineScene['recording'] = null;
  let captions: TimelineWords;
  if (joinable) {
    // One span of audio: the second's words now follow the first's narration directly.
    const offset = a.to - a.from;
    recording = { ...a, to: b.to, text, words: [...a.words.map((word) => ({ ...word })), ...shifted(b.words, offset)] };
    captions = [...first.captions.map((word) => ({ ...word })), ...shifted(second.captions, offset)];
  } else {
    captions = [...first.captions.map((word) => ({ ...word })), ...shifted(second.captions, first.duration)];
  }
  const duration = round3(first.duration + second.duration);
  if (duration > TIMELINE_LIMITS.sceneSeconds) throw new TimelineEditError(`A scene is at most ${TIMELINE_LIMITS.sceneSeconds} seconds long.`);
  const merged: TimelineScene = { ...first, text, recording, duration, captions };
  const scenes = timeline.scenes.slice();
  scenes.splice(index, 2, merged);
  return checked({ ...timeline, scenes });
}

/**
 * A new scene after `afterId` (null: at the start) saying `text`: not recorded yet, its picture to
 * be generated in the video's art style from the text, as long as its narration is estimated to be.
 */
export function addScene(timeline: Timeline, afterId: string | null, text: string, options: NewSceneOptions = {}): Timeline {
  const at = afterId === null ? 0 : sceneIndex(timeline, afterId) + 1;
  if (timeline.scenes.length >= TIMELINE_LIMITS.scenes) throw new TimelineEditError(`A video has at most ${TIMELINE_LIMITS.scenes} scenes.`);
  const narration = cleanText(text);
  const seconds = estimatedNarrationSeconds(timeline, narration);
  const scene: TimelineScene = {
    id: newId(timeline, options),
    text: narration,
    recording: null,
    visual: {
      source: 'generated',
      asset: null,
      kind: 'image',
      prompt: narration.slice(0, TIMELINE_LIMITS.prompt),
      motion: null,
      trim_start: 0,
      attribution: null,
    },
    duration: seconds,
    captions: estimatedCaptions(narration, seconds),
  };
  const scenes = timeline.scenes.slice();
  scenes.splice(at, 0, scene);
  return checked({ ...timeline, scenes });
}

/** Remove a scene (a video keeps at least one). */
export function deleteScene(timeline: Timeline, sceneId: string): Timeline {
  const index = sceneIndex(timeline, sceneId);
  if (timeline.scenes.length === 1) throw new TimelineEditError('A video needs at least one scene.');
  return checked({ ...timeline, scenes: timeline.scenes.filter((_, i) => i !== index) });
}

/**
 * Give a scene a new line. Only the text changes: the old recording stays (stale, so the preview can
 * dim it or stand in for it, and the next render records this scene alone), and the captions become
 * the new words spread over the estimated narration, which the scene is made as long as. Going back
 * to the recorded line makes the recording current again, with its own word timings.
 */
export function rewriteScene(timeline: Timeline, sceneId: string, text: string): Timeline {
  const narration = cleanText(text);
  return withScene(timeline, sceneId, (scene) => {
    const next = { ...scene, text: narration };
    if (scene.recording && !needsRecording(next, timeline.voice)) {
      return { ...next, captions: scene.recording.words.map((word) => ({ ...word })), duration: Math.max(scene.duration, durationFor(recordingSeconds(scene))) };
    }
    const seconds = estimatedNarrationSeconds(timeline, narration);
    return { ...next, duration: seconds, captions: estimatedCaptions(narration, seconds) };
  });
}

/** A new picture for the scene: see VisualChoice. Generated and stock pictures are made at the next render. */
export function swapVisual(timeline: Timeline, sceneId: string, choice: VisualChoice): Timeline {
  if (choice.kind === 'reuse') {
    const from = timeline.scenes[sceneIndex(timeline, choice.fromSceneId)]!;
    if (from.id === sceneId) throw new TimelineEditError('Pick the picture of another scene.');
    return withScene(timeline, sceneId, (scene) => ({ ...scene, visual: structuredClone(from.visual) }));
  }
  return withScene(timeline, sceneId, (scene) => {
    // A new picture: no headline or credit line of the old one; the camera move stays.
    const motion = scene.visual.motion;
    if (choice.kind === 'upload') {
      if (!/^[0-9a-f-]{36}$/.test(choice.mediaId)) throw new TimelineEditError('That upload is not in your media library.');
      if (choice.mediaKind !== 'image' && choice.mediaKind !== 'video') throw new TimelineEditError('Only an image or a clip can be a scene’s picture.');
      const visual: TimelineVisual = { source: 'upload', asset: `m/${choice.mediaId}`, kind: choice.mediaKind, prompt: scene.visual.prompt, motion, trim_start: 0, attribution: null };
      return { ...scene, visual };
    }
    const prompt = choice.prompt.trim();
    if (!prompt) throw new TimelineEditError(choice.kind === 'stock' ? 'Say what the stock picture should show.' : 'Say what the picture should show.');
    if (prompt.length > TIMELINE_LIMITS.prompt) throw new TimelineEditError(`A picture’s description must not be longer than ${TIMELINE_LIMITS.prompt} characters.`);
    // The render fills in the asset (and, for stock, whether it found a still or a clip).
    const visual: TimelineVisual = { source: choice.kind === 'stock' ? 'stock' : 'generated', asset: null, kind: 'image', prompt, motion, trim_start: 0, attribution: null };
    return { ...scene, visual };
  });
}

/** How long the scene stays on screen: never shorter than its narration, nor than a scene may be. */
export function setSceneDuration(timeline: Timeline, sceneId: string, seconds: number): Timeline {
  if (!Number.isFinite(seconds)) throw new TimelineEditError('A scene’s length must be a number of seconds.');
  return withScene(timeline, sceneId, (scene) => {
    const shortest = Math.max(TIMELINE_LIMITS.minSceneSeconds, narrationSeconds(scene, timeline.voice));
    if (seconds + 0.0005 < shortest) throw new TimelineEditError(`This scene cannot be shorter than ${round3(shortest)} seconds: its narration would be cut off.`);
    if (seconds > TIMELINE_LIMITS.sceneSeconds) throw new TimelineEditError(`A scene is at most ${TIMELINE_LIMITS.sceneSeconds} seconds long.`);
    return { ...scene, duration: round3(Math.max(seconds, shortest)) };
  });
}

/** Where in its clip a scene's picture starts (clips only). */
export function setTrimStart(timeline: Timeline, sceneId: string, seconds: number): Timeline {
  if (!Number.isFinite(seconds) || seconds < 0) throw new TimelineEditError('The start must be a number of seconds into the clip.');
  return withScene(timeline, sceneId, (scene) => {
    if (scene.visual.kind !== 'video') throw new TimelineEditError('Only a clip can be trimmed; a still has no start.');
    return { ...scene, visual: { ...scene.visual, trim_start: round3(seconds) } };
  });
}

/** The camera move over the scene's still (null: none). */
export function setMotion(timeline: Timeline, sceneId: string, motion: TimelineMotion | null): Timeline {
  let valid: TimelineMotion | null = null;
  if (motion !== null) {
    const result = timelineMotion.safeParse(motion);
    if (!result.success) throw new TimelineEditError('That camera move is not one the editor offers.');
    valid = result.data;
  }
  return withScene(timeline, sceneId, (scene) => ({ ...scene, visual: { ...scene.visual, motion: valid } }));
}

// ---- the whole video ----------------------------------------------------------------------------

/** The voice of every scene: recordings made with another voice are recorded again at the render. */
export function setVoice(timeline: Timeline, voice: z.input<typeof timelineVoiceSettings>): Timeline {
  const result = timelineVoiceSettings.safeParse(voice);
  if (!result.success) throw new TimelineEditError(result.error.issues[0]?.message ?? 'That voice is not available.');
  return checked({ ...timeline, voice: result.data });
}

/** The music bed (null: none). */
export function setMusic(timeline: Timeline, music: TimelineMusic): Timeline {
  const result = timelineMusic.safeParse(music);
  if (!result.success) throw new TimelineEditError(result.error.issues[0]?.message ?? 'That music track cannot be used.');
  return checked({ ...timeline, music: result.data });
}

/** The music's volume, 0–1. */
export function setMusicVolume(timeline: Timeline, volume: number): Timeline {
  if (!timeline.music) throw new TimelineEditError('This video has no music to make louder or quieter.');
  if (!Number.isFinite(volume) || volume < 0 || volume > 1) throw new TimelineEditError('The music volume is between 0 and 100 %.');
  return checked({ ...timeline, music: { ...timeline.music, volume } });
}

/** The caption style of the whole video. */
export function setCaptionSettings(timeline: Timeline, settings: CaptionSettings): Timeline {
  const result = captionSettings.safeParse(settings);
  if (!result.success) throw new TimelineEditError(result.error.issues[0]?.message ?? 'That caption style cannot be used.');
  return checked({ ...timeline, captions: result.data });
}

export function setAspectRatio(timeline: Timeline, ratio: AspectRatio): Timeline {
  if (!(ASPECT_RATIOS as readonly string[]).includes(ratio)) throw new TimelineEditError('The aspect ratio must be 9:16, 1:1 or 16:9.');
  return checked({ ...timeline, aspect_ratio: ratio });
}

/** Correct one caption word's text; its timing, and the recording, stay as they are. */
export function fixCaptionWord(timeline: Timeline, sceneId: string, wordIndex: number, text: string): Timeline {
  const word = text.trim();
  if (!word) throw new TimelineEditError('A caption word cannot be empty.');
  if (word.length > TIMELINE_LIMITS.word) throw new TimelineEditError(`A caption word cannot be longer than ${TIMELINE_LIMITS.word} characters.`);
  return withScene(timeline, sceneId, (scene) => {
    if (!Number.isInteger(wordIndex) || wordIndex < 0 || wordIndex >= scene.captions.length) throw new TimelineEditError('That caption word is no longer in the scene.');
    const captions = scene.captions.slice();
    captions[wordIndex] = { ...captions[wordIndex]!, word };
    return { ...scene, captions };
  });
}
