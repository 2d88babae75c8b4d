// Goes through a sandbox's consent page like a browser: GET the page the adapter's authorization
// URL names, submit its form with a channel name and a simulation, follow the redirect's code.
// The consent signs in as the Reelflow user whose connect attempt issued the state, so a test that
// skips the app's connect route still needs such a state (connectState). Reusable by any test that
// needs a connected sandbox account.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { SandboxSimulation, SocialPlatform } from '../../../contract/publishing';
import type { Db } from '../../../server/db/client';
import { startConnect } from '../../../server/domain/social/oauth-state';
import { SESSION_COOKIE } from '../../../server/sandbox/owners';
import type { OAuthTokens, SocialPlatformAdapter } from '../../../server/domain/ports/social';

export const pkcePair = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

/** The hidden and visible fields of the consent form, as a browser would submit them. */
export function formFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([a-z_]+)" value="([^"]*)">/g)) {
    fields[match[1]!] = match[2]!.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  }
  return fields;
}

export interface ConsentResult {
  page: LightMyRequestResponse;
  cookie: string;
  submit: LightMyRequestResponse;
  /** The callback address the sandbox redirected to (null when it did not redirect). */
  callback: URL | null;
  /** `sandbox_session=…`: the browser signed in to the sandbox by the consent ('' when none was set). */
  session: string;
}

/** The `name=value` of a Set-Cookie of `response` named `name`, or ''. */
export function cookiePair(response: LightMyRequestResponse, name: string): string {
  const pair = [response.headers['set-cookie'] ?? []].flat().map((header) => String(header).split(';')[0]!).find((value) => value.startsWith(`${name}=`));
  return pair ?? '';
}

/** The user whose sandbox consents a test makes without going through the app's connect route. */
export interface SandboxOwner {
  db: Db;
  userId: number;
}

/** A state the app issued for `owner`'s connect attempt to `platform`'s sandbox (what GET /api/{platform}/connect makes). */
export async function connectState(owner: SandboxOwner, platform: SocialPlatform): Promise<string> {
  return (await startConnect(owner.db, { userId: owner.userId, platform, path: '/connect', popup: false, sandbox: true, pkce: false })).state;
}

/** Opens the consent page behind `authorizeUrl` on `app` and submits it. */
export async function submitConsent(app: FastifyInstance, authorizeUrl: string, form: { account_name: string; simulate: string; decision?: string }): Promise<ConsentResult> {
  const url = new URL(authorizeUrl);
  const page = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  const setCookie = page.headers['set-cookie'];
  const cookie = String([setCookie].flat()[0] ?? '').split(';')[0] ?? '';
  const submit = await app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    payload: new URLSearchParams({ ...formFields(page.body), decision: form.decision ?? 'allow', account_name: form.account_name, simulate: form.simulate }).toString(),
  });
  const location = submit.statusCode === 302 ? String(submit.headers.location) : null;
  return { page, cookie, submit, callback: location ? new URL(location) : null, session: cookiePair(submit, SESSION_COOKIE) };
}

export const SANDBOX_REDIRECT_PATH = '/api/google/callback';

/** `owner`'s connected sandbox account: consent, code exchange with PKCE, profile, and the browser's sandbox session. */
export async function connectSandboxAccount(app: FastifyInstance, adapter: SocialPlatformAdapter, appUrl: string, name: string, simulate: SandboxSimulation, owner: SandboxOwner) {
  const { verifier, challenge } = pkcePair();
  const redirectUri = `${appUrl}${SANDBOX_REDIRECT_PATH}`;
  const state = await connectState(owner, adapter.platform);
  const consent = await submitConsent(app, adapter.oauth.authorizationUrl({ state, redirectUri, codeChallenge: challenge }), { account_name: name, simulate });
  const code = consent.callback?.searchParams.get('code');
  if (!code) throw new Error(`consent did not redirect with a code: ${consent.submit.statusCode} ${consent.submit.body.slice(0, 300)}`);
  const tokens: OAuthTokens = await adapter.oauth.exchangeCode({ code, redirectUri, codeVerifier: verifier });
  const { refreshToken } = tokens;
  if (refreshToken === null) throw new Error('the sandbox sent no refresh token on a consent');
  const profile = await adapter.oauth.profile(tokens.accessToken);
  return { tokens: { ...tokens, refreshToken }, profile, session: consent.session };
}
