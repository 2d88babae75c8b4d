// The editor's edits: each returns a new, valid timeline (the input is never changed) or refuses
// with a plain sentence; split and merge keep the video's length and the recording's words.
import { describe, expect, it } from 'vitest';
import { needsRecording, recordingSeconds, timelineDocument, timelineDuration, timelineEtag, type Timeline } from '../../contract';
import {
  addScene,
  deleteScene,
  fixCaptionWord,
  mergeScenes,
  reorderScene,
  rewriteScene,
  setAspectRatio,
  setCaptionSettings,
  setMotion,
  setMusic,
  setMusicVolume,
  setSceneDuration,
  setTrimStart,
  setVoice,
  splitScene,
  swapVisual,
  TimelineEditError,
} from '../../src/features/editor/data/timeline-edits';
import { describeTimelineChanges } from '../../src/features/editor/data/timeline-changes';
import { revisionEtag } from '../../src/features/editor/data/editor-sync';
import { sampleTimeline } from './helpers/timeline';

/** Run an edit on a frozen copy (so any mutation throws) and check what it returns. */
function apply(edit: (timeline: Timeline) => Timeline, timeline = sampleTimeline()): { before: Timeline; after: Timeline } {
  const before = structuredClone(timeline);
  const frozen = deepFreeze(structuredClone(timeline));
  const after = edit(frozen);
  expect(after).not.toBe(frozen);
  expect(frozen).toEqual(before);
  expect(() => timelineDocument.parse(after)).not.toThrow();
  return { before, after };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

function refuses(edit: () => unknown, message: RegExp): void {
  let error: unknown;
  try {
    edit();
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(TimelineEditError);
  expect((error as Error).message).toMatch(message);
}

const ids = (timeline: Timeline) => timeline.scenes.map((scene) => scene.id);

describe('scenes', () => {
  it('reorders a scene to another place', () => {
    const { after } = apply((t) => reorderScene(t, 'c', 0));
    expect(ids(after)).toEqual(['c', 'a', 'b']);
    expect(ids(apply((t) => reorderScene(t, 'a', 2)).after)).toEqual(['b', 'c', 'a']);
    refuses(() => reorderScene(sampleTimeline(), 'a', 3), /place in the video/);
    refuses(() => reorderScene(sampleTimeline(), 'zz', 0), /no longer in the video/);
  });

  it('splits a recorded scene at a word: the same asset cut at its time, words on each half’s clock, the length kept', () => {
    const { before, after } = apply((t) => splitScene(t, 'b', 3, { id: 'b2' }));
    const original = before.scenes[1]!;
    const [first, second] = [after.scenes[1]!, after.scenes[2]!];
    expect(ids(after)).toEqual(['a', 'b', 'b2', 'c']);
    expect(first.text).toBe('Two hearts pump');
    expect(second.text).toBe('blood to the gills');
    // Cut half way through the pause before "blood" (ends 1.4, next starts 1.5), on the frame grid.
    const cut = Math.round(1.45 * 30) / 30;
    expect(first.recording).toMatchObject({ asset: original.recording!.asset, from: original.recording!.from });
    expect(first.recording!.to).toBeCloseTo(original.recording!.from + cut, 3);
    expect(second.recording).toMatchObject({ asset: original.recording!.asset, to: original.recording!.to });
    expect(second.recording!.from).toBeCloseTo(original.recording!.from + cut, 3);
    expect(second.recording!.words[0]).toMatchObject({ word: 'blood' });
    expect(second.recording!.words[0]!.start).toBeCloseTo(1.5 - cut, 3);
    expect(second.captions.map((w) => w.word)).toEqual(['blood', 'to', 'the', 'gills']);
    expect(second.captions[0]!.start).toBeCloseTo(1.5 - cut, 3);
    expect(first.captions.map((w) => w.word)).toEqual(['Two', 'hearts', 'pump']);
    expect(first.duration + second.duration).toBeCloseTo(original.duration, 6);
    expect(timelineDuration(after)).toBeCloseTo(timelineDuration(before), 6);
    // Both halves still say what they are recorded saying: nothing to record again.
    expect(needsRecording(first, after.voice)).toBe(false);
    expect(needsRecording(second, after.voice)).toBe(false);
    expect(second.visual.asset).toBe(original.visual.asset);
  });

  it('refuses a split outside the words, and one that would leave a half too short', () => {
    refuses(() => splitScene(sampleTimeline(), 'b', 0), /between two of its words/);
    refuses(() => splitScene(sampleTimeline(), 'b', 7), /between two of its words/);
    refuses(() => splitScene(sampleTimeline(), 'a', 1), /shorter than 0.5 seconds/);
  });

  it('split then merge gives the scene back: text, recording, captions and length', () => {
    const original = sampleTimeline();
    const split = splitScene(original, 'c', 4, { id: 'c2' });
    const { after } = apply((t) => mergeScenes(t, 'c'), split);
    const merged = after.scenes[2]!;
    const scene = original.scenes[2]!;
    expect(ids(after)).toEqual(ids(original));
    expect(merged.text).toBe(scene.text);
    expect(merged.recording!.from).toBeCloseTo(scene.recording!.from, 6);
    expect(merged.recording!.to).toBeCloseTo(scene.recording!.to, 6);
    merged.recording!.words.forEach((word, index) => {
      expect(word.word).toBe(scene.recording!.words[index]!.word);
      expect(word.start).toBeCloseTo(scene.recording!.words[index]!.start, 3);
    });
    expect(merged.captions.map((w) => w.word)).toEqual(scene.captions.map((w) => w.word));
    expect(merged.duration).toBeCloseTo(scene.duration, 6);
    expect(timelineDuration(after)).toBeCloseTo(timelineDuration(original), 6);
    expect(needsRecording(merged, after.voice)).toBe(false);
  });

  it('merging two scenes that are not one span of audio drops the recording (recorded again) and keeps the length', () => {
    const timeline = reorderScene(sampleTimeline(), 'c', 0);
    const { before, after } = apply((t) => mergeScenes(t, 'c'), timeline);
    const merged = after.scenes[0]!;
    expect(merged.text).toBe(`${before.scenes[0]!.text} ${before.scenes[1]!.text}`);
    expect(merged.recording).toBeNull();
    expect(merged.duration).toBeCloseTo(before.scenes[0]!.duration + before.scenes[1]!.duration, 6);
    // The second scene's captions move after the first scene's time.
    expect(merged.captions[before.scenes[0]!.captions.length]!.start).toBeCloseTo(before.scenes[0]!.duration + before.scenes[1]!.captions[0]!.start, 3);
    refuses(() => mergeScenes(sampleTimeline(), 'c'), /no next scene/);
  });

  it('adds a scene with a new id, no recording, a picture to generate and an estimated length', () => {
    const { after } = apply((t) => addScene(t, 'a', '  Octopuses can taste with their arms  ', { id: 'new1' }));
    expect(ids(after)).toEqual(['a', 'new1', 'b', 'c']);
    const added = after.scenes[1]!;
    expect(added).toMatchObject({ text: 'Octopuses can taste with their arms', recording: null, visual: { source: 'generated', asset: null, prompt: 'Octopuses can taste with their arms' } });
    expect(added.duration).toBeGreaterThan(1);
    expect(added.captions.map((w) => w.word)).toEqual(['Octopuses', 'can', 'taste', 'with', 'their', 'arms']);
    expect(added.captions.at(-1)!.end).toBeCloseTo(added.duration, 2);
    expect(ids(apply((t) => addScene(t, null, 'First of all')).after)[0]).toMatch(/^s[0-9a-z]{8}$/);
    refuses(() => addScene(sampleTimeline(), 'a', '   '), /needs some narration/);
    refuses(() => addScene(sampleTimeline(), 'a', 'x', { id: 'b' }), /same id/);
  });

  it('deletes a scene, never the last one', () => {
    expect(ids(apply((t) => deleteScene(t, 'b')).after)).toEqual(['a', 'c']);
    const single = deleteScene(deleteScene(sampleTimeline(), 'a'), 'b');
    refuses(() => deleteScene(single, 'c'), /at least one scene/);
  });

  it('rewrites a line: the stale recording stays, captions are the new words over an estimated length', () => {
    const { before, after } = apply((t) => rewriteScene(t, 'b', 'Two of the three hearts serve the gills alone'));
    const scene = after.scenes[1]!;
    expect(scene.recording).toEqual(before.scenes[1]!.recording);
    expect(needsRecording(scene, after.voice)).toBe(true);
    expect(scene.captions.map((w) => w.word)).toEqual(['Two', 'of', 'the', 'three', 'hearts', 'serve', 'the', 'gills', 'alone']);
    expect(scene.captions.at(-1)!.end).toBeCloseTo(scene.duration, 2);
    // Other scenes untouched.
    expect(after.scenes[0]).toEqual(before.scenes[0]);
    // Back to the recorded line: the recording is current again, with its own timings.
    const back = rewriteScene(after, 'b', before.scenes[1]!.text);
    expect(needsRecording(back.scenes[1]!, back.voice)).toBe(false);
    expect(back.scenes[1]!.captions).toEqual(before.scenes[1]!.recording!.words);
    expect(back.scenes[1]!.duration).toBeGreaterThanOrEqual(recordingSeconds(back.scenes[1]!));
  });

  it('swaps a visual four ways', () => {
    const regenerated = apply((t) => swapVisual(t, 'a', { kind: 'regenerate', prompt: 'An octopus heart, glowing' })).after.scenes[0]!.visual;
    expect(regenerated).toMatchObject({ source: 'generated', asset: null, prompt: 'An octopus heart, glowing', motion: { pan: 'up' } });
    const stock = apply((t) => swapVisual(t, 'a', { kind: 'stock', prompt: 'octopus' })).after.scenes[0]!.visual;
    expect(stock).toMatchObject({ source: 'stock', asset: null, prompt: 'octopus' });
    const mediaId = '3f1c2b9e-4d5a-4e6f-8a7b-9c0d1e2f3a4b';
    const upload = apply((t) => swapVisual(t, 'a', { kind: 'upload', mediaId, mediaKind: 'video' })).after.scenes[0]!.visual;
    expect(upload).toMatchObject({ source: 'upload', asset: `m/${mediaId}`, kind: 'video' });
    const reused = apply((t) => swapVisual(t, 'a', { kind: 'reuse', fromSceneId: 'c' }));
    expect(reused.after.scenes[0]!.visual).toEqual(reused.before.scenes[2]!.visual);
    refuses(() => swapVisual(sampleTimeline(), 'a', { kind: 'regenerate', prompt: ' ' }), /should show/);
    refuses(() => swapVisual(sampleTimeline(), 'a', { kind: 'upload', mediaId: '../../etc', mediaKind: 'image' }), /media library/);
    refuses(() => swapVisual(sampleTimeline(), 'a', { kind: 'reuse', fromSceneId: 'a' }), /another scene/);
  });

  it('sets a scene’s length, never below its narration', () => {
    const { after } = apply((t) => setSceneDuration(t, 'a', 9));
    expect(after.scenes[0]!.duration).toBe(9);
    refuses(() => setSceneDuration(sampleTimeline(), 'a', 1), /cannot be shorter than .* narration would be cut off/);
    refuses(() => setSceneDuration(sampleTimeline(), 'a', 500), /at most 120 seconds/);
    refuses(() => setSceneDuration(sampleTimeline(), 'a', Number.NaN), /number of seconds/);
  });

  it('trims clips only, and sets or clears the camera move', () => {
    const clip = swapVisual(sampleTimeline(), 'a', { kind: 'upload', mediaId: '3f1c2b9e-4d5a-4e6f-8a7b-9c0d1e2f3a4b', mediaKind: 'video' });
    expect(apply((t) => setTrimStart(t, 'a', 2.5), clip).after.scenes[0]!.visual.trim_start).toBe(2.5);
    refuses(() => setTrimStart(sampleTimeline(), 'a', 2), /Only a clip/);
    expect(apply((t) => setMotion(t, 'b', null)).after.scenes[1]!.visual.motion).toBeNull();
    expect(apply((t) => setMotion(t, 'b', { pan: 'left', zoom: 'out', amount: 0.05 })).after.scenes[1]!.visual.motion).toEqual({ pan: 'left', zoom: 'out', amount: 0.05 });
    refuses(() => setMotion(sampleTimeline(), 'b', { pan: 'left', zoom: 'out', amount: 0.9 }), /camera move/);
  });
});

describe('the whole video', () => {
  it('changes the voice: every scene is to be recorded again', () => {
    const { after } = apply((t) => setVoice(t, { provider: 'openai', voice_id: 'nova', speed: 1.1 }));
    expect(after.voice).toEqual({ provider: 'openai', voice_id: 'nova', speed: 1.1 });
    expect(after.scenes.every((scene) => needsRecording(scene, after.voice))).toBe(true);
    refuses(() => setVoice(sampleTimeline(), { provider: 'openai', voice_id: 'nova', speed: 5 }), /speed/);
  });

  it('sets, removes and turns down the music', () => {
    expect(apply((t) => setMusicVolume(t, 0.1)).after.music!.volume).toBe(0.1);
    expect(apply((t) => setMusic(t, null)).after.music).toBeNull();
    refuses(() => setMusicVolume(setMusic(sampleTimeline(), null), 0.5), /no music/);
    refuses(() => setMusicVolume(sampleTimeline(), 2), /between 0 and 100/);
    refuses(() => setMusic(sampleTimeline(), { track_id: 'nope', volume: 0.2, ducking: true, fade_in: 0, fade_out: 0 }), /UUID/);
  });

  it('sets the caption style and the aspect ratio', () => {
    expect(apply((t) => setCaptionSettings(t, { preset: 'neon', position: 'top' })).after.captions).toMatchObject({ preset: 'neon', position: 'top' });
    refuses(() => setCaptionSettings(sampleTimeline(), { preset: 'comic-sans' } as never), /preset is invalid/);
    expect(apply((t) => setAspectRatio(t, '16:9')).after.aspect_ratio).toBe('16:9');
    refuses(() => setAspectRatio(sampleTimeline(), '4:3' as never), /9:16, 1:1 or 16:9/);
  });

  it('fixes a caption word: its text only — timing and the recording untouched', () => {
    const { before, after } = apply((t) => fixCaptionWord(t, 'a', 2, ' 3 '));
    const [was, now] = [before.scenes[0]!, after.scenes[0]!];
    expect(now.captions[2]).toEqual({ ...was.captions[2]!, word: '3' });
    expect(now.recording).toEqual(was.recording);
    expect(now.text).toBe(was.text);
    expect(needsRecording(now, after.voice)).toBe(false);
    refuses(() => fixCaptionWord(sampleTimeline(), 'a', 99, 'x'), /no longer in the scene/);
    refuses(() => fixCaptionWord(sampleTimeline(), 'a', 0, '  '), /cannot be empty/);
  });
});

describe('describing changes (the conflict dialog)', () => {
  it('says what changed in short sentences', () => {
    const base = sampleTimeline();
    let changed = rewriteScene(base, 'c', 'The third heart stops when it swims');
    changed = setMusicVolume(changed, 0.1);
    changed = deleteScene(changed, 'b');
    changed = setAspectRatio(changed, '1:1');
    expect(describeTimelineChanges(base, changed)).toEqual(
      expect.arrayContaining(['Scene 2 was deleted', 'Scene 2’s line changed', 'Music volume 25 % → 10 %', 'Aspect ratio 9:16 → 1:1']),
    );
    expect(describeTimelineChanges(base, reorderScene(base, 'a', 2))).toEqual(['The scenes are in another order']);
    expect(describeTimelineChanges(base, fixCaptionWord(base, 'a', 0, 'Octopi'))).toEqual(['Scene 1’s captions changed']);
    expect(describeTimelineChanges(base, sampleTimeline())).toEqual([]);
  });
});

it('writes revisions as the contract’s ETags', () => {
  expect(revisionEtag(7)).toBe(timelineEtag(7));
});
