// The Instagram adapter (Instagram Login, graph.instagram.com): the same code against Instagram,
// the built-in sandbox (server/providers/social/sandbox) and the test fakes — only endpoints differ.
import type { SocialPlatformAdapter } from '../../../domain/ports/social';
import { instagramSettings, type InstagramAdapterOptions } from './client';
import { instagramOAuth } from './oauth';
import { instagramPublisher } from './publisher';

export { INSTAGRAM_ENDPOINTS, type InstagramAdapterOptions, type InstagramEndpoints } from './client';
export { INSTAGRAM_SCOPES } from './oauth';
export { instagramError } from './errors';
export { APP_URL_NOT_PUBLIC, isPublicHttpsUrl } from './public-url';

export function createInstagramAdapter(options: InstagramAdapterOptions): SocialPlatformAdapter {
  const settings = instagramSettings(options);
  return { platform: 'instagram', sandbox: options.sandbox, oauth: instagramOAuth(settings), publisher: instagramPublisher(settings) };
}
