// The preview's pure parts: what is on screen at a moment (scene, picture and its drift, stand-ins,
// voice, headline), what plays from a moment (clips, stand-in speech, the music's gain), the frame
// grid and the frame's size in its box.
import { describe, expect, it } from 'vitest';
import { DEFAULT_DRIFTS, panOffset, stillDrift } from '../../contract/motion';
import { audioPlan, DUCK_ATTACK, DUCK_GAIN, DUCK_RELEASE, musicGain } from '../../src/features/editor/preview/audio-plan';
import { previewFrameSize } from '../../src/features/editor/preview/frame-size';
import { formatClock, NEW_PICTURE_LABEL, PREVIEW_VOICE_LABEL, previewFrame, stepFrames, stillPlacement } from '../../src/features/editor/preview/preview-frame';
import { PREVIEW_ASSETS, previewTimeline } from './helpers/editor-timeline';

describe('motion', () => {
  it('eases each moving axis across its whole slack for the default drift, and centres a still one', () => {
    const drift = DEFAULT_DRIFTS[0]!;
    expect(panOffset(drift, 0, 4)).toEqual({ x: 0, y: 0.5 });
    expect(panOffset(drift, 2, 4).x).toBeCloseTo(0.5, 6);
    expect(panOffset(drift, 4, 4).x).toBeCloseTo(1, 6);
    // Held at the end, never past it.
    expect(panOffset(drift, 9, 4).x).toBeCloseTo(1, 6);
    // Cosine easing: a quarter of the time is well under a quarter of the way.
    expect(panOffset(drift, 1, 4).x).toBeCloseTo(0.5 - 0.5 * Math.cos(Math.PI / 4), 6);
    expect(panOffset(stillDrift({ pan: 'none', zoom: 'none', amount: 0.1 }, 0), 1, 4)).toEqual({ x: 0.5, y: 0.5 });
  });

  it('moves the cross axis over part of its slack when a pan has a zoom', () => {
    const drift = stillDrift({ pan: 'right', zoom: 'in', amount: 0.1 }, 0);
    expect(drift).toEqual({ dx: 0.1, dy: 0.05 });
    expect(panOffset(drift, 0, 2)).toEqual({ x: 0, y: 0.25 });
    const end = panOffset(drift, 2, 2);
    expect(end.x).toBeCloseTo(1, 6);
    expect(end.y).toBeCloseTo(0.75, 6);
  });

  it('places an overscanned still with a translate of its own size', () => {
    const placement = stillPlacement(DEFAULT_DRIFTS[0]!, 4, 4);
    expect(placement.css.width).toBe('108%');
    expect(placement.css.height).toBe('108%');
    // At the end the view's left edge is the slack (8 % of the frame) in: 8/108 of the picture.
    expect(placement.css.transform).toBe(`translate3d(${-Math.round((0.08 / 1.08) * 1e6) / 1e4}%, ${-Math.round((0.5 * 0.08 / 1.08) * 1e6) / 1e4}%, 0)`);
  });
});

