// Steps 4 and 5 of a version: the soundtrack of the whole video as one mix (each scene's reading
// placed at its start, the music under it), then the stored segments joined with it into the
// version's MP4 and thumbnail, under the version's own folder so earlier versions stay playable.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { builtinMusicTrack } from '../../../../contract/builtin-music';
import { sceneStarts, timelineCaptionWords, timelineDuration, TIMELINE_FPS } from '../../../../contract/timeline';
import { CreatorCauseError } from '../../videos/pipeline/failures';
import { assetKey, localAsset } from './assets';
import type { VersionContext } from './context';
import { contentIdOf } from './segments';

async function musicKey(context: VersionContext): Promise<string | null> {
  const music = context.timeline.music;
  if (!music || music.volume <= 0) return null;
  const builtin = builtinMusicTrack(music.track_id);
  if (builtin) return (await context.services.builtinMusic(builtin, context.signal)).key;
  const track = await context.services.musicTrack(context.services.db, context.video.userId, music.track_id);
  if (!track) throw new CreatorCauseError('The music track you chose was deleted from your library. Choose another track in the editor and render again.');
  return track.key;
}

/**
 * The whole video's sound: every scene's reading at its start, the music under it. Stored by the
 * hash of what it is made of, so a version that leaves the sound alone reuses the last mix.
 */
export async function mixSoundtrack(context: VersionContext): Promise<string> {
  const { services, timeline, prefix, workDir, signal } = context;
  // Each reading starts on its segment's first frame; the mix is exactly the frames' length.
  const { starts, total: duration } = sceneStarts(timeline);
  const pieces = [];
  for (const [index, scene] of timeline.scenes.entries()) {
    const recording = scene.recording;
    if (!recording) throw new Error(`scene ${scene.id} has no recording after the recording step`);
    const key = await assetKey(context, recording.asset);
    pieces.push({ key, contentId: await contentIdOf(context, key), from: recording.from, to: recording.to, at: starts[index]! });
  }
  const musicStored = await musicKey(context);
  const music = musicStored && timeline.music ? { key: musicStored, contentId: await contentIdOf(context, musicStored), volume: timeline.music.volume, ducking: timeline.music.ducking, fadeIn: timeline.music.fade_in, fadeOut: timeline.music.fade_out } : null;
  const hash = services.segments.soundtrackKey({
    clips: pieces.map(({ contentId, from, to, at }) => ({ contentId, from, to, at })),
    music: music ? { contentId: music.contentId, volume: music.volume, ducking: music.ducking, fadeIn: music.fadeIn, fadeOut: music.fadeOut } : null,
    duration,
  });
  const stored = `${prefix}soundtracks/${hash}.m4a`;
  if ((await services.storage.stat(stored)) !== null) return localAsset(context, stored);
  const clips = [];
  for (const piece of pieces) clips.push({ path: await localAsset(context, piece.key), from: piece.from, to: piece.to, at: piece.at });
  const output = join(workDir, `soundtrack-${hash}.m4a`);
  const musicInput = music ? { path: await localAsset(context, music.key), volume: music.volume, ducking: music.ducking, fadeIn: music.fadeIn, fadeOut: music.fadeOut } : null;
  await services.segments.mixSoundtrack({ clips, music: musicInput, duration, output }, undefined, signal);
  await services.storage.putFile(stored, output, 'audio/mp4');
  return localAsset(context, stored);
}

/** Mid-way through the first caption shown after 1 s, else a third in (as the one-pass render picks). */
export function versionThumbnailTime(context: Pick<VersionContext, 'timeline'>): number {
  const total = timelineDuration(context.timeline);
  const word = timelineCaptionWords(context.timeline).find((candidate) => candidate.start >= Math.min(1, total / 4));
  return word ? Math.min(total - 0.05, (word.start + word.end) / 2) : total / 3;
}

export interface FinishedFiles {
  videoKey: string;
  thumbnailKey: string;
  duration: number;
  width: number;
  height: number;
  sizeBytes: number;
}

export async function joinVersion(context: VersionContext, segmentKeys: string[], audioPath: string): Promise<FinishedFiles> {
  const { services, prefix, workDir, version, signal } = context;
  const segments = [];
  for (const key of segmentKeys) segments.push(await localAsset(context, key));
  const output = join(workDir, 'video.mp4');
  const thumbnail = join(workDir, 'thumbnail.jpg');
  const joined = await services.segments.joinSegments({ segments, audio: audioPath, output, thumbnail, thumbnailTime: versionThumbnailTime(context), fps: TIMELINE_FPS }, undefined, signal);
  const folder = `${prefix}v${version.version}/`;
  const videoKey = `${folder}video.mp4`;
  const thumbnailKey = `${folder}thumbnail.jpg`;
  await services.storage.putFile(videoKey, output, 'video/mp4');
  await services.storage.putFile(thumbnailKey, thumbnail, 'image/jpeg');
  return { videoKey, thumbnailKey, duration: joined.duration, width: joined.width, height: joined.height, sizeBytes: joined.sizeBytes || (await stat(output)).size };
}
