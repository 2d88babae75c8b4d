// Instagram Login (reference/platforms.md §3 "OAuth, Instagram Login"): the authorize page with
// comma-separated scopes and state (no PKCE: Instagram documents none), the code for a short-lived
// token (1 h) at api.instagram.com, at once exchanged for a long-lived one (60 days) — all inside
// exchangeCode, so what is stored is always the long-lived token.
//
// How this maps onto OAuthTokens: Instagram has no separate refresh token; the long-lived token
// refreshes itself (ig_refresh_token, only while it is ≥ 24 h old and not expired). So
// accessToken = refreshToken = the long-lived token, and expiresAt = refreshExpiresAt = its end:
// once it has expired, only a new login helps (the token service then says "reconnect").
import type { OAuthTokens, SocialOAuth, SocialProfile } from '../../../domain/ports/social';
import { isSocialFailure, PlatformError } from '../base/platform-error';
import { formPost } from '../base/http';
import { failure, readBody, send, withQuery, type InstagramSettings } from './client';
import { assertPublicAppUrl } from './public-url';

export const INSTAGRAM_SCOPES = ['instagram_business_basic', 'instagram_business_content_publish'];

interface ShortLivedAnswer {
  access_token?: unknown;
  user_id?: unknown;
  permissions?: unknown;
}

interface LongLivedAnswer {
  access_token?: unknown;
  token_type?: unknown;
  expires_in?: unknown;
}

/** The short-lived token answer, flat or wrapped in `data[]` (both are seen [?]). */
export function shortLivedFrom(body: unknown): { accessToken: string; scope: string | null } {
  const wrapped = body && typeof body === 'object' && Array.isArray((body as { data?: unknown }).data) ? ((body as { data: unknown[] }).data[0] as ShortLivedAnswer | undefined) : undefined;
  const answer = (wrapped ?? body ?? {}) as ShortLivedAnswer;
  if (typeof answer.access_token !== 'string' || answer.access_token === '') throw new PlatformError('Instagram sent an answer without an access token.', 'retry', 'no_access_token');
  const permissions = Array.isArray(answer.permissions) ? answer.permissions.filter((item) => typeof item === 'string').join(',') : typeof answer.permissions === 'string' ? answer.permissions : null;
  return { accessToken: answer.access_token, scope: permissions || null };
}

function longLivedFrom(body: unknown, now: Date, scope: string | null): OAuthTokens {
  const answer = (body ?? {}) as LongLivedAnswer;
  if (typeof answer.access_token !== 'string' || answer.access_token === '') throw new PlatformError('Instagram sent an answer without an access token.', 'retry', 'no_access_token');
  const seconds = typeof answer.expires_in === 'number' && Number.isFinite(answer.expires_in) && answer.expires_in > 0 ? answer.expires_in : 60 * 24 * 3600;
  const expiresAt = new Date(now.getTime() + seconds * 1000);
  return { accessToken: answer.access_token, refreshToken: answer.access_token, expiresAt, refreshExpiresAt: expiresAt, scope };
}

interface MeAnswer {
  id?: unknown;
  user_id?: unknown;
  username?: unknown;
  name?: unknown;
  profile_picture_url?: unknown;
}

const idText = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null);

export function instagramOAuth(settings: InstagramSettings): SocialOAuth {
  const { endpoints } = settings;
  const getJson = async (url: string): Promise<unknown> => {
    const response = await send(settings, url, { headers: { accept: 'application/json' } });
    if (!response.ok) throw await failure(response);
    return readBody(response);
  };

  return {
    authorizationUrl({ state, redirectUri }) {
      // No PKCE: Instagram Login documents none, so the caller's challenge is left out.
      return withQuery(endpoints.authorizeUrl, { client_id: settings.clientId, redirect_uri: redirectUri, response_type: 'code', scope: INSTAGRAM_SCOPES.join(','), state });
    },

    async exchangeCode({ code, redirectUri }) {
      // Checked here (the callback shows the message) as well as at publish time: Meta must fetch our media.
      if (!settings.sandbox) assertPublicAppUrl(redirectUri);
      const response = await send(
        settings,
        endpoints.tokenUrl,
        formPost({ client_id: settings.clientId, client_secret: settings.clientSecret, grant_type: 'authorization_code', redirect_uri: redirectUri, code }, { accept: 'application/json' }),
      );
      if (!response.ok) {
        const error = await failure(response);
        // A spent or expired code is not the account's fault: connect again.
        throw error.errorClass === 'disconnect' || error.errorClass === 'auth' ? new PlatformError('Instagram did not accept the sign-in; connect again.', 'bad', error.code, error.status) : error;
      }
      const short = shortLivedFrom(await readBody(response));
      const long = await getJson(withQuery(`${endpoints.graphBase}/access_token`, { grant_type: 'ig_exchange_token', client_secret: settings.clientSecret, access_token: short.accessToken }));
      return longLivedFrom(long, settings.now(), short.scope ?? INSTAGRAM_SCOPES.join(','));
    },

    async refresh(refreshToken) {
      try {
        const body = await getJson(withQuery(`${endpoints.graphBase}/refresh_access_token`, { grant_type: 'ig_refresh_token', access_token: refreshToken }));
        return longLivedFrom(body, settings.now(), null);
      } catch (error) {
        // An expired (463) or revoked token cannot be refreshed: only a new login helps.
        if (isSocialFailure(error) && (error.errorClass === 'auth' || error.errorClass === 'disconnect')) {
          throw new PlatformError('Instagram no longer accepts this connection (it expired or was revoked). Reconnect the account.', 'disconnect', error.code, error.status);
        }
        throw error;
      }
    },

    async profile(accessToken) {
      const body = (await getJson(withQuery(`${endpoints.apiBase}/me`, { fields: 'user_id,username,name,profile_picture_url', access_token: accessToken }))) as MeAnswer | null;
      const userId = idText(body?.user_id) ?? idText(body?.id);
      if (!userId) throw new PlatformError('Instagram did not say which account this is.', 'retry', 'no_user_id');
      const username = typeof body?.username === 'string' && body.username !== '' ? body.username : null;
      const name = typeof body?.name === 'string' && body.name.trim() !== '' ? body.name.trim() : (username ?? userId);
      return {
        platformAccountId: userId,
        name,
        handle: username ? `@${username}` : null,
        avatarUrl: typeof body?.profile_picture_url === 'string' ? body.profile_picture_url : null,
      } satisfies SocialProfile;
    },

    async revoke() {
      // Instagram Login has no revoke endpoint: the creator removes the app under Settings →
      // Apps and websites. The stored tokens are wiped by the caller; the token lapses in 60 days.
    },
  };
}
