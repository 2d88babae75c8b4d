// The YouTube adapter: Google OAuth + the resumable upload, the same code against YouTube, the
// built-in sandbox (server/providers/social/sandbox) and the test fakes — only endpoints differ.
import type { SocialPlatformAdapter } from '../../../domain/ports/social';
import { youtubeSettings, type YoutubeAdapterOptions } from './client';
import { youtubeOAuth } from './oauth';
import { youtubePublisher } from './publisher';

export { GOOGLE_ENDPOINTS, CHUNK_UNIT, DEFAULT_CHUNK_SIZE, type YoutubeAdapterOptions, type YoutubeEndpoints } from './client';
export { YOUTUBE_SCOPES } from './oauth';
export { secondsUntilPacificMidnight, youtubeError } from './errors';

export function createYoutubeAdapter(options: YoutubeAdapterOptions): SocialPlatformAdapter {
  const settings = youtubeSettings(options);
  return { platform: 'youtube', sandbox: options.sandbox, oauth: youtubeOAuth(settings), publisher: youtubePublisher(settings) };
}
