// The final video from its parts: the scene segments joined by the concat demuxer with stream
// copy (no decode, no re-encode: every segment starts on an IDR frame and was encoded with the
// same settings), the soundtrack muxed beside them as is, then a thumbnail from the joined file.
// Seconds of work for a minute of video, whatever changed.
import { rename, rm, writeFile } from 'node:fs/promises';
import { FfmpegError, probe, runFfmpeg } from '../ffmpeg';
import { THUMBNAIL_MAX_WIDTH } from '../filtergraph';
import { partialPathFor } from './partial-file';
import type { ProgressReporter } from './types';

export interface JoinInput {
  /** The scenes' segment files, in order (encodeSegment's outputs). */
  segments: string[];
  /** The soundtrack (mixSoundtrack's output). */
  audio: string;
  output: string;
  thumbnail: string;
  /** Seconds into the video for the thumbnail (clamped into the video). */
  thumbnailTime: number;
  fps: number;
}

export interface JoinResult {
  /** The segments' frames / fps. */
  duration: number;
  width: number;
  height: number;
  sizeBytes: number;
}

/**
 * A concat demuxer list. Each path is single-quoted; a quote inside is closed, escaped and
 * reopened (`'\''`), the demuxer's own quoting. Line breaks cannot be quoted and are refused.
 */
export function concatList(paths: string[]): string {
  return paths
    .map((path) => {
      if (/[\r\n]/.test(path)) throw new FfmpegError('A segment file name cannot contain a line break.', '', null);
      return `file '${path.replace(/'/g, "'\\''")}'\n`;
    })
    .join('');
}

async function segmentFacts(segments: string[], fps: number, signal?: AbortSignal): Promise<{ frames: number; width: number; height: number }> {
  const facts = [];
  // A few at a time: a video has up to 60 scenes.
  for (let index = 0; index < segments.length; index += 8) facts.push(...(await Promise.all(segments.slice(index, index + 8).map((path) => probe(path, signal)))));
  const first = facts[0]!;
  if (facts.some((fact) => fact.width !== first.width || fact.height !== first.height || fact.videoCodec !== 'h264')) {
    throw new FfmpegError('The scenes cannot be joined: they were not all rendered at the same size.', '', null);
  }
  return { frames: facts.reduce((sum, fact) => sum + Math.round(fact.duration * fps), 0), width: first.width ?? 0, height: first.height ?? 0 };
}

export async function joinSegments(input: JoinInput, onProgress?: ProgressReporter, signal?: AbortSignal): Promise<JoinResult> {
  if (input.segments.length === 0) throw new FfmpegError('The video could not be put together: it has no scenes.', '', null);
  if (!(input.fps > 0)) throw new FfmpegError('The video could not be put together: the frame rate must be positive.', '', null);
  const [video, thumbnail] = await Promise.all([partialPathFor(input.output), partialPathFor(input.thumbnail)]);
  const list = `${video}.txt`;
  const cleanUp = () => Promise.all([rm(video, { force: true }), rm(thumbnail, { force: true })]);
  try {
    const { frames, width, height } = await segmentFacts(input.segments, input.fps, signal);
    const duration = frames / input.fps;
    await writeFile(list, concatList(input.segments), 'utf8');
    await runFfmpeg(
      ['-y', '-f', 'concat', '-safe', '0', '-i', list, '-i', input.audio, '-map', '0:v:0', '-map', '1:a:0', '-c', 'copy', '-movflags', '+faststart', '-f', 'mp4', video],
      { signal },
    );
    onProgress?.(0.7);
    const at = Math.min(Math.max(0, input.thumbnailTime), Math.max(0, duration - 1 / input.fps));
    await runFfmpeg(
      ['-y', '-ss', at.toFixed(3), '-i', video, '-frames:v', '1', '-vf', `scale=${Math.min(THUMBNAIL_MAX_WIDTH, width)}:-2,format=yuvj420p`, '-q:v', '3', '-c:v', 'mjpeg', '-f', 'image2', thumbnail],
      { signal },
    );
    if (signal?.aborted) throw new FfmpegError('Rendering was cancelled.', '', null, true);
    const facts = await probe(video);
    await rename(thumbnail, input.thumbnail);
    try {
      await rename(video, input.output);
    } catch (error) {
      await rm(input.thumbnail, { force: true });
      throw error;
    }
    onProgress?.(1);
    return { duration, width: facts.width ?? width, height: facts.height ?? height, sizeBytes: facts.sizeBytes };
  } catch (error) {
    await cleanUp();
    throw error;
  } finally {
    await rm(list, { force: true });
  }
}
