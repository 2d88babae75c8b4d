// Google OAuth 2 for YouTube (reference/platforms.md §1 "OAuth"): offline access with a forced
// consent so a refresh token comes back, PKCE S256 when the caller made a challenge, the profile
// from channels?mine=true. Form-encoded token calls; `invalid_grant` means reconnect.
import { authorizeAddress, bearerGet, codeFlowGrants, formPost, revokeBestEffort } from '../base/http';
import { tokensFromAnswer } from '../base/oauth-tokens';
import type { OAuthTokens, SocialOAuth, SocialProfile } from '../../../domain/ports/social';
import { PlatformError } from '../base/platform-error';
import { failure, readBody, send, type YoutubeSettings } from './client';

export const YOUTUBE_SCOPES = ['https://www.googleapis.com/auth/youtube.upload', 'https://www.googleapis.com/auth/youtube.readonly'];

interface ChannelsAnswer {
  items?: Array<{
    id?: string;
    snippet?: { title?: string; customUrl?: string; thumbnails?: Record<string, { url?: string } | undefined> };
  }>;
}

// Google sends refresh_token_expires_in for apps whose consent screen is still "Testing" (7 days).
const tokensFrom = (body: unknown, now: Date) => tokensFromAnswer(body, now, { refreshExpiresField: 'refresh_token_expires_in', platform: 'YouTube' });

export function youtubeOAuth(settings: YoutubeSettings): SocialOAuth {
  const { endpoints } = settings;

  async function tokenCall(form: Record<string, string>): Promise<OAuthTokens> {
    const response = await send(settings, endpoints.tokenUrl, formPost({ ...form, client_id: settings.clientId, client_secret: settings.clientSecret }, { accept: 'application/json' }));
    if (!response.ok) throw await failure(settings, response);
    return tokensFrom(await readBody(response), settings.now());
  }

  return {
    authorizationUrl({ state, redirectUri, codeChallenge }) {
      return authorizeAddress(
        endpoints.authorizeUrl,
        {
          client_id: settings.clientId,
          redirect_uri: redirectUri,
          response_type: 'code',
          scope: YOUTUBE_SCOPES.join(' '),
          state,
          access_type: 'offline',
          prompt: 'consent',
          include_granted_scopes: 'true',
        },
        codeChallenge,
      );
    },

    ...codeFlowGrants(tokenCall, 'YouTube'),

    async profile(accessToken) {
      const response = await send(settings, `${endpoints.apiBase}/channels?part=snippet&mine=true`, bearerGet(accessToken));
      if (!response.ok) throw await failure(settings, response);
      const channel = ((await readBody(response)) as ChannelsAnswer | null)?.items?.[0];
      if (!channel?.id) {
        throw new PlatformError('This Google account has no YouTube channel yet. Create the channel on YouTube, then connect again.', 'policy', 'youtubeSignupRequired');
      }
      const thumbnails = channel.snippet?.thumbnails ?? {};
      const avatar = thumbnails.medium?.url ?? thumbnails.high?.url ?? thumbnails.default?.url ?? null;
      return {
        platformAccountId: channel.id,
        name: channel.snippet?.title?.trim() || channel.id,
        handle: channel.snippet?.customUrl ?? null,
        avatarUrl: avatar,
      } satisfies SocialProfile;
    },

    // An already revoked token answers 400: nothing to do.
    revoke: (token) => revokeBestEffort(() => send(settings, endpoints.revokeUrl, formPost({ token }))),
  };
}
