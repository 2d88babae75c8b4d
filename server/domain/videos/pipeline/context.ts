// What one stage gets to work with: the video, the checkpoint so far, a work folder that is
// removed when the run ends, a progress reporter for its share of the bar, and an abort signal
// (the video was deleted, or the server is stopping).
import type { AiVideoRow } from '../../../db/schema-videos';
import type { VideoCheckpoint } from '../checkpoint';
import type { RenderServices } from './services';

export interface StageContext {
  services: RenderServices;
  video: AiVideoRow;
  checkpoint: VideoCheckpoint;
  /** users/{userId}/videos/{id}/ — every stored file of this video is under it. */
  prefix: string;
  workDir: string;
  signal: AbortSignal;
  /** 0–1 of this stage's work. */
  progress(fraction: number): void;
  /** Saves part of a stage's result at once (long stages resume mid-way after a crash). */
  saveCheckpoint(partial: Partial<VideoCheckpoint>): Promise<void>;
}

/** A stage returns what it adds to the checkpoint; once saved, it never runs again. */
export type Stage = (context: StageContext) => Promise<Partial<VideoCheckpoint>>;
