// Goes through the YouTube sandbox's consent page like a browser: GET the page the adapter's
// authorization URL names, submit its form with a channel name and a simulation, follow the
// redirect's code. Reusable by any test that needs a connected sandbox account.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { SandboxSimulation } from '../../../contract/publishing';
import type { OAuthTokens, SocialPlatformAdapter } from '../../../server/providers/social/types';

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
  return { page, cookie, submit, callback: location ? new URL(location) : null };
}

export const SANDBOX_REDIRECT_PATH = '/api/google/callback';

/** A connected sandbox account: consent, code exchange with PKCE, profile. */
export async function connectSandboxAccount(app: FastifyInstance, adapter: SocialPlatformAdapter, appUrl: string, name: string, simulate: SandboxSimulation) {
  const { verifier, challenge } = pkcePair();
  const redirectUri = `${appUrl}${SANDBOX_REDIRECT_PATH}`;
  const state = randomBytes(16).toString('base64url');
  const consent = await submitConsent(app, adapter.oauth.authorizationUrl({ state, redirectUri, codeChallenge: challenge }), { account_name: name, simulate });
  const code = consent.callback?.searchParams.get('code');
  if (!code) throw new Error(`consent did not redirect with a code: ${consent.submit.statusCode} ${consent.submit.body.slice(0, 300)}`);
  const tokens: OAuthTokens = await adapter.oauth.exchangeCode({ code, redirectUri, codeVerifier: verifier });
  const { refreshToken } = tokens;
  if (refreshToken === null) throw new Error('the sandbox sent no refresh token on a consent');
  const profile = await adapter.oauth.profile(tokens.accessToken);
  return { tokens: { ...tokens, refreshToken }, profile };
}
