// Instagram's part of the compose form (Reels: reference/platforms.md §3): share to the feed and
// the cover moment. Pure, like compose-values.ts, which wires it in. A Reel's length, size and
// encoding are the shared pre-flight's (contract/preflight.ts), run here and on the server.
import type { InstagramOptions } from '../../../../contract/publishing';
import type { LocalAccount, PublishVideoRow } from '../../../store';

export interface InstagramValues {
  /** Also show the Reel in the profile's feed grid (Instagram may ignore it now [?]). */
  shareToFeed: boolean;
  /** The cover's moment in seconds; null: Instagram picks the first frame. */
  coverSeconds: number | null;
}

export function emptyInstagram(): InstagramValues {
  return { shareToFeed: true, coverSeconds: null };
}

export function instagramValuesFrom(options: Partial<InstagramOptions> | undefined): InstagramValues {
  return {
    shareToFeed: options?.share_to_feed ?? true,
    coverSeconds: options?.thumb_offset_ms !== undefined ? options.thumb_offset_ms / 1000 : null,
  };
}

export function picksInstagram(accountIds: string[], accounts: LocalAccount[]): boolean {
  return accounts.some((account) => account.platform === 'instagram' && accountIds.includes(account.id));
}

export function instagramOptionsOf(values: InstagramValues): InstagramOptions {
  return { share_to_feed: values.shareToFeed, ...(values.coverSeconds !== null ? { thumb_offset_ms: Math.round(values.coverSeconds * 1000) } : {}) };
}

/** The problem of the cover field, or null: a number of seconds within the video. */
export function instagramProblem(values: InstagramValues, video: PublishVideoRow | null): { field: 'instagramCover'; message: string } | null {
  const duration = video?.duration ?? null;
  const cover = values.coverSeconds;
  if (cover !== null && (!Number.isFinite(cover) || cover < 0)) return { field: 'instagramCover', message: 'The cover moment must be a number of seconds from the start.' };
  if (cover !== null && duration !== null && cover > duration) return { field: 'instagramCover', message: `The cover moment must be within the video (at most ${Math.floor(duration)} s).` };
  return null;
}
