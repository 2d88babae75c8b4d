// Stage 5: the background music — a built-in track, the creator's own track from their library,
// "auto" (the built-in track whose mood fits the script, server/domain/videos/music-mood.ts), or
// none. What was chosen is kept in the checkpoint, so a restart mixes the same track and the
// video's details can name it. A library track deleted since the video was created is the
// creator's doing (not refunded).
import { AUTO_MUSIC, builtinMusicTrack } from '../../../../contract/builtin-music';
import { autoMusicTrack } from '../music-mood';
import type { Stage } from './context';
import { CreatorCauseError } from './failures';

export const musicStage: Stage = async ({ services, video, checkpoint, signal }) => {
  const chosen = video.settings.music;
  if (!chosen) return { music: null };
  const auto = chosen.track_id === AUTO_MUSIC;
  const builtin = auto ? autoMusicTrack(checkpoint.script?.text ?? checkpoint.source?.text ?? video.title) : builtinMusicTrack(chosen.track_id);
  if (builtin) {
    const stored = await services.builtinMusic(builtin, signal);
    return { music: { key: stored.key, volume: chosen.volume, trackId: builtin.id, title: builtin.title, mood: builtin.mood, auto } };
  }
  const track = await services.musicTrack(services.db, video.userId, chosen.track_id);
  if (!track) {
    throw new CreatorCauseError('The music track you chose was deleted from your library. Create the video again with another track or without music.');
  }
  return { music: { key: track.key, volume: chosen.volume, trackId: chosen.track_id, title: track.title, mood: null, auto: false } };
};
