// One scene → one video-only H.264 MP4 of exactly `frames` frames: the scene's picture (the
// one-pass render's sceneFilter), its captions and key phrase (an ASS script of the scene alone,
// on the scene's clock) and the watermark. Encoded with the one-pass render's settings, so the
// segments of a video share one H.264 configuration and join by stream copy (join-segments.ts).
import { rename, rm, stat, writeFile } from 'node:fs/promises';
import { buildAss } from '../captions';
import { FfmpegError, probe, runFfmpeg } from '../ffmpeg';
import { filterValue, sceneFilter, VIDEO_ENCODER_ARGS, watermarkFilter } from '../filtergraph';
import { partialPathFor } from './partial-file';
import type { EncodeSegmentInput, ProgressReporter, SegmentResult } from './types';

function validate(input: EncodeSegmentInput): void {
  const problems: string[] = [];
  if (!Number.isInteger(input.frames) || input.frames < 1) problems.push('a segment needs a whole number of frames, at least one');
  if (!(input.width >= 16 && input.height >= 16) || input.width % 2 || input.height % 2) problems.push('the frame size must be even');
  if (!(input.fps > 0)) problems.push('the frame rate must be positive');
  if (!(input.trimStart >= 0) || !Number.isFinite(input.trimStart)) problems.push('the trim must be a positive number of seconds');
  if (!Number.isInteger(input.sceneIndex) || input.sceneIndex < 0) problems.push('the scene index must be a whole number from 0');
  if (problems.length) throw new FfmpegError(`The scene could not be rendered: ${problems.join(', ')}.`, '', null);
}

/** The ASS script for the scene alone, or null when there is nothing to burn (no captions, no key phrase). */
export function segmentAss(input: EncodeSegmentInput): string | null {
  if (!input.captions.style.enabled && !input.headline) return null;
  const seconds = input.frames / input.fps;
  return buildAss({
    words: input.captions.words,
    style: input.captions.style,
    width: input.width,
    height: input.height,
    headlines: input.headline ? [{ headline: input.headline, start: 0, duration: seconds }] : [],
  });
}

/** The argv (without the binary) of a segment encode reading `assPath` and writing `output`. */
export function segmentArgs(input: EncodeSegmentInput, paths: { assPath: string | null; output: string }): string[] {
  const clip = input.kind === 'video';
  // A clip starts `trimStart` seconds in (input seek, decoded accurately) and loops from its own
  // beginning if the scene outlasts it; a still is one frame that sceneFilter repeats.
  const inputArgs = clip ? ['-ss', input.trimStart.toFixed(3), '-stream_loop', '-1', '-i', input.visualPath] : ['-i', input.visualPath];
  const scene = { path: input.visualPath, kind: input.kind, frames: input.frames, ...(input.motion ? { motion: input.motion } : {}) };
  const overlays = [
    paths.assPath ? `ass=filename=${filterValue(paths.assPath)}:fontsdir=${filterValue(input.fontsDir)}` : null,
    input.watermark ? watermarkFilter({ width: input.width, height: input.height, fontsDir: input.fontsDir }) : null,
  ].filter((filter): filter is string => filter !== null);
  const label = `s${input.sceneIndex}`;
  const graph = [sceneFilter(scene, input.sceneIndex, 0, input), `[${label}]${overlays.length ? overlays.join(',') : 'null'}[vout]`];
  return [
    '-y',
    ...inputArgs,
    '-filter_complex',
    graph.join(';'),
    '-map', '[vout]',
    ...VIDEO_ENCODER_ARGS,
    // The same GOP as the one-pass render; the first frame of every segment is an IDR frame.
    '-g', String(input.fps * 2), '-r', String(input.fps),
    '-frames:v', String(input.frames),
    '-an',
    '-movflags', '+faststart',
    '-f', 'mp4', paths.output,
  ];
}

export async function encodeSegment(input: EncodeSegmentInput, onProgress?: ProgressReporter, signal?: AbortSignal): Promise<SegmentResult> {
  validate(input);
  const partial = await partialPathFor(input.output);
  const ass = segmentAss(input);
  const assPath = ass === null ? null : `${partial}.ass`;
  const seconds = input.frames / input.fps;
  try {
    if (assPath !== null) await writeFile(assPath, ass!, 'utf8');
    let reported = 0;
    await runFfmpeg(segmentArgs(input, { assPath, output: partial }), {
      signal,
      onProgress: (done) => {
        const fraction = Math.min(0.99, done / seconds);
        if (fraction > reported) {
          reported = fraction;
          onProgress?.(fraction);
        }
      },
    });
    if (signal?.aborted) throw new FfmpegError('Rendering was cancelled.', '', null, true);
    const [facts, file] = await Promise.all([probe(partial), stat(partial)]);
    await rename(partial, input.output);
    onProgress?.(1);
    return { frames: Math.round(facts.duration * input.fps), duration: facts.duration, sizeBytes: file.size };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    if (assPath !== null) await rm(assPath, { force: true });
  }
}
