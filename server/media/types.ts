// What the render pipeline hands the media layer. The pipeline (server/domain/videos)
// prepares files; these functions turn them into one finished MP4 in one ffmpeg pass.
import type { CaptionStyle, WordTiming } from '../../contract';
import type { SceneHeadline, VisualMotion } from '../domain/ports/visuals';

export type { VisualMotion };

export interface SceneClip {
  /** A local image (PNG/JPEG) or video file. */
  path: string;
  kind: 'image' | 'video';
  /** Seconds from the start of the video. */
  start: number;
  duration: number;
  /** How to move a still (ignored for clips). Absent: the default pan, its direction varying by
   *  scene (AI images, stock, uploads). */
  motion?: VisualMotion;
}

export interface ComposeInput {
  scenes: SceneClip[];
  /** The voice-over (any format ffmpeg reads). */
  voicePath: string;
  /** Background music, looped or trimmed to the video, ducked under the voice and faded out. */
  music: { path: string; volume: number } | null;
  /** ASS subtitles to burn in (see captions), or null for none. */
  assPath: string | null;
  /** Folder of the shipped caption fonts (libass fontsdir). */
  fontsDir: string;
  width: number;
  height: number;
  /** Frames per second (30). */
  fps: number;
  /** Total seconds: the narration's length plus a short tail. */
  duration: number;
  /** "Made with Reelflow" in a corner when true. */
  watermark: boolean;
  outputPath: string;
  thumbnailPath: string;
}

export interface ComposeResult {
  duration: number;
  width: number;
  height: number;
  sizeBytes: number;
}

export interface CaptionInput {
  words: WordTiming[];
  style: CaptionStyle;
  width: number;
  height: number;
  /** Scenes' key phrases to burn as kinetic type in the same pass (built-in art only). */
  headlines?: Array<{ headline: SceneHeadline; start: number; duration: number }>;
}

/** Reports work done, 0–1, for the stage's share of the progress bar. */
export type ProgressReporter = (fraction: number) => void;
