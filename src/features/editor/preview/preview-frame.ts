// What the preview shows at one moment of a timeline, worked out without touching the page: the
// scene on screen, its picture and where the picture's drift has taken it, what the voice is doing,
// the caption words, and the built-in art's key phrase. The player (TimelinePlayer.tsx) only draws
// this, so the rules that make the preview match the render live here and are unit-tested.
import {
  needsRecording,
  needsVisual,
  sceneAt,
  sceneStarts,
  timelineDuration,
  type Timeline,
  type TimelineScene,
  type TimelineVisual,
  type WordTiming,
} from '../../../../contract';
import { driftOverscan, panOffset, stillDrift, type StillDrift } from '../../../../contract/motion';

/** The renderer's frame rate: the scrubber and the frame-step keys move on its grid. */
export const PREVIEW_FPS = 30;

export const NEW_PICTURE_LABEL = 'New picture at the next render';
export const PREVIEW_VOICE_LABEL = 'Preview voice — the real voice is recorded at the next render';

// The server's headline timing (server/media/captions/headline.ts): the phrase shows from just
// after its scene cuts in until just before it ends, and not at all in a scene too short to read it.
const HEADLINE_DELAY = 0.08;
const HEADLINE_CLEARANCE = 0.12;
const HEADLINE_MIN_SCENE = 1.2;

/** Signed URLs of the timeline's assets, by asset name (GET …/timeline `assets`). */
export type PreviewAssets = Readonly<Record<string, { src: string; kind: 'audio' | 'image' | 'video' }>>;

/**
 * A still drawn larger than the frame by its overscan and moved by a CSS translate, so the browser
 * composites a moving layer instead of scaling the picture every frame. Percentages: the size is
 * of the frame, the translate of the picture's own (overscanned) size.
 */
export interface StillPlacement {
  drift: StillDrift;
  overscan: number;
  /** Share (0–1) of the slack the view's top-left corner has travelled on each axis. */
  x: number;
  y: number;
  css: { width: string; height: string; transform: string };
}

export type ScenePicture =
  | { kind: 'image'; asset: string; src: string | null; placement: StillPlacement }
  /** `clipTime`: seconds into the clip (before looping it over the clip's length). */
  | { kind: 'video'; asset: string; src: string | null; clipTime: number };

export type VoiceState =
  /** `at`: seconds into the asset at this moment; `speaking` false after the narration ended. */
  | { kind: 'recorded'; asset: string; src: string | null; at: number; speaking: boolean }
  /** The scene's text changed (or the voice did): the browser speaks it, or a silent gap plays. */
  | { kind: 'stand-in'; text: string; rate: number; label: typeof PREVIEW_VOICE_LABEL };

export interface HeadlineLayer {
  text: string;
  /** Centre (align 'center') or left edge ('left') and vertical centre, shares of the frame. */
  x: number;
  y: number;
  align: 'center' | 'left';
  /** Font size (the em) as a share of the frame height, letter spacing likewise. */
  size: number;
  tracking: number;
  ink: string;
  font: { family: string; weight: number; italic: boolean };
}

export interface PreviewFrame {
  /** The moment shown (clamped to the video), seconds. */
  time: number;
  duration: number;
  sceneIndex: number;
  sceneId: string;
  /** Seconds into the scene, and how long the scene's picture is on screen (the tail included on the last). */
  offset: number;
  sceneSeconds: number;
  /** The picture to draw; null: nothing to draw yet (a placeholder with the prompt). */
  picture: ScenePicture | null;
  /** Set when the scene's picture is made at the next render: the picture above (if any) is the old one, dimmed. */
  pictureStandIn: { prompt: string; label: typeof NEW_PICTURE_LABEL } | null;
  voice: VoiceState;
  /**
   * The scene's caption words on the video's clock (the caption view pages them itself). Only this
   * scene's: the renderer burns each scene's captions into its own segment, so a page never runs
   * across a cut, and the preview pages the same way.
   */
  words: WordTiming[];
  headline: HeadlineLayer | null;
}

/** `time` kept inside the video. */
export function clampTime(time: number, duration: number): number {
  if (!Number.isFinite(time)) return 0;
  return Math.min(Math.max(0, time), duration);
}

/** Where a drifting still sits `t` seconds into its `seconds` on screen. */
export function stillPlacement(drift: StillDrift, t: number, seconds: number): StillPlacement {
  const overscan = driftOverscan(drift);
  const { x, y } = panOffset(drift, t, seconds);
  const size = 1 + overscan;
  // translate % is of the picture's own size: the slack is overscan/size of it.
  const shift = (share: number) => `${round(-share * (overscan / size) * 100)}%`;
  return {
    drift,
    overscan,
    x,
    y,
    css: { width: `${round(size * 100)}%`, height: `${round(size * 100)}%`, transform: `translate3d(${shift(x)}, ${shift(y)}, 0)` },
  };
}

