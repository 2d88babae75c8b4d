// The editor's model of a finished video: one versioned JSON document that the server's
// renderer reads to make a version and the browser's preview composes live. It says what the
// video is made of (scenes in order, the music bed, captions, the watermark) and refers to media
// by asset names; the server resolves a name to a file of that video, or to the creator's own
// upload, and hands the browser signed URLs beside the timeline. Design and rules:
// docs/decisions/editor.md.
import { z } from 'zod';
import { captionSettings, resolveCaptionStyle, type CaptionStyle, type WordTiming } from './captions';
import { ART_STYLES } from './permissions';
import { ASPECT_RATIOS } from './videos';
import { videoVoice } from './voices';
import { VIDEO_TAIL_SECONDS } from './writer-reach';

/** Bumped when the document's shape changes; the server upgrades older documents when it reads them. */
export const TIMELINE_MODEL = 1;

export const TIMELINE_LIMITS = {
  scenes: 60,
  sceneText: 2000,
  wordsPerScene: 600,
  word: 100,
  /** Longest scene, seconds. */
  sceneSeconds: 120,
  /** Shortest scene, seconds (a cut shorter than this reads as a glitch). */
  minSceneSeconds: 0.5,
  /** Longest video, seconds (the create flow's limit). */
  videoSeconds: 600,
  prompt: 1000,
} as const;

const seconds = (max: number) => z.number({ message: 'Times must be numbers of seconds.' }).finite().min(0).max(max);

/** A stable name for a scene (kept across reorders, so undo, conflicts and segments can follow it). */
export const sceneId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'A scene id is 1–40 letters, digits, "-" or "_".');

/**
 * A file the video uses, by name: `v/<path>` is a file of this video (the server lists them with
 * signed URLs beside the timeline), `m/<uuid>` the creator's own upload from the media library.
 */
