// Stage 7: one ffmpeg pass (server/media composeVideo) from the checkpointed artefacts to an
// H.264/AAC MP4 in the aspect ratio's frame size at 30 fps, plus a thumbnail; both are uploaded
// under the video's folder. The work copies are removed with the work folder.
import { stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { FRAME_SIZES } from '../../../../contract/videos';
import type { Stage, StageContext } from './context';
import { CreatorCauseError } from './failures';
import { TAIL_SECONDS } from './timing';

export const RENDER_FPS = 30;

const local = (context: StageContext, key: string) => context.services.storage.download(key, join(context.workDir, basename(key)));

async function musicFile(context: StageContext): Promise<{ path: string; volume: number } | null> {
  const music = context.checkpoint.music;
  if (!music) return null;
  try {
    return { path: await context.services.storage.download(music.key, join(context.workDir, `music-${basename(music.key)}`)), volume: music.volume };
  } catch (error) {
    if ((await context.services.storage.stat(music.key)) === null) {
      throw new CreatorCauseError('The music track you chose was deleted from your library. Create the video again with another track or without music.');
    }
    throw error;
  }
}

export const renderStage: Stage = async (context) => {
  const { services, video, checkpoint, prefix, workDir, signal } = context;
  const voice = checkpoint.voice;
  if (!voice || !checkpoint.visuals) throw new Error('render needs the voice and visuals stages');
  const { width, height } = FRAME_SIZES[video.settings.aspect_ratio];
  const voicePath = await local(context, voice.key);
  const scenes = [];
  for (const scene of checkpoint.visuals) {
    const path = await local(context, scene.key);
    // The built-in art's per-style motion; other sources get the composer's default pan.
    scenes.push({ path, kind: scene.kind, start: scene.start, duration: scene.duration, ...(scene.motion ? { motion: scene.motion } : {}) });
  }
  const assPath = checkpoint.captions?.key ? await local(context, checkpoint.captions.key) : null;
  const music = await musicFile(context);
  context.progress(0.05);
  const outputPath = join(workDir, 'video.mp4');
  const thumbnailPath = join(workDir, 'thumbnail.jpg');
  const result = await services.compose(
    {
      scenes,
      voicePath,
      music,
      assPath,
      fontsDir: services.fontsDir,
      width,
      height,
      fps: RENDER_FPS,
      duration: voice.duration + TAIL_SECONDS,
      watermark: video.settings.watermark,
      outputPath,
      thumbnailPath,
    },
    (fraction) => context.progress(0.05 + fraction * 0.9),
    signal,
  );
  const videoKey = `${prefix}video.mp4`;
  const thumbnailKey = `${prefix}thumbnail.jpg`;
  const sizeBytes = result.sizeBytes || (await stat(outputPath)).size;
  await services.storage.putFile(videoKey, outputPath, 'video/mp4');
  await services.storage.putFile(thumbnailKey, thumbnailPath, 'image/jpeg');
  return { render: { videoKey, thumbnailKey, duration: result.duration, width: result.width, height: result.height, sizeBytes } };
};
