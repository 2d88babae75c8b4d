// Every URL of the social accounts API this client calls, built in one place: the disconnect
// request, the pull and the connect calls take them from here.
import type { SocialPlatform } from '../../../../contract/publishing';

export const ACCOUNTS_URLS = {
  accounts: '/api/accounts',
  disconnect: '/api/accounts/disconnect',
  connect: (platform: SocialPlatform) => `/api/${encodeURIComponent(platform)}/connect`,
  platforms: '/api/social/platforms',
} as const;
