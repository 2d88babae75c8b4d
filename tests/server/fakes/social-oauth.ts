// An in-memory YouTube OAuth for the connect tests: consent issues a single-use code bound to the
// redirect URI and the PKCE challenge, the exchange checks both (S256), and every account gets
// fresh tokens per consent. Refresh is replaced per test (the token service tests).
import { createHash, randomBytes } from 'node:crypto';
import { SocialError, type OAuthTokens, type SocialPlatformAdapter, type SocialProfile } from '../../../server/providers/social/types';

interface IssuedCode {
  redirectUri: string;
  challenge: string | null;
  accountName: string;
}

export interface FakeYoutube {
  adapter: SocialPlatformAdapter;
  /** Plays the consent page: returns the callback path (with code, scope, state) the browser is sent to. */
  consent(authorizationUrl: string, input: { accountName: string }): Promise<string>;
  /** The tokens last issued to this account. */
  issuedFor(accountName: string): { accessToken: string; refreshToken: string };
  channelId(accountName: string): string;
  revoked: string[];
  /** Makes the exchange see a wrong code_verifier (a PKCE mismatch). */
  tamperVerifier: boolean;
}

const token = (prefix: string) => `${prefix}-${randomBytes(16).toString('base64url')}`;

export function fakeYoutube(): FakeYoutube {
  const codes = new Map<string, IssuedCode>();
  const issued = new Map<string, { accessToken: string; refreshToken: string }>();
  const accessOwners = new Map<string, string>();
  const channelId = (name: string) => `UC${createHash('sha256').update(name).digest('hex').slice(0, 22)}`;
  const fake: FakeYoutube = {
    revoked: [],
    tamperVerifier: false,
    channelId,
    issuedFor(accountName) {
      const found = issued.get(accountName);
      if (!found) throw new Error(`no tokens issued to ${accountName}`);
      return found;
    },
    consent(authorizationUrl, { accountName }) {
      const url = new URL(authorizationUrl);
      const code = token('code');
      codes.set(code, { redirectUri: url.searchParams.get('redirect_uri')!, challenge: url.searchParams.get('code_challenge'), accountName });
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('scope', 'https://www.googleapis.com/auth/youtube.upload');
      back.searchParams.set('state', url.searchParams.get('state')!);
      return Promise.resolve(`${back.pathname}${back.search}`);
    },
    adapter: {
      platform: 'youtube',
      sandbox: true,
      oauth: {
        authorizationUrl({ state, redirectUri, codeChallenge }) {
          const url = new URL('https://consent.fake.test/o/oauth2/v2/auth');
          url.searchParams.set('redirect_uri', redirectUri);
          url.searchParams.set('state', state);
          url.searchParams.set('access_type', 'offline');
          if (codeChallenge) {
            url.searchParams.set('code_challenge', codeChallenge);
            url.searchParams.set('code_challenge_method', 'S256');
          }
          return url.toString();
        },
        exchangeCode({ code, redirectUri, codeVerifier }) {
          const found = codes.get(code);
          codes.delete(code);
          const verifier = fake.tamperVerifier ? `${codeVerifier}x` : codeVerifier;
          const pkceOk = found?.challenge === null || (verifier !== null && createHash('sha256').update(verifier).digest('base64url') === found?.challenge);
          if (!found || found.redirectUri !== redirectUri || !pkceOk) {
            return Promise.reject(new SocialError('The YouTube sign-in expired or was already used. Connect again.', 'bad', 'invalid_grant', 400));
          }
          const tokens = { accessToken: token('access'), refreshToken: token('refresh') };
          issued.set(found.accountName, tokens);
          accessOwners.set(tokens.accessToken, found.accountName);
          const answer: OAuthTokens = { ...tokens, expiresAt: new Date(Date.now() + 3599_000), refreshExpiresAt: null, scope: 'https://www.googleapis.com/auth/youtube.upload' };
          return Promise.resolve(answer);
        },
        refresh() {
          return Promise.reject(new SocialError('Token has been expired or revoked.', 'disconnect', 'invalid_grant', 400));
        },
        profile(accessToken) {
          const name = accessOwners.get(accessToken);
          if (!name) return Promise.reject(new SocialError('YouTube refused the sign-in.', 'auth', 'authError', 401));
          const profile: SocialProfile = { platformAccountId: channelId(name), name, handle: `@${name.toLowerCase().replace(/\s+/g, '')}`, avatarUrl: null };
          return Promise.resolve(profile);
        },
        revoke(revoked) {
          fake.revoked.push(revoked);
          return Promise.resolve();
        },
      },
      publisher: {
        publish: () => Promise.reject(new Error('not used in the connect tests')),
        status: () => Promise.reject(new Error('not used in the connect tests')),
      },
    },
  };
  return fake;
}
