// composeVideo: scenes + voice + music + captions → one H.264/AAC MP4 and a JPEG thumbnail, in
// one ffmpeg pass (filter graph in ./filtergraph). Both files are written under temporary names
// next to their targets and renamed only when ffmpeg succeeded, so a crash or a cancel never
// leaves a partial file where the pipeline would trust it.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { FfmpegError, measureLoudness, probe, runFfmpeg } from './ffmpeg';
import { audioLevels, composeArgs, thumbnailTime } from './filtergraph';
import type { ComposeInput, ComposeResult, ProgressReporter } from './types';

function validate(input: ComposeInput): void {
  const problems: string[] = [];
  if (!(input.duration > 0)) problems.push('the video has no length');
  if (!(input.width >= 16 && input.height >= 16) || input.width % 2 || input.height % 2) problems.push('the frame size must be even');
  if (!(input.fps > 0)) problems.push('the frame rate must be positive');
  if (input.music && !(input.music.volume >= 0 && input.music.volume <= 1)) problems.push('the music volume must be between 0 and 1');
  if (problems.length) throw new FfmpegError(`The video could not be rendered: ${problems.join(', ')}.`, '', null);
}

export async function composeVideo(input: ComposeInput, onProgress?: ProgressReporter, signal?: AbortSignal): Promise<ComposeResult> {
  validate(input);
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const partialVideo = `${input.outputPath}.part-${tag}`;
  const partialThumbnail = `${input.thumbnailPath}.part-${tag}`;
  const cleanUp = () => Promise.all([rm(partialVideo, { force: true }), rm(partialThumbnail, { force: true })]);
  try {
    await mkdir(dirname(input.outputPath), { recursive: true });
    await mkdir(dirname(input.thumbnailPath), { recursive: true });
    const assText = input.assPath ? await readFile(input.assPath, 'utf8') : null;
    // Audio-only loudness scans (a fraction of a second each) so voice and music are levelled
    // before the mix: ducking depth and the music's place under the voice then do not depend on
    // how loud the TTS engine or the uploaded track happened to be.
    const [voiceLufs, musicLufs] = await Promise.all([
      measureLoudness(input.voicePath, { signal }),
      input.music ? measureLoudness(input.music.path, { seconds: input.duration, signal }) : Promise.resolve(null),
    ]);
    const levels = audioLevels(voiceLufs, musicLufs, input.music?.volume ?? null);
    const args = composeArgs(input, { video: partialVideo, thumbnail: partialThumbnail, thumbnailTime: thumbnailTime(assText, input.duration) }, levels);
    let reported = 0;
    await runFfmpeg(args, {
      signal,
      onProgress: (seconds) => {
        // out_time is the muxed position; never report going backwards or past the end.
        const fraction = Math.min(0.99, seconds / input.duration);
        if (fraction > reported) {
          reported = fraction;
          onProgress?.(fraction);
        }
      },
    });
    if (signal?.aborted) throw new FfmpegError('Rendering was cancelled.', '', null, true);
    const [facts] = await Promise.all([probe(partialVideo), stat(partialThumbnail)]);
    await rename(partialThumbnail, input.thumbnailPath);
    try {
      await rename(partialVideo, input.outputPath);
    } catch (error) {
      await rm(input.thumbnailPath, { force: true });
      throw error;
    }
    onProgress?.(1);
    return { duration: facts.duration, width: facts.width ?? input.width, height: facts.height ?? input.height, sizeBytes: facts.sizeBytes };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
