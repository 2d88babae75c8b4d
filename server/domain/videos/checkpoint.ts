// What each finished stage leaves behind for the next ones (ai_videos.checkpoint). Files live in
// storage under the video's prefix; only their keys and small facts are kept here. A stage whose
// entry is present is never run again, so a crash or restart resumes at the first missing one.
import type { MusicMood } from '../../../contract/builtin-music';
import type { WordTiming } from '../../../contract/captions';
import type { SceneHeadline, VisualLicence, VisualMotion } from '../ports/visuals';

export interface PlannedScene {
  /** The narration of this scene. */
  text: string;
  /** What the picture should show (for image providers). */
  prompt: string;
  /** A few search words (for stock providers). */
  keywords: string[];
  /** Words of `text`, used to find the scene's span in the voice's word timings. */
  wordCount: number;
}

export interface RenderedScene {
  key: string;
  kind: 'image' | 'video';
  start: number;
  duration: number;
  /** Which provider drew it (or 'upload' for the creator's own media). */
  source: string;
  attribution: string | null;
  /** The picture's open licence and author (Openverse), behind `attribution`. */
  licence?: VisualLicence;
  /** Why the built-in art stands in for what the configured provider could not deliver. */
  fallbackReason?: string;
  /** The camera move the provider suggests for a still (built-in art moves per style). */
  motion?: VisualMotion;
  /** The built-in art's key phrase, burned in as kinetic type with the captions. */
  headline?: SceneHeadline;
}

export interface VideoCheckpoint {
  /** Fixed when the video is queued: the price shown and the rate it was computed with. */
  pricing?: { price: number; creditsPerSecond: number; estimatedSeconds: number };
  /** The narration text known at creation (script or saved script); absent for a prompt. */
  source?: { text: string; title: string | null };
  /**
   * The narration. Its parts are paragraphs (blank lines): a written script's hook, three beats,
   * payoff and call to action, or a creator's own paragraphs; scenes cut and pauses fall between them.
   */
  script?: {
    text: string;
    title: string;
    writer: string;
    /** Where the script's facts come from (plain text for the video's description), or null; absent in videos made before it existed. */
    attribution?: string | null;
    /** Seconds the creator asked for (a script written from a prompt); null: the narration decides. */
    targetSeconds?: number | null;
  };
  scenes?: PlannedScene[];
  voice?: { key: string; format: 'wav' | 'mp3'; duration: number; words: WordTiming[]; provider: string; voiceId: string };
  /** Scenes drawn so far, in order; complete when `visualsDone` is true. */
  visuals?: RenderedScene[];
  visualsDone?: boolean;
  /** The track mixed (title and mood kept so the video's details can show what "Auto" chose). */
  music?: { key: string; volume: number; trackId?: string; title?: string; mood?: MusicMood | null; auto?: boolean } | null;
  captions?: { key: string | null };
  /** The finished files; the video completes (and is settled) right after this is saved. */
  render?: { videoKey: string; thumbnailKey: string; duration: number; width: number; height: number; sizeBytes: number };
}