describe('previewFrame', () => {
  it('finds the scene and the time into it, and the picture of each kind', () => {
    const timeline = previewTimeline();
    const first = previewFrame(timeline, PREVIEW_ASSETS, 1);
    expect(first).toMatchObject({ sceneIndex: 0, sceneId: 'a', offset: 1, sceneSeconds: 2, duration: 8, pictureStandIn: null });
    expect(first.picture).toMatchObject({ kind: 'image', asset: 'v/scene-0.png', src: PREVIEW_ASSETS['v/scene-0.png'].src });
    // Scene 0 without a hint drifts to the right (the server's DEFAULT_DRIFTS[0]), halfway at mid-scene.
    expect(first.picture?.kind === 'image' && first.picture.placement.x).toBeCloseTo(0.5, 6);

    const clip = previewFrame(timeline, PREVIEW_ASSETS, 3.25);
    expect(clip.picture).toEqual({ kind: 'video', asset: 'v/scene-1.mp4', src: PREVIEW_ASSETS['v/scene-1.mp4'].src, clipTime: 2.75 });

    // The last scene holds through the tail, and its drift spans the tail too (as the render's frames do).
    const last = previewFrame(timeline, PREVIEW_ASSETS, 7.9);
    expect(last).toMatchObject({ sceneIndex: 2, sceneSeconds: 3 });
    expect(last.picture?.kind === 'image' && last.picture.placement.x).toBeLessThan(1);
    expect(previewFrame(timeline, PREVIEW_ASSETS, 99).time).toBe(8);
    expect(previewFrame(timeline, PREVIEW_ASSETS, -3).time).toBe(0);
  });

  it('gives the recorded voice its place in the asset, and the caption words on the video clock', () => {
    const frame = previewFrame(previewTimeline(), PREVIEW_ASSETS, 2.5);
    expect(frame.voice).toEqual({ kind: 'recorded', asset: 'v/voice.mp3', src: PREVIEW_ASSETS['v/voice.mp3'].src, at: 2.3, speaking: true });
    expect(previewFrame(previewTimeline(), PREVIEW_ASSETS, 4.5).voice).toMatchObject({ at: 3, speaking: false });
    expect(frame.words.find((word) => word.word === 'blue')).toMatchObject({ start: 2.4 });
    // Only the scene's own words: the render burns each scene's captions into its own segment.
    const timeline = previewTimeline();
    const { sceneIndex } = frame;
    expect(frame.words.map((word) => word.word)).toEqual(timeline.scenes[sceneIndex]!.captions.map((word) => word.word));
  });

  it('marks a scene whose text changed with the preview voice', () => {
    const timeline = previewTimeline((input) => {
      input.scenes[1]!.text = 'and bright blue blood';
    });
    const frame = previewFrame(timeline, PREVIEW_ASSETS, 2.5);
    expect(frame.voice).toEqual({ kind: 'stand-in', text: 'and bright blue blood', rate: 1, label: PREVIEW_VOICE_LABEL });
    // A changed voice makes every scene a stand-in, at the new voice's speed.
    const revoiced = previewTimeline((input) => {
      input.voice = { provider: 'builtin', voice_id: 'en-2', speed: 1.25 };
    });
    expect(previewFrame(revoiced, PREVIEW_ASSETS, 0.5).voice).toMatchObject({ kind: 'stand-in', rate: 1.25 });
  });

  it('shows a picture not made yet as the old one dimmed, or a placeholder with the prompt', () => {
    const base = previewTimeline();
    const swapped = previewTimeline((input) => {
      input.scenes[0]!.visual = { source: 'generated', asset: null, kind: 'image', prompt: 'a giant octopus', motion: null, trim_start: 0, attribution: null };
    });
    const withBase = previewFrame(swapped, PREVIEW_ASSETS, 1, base);
    expect(withBase.pictureStandIn).toEqual({ prompt: 'a giant octopus', label: NEW_PICTURE_LABEL });
    expect(withBase.picture).toMatchObject({ kind: 'image', asset: 'v/scene-0.png' });
    const withoutBase = previewFrame(swapped, PREVIEW_ASSETS, 1);
    expect(withoutBase.picture).toBeNull();
    expect(withoutBase.pictureStandIn?.label).toBe(NEW_PICTURE_LABEL);
  });

  it('gives a picture whose asset has no URL a null src (drawn as "could not be loaded")', () => {
    const frame = previewFrame(previewTimeline(), { ...PREVIEW_ASSETS, 'v/scene-0.png': undefined } as never, 0.5);
    expect(frame.picture).toMatchObject({ asset: 'v/scene-0.png', src: null });
  });

  it('shows the headline inside its scene only, at its place and face', () => {
    const timeline = previewTimeline();
    expect(previewFrame(timeline, PREVIEW_ASSETS, 5.02).headline).toBeNull();
    expect(previewFrame(timeline, PREVIEW_ASSETS, 6).headline).toMatchObject({ text: 'ALIVE', x: 0.5, y: 0.3, size: 0.05, ink: '#FFFFFF', font: { family: 'Anton', weight: 400, italic: false } });
    // Gone HEADLINE_CLEARANCE before the scene's end (7.5 s), not shown in the tail.
    expect(previewFrame(timeline, PREVIEW_ASSETS, 7.4).headline).toBeNull();
    expect(previewFrame(timeline, PREVIEW_ASSETS, 1).headline).toBeNull();
  });
});

/** Clip times rounded to the microsecond (1.8 - 3 carries float noise). */
const tidy = (clips: ReturnType<typeof audioPlan>['clips']) => clips.map((clip) => ({ ...clip, offset: Math.round(clip.offset * 1e6) / 1e6, when: Math.round(clip.when * 1e6) / 1e6, length: Math.round(clip.length * 1e6) / 1e6 }));

