// What every sandbox platform does alike, configured with only what is its own: the consent page
// (GET shows it, POST signs the browser in and redirects back with a code), the token endpoint
// (code with PKCE, refresh, revoke) and the account pages (HTML or JSON, avatar, post links).
// Each platform's routes file keeps its own API, paths, token style, error envelope and brand.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxAccountRow, SandboxPostRow, SandboxTokenRow } from '../db/schema-sandbox';
import { randomSecret } from '../domain/auth/secrets';
import { formTokenMatches, htmlPage, issueFormToken, readConsentChoice, redirectWith, text, verifierMatches, type AuthRequest, type AuthRequestCheck } from './common';
import { NOT_CONNECTING, OWN_ACCOUNTS_ONLY, type SandboxOwners } from './owners';
import type { ChannelVideo, ChannelView } from './pages';
import type { IssuedTokens, SandboxStore } from './store';

/** The consent form's fields: the checked request plus the form's own state. */
export type ConsentForm = AuthRequest & { formToken: string; actionPath: string; accountName?: string; error?: string };

/** One platform's sandbox: where it lives, its state, and how its pages for people look. */
export interface SandboxPlatform {
  prefix: string;
  store: SandboxStore;
  owners: SandboxOwners;
  consentPage(fields: ConsentForm): string;
  errorPage(title: string, message: string): string;
}

export interface ConsentFlow {
  /** The authorize path below the prefix, e.g. Google's `/o/oauth2/v2/auth`. */
  path: string;
  /** The platform's checks of client and redirect_uri (then common's readAuthParams). */
  readAuthRequest(fields: unknown): AuthRequestCheck;
  /** What the form calls an account: 'channel', 'account'. */
  noun: string;
  /** What the expired-form page calls the form (default 'consent form'). */
  formName?: string;
  defaultScope: string;
  /** Parameters besides error=access_denied and state when the person declines. */
  denied: Record<string, string>;
  /** The redirect's parameters when the person agrees (`state` is `{}` or `{ state }`). */
  granted(code: string, scope: string, state: Record<string, string>): Record<string, string>;
}

/** The consent page: GET shows the form, POST (same path) answers it. */
export function consentRoutes(sandbox: FastifyInstance, platform: SandboxPlatform, flow: ConsentFlow): void {
  const { store, owners, prefix } = platform;
  const actionPath = `${prefix}${flow.path}`;
  const notConnecting = (reply: FastifyReply) => htmlPage(reply, 400, platform.errorPage(NOT_CONNECTING.title, NOT_CONNECTING.message));

  sandbox.get(flow.path, async (request, reply) => {
    const auth = flow.readAuthRequest(request.query);
    if (!auth.ok) return htmlPage(reply, auth.status, platform.errorPage(auth.title, auth.message));
    if ((await owners.connecting(auth.value.state)) === null) return notConnecting(reply);
    const formToken = issueFormToken(request, reply, prefix, randomSecret(24));
    if (!formToken) return htmlPage(reply, 400, platform.errorPage('invalid_request', 'Clear this site’s cookies and try again.'));
    return htmlPage(reply, 200, platform.consentPage({ ...auth.value, formToken, actionPath }));
  });

  sandbox.post(flow.path, async (request, reply) => {
    const body = request.body;
    const auth = flow.readAuthRequest(body);
    if (!auth.ok) return htmlPage(reply, auth.status, platform.errorPage(auth.title, auth.message));
    const formToken = text(body, 'form_token') ?? '';
    // The form's own anti-forgery check: the token in the page must match this browser's cookie.
    if (!formTokenMatches(request, body)) {
      return htmlPage(reply, 400, platform.errorPage('Form expired', `This ${flow.formName ?? 'consent form'} expired or was not sent from this browser. Go back to the app and connect again.`));
    }
    const owner = await owners.connecting(auth.value.state);
    if (owner === null) return notConnecting(reply);
    const state: Record<string, string> = auth.value.state ? { state: auth.value.state } : {};
    if (text(body, 'decision') === 'deny') return reply.redirect(redirectWith(auth.value.redirectUri, { error: 'access_denied', ...flow.denied, ...state }), 302);
    const choice = readConsentChoice(body, flow.noun);
    if (!choice.ok) return htmlPage(reply, 422, platform.consentPage({ ...auth.value, formToken, actionPath, accountName: choice.accountName, error: choice.problem }));
    const account = await store.upsertAccount(owner, choice.accountName, choice.simulate);
    const scope = auth.value.scope || flow.defaultScope;
    const code = await store.issueCode({ accountId: account.id, clientId: auth.value.clientId, redirectUri: auth.value.redirectUri, codeChallenge: auth.value.codeChallenge || null, scope });
    await owners.signIn(reply, owner);
    return reply.redirect(redirectWith(auth.value.redirectUri, flow.granted(code, scope, state)), 302);
  });
}

