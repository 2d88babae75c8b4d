// An OAuth 2 token answer (code exchange or refresh) read into OAuthTokens, shared by the
// adapters: only the name of the refresh token's lifetime differs (Google's
// refresh_token_expires_in, TikTok's refresh_expires_in).
import type { OAuthTokens } from '../../../domain/ports/social';
import { PlatformError } from './platform-error';

const seconds = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null);

export function tokensFromAnswer(body: unknown, now: Date, options: { refreshExpiresField: string; platform: string }): OAuthTokens {
  const answer = (body ?? {}) as Record<string, unknown>;
  if (typeof answer.access_token !== 'string' || answer.access_token === '') {
    throw new PlatformError(`${options.platform} sent an answer without an access token.`, 'retry', 'no_access_token');
  }
  const expiresIn = seconds(answer.expires_in);
  const refreshExpiresIn = seconds(answer[options.refreshExpiresField]);
  return {
    accessToken: answer.access_token,
    refreshToken: typeof answer.refresh_token === 'string' && answer.refresh_token !== '' ? answer.refresh_token : null,
    expiresAt: expiresIn === null ? null : new Date(now.getTime() + expiresIn * 1000),
    refreshExpiresAt: refreshExpiresIn === null ? null : new Date(now.getTime() + refreshExpiresIn * 1000),
    scope: typeof answer.scope === 'string' ? answer.scope : null,
  };
}
