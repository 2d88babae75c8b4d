// What a scene segment is made of. The same description feeds `segmentKey` (with the visual's
// content id) and `encodeSegment` (with the visual's local file), so the key can only cover
// what the encoder actually draws.
import type { CaptionStyle, WordTiming } from '../../../contract';
import type { SceneHeadline, VisualMotion } from '../../domain/ports/visuals';
import type { ProgressReporter } from '../types';

export type { ProgressReporter };

export interface SegmentPicture {
  kind: 'image' | 'video';
  /** How a still moves (ignored for clips); absent or null: the default pan, its direction set by `sceneIndex`. */
  motion?: VisualMotion | null;
  /** The scene's place in the video; only picks the default pan's direction for a still without a hint. */
  sceneIndex: number;
  /** Seconds into a clip where the scene starts (ignored for stills). */
  trimStart: number;
  /** Exactly this many frames (see segmentFrames: scenes abut on the frame grid). */
  frames: number;
  width: number;
  height: number;
  fps: number;
  /** The scene's caption words on the scene's own clock (0 = the scene's first frame), and the resolved style. */
  captions: { words: WordTiming[]; style: CaptionStyle };
  /** The built-in art's key phrase, burned as kinetic type; null for none. */
  headline: SceneHeadline | null;
  watermark: boolean;
}

export interface SegmentKeyInput extends SegmentPicture {
  /**
   * What the visual file is, not where it sits on this machine: e.g. its storage key plus size or
   * ETag. The same id must mean the same bytes.
   */
  contentId: string;
}

export interface EncodeSegmentInput extends SegmentPicture {
  /** The visual as a local file (PNG/JPEG still or a video clip). */
  visualPath: string;
  /** Folder made by prepareFontsDir (captions, key phrase and watermark faces). */
  fontsDir: string;
  /** Where the MP4 goes; written under a temporary name and renamed into place on success. */
  output: string;
}

export interface SegmentResult {
  frames: number;
  duration: number;
  sizeBytes: number;
}