type OAuthErrorReply = (reply: FastifyReply, status: number, error: string, description: string) => FastifyReply;

export interface TokenFlow {
  /** The token path below the prefix. */
  path: string;
  /** The app's credentials and the form fields they arrive in. */
  client: { idField: string; id: string; secret: string; unknown: string };
  /** The platform's OAuth error body. */
  oauthError: OAuthErrorReply;
  /** The error and description of each refusal of a code. */
  code: { invalid: string; redirectMismatch: readonly [string, string]; verifier: string };
  unsupportedGrant: string;
  /** Tokens for a redeemed code (default: an access and a refresh token in the store's style). */
  issueForCode?: (grant: SandboxTokenRow) => Promise<IssuedTokens>;
  /** grant_type=refresh_token, when the platform has it. `rotates`: a refresh token works once. */
  refresh?: { rotates: boolean; invalid: string };
  /** The token answer's body. */
  answer(accountId: string, tokens: IssuedTokens, grant: 'authorization_code' | 'refresh_token'): Record<string, unknown>;
  /** The revoke endpoint, when the platform has one. */
  revoke?: { path: string; checksClient: boolean; invalid: readonly [string, string] };
}

/** The token endpoint (code with PKCE, refresh) and the revoke endpoint. */
export function tokenRoutes(sandbox: FastifyInstance, platform: SandboxPlatform, flow: TokenFlow): void {
  const { store } = platform;
  const { client, oauthError } = flow;
  const clientKnown = (body: unknown) => text(body, client.idField) === client.id && text(body, 'client_secret') === client.secret;
  const send = (reply: FastifyReply, body: Record<string, unknown>) => reply.header('cache-control', 'no-store').send(body);

  sandbox.post(flow.path, async (request, reply) => {
    const body = request.body;
    if (!clientKnown(body)) return oauthError(reply, 401, 'invalid_client', client.unknown);
    const grantType = text(body, 'grant_type');
    if (grantType === 'authorization_code') {
      const code = text(body, 'code');
      const grant = code && code.length <= 500 ? await store.redeemCode(code) : null;
      if (!grant || grant.clientId !== client.id) return oauthError(reply, 400, 'invalid_grant', flow.code.invalid);
      if (grant.redirectUri !== text(body, 'redirect_uri')) return oauthError(reply, 400, ...flow.code.redirectMismatch);
      if (!verifierMatches(grant.codeChallenge, text(body, 'code_verifier'))) return oauthError(reply, 400, 'invalid_grant', flow.code.verifier);
      const tokens = await (flow.issueForCode ? flow.issueForCode(grant) : store.issueTokens(grant, true));
      return send(reply, flow.answer(grant.accountId, tokens, grantType));
    }
    if (grantType === 'refresh_token' && flow.refresh) {
      const { rotates, invalid } = flow.refresh;
      const refreshToken = text(body, 'refresh_token');
      const found = refreshToken ? await store.findRefresh(refreshToken) : null;
      if (!found || found.account.simulate === 'revoked') return oauthError(reply, 400, 'invalid_grant', invalid);
      // A rotating refresh token dies as the new one is issued: a second use of it is refused.
      if (rotates && !(await store.retireRefresh(refreshToken!))) return oauthError(reply, 400, 'invalid_grant', invalid);
      return send(reply, flow.answer(found.account.id, await store.issueTokens(found.token, rotates), grantType));
    }
    return oauthError(reply, 400, 'unsupported_grant_type', flow.unsupportedGrant);
  });

  const revoke = flow.revoke;
  if (revoke) {
    sandbox.post(revoke.path, async (request, reply) => {
      if (revoke.checksClient && !clientKnown(request.body)) return oauthError(reply, 401, 'invalid_client', client.unknown);
      const token = text(request.body, 'token') ?? text(request.query, 'token');
      if (!token || !(await store.revokeGrant(token))) return oauthError(reply, 400, ...revoke.invalid);
      return reply.send({});
    });
  }
}

