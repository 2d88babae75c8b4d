// What a version's render has finished so far (ai_video_versions.checkpoint), so a restart after a
// crash resumes without recording, drawing or encoding anything twice. Segments are keyed by the
// hash of what went into them and live under the video's folder, so a finished one is found again
// by its key even when the checkpoint write was lost.
export interface VersionCheckpoint {
  /** Scene ids recorded again for this version, with the stored recording. */
  recorded?: Record<string, { asset: string; seconds: number }>;
  /** Scene ids whose picture was made for this version. */
  drawn?: Record<string, { asset: string; kind: 'image' | 'video' }>;
  /** Segment keys encoded (or found) so far, in scene order. */
  segments?: string[];
  /** The mixed soundtrack's storage key. */
  audio?: string;
}
