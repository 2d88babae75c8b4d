// TikTok Login Kit v2 (reference/platforms.md §2 "OAuth"): client_key (not client_id), comma-
// separated scopes, PKCE S256, form-encoded token calls. Refresh tokens ROTATE: every refresh
// answers a new refresh token (and refresh_expires_in) and the old one dies — the caller stores
// both with the access token in one update (server/domain/social/account-tokens.ts).
import { authorizeAddress, bearerGet, codeFlowGrants, formPost, readBody, revokeBestEffort } from '../base/http';
import { tokensFromAnswer } from '../base/oauth-tokens';
import type { OAuthTokens, SocialOAuth, SocialProfile } from '../../../domain/ports/social';
import { PlatformError } from '../base/platform-error';
import { envelopeData, send, type TiktokSettings } from './client';
import { tiktokCode, tiktokError } from './errors';

export const TIKTOK_SCOPES = ['user.info.basic', 'video.publish', 'video.upload'];

interface UserInfo {
  user?: { open_id?: string; display_name?: string; avatar_url?: string; username?: string };
}

const tokensFrom = (body: unknown, now: Date) => tokensFromAnswer(body, now, { refreshExpiresField: 'refresh_expires_in', platform: 'TikTok' });

export function tiktokOAuth(settings: TiktokSettings): SocialOAuth {
  const { endpoints } = settings;

  async function tokenCall(form: Record<string, string>): Promise<OAuthTokens> {
    const response = await send(
      settings,
      endpoints.tokenUrl,
      formPost({ client_key: settings.clientKey, client_secret: settings.clientSecret, ...form }, { accept: 'application/json', 'cache-control': 'no-cache' }),
    );
    const body = await readBody(response);
    // OAuth errors come as a flat `{"error": …}`, sometimes with HTTP 200: the body decides.
    if (!response.ok || tiktokCode(body) !== null) throw tiktokError(response.status, body, response.headers, settings.now());
    return tokensFrom(body, settings.now());
  }

  return {
    authorizationUrl({ state, redirectUri, codeChallenge }) {
      return authorizeAddress(
        endpoints.authorizeUrl,
        { client_key: settings.clientKey, response_type: 'code', scope: TIKTOK_SCOPES.join(','), redirect_uri: redirectUri, state },
        codeChallenge,
      );
    },

    ...codeFlowGrants(tokenCall, 'TikTok'),

    async profile(accessToken) {
      const response = await send(settings, `${endpoints.apiBase}/v2/user/info/?fields=open_id,avatar_url,display_name`, bearerGet(accessToken));
      const user = (await envelopeData<UserInfo>(settings, response)).user;
      if (!user?.open_id) throw new PlatformError('TikTok did not name the account.', 'retry', 'no_open_id');
      return {
        platformAccountId: user.open_id,
        name: user.display_name?.trim() || 'TikTok account',
        handle: user.username ? `@${user.username.replace(/^@/, '')}` : null,
        avatarUrl: user.avatar_url ?? null,
      } satisfies SocialProfile;
    },

    revoke: (token) => revokeBestEffort(() => send(settings, endpoints.revokeUrl, formPost({ client_key: settings.clientKey, client_secret: settings.clientSecret, token }))),
  };
}
