// The TikTok adapter: Login Kit v2 + the Content Posting API's direct post, the same code against
// TikTok, the built-in sandbox (server/providers/social/sandbox) and the test fakes — only
// endpoints differ. Besides the shared adapter it answers creator_info (the compose form's options).
import type { PublishContext, SocialPlatformAdapter } from '../types';
import { tiktokSettings, type TiktokAdapterOptions } from './client';
import { tiktokOAuth } from './oauth';
import { fetchCreatorInfo, tiktokPublisher, type CreatorInfo } from './publisher';

export { TIKTOK_ENDPOINTS, DEFAULT_CHUNK_BYTES, MIN_CHUNK_BYTES, MAX_CHUNK_BYTES, type TiktokAdapterOptions, type TiktokEndpoints } from './client';
export { TIKTOK_SCOPES } from './oauth';
export { UNAUDITED_MESSAGE, tiktokError, secondsUntilTomorrow } from './errors';
export { chunkPlan, parseSession, type ChunkPlan, type CreatorInfo, type TiktokSession } from './publisher';

export interface TiktokAdapter extends SocialPlatformAdapter {
  platform: 'tiktok';
  /** creator_info/query: privacy levels, disabled interactions, longest video (20 calls/min per token). */
  creatorInfo(ctx: Pick<PublishContext, 'accessToken' | 'signal'>): Promise<CreatorInfo>;
}

export function createTiktokAdapter(options: TiktokAdapterOptions): TiktokAdapter {
  const settings = tiktokSettings(options);
  return {
    platform: 'tiktok',
    sandbox: options.sandbox,
    oauth: tiktokOAuth(settings),
    publisher: tiktokPublisher(settings),
    creatorInfo: (ctx) => fetchCreatorInfo(settings, ctx),
  };
}

export function isTiktokAdapter(adapter: SocialPlatformAdapter | undefined): adapter is TiktokAdapter {
  return adapter?.platform === 'tiktok' && typeof (adapter as Partial<TiktokAdapter>).creatorInfo === 'function';
}