const round = (value: number) => Math.round(value * 10000) / 10000 + 0;

function pictureOf(visual: TimelineVisual, assets: PreviewAssets, sceneIndex: number, offset: number, seconds: number): ScenePicture | null {
  if (visual.asset === null) return null;
  const src = assets[visual.asset]?.src ?? null;
  if (visual.kind === 'video') return { kind: 'video', asset: visual.asset, src, clipTime: visual.trim_start + offset };
  return { kind: 'image', asset: visual.asset, src, placement: stillPlacement(stillDrift(visual.motion, sceneIndex), offset, seconds) };
}

/** The browser's speech rate for a voice speed (the speech API takes 0.1–10; 1 is normal). */
export function speechRate(voice: Timeline['voice']): number {
  return Math.min(2, Math.max(0.5, voice?.speed ?? 1));
}

function voiceOf(scene: TimelineScene, timeline: Timeline, assets: PreviewAssets, offset: number): VoiceState {
  const recording = scene.recording;
  if (!recording || needsRecording(scene, timeline.voice)) return { kind: 'stand-in', text: scene.text, rate: speechRate(timeline.voice), label: PREVIEW_VOICE_LABEL };
  const length = recording.to - recording.from;
  return { kind: 'recorded', asset: recording.asset, src: assets[recording.asset]?.src ?? null, at: recording.from + Math.min(offset, length), speaking: offset < length };
}

// The headline faces (server/domain/ports/visuals HEADLINE_FONTS) as CSS: family, weight, italic.
const HEADLINE_FACES: Record<string, HeadlineLayer['font']> = {
  Anton: { family: 'Anton', weight: 400, italic: false },
  'Bebas Neue': { family: 'Bebas Neue', weight: 400, italic: false },
  'Montserrat Black Italic': { family: 'Montserrat', weight: 900, italic: true },
  'Montserrat SemiBold': { family: 'Montserrat', weight: 600, italic: false },
  'Noto Sans Bold': { family: 'Noto Sans', weight: 700, italic: false },
  'Poppins Light': { family: 'Poppins', weight: 300, italic: false },
  'Poppins Medium': { family: 'Poppins', weight: 500, italic: false },
};

function headlineOf(visual: TimelineVisual, scene: TimelineScene, offset: number): HeadlineLayer | null {
  const headline = visual.headline;
  if (!headline || headline.text.trim() === '' || !(scene.duration >= HEADLINE_MIN_SCENE)) return null;
  if (offset < HEADLINE_DELAY || offset >= scene.duration - HEADLINE_CLEARANCE) return null;
  return {
    text: headline.text,
    x: headline.x,
    y: headline.y,
    align: headline.align,
    size: headline.size,
    tracking: headline.tracking,
    ink: headline.ink,
    font: HEADLINE_FACES[headline.font] ?? { family: headline.font, weight: 700, italic: false },
  };
}

/**
 * The preview at `time`. `base` is the timeline the edit started from (the newest render's): a
 * scene whose new picture is not made yet shows the picture it had there, dimmed.
 */
export function previewFrame(timeline: Timeline, assets: PreviewAssets, time: number, base?: Timeline | null): PreviewFrame {
  const duration = timelineDuration(timeline);
  const at = clampTime(time, duration);
  const { index, offset } = sceneAt(timeline, at);
  const scene = timeline.scenes[index]!;
  const { starts } = sceneStarts(timeline);
  const last = index === timeline.scenes.length - 1;
  const sceneSeconds = last ? duration - starts[index]! : scene.duration;
  let picture: ScenePicture | null;
  let pictureStandIn: PreviewFrame['pictureStandIn'] = null;
  let headline: HeadlineLayer | null = null;
  if (needsVisual(scene)) {
    const previous = base?.scenes.find((candidate) => candidate.id === scene.id)?.visual;
    picture = previous ? pictureOf(previous, assets, index, offset, sceneSeconds) : null;
    pictureStandIn = { prompt: scene.visual.prompt, label: NEW_PICTURE_LABEL };
  } else {
    picture = pictureOf(scene.visual, assets, index, offset, sceneSeconds);
    headline = headlineOf(scene.visual, scene, offset);
  }
  return {
    time: at,
    duration,
    sceneIndex: index,
    sceneId: scene.id,
    offset,
    sceneSeconds,
    picture,
    pictureStandIn,
    voice: voiceOf(scene, timeline, assets, offset),
    words: scene.captions.map((word) => ({ word: word.word, start: starts[index]! + word.start, end: starts[index]! + word.end })),
    headline,
  };
}

/** "0:12", "1:05", "1:02:03". */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds + 1e-6));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The time `frames` frames from `time`, on the frame grid, kept inside the video. */
export function stepFrames(time: number, frames: number, duration: number): number {
  const frame = Math.round(time * PREVIEW_FPS) + frames;
  return clampTime(frame / PREVIEW_FPS, duration);
}
