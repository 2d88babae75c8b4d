// Captions burned into a creator's own video (`render_video`): the same ASS writer, fonts
// and presets as generated videos, laid out on the picture as it plays (a phone's rotation is
// applied first, as ffmpeg does when decoding), the sound kept. Written to a temporary file and
// renamed into place, so a cancelled or failed burn never leaves a half-written video behind.
import { randomUUID } from 'node:crypto';
import { rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { CaptionStyle, WordTiming } from '../../contract';
import { writeAssFile } from './captions';
import { FfmpegError, probe, runFfmpeg } from './ffmpeg';
import { makeWorkDir } from './temp-roots';
import { AUDIO_ENCODER_ARGS, filterValue, VIDEO_ENCODER_ARGS } from './filtergraph';
import type { ProgressReporter } from './types';

export interface BurnCaptionsInput {
  /** The creator's video. */
  source: string;
  /** Where the captioned MP4 goes (its folder must exist). */
  output: string;
  words: readonly WordTiming[];
  style: CaptionStyle;
  /** Folder with the caption fonts (server/media/fonts.ts prepareFontsDir). */
  fontsDir: string;
}

export interface BurnedVideo {
  duration: number;
  width: number;
  height: number;
  sizeBytes: number;
}

/** The picture's size as it plays: width and height swap for a quarter turn. */
export function displaySize(width: number, height: number, rotation: number): { width: number; height: number } {
  return rotation === 90 || rotation === 270 ? { width: height, height: width } : { width, height };
}

export async function burnCaptions(input: BurnCaptionsInput, onProgress?: ProgressReporter, signal?: AbortSignal): Promise<BurnedVideo> {
  const facts = await probe(input.source, signal);
  if (!facts.width || !facts.height) throw new FfmpegError('This file has no picture to put captions on.', '', null);
  const size = displaySize(facts.width, facts.height, facts.rotation);
  const work = await makeWorkDir('burn');
  const partial = join(dirname(input.output), `.${randomUUID()}.partial.mp4`);
  try {
    const assPath = join(work, 'captions.ass');
    await writeAssFile({ words: [...input.words], style: input.style, ...size }, assPath);
    const captions = `ass=filename=${filterValue(assPath)}:fontsdir=${filterValue(input.fontsDir)}`;
    await runFfmpeg(
      [
        '-y',
        '-i',
        input.source,
        // Even sides for yuv420p; the picture is not otherwise scaled.
        '-vf',
        `${captions},scale=trunc(iw/2)*2:trunc(ih/2)*2,setsar=1`,
        '-map',
        '0:v:0',
        '-map',
        '0:a:0?',
        ...VIDEO_ENCODER_ARGS,
        ...AUDIO_ENCODER_ARGS,
        '-movflags',
        '+faststart',
        '-f',
        'mp4',
        partial,
      ],
      { signal, onProgress: (seconds) => onProgress?.(facts.duration > 0 ? Math.min(1, seconds / facts.duration) : 0) },
    );
    await rename(partial, input.output);
    const written = await stat(input.output);
    onProgress?.(1);
    return { duration: facts.duration, width: size.width - (size.width % 2), height: size.height - (size.height % 2), sizeBytes: written.size };
  } finally {
    await rm(partial, { force: true });
    await rm(work, { recursive: true, force: true });
  }
}
