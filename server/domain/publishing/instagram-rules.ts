// Instagram Reels rules a post can be checked against before anything is scheduled, from what the
// video row knows (reference/platforms.md §3 "Limits": 3 s to 15 min, a size limit that Meta's
// pages give as 300 MB or 1 GB [?] — configurable, INSTAGRAM_MAX_VIDEO_BYTES). Codecs, frame rate
// and the cover moment against the duration are checked too when the row has the facts.
import type { InstagramOptions } from '../../../contract/publishing';

export const INSTAGRAM_MIN_SECONDS = 3;
export const INSTAGRAM_MAX_SECONDS = 15 * 60;
export const DEFAULT_INSTAGRAM_MAX_BYTES = 300_000_000;

export interface ReelFacts {
  duration: number | null;
  sizeBytes: number | null;
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1_000_000)} MB`;

/** Plain messages for what Instagram would refuse; empty when the video fits a Reel. */
export function instagramReelProblems(video: ReelFacts, options: InstagramOptions | undefined, maxBytes = DEFAULT_INSTAGRAM_MAX_BYTES): string[] {
  const problems: string[] = [];
  if (video.duration !== null && video.duration < INSTAGRAM_MIN_SECONDS) problems.push(`Instagram Reels must be at least ${INSTAGRAM_MIN_SECONDS} seconds long; this video is ${video.duration.toFixed(1)} s.`);
  if (video.duration !== null && video.duration > INSTAGRAM_MAX_SECONDS) problems.push(`Instagram Reels can be at most 15 minutes long; this video is ${Math.ceil(video.duration / 60)} minutes.`);
  if (video.sizeBytes !== null && video.sizeBytes > maxBytes) problems.push(`Instagram takes Reels of at most ${megabytes(maxBytes)}; this video is ${megabytes(video.sizeBytes)}.`);
  const offset = options?.thumb_offset_ms;
  if (offset !== undefined && video.duration !== null && offset > video.duration * 1000) problems.push('The Instagram cover moment is after the end of the video.');
  return problems;
}
