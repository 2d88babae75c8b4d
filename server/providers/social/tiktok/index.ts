// The TikTok adapter: Login Kit v2 + the Content Posting API's direct post, the same code against
// TikTok, the built-in sandbox (server/sandbox) and the test fakes — only endpoints differ. It
// offers the port's optional creatorInfo capability (the compose form's options).
import type { SocialPlatformAdapter } from '../../../domain/ports/social';
import { tiktokSettings, type TiktokAdapterOptions } from './client';
import { tiktokOAuth } from './oauth';
import { fetchCreatorInfo, tiktokPublisher } from './publisher';

export { TIKTOK_ENDPOINTS, DEFAULT_CHUNK_BYTES, MIN_CHUNK_BYTES, MAX_CHUNK_BYTES, type TiktokAdapterOptions, type TiktokEndpoints } from './client';
export { TIKTOK_SCOPES } from './oauth';
export { UNAUDITED_MESSAGE, tiktokError, secondsUntilTomorrow } from './errors';
export { chunkPlan, parseSession, type ChunkPlan, type TiktokSession } from './publisher';

/** TikTok's adapter always has creator_info/query (20 calls/min per token). */
export type TiktokAdapter = SocialPlatformAdapter & { platform: 'tiktok'; creatorInfo: NonNullable<SocialPlatformAdapter['creatorInfo']> };

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