describe('audioPlan', () => {
  it('schedules every recorded scene from the start', () => {
    const plan = audioPlan(previewTimeline(), 0);
    expect(tidy(plan.clips)).toEqual([
      { sceneIndex: 0, asset: 'v/voice.mp3', offset: 0, when: 0, length: 1.8 },
      { sceneIndex: 1, asset: 'v/voice.mp3', offset: 1.8, when: 2, length: 1.2 },
      { sceneIndex: 2, asset: 'v/voice.mp3', offset: 3, when: 5, length: 1.2 },
    ]);
    expect(plan.speech).toEqual([]);
  });

  it('starts mid-clip when playback starts inside a narration, and skips what is over', () => {
    const plan = audioPlan(previewTimeline(), 2.5);
    expect(tidy(plan.clips)[0]).toEqual({ sceneIndex: 1, asset: 'v/voice.mp3', offset: 2.3, when: 2.5, length: 0.7 });
    expect(plan.clips).toHaveLength(2);
    expect(audioPlan(previewTimeline(), 4).clips.map((clip) => clip.sceneIndex)).toEqual([2]);
  });

  it('speaks a stale scene from its start, and leaves it silent when playback starts inside it', () => {
    const timeline = previewTimeline((input) => {
      input.scenes[1]!.text = 'and bright blue blood';
    });
    const plan = audioPlan(timeline, 0);
    expect(plan.clips.map((clip) => clip.sceneIndex)).toEqual([0, 2]);
    expect(plan.speech).toEqual([{ sceneIndex: 1, text: 'and bright blue blood', when: 2, rate: 1 }]);
    expect(audioPlan(timeline, 2.5).speech).toEqual([]);
  });

  it('sets the music at its volume, fades it in and out, and dips it under the voice', () => {
    const timeline = previewTimeline();
    expect(musicGain(timeline, 0)).toBe(0);
    expect(musicGain(timeline, 0.01)).toBeCloseTo(0.25 * 0.01 * (1 + (DUCK_GAIN - 1) * 0.5), 6);
    expect(musicGain(timeline, 1)).toBeCloseTo(0.25 * DUCK_GAIN, 6);
    // Between scene a's narration (ends 1.8) and b's (starts 2.0): halfway back up its release.
    expect(musicGain(timeline, 1.8 + DUCK_RELEASE / 2)).toBeCloseTo(0.25 * (DUCK_GAIN + (1 - DUCK_GAIN) * 0.5), 6);
    // After the last narration (ends 6.2) and its release, before the fade-out (from 6 s): back to the volume… faded.
    expect(musicGain(timeline, 7)).toBeCloseTo(0.25 * 0.5, 6);
    expect(musicGain(timeline, 8)).toBe(0);
    const noDucking = previewTimeline((input) => {
      input.music!.ducking = false;
    });
    expect(musicGain(noDucking, 3)).toBeCloseTo(0.25, 6);

    const plan = audioPlan(timeline, 0);
    expect(plan.music?.offset).toBe(0);
    const gain = plan.music!.gain;
    expect(gain[0]).toEqual({ time: 0, gain: 0 });
    expect(gain.at(-1)).toEqual({ time: 8, gain: 0 });
    expect(gain.map((point) => point.time)).toEqual([...gain.map((point) => point.time)].sort((a, b) => a - b));
    // The attack ramp is a point of its own: the dip is complete DUCK_ATTACK after a narration starts.
    expect(gain.find((point) => Math.abs(point.time - (5 + DUCK_ATTACK)) < 1e-6)?.gain).toBeCloseTo(0.25 * DUCK_GAIN, 6);
    expect(audioPlan(timeline, 3).music?.gain[0]?.time).toBe(3);
    expect(audioPlan(previewTimeline((input) => (input.music = null)), 0).music).toBeNull();
  });
});

describe('clock and size', () => {
  it('formats the clock and steps on the 30 fps grid inside the video', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(12.9)).toBe('0:12');
    expect(formatClock(65)).toBe('1:05');
    expect(stepFrames(1, 1, 8)).toBeCloseTo(31 / 30, 9);
    expect(stepFrames(0.01, -1, 8)).toBe(0);
    expect(stepFrames(7.99, 30, 8)).toBe(8);
  });

  it('fits the frame at its aspect ratio into the box', () => {
    expect(previewFrameSize('9:16', { width: 390 })).toEqual({ width: 390, height: 693 });
    expect(previewFrameSize('9:16', { height: 640 })).toEqual({ width: 360, height: 640 });
    expect(previewFrameSize('16:9', { width: 1000, height: 300 })).toEqual({ width: 533, height: 299 });
    expect(previewFrameSize('1:1', {})).toEqual({ width: 0, height: 0 });
  });
});
