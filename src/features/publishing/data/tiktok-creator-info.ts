// GET /api/tiktok/creator-info through the app's API client, and how the form combines the answers
// of several TikTok accounts: only the privacy levels all of them offer, an interaction off when
// any of them turned it off, the shortest maximum duration.
import type { TiktokCreatorInfo, TiktokPrivacyLevel } from '../../../../contract/publishing';
import { TIKTOK_PRIVACY_LEVELS } from '../../../../contract/publishing';
import { api } from '../../../api';
import { PUBLISHING_URLS } from './urls';

export type LoadCreatorInfo = (accountId: string) => Promise<TiktokCreatorInfo>;

export const loadCreatorInfo: LoadCreatorInfo = async (accountId) => (await api.get<{ data: TiktokCreatorInfo }>(PUBLISHING_URLS.tiktokCreatorInfo, { params: { account_id: accountId } })).data.data;

/** The privacy levels in words (shared with the pre-flight's messages). */
export { TIKTOK_PRIVACY_LABELS as PRIVACY_LABELS, durationText } from '../../../../contract/preflight';

export interface CombinedCreatorInfo {
  privacyLevels: TiktokPrivacyLevel[];
  commentDisabled: boolean;
  duetDisabled: boolean;
  stitchDisabled: boolean;
  maxDurationSec: number | null;
}

export function combineCreatorInfo(infos: TiktokCreatorInfo[]): CombinedCreatorInfo {
  const durations = infos.map((info) => info.max_video_post_duration_sec).filter((value): value is number => value !== null);
  return {
    privacyLevels: TIKTOK_PRIVACY_LEVELS.filter((level) => infos.every((info) => info.privacy_level_options.includes(level))),
    commentDisabled: infos.some((info) => info.comment_disabled),
    duetDisabled: infos.some((info) => info.duet_disabled),
    stitchDisabled: infos.some((info) => info.stitch_disabled),
    maxDurationSec: durations.length > 0 ? Math.min(...durations) : null,
  };
}
