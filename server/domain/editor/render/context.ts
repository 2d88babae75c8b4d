// What each step of a version render works with: the version's own copy of the timeline (its
// recordings and pictures filled in as they are made), the checkpoint, a work folder removed when
// the run ends, and the services of the video pipeline plus the segment media.
import type { Timeline } from '../../../../contract/timeline';
import type { AiVideoRow, AiVideoVersionRow } from '../../../db/schema-videos';
import type { RenderServices } from '../../videos/pipeline/services';
import type { VersionCheckpoint } from '../version-checkpoint';

/** The pipeline's services serve versions too (their `segments` is the per-scene renderer). */
export type VersionRenderServices = RenderServices;

/** What happened to each scene's segment in a run, for the progress bar and the tests. */
export interface SegmentTally {
  encoded: string[];
  reused: string[];
}

export interface VersionContext {
  services: VersionRenderServices;
  video: AiVideoRow;
  version: AiVideoVersionRow;
  /** The timeline being rendered; steps fill in what they make and save it. */
  timeline: Timeline;
  checkpoint: VersionCheckpoint;
  /** users/{userId}/videos/{id}/ */
  prefix: string;
  workDir: string;
  signal: AbortSignal;
  progress(fraction: number): void;
  /** Saves the timeline and checkpoint as they stand (a restart resumes from them). */
  save(): Promise<void>;
}
