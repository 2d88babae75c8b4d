// Scenes → segments on the frame grid. Each boundary is rounded once (like the one-pass render's
// sceneFrames), so the segments' frames add up to the whole video exactly and nothing drifts; the
// narration of a scene is placed at its segment's first frame.

export interface SegmentSpan {
  /** First frame of the segment in the video, and its frame count. */
  firstFrame: number;
  frames: number;
  /** Seconds from the start of the video: firstFrame / fps (where the scene's narration goes). */
  start: number;
}

/**
 * Scene durations (seconds, in order) plus the tail after the last scene → each scene's span.
 * The tail belongs to the last scene, as in the timeline model.
 */
export function segmentSpans(durations: number[], tail: number, fps: number): SegmentSpan[] {
  if (!(fps > 0)) throw new RangeError('The frame rate must be positive.');
  if (durations.some((duration) => !(duration > 0) || !Number.isFinite(duration)) || !(tail >= 0)) throw new RangeError('Scene durations must be positive numbers of seconds.');
  const boundaries: number[] = [0];
  let at = 0;
  for (const duration of durations) {
    at += duration;
    boundaries.push(Math.round(at * fps));
  }
  boundaries[boundaries.length - 1] = Math.round((at + tail) * fps);
  return durations.map((_, index) => {
    const firstFrame = boundaries[index]!;
    const frames = boundaries[index + 1]! - firstFrame;
    if (frames < 1) throw new RangeError('A scene is shorter than one frame.');
    return { firstFrame, frames, start: firstFrame / fps };
  });
}