export interface AccountPages<View> {
  view(account: SandboxAccountRow, posts: SandboxPostRow[]): View;
  page(view: View): string;
  /** The title and first sentence of the page for an account or a post that is not this browser's user's. */
  missing: { account: readonly [string, string]; post: readonly [string, string] };
  /** The platform's API error for an unknown account asked for as JSON, or for its avatar. */
  notFound(reply: FastifyReply, key: string, asked: 'account' | 'avatar'): FastifyReply;
  /** The anchor of a post on its account page: `video`, `reel`. */
  postAnchor: string;
  avatar(name: string): string;
}

export interface AccountPageHandlers {
  /** The account page of `key` (an id or a handle), as HTML or as JSON when asked. */
  showAccount(request: FastifyRequest, reply: FastifyReply, key: string): Promise<FastifyReply>;
  /** A post's own address: a redirect to it on its account's page. */
  showPost(request: FastifyRequest, reply: FastifyReply, id: string | null): Promise<FastifyReply>;
}

/**
 * The pages for people: `/channel/:account` and `/avatar/:account`; the handlers are returned
 * for the platform's own addresses of a profile or a post. Pages show only the browser's user's accounts.
 */
export function accountPageRoutes<View>(sandbox: FastifyInstance, platform: SandboxPlatform, pages: AccountPages<View>): AccountPageHandlers {
  const { owners, store } = platform;
  const missingPage = (reply: FastifyReply, [title, sentence]: readonly [string, string]) => htmlPage(reply, 404, platform.errorPage(title, `${sentence} ${OWN_ACCOUNTS_ONLY}`));
  const handlers: AccountPageHandlers = {
    async showAccount(request, reply, key) {
      const account = await owners.account(request, key);
      const wantsJson = text(request.query, 'format') === 'json' || /application\/json/i.test(request.headers.accept ?? '');
      if (!account) {
        if (wantsJson) return pages.notFound(reply, key, 'account');
        return missingPage(reply, pages.missing.account);
      }
      const view = pages.view(account, await store.postsOf(account.id));
      if (wantsJson) return reply.header('cache-control', 'no-store').send(view);
      return htmlPage(reply, 200, pages.page(view));
    },
    async showPost(request, reply, id) {
      const post = id ? await owners.post(request, id) : null;
      if (!post) return missingPage(reply, pages.missing.post);
      return reply.redirect(`${platform.prefix}/channel/${post.accountId}#${pages.postAnchor}-${post.id}`, 302);
    },
  };
  sandbox.get('/channel/:account', (request, reply) => handlers.showAccount(request, reply, (request.params as { account: string }).account));
  sandbox.get('/avatar/:account', async (request, reply) => {
    const key = (request.params as { account: string }).account;
    const account = await owners.account(request, key);
    if (!account) return pages.notFound(reply, key, 'avatar');
    return reply.type('image/svg+xml').header('cache-control', 'private, max-age=3600').send(pages.avatar(account.name));
  });
  return handlers;
}

/** What a video on a channel page says that is the platform's own: its words, its privacy and its address. */
export type OwnVideoFields = Pick<ChannelVideo, 'description' | 'privacy' | 'url'>;

/**
 * A channel page's view of an account and its posts (YouTube, TikTok): a post is 'uploaded'
 * (processing) until its readyAt, then its final status and reason.
 */
export function channelView(account: SandboxAccountRow, posts: SandboxPostRow[], own: (post: SandboxPostRow, account: SandboxAccountRow) => OwnVideoFields): ChannelView {
  const now = new Date();
  return {
    id: account.id,
    name: account.name,
    handle: account.handle,
    simulate: account.simulate,
    sandbox: true,
    videos: posts.map((post) => {
      const ready = now >= post.readyAt;
      const { description, privacy, url } = own(post, account);
      return {
        id: post.id,
        title: post.title,
        description,
        privacy,
        upload_status: ready ? post.status : 'uploaded',
        status_reason: ready ? post.statusReason : null,
        size_bytes: post.sizeBytes,
        sha256: post.sha256,
        published_at: post.createdAt.toISOString(),
        url,
      };
    }),
  };
}
