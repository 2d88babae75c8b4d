// Ids the autopilot derives instead of drawing: the same episode, slot or render round always
// gives the same id, so a step replayed after a crash finds the row its first run made.
import { createHash } from 'node:crypto';

/** A version-5-shaped uuid from the parts (sha-256, not a namespace uuid: only stability matters). */
export function derivedId(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The episode of a series' slot. */
export const episodeIdFor = (seriesId: string, slotMs: number) => derivedId('series-episode', seriesId, new Date(slotMs).toISOString());

/** The video of an episode's render round: the first from the episode, a redo from the video it replaces. */
export const videoIdFor = (episodeId: string, previousVideoId: string | null) => derivedId('series-video', episodeId, previousVideoId ?? 'first');

/** The post of an episode's video. */
export const postIdFor = (episodeId: string, videoId: string) => derivedId('series-post', episodeId, videoId);