export const assetName = z
  .string()
  .max(300)
  .regex(/^(v\/[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*|m\/[0-9a-f-]{36})$/, 'The asset name is invalid.')
  .refine((name) => !name.split('/').includes('..'), 'The asset name is invalid.');
export type AssetName = z.infer<typeof assetName>;

export const timelineWord = z
  .object({
    word: z.string().trim().min(1, 'A caption word cannot be empty.').max(TIMELINE_LIMITS.word),
    /** Seconds from the start of the scene. */
    start: seconds(TIMELINE_LIMITS.sceneSeconds),
    end: seconds(TIMELINE_LIMITS.sceneSeconds),
  })
  .refine((word) => word.end >= word.start, 'A word cannot end before it starts.');

const wordList = z.array(timelineWord).max(TIMELINE_LIMITS.wordsPerScene);

/** Which voice reads the narration (the create request's voice; null: the language's built-in voice). */
export const timelineVoiceSettings = videoVoice.nullable();
export type TimelineVoiceSettings = z.output<typeof timelineVoiceSettings>;

/**
 * A scene's recorded narration: the span [from, to) of an audio asset and its words. It is current
 * when it says the scene's text with the timeline's voice; otherwise the next render records the
 * scene again and the preview plays a marked stand-in.
 */
export const sceneRecording = z
  .object({
    asset: assetName,
    /** Seconds into the asset where this scene's narration starts, and where it ends. */
    from: seconds(TIMELINE_LIMITS.videoSeconds),
    to: seconds(TIMELINE_LIMITS.videoSeconds),
    /** The text this recording says, and the voice that said it (compared with the scene's). */
    text: z.string().max(TIMELINE_LIMITS.sceneText),
    voice: timelineVoiceSettings,
    /** The voice's own word timings, seconds from the scene's start. */
    words: wordList,
  })
  .refine((recording) => recording.to > recording.from, 'A recording must end after it starts.')
  .refine((recording) => recording.to - recording.from <= TIMELINE_LIMITS.sceneSeconds, 'A scene is at most 120 seconds long.');
export type SceneRecording = z.output<typeof sceneRecording>;

export const MOTION_PANS = ['up', 'down', 'left', 'right', 'none'] as const;
export const MOTION_ZOOMS = ['in', 'out', 'none'] as const;
/** A camera move over a still (ignored for clips): pan and zoom over `amount` (0–0.2) of the frame. */
export const timelineMotion = z.object({
  pan: z.enum(MOTION_PANS),
  zoom: z.enum(MOTION_ZOOMS),
  amount: z.number().min(0).max(0.2),
});
export type TimelineMotion = z.output<typeof timelineMotion>;

/**
 * The move a still without one gets: the renderer's default 8 % pan, its direction varying by the
 * scene's place (→ ← ↓ ↑). Written into the timeline, so reordering scenes never changes a picture.
 */
export function defaultMotion(sceneIndex: number): TimelineMotion {
  const pans = ['right', 'left', 'down', 'up'] as const;
  return { pan: pans[((sceneIndex % 4) + 4) % 4]!, zoom: 'none', amount: 0.08 };
}

/** The shipped faces a headline can be set in (server/media/fonts.ts gives libass each file). */
export const HEADLINE_FONTS = ['Anton', 'Bebas Neue', 'Montserrat Black Italic', 'Montserrat SemiBold', 'Noto Sans Bold', 'Poppins Light', 'Poppins Medium'] as const;

/** A built-in art scene's key phrase, set as kinetic type (server/domain/ports/visuals SceneHeadline). */
export const timelineHeadline = z
  .object({
    text: z.string().max(200),
    style: z.enum(ART_STYLES),
    font: z.enum(HEADLINE_FONTS),
    x: z.number().min(0).max(1),
    y: z.number().min(0).max(1),
    align: z.enum(['center', 'left']),
    size: z.number().min(0).max(1),
    tracking: z.number().min(-1).max(1),
    width: z.number().min(0).max(1),
    ink: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    accent: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  })
  .nullable();

export const VISUAL_SOURCES = ['generated', 'stock', 'upload'] as const;

/**
 * The scene's picture. `asset` null means "to be made at the next render": generated in the
 * video's art style from `prompt` (source 'generated') or found as stock from it ('stock').
 */
export const timelineVisual = z.object({
  source: z.enum(VISUAL_SOURCES),
  asset: assetName.nullable(),
  kind: z.enum(['image', 'video']),
  /** What the picture should show: the prompt for a generated picture, the search for stock. */
  prompt: z.string().max(TIMELINE_LIMITS.prompt),
  motion: timelineMotion.nullable(),
  /** Seconds into a clip where the scene's picture starts (0 for stills). */
  trim_start: seconds(3600),
  headline: timelineHeadline.optional(),
  /** Credit line for stock or openly licensed media. */
  attribution: z.string().max(1000).nullable(),
});
export type TimelineVisual = z.output<typeof timelineVisual>;

export const timelineScene = z.object({
  id: sceneId,
  /** The narration of this scene as the creator wants it. */
  text: z.string().trim().min(1, 'A scene needs some narration.').max(TIMELINE_LIMITS.sceneText, 'A scene’s narration must not be longer than 2000 characters.'),
  /** null until the scene has been recorded (a new scene). */
  recording: sceneRecording.nullable(),
  visual: timelineVisual,
  /** How long the scene is on screen, seconds: at least its narration, so nothing is cut off. */
  duration: z.number().finite().min(TIMELINE_LIMITS.minSceneSeconds).max(TIMELINE_LIMITS.sceneSeconds),
  /**
   * The caption words, seconds from the scene's start. They follow the recording's words (and are
   * re-timed with it) but their text can be corrected without touching the voice.
   */
  captions: wordList,
});
export type TimelineScene = z.output<typeof timelineScene>;

export const timelineMusic = z
  .object({
    /** A built-in track's id or one of the creator's tracks. */
    track_id: z.uuid('The music track id must be a valid UUID.'),
    title: z.string().max(200).optional(),
    volume: z.number().min(0).max(1),
    /** Music dips under the voice. */
    ducking: z.boolean(),
    fade_in: z.number().min(0).max(10),
    fade_out: z.number().min(0).max(10),
  })
  .nullable();
export type TimelineMusic = z.output<typeof timelineMusic>;

export const timelineDocument = z
  .object({
    model: z.literal(TIMELINE_MODEL),
    aspect_ratio: z.enum(ASPECT_RATIOS),
    language: z.string().min(1).max(40),
    art_style: z.enum(ART_STYLES),
    voice: timelineVoiceSettings,
    scenes: z.array(timelineScene).min(1, 'A video needs at least one scene.').max(TIMELINE_LIMITS.scenes, 'A video has at most 60 scenes.'),
    music: timelineMusic,
    captions: captionSettings,
    watermark: z.boolean(),
    /** Seconds of picture after the last scene's narration. */
    tail: z.number().min(0).max(5),
  })
  .superRefine((timeline, context) => {
    const ids = new Set<string>();
    timeline.scenes.forEach((scene, index) => {
      if (ids.has(scene.id)) context.addIssue({ code: 'custom', message: 'Two scenes have the same id.', path: ['scenes', index, 'id'] });
      ids.add(scene.id);
      // A current recording is never cut off; a stale one is replaced (and the scene re-timed) at the render.
      if (!needsRecording(scene, timeline.voice) && scene.duration + 0.01 < recordingSeconds(scene)) {
        context.addIssue({ code: 'custom', message: 'A scene cannot be shorter than its narration.', path: ['scenes', index, 'duration'] });
      }
    });
    if (timelineDuration(timeline) > TIMELINE_LIMITS.videoSeconds) context.addIssue({ code: 'custom', message: 'A video is at most 600 seconds long.', path: ['scenes'] });
  });
export type Timeline = z.output<typeof timelineDocument>;
export type TimelineInput = z.input<typeof timelineDocument>;

// ---- reading a timeline: shared by the renderer, the price and the preview ----

/** Seconds the scene's recording lasts (0 without one). */
export function recordingSeconds(scene: Pick<TimelineScene, 'recording'>): number {
  return scene.recording ? scene.recording.to - scene.recording.from : 0;
}

/** Whether the scene must be recorded again: new, its text changed, or the timeline's voice did. */
export function needsRecording(scene: Pick<TimelineScene, 'recording' | 'text'>, voice: TimelineVoiceSettings): boolean {
  const recording = scene.recording;
  if (!recording) return true;
  if (normaliseNarration(recording.text) !== normaliseNarration(scene.text)) return true;
  return !sameVoice(recording.voice, voice);
}

/** Whether the scene's picture must be made at the next render. */
export function needsVisual(scene: Pick<TimelineScene, 'visual'>): boolean {
  return scene.visual.asset === null;
}

export function sameVoice(a: TimelineVoiceSettings, b: TimelineVoiceSettings): boolean {
  if (a === null || b === null) return a === b;
  return a.provider === b.provider && a.voice_id === b.voice_id && Math.abs(a.speed - b.speed) < 1e-6;
}

/** Whitespace does not change what a voice says. */
export function normaliseNarration(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Frames per second of every render and of the preview's frame steps. */
export const TIMELINE_FPS = 30;

/**
 * Whole frames of each scene: its own duration rounded to the frame grid (at least one), the
 * tail added to the last. A scene's frames depend on its own length only, so a change to one
 * scene never moves another's frame count (its segment is found again, not re-encoded). What the
 * renderer encodes per segment and what the preview steps through.
 */
export function sceneFrameCounts(timeline: Pick<Timeline, 'scenes' | 'tail'>, fps = TIMELINE_FPS): number[] {
  const last = timeline.scenes.length - 1;
  return timeline.scenes.map((scene, index) => Math.max(1, Math.round(scene.duration * fps)) + (index === last ? Math.round(timeline.tail * fps) : 0));
}

/** The seconds each scene starts at on the frame grid, and the whole length (the tail included, on the last scene). */
export function sceneStarts(timeline: Pick<Timeline, 'scenes' | 'tail'>): { starts: number[]; total: number } {
  const starts: number[] = [];
  let frame = 0;
  for (const count of sceneFrameCounts(timeline)) {
    starts.push(frame / TIMELINE_FPS);
    frame += count;
  }
  return { starts, total: frame / TIMELINE_FPS };
}

/** The video's length in seconds: the scenes end to end, plus the tail. */
export function timelineDuration(timeline: Pick<Timeline, 'scenes' | 'tail'>): number {
  return sceneStarts(timeline).total;
}

/** Every caption word of the video on the video's clock (what the caption engine pages). */
export function timelineCaptionWords(timeline: Pick<Timeline, 'scenes' | 'tail'>): WordTiming[] {
  const { starts } = sceneStarts(timeline);
  return timeline.scenes.flatMap((scene, index) => scene.captions.map((word) => ({ word: word.word, start: starts[index]! + word.start, end: starts[index]! + word.end })));
}

/** The video's caption style, resolved the way the server's caption engine resolves it. */
export function timelineCaptionStyle(timeline: Pick<Timeline, 'captions'>): CaptionStyle {
  return resolveCaptionStyle(timeline.captions);
}

/** The scene on screen at `time` seconds and the time into it (the tail belongs to the last scene). */
export function sceneAt(timeline: Pick<Timeline, 'scenes' | 'tail'>, time: number): { index: number; offset: number } {
  const { starts } = sceneStarts(timeline);
  let index = 0;
  for (let i = 0; i < starts.length; i++) if (starts[i]! <= time) index = i;
  return { index, offset: Math.max(0, time - starts[index]!) };
}

/** Scene duration for a recording: its narration, and never shorter than a scene may be. */
export function durationFor(recordingLength: number): number {
  return Math.min(TIMELINE_LIMITS.sceneSeconds, Math.max(TIMELINE_LIMITS.minSceneSeconds, Math.round(recordingLength * 1000) / 1000));
}

export const DEFAULT_TIMELINE_TAIL = VIDEO_TAIL_SECONDS;

// ---- the calls ----

/** Revision of the saved timeline, as an ETag: `"r<n>"`. */
export function timelineEtag(revision: number): string {
  return `"r${revision}"`;
}

/** `If-Match: "r<n>"` → n; anything else → null. */
export function parseTimelineEtag(header: string | null | undefined): number | null {
  const match = /^\s*(?:W\/)?"r(\d{1,9})"\s*$/.exec(header ?? '');
  return match ? Number(match[1]) : null;
}

/** A rendered version of the video (v1 is the video as first made). */
export interface VideoVersion {
  version: number;
  status: 'queued' | 'processing' | 'completed' | 'failed';
  /** 0–100 while rendering. */
  progress: number;
  error: string | null;
  /** The timeline revision it was rendered from (null for v1 of a video made before the editor). */
  revision: number | null;
  credits_charged: number;
  /** Signed, expiring; null until completed. */
  video_src: string | null;
  thumbnail_src: string | null;
  duration: number | null;
  created_at: string;
}

/** What the next render would make again, and its price (nothing unchanged is charged). */
export interface TimelinePrice {
  credits: number;
  /** Scene ids to be recorded again, and their estimated seconds of narration. */
  revoice: Array<{ scene_id: string; seconds: number }>;
  /** Scene ids whose picture will be made. */
  visuals: string[];
  /** Whether the saved timeline differs from the newest version at all. */
  changed: boolean;
}

/** GET /api/ai-videos/{id}/timeline (ETag: the revision). */
export interface TimelineResponse {
  video_id: string;
  revision: number;
  timeline: Timeline;
  /** Signed URLs of every asset the timeline names (and of earlier scenes' media it may reuse). */
  assets: Record<string, { src: string; kind: 'audio' | 'image' | 'video' }>;
  /** The music track's signed URL for the preview (null: no music, or the track is gone). */
  music_src: string | null;
  versions: VideoVersion[];
  price: TimelinePrice;
  /** Who makes the new pictures of the next render (an AI image model, a stock library, or the built-in art). */
  picture_service: string;
  updated_at: string;
}

/** PUT /api/ai-videos/{id}/timeline; a stale If-Match answers 412 with the server's timeline. */
export const putTimelineRequest = z.object({ timeline: timelineDocument });

/** The 412 body: what the server holds now, so the editor can show what changed. */
export interface TimelineConflict {
  message: string;
  current: TimelineResponse;
}

/** POST /api/ai-videos/{id}/versions: render the saved timeline at `revision`. */
export const renderVersionRequest = z.object({
  revision: z.number().int().min(1),
  /** The price the creator saw; a different one is refused, so nobody pays what they were not shown. */
  credits: z.number().int().min(0),
});
