// Stage 5: the background music — the creator's chosen track from their library, or none. A
// track deleted since the video was created is the creator's doing (not refunded).
import type { Stage } from './context';
import { CreatorCauseError } from './failures';

export const musicStage: Stage = async ({ services, video }) => {
  const chosen = video.settings.music;
  if (!chosen) return { music: null };
  const track = await services.musicTrack(services.db, video.userId, chosen.track_id);
  if (!track) {
    throw new CreatorCauseError('The music track you chose was deleted from your library. Create the video again with another track or without music.');
  }
  return { music: { key: track.key, volume: chosen.volume } };
};
