// Connecting social accounts (spec §7): GET /api/{platform}/connect answers the address
// of the platform's consent page; the platform sends the browser back to the callback, which
// binds to the user only through the single-use state (no bearer token reaches it), stores the
// account and returns the browser to the app — or, in popup mode, shows a page that tells the
// opener and closes. GET /api/accounts lists, POST /api/accounts/disconnect removes.
//
// Decisions (docs/decisions/publishing.md "Connecting accounts and tokens"): failures of the
// callback never answer an error page or /login — the browser goes back to the app with
// ?connect_error=<plain message> (to /connect when the state is unknown, so we do not know where
// it came from; the app's own guard sends a signed-out browser to /login). The `path` on the
// callback's query is ignored: the one stored with the state is authoritative.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { connectQuery, disconnectAccountRequest, listAccountsQuery, PLATFORM_LABELS, SOCIAL_PLATFORMS, type ConnectPopupMessage, type ConnectResponse, type PlatformAvailability, type SocialPlatform } from '../../../contract/publishing';
import { runIdempotent } from '../../domain/idempotency/idempotency';
import { ClientProblem } from '../../domain/problems';
import { assertMayStartConnect, canPublish, disconnectAccount, listAccounts, PUBLISH_FORBIDDEN, storeConnectedAccount } from '../../domain/social/accounts';
import { consumeState, startConnect } from '../../domain/social/oauth-state';
import type { TokenCipher } from '../../domain/social/token-crypto';
import type { PublishScheduler } from '../../domain/social/types';
import { SocialError, type SocialPlatformAdapter } from '../../domain/ports/social';
import { currentAuth, requireAuth } from '../auth';
import { CONNECT_CHANNEL, CONNECT_POPUP_SCRIPT, CONNECT_POPUP_SCRIPT_PATH, connectPopupPage } from '../connect-popup';
import type { AppContext } from '../context';
import { idempotencyKeyOf, pathOf, sendResult } from '../idempotency';
import { byUser, rateLimited } from '../rate-limits';
import { isStorableText, parseBody } from '../validation';

/** Where each platform sends the browser back (register APP_URL + this path with the platform). */
export const CALLBACK_PATHS: Record<SocialPlatform, string> = {
  youtube: '/api/google/callback',
  tiktok: '/api/tiktok/callback',
  instagram: '/api/instagram/callback',
};

/** The platform has neither credentials nor its sandbox on this server (SANDBOX_PLATFORMS=0). */
export const notSetUpMessage = (platform: SocialPlatform) => `${PLATFORM_LABELS[platform]} is not set up on this server. Ask its administrator to add ${PLATFORM_LABELS[platform]}'s app credentials.`;
export const CONNECT_PAGE = '/connect';

export const CALLBACK_MESSAGES = {
  unknownState: 'This connection link is not valid. Start connecting again from the Connect page.',
  usedState: 'This connection link was already used. Start connecting again if the account is not listed.',
  expiredState: 'This connection link expired after 10 minutes. Start connecting again.',
  denied: (platform: SocialPlatform) => `You did not allow Reelflow to publish to your ${PLATFORM_LABELS[platform]} account.`,
  failed: (platform: SocialPlatform) => `${PLATFORM_LABELS[platform]} could not connect the account. Try connecting again.`,
  unreachable: (platform: SocialPlatform) => `${PLATFORM_LABELS[platform]} could not be reached. Try connecting again in a moment.`,
};

/** 403 unless the plan holds can_publish_post. */
async function requirePublish(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  if (canPublish(currentAuth(request).user.plan)) return undefined;
  return reply.code(403).send({ message: PUBLISH_FORBIDDEN });
}

/** A query value the callback can use: a short, storable string, else absent. */
function queryText(query: unknown, name: string, max = 4096): string | undefined {
  if (query === null || typeof query !== 'object') return undefined;
  const value = (query as Record<string, unknown>)[name];
  return typeof value === 'string' && value.length > 0 && value.length <= max && isStorableText(value) ? value : undefined;
}

/** `path` with `params` added to its query (replacing earlier connect results), keeping its hash. */
export function withParams(path: string, params: Record<string, string>): string {
  const url = new URL(path, 'http://app.invalid');
  for (const name of ['connected', 'account', 'connect_error']) url.searchParams.delete(name);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

export interface SocialAccountRouteDeps {
  cipher: TokenCipher;
  /** Receives the targets a reconnect unblocks (the publish engine). */
  scheduler: PublishScheduler;
}

export function socialAccountRoutes(app: FastifyInstance, context: AppContext, deps: SocialAccountRouteDeps): void {
  const { database, config, social } = context;
  const { db } = database;
  const { cipher, scheduler } = deps;
  const connectLimit = rateLimited(db, [{ bucket: 'connect:user', limit: config.rateLimits.connect, key: byUser }]);
  const redirectUri = (platform: SocialPlatform) => `${config.appUrl}${CALLBACK_PATHS[platform]}`;

  app.get(CONNECT_POPUP_SCRIPT_PATH, async (_request, reply) => {
    return reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(CONNECT_POPUP_SCRIPT);
  });

  // What the connect screen says before any click: which platforms are set up, which are sandboxes.
  app.get('/api/social/platforms', { preHandler: [requireAuth, requirePublish] }, async (_request, reply): Promise<{ data: PlatformAvailability[] }> => {
    void reply.header('cache-control', 'no-store');
    return { data: SOCIAL_PLATFORMS.map((platform) => ({ platform, available: social[platform] !== undefined, sandbox: social[platform]?.sandbox ?? false })) };
  });

  for (const platform of SOCIAL_PLATFORMS) {
    app.get(`/api/${platform}/connect`, { preHandler: [requireAuth, requirePublish, connectLimit] }, async (request, reply): Promise<ConnectResponse | FastifyReply> => {
      const query = parseBody(connectQuery, request.query);
      const adapter = social[platform];
      if (!adapter) return reply.code(501).send({ message: notSetUpMessage(platform) });
      const { user } = currentAuth(request);
      await assertMayStartConnect(db, user.id, user.plan, platform);
      // PKCE always: an adapter whose platform takes none leaves the challenge out.
      const { state, codeChallenge } = await startConnect(db, { userId: user.id, platform, path: query.path, popup: query.popup === '1', sandbox: adapter.sandbox, pkce: true });
      void reply.header('cache-control', 'no-store');
      return { url: adapter.oauth.authorizationUrl({ state, redirectUri: redirectUri(platform), codeChallenge }), sandbox: adapter.sandbox };
    });

    app.get(CALLBACK_PATHS[platform], async (request, reply) => {
      const adapter = social[platform];
      const finish = (target: { path: string; popup: boolean }, outcome: { accountId: string } | { error: string }) => {
        void reply.header('cache-control', 'no-store');
        const ok = 'accountId' in outcome;
        const returnTo = withParams(target.path, ok ? { connected: platform, account: outcome.accountId } : { connect_error: outcome.error });
        if (!target.popup) return reply.redirect(returnTo, 302);
        const message: ConnectPopupMessage = { type: CONNECT_CHANNEL, ok, platform, account_id: ok ? outcome.accountId : null, error: ok ? null : outcome.error };
        return reply.type('text/html; charset=utf-8').send(connectPopupPage(message, returnTo));
      };
      const unknown = { path: CONNECT_PAGE, popup: false };
      if (!adapter) return finish(unknown, { error: notSetUpMessage(platform) });

      const state = queryText(request.query, 'state', 200);
      if (!state) return finish(unknown, { error: CALLBACK_MESSAGES.unknownState });
      const consumed = await consumeState(db, state, platform);
      if (!consumed.ok) {
        if (consumed.reason === 'unknown') return finish(unknown, { error: CALLBACK_MESSAGES.unknownState });
        return finish(consumed.row, { error: consumed.reason === 'used' ? CALLBACK_MESSAGES.usedState : CALLBACK_MESSAGES.expiredState });
      }
      const attempt = consumed.row;
      const platformError = queryText(request.query, 'error', 200);
      if (platformError) return finish(attempt, { error: platformError === 'access_denied' ? CALLBACK_MESSAGES.denied(platform) : CALLBACK_MESSAGES.failed(platform) });
      const code = queryText(request.query, 'code');
      if (!code) return finish(attempt, { error: CALLBACK_MESSAGES.failed(platform) });
      if (attempt.sandbox !== adapter.sandbox) return finish(attempt, { error: CALLBACK_MESSAGES.failed(platform) });

      try {
        const account = await connectWith(adapter, code, attempt.codeVerifier);
        const stored = await storeConnectedAccount({ db, cipher, scheduler }, { userId: attempt.userId, platform, sandbox: adapter.sandbox, ...account });
        if (stored.unscheduledTargetIds.length > 0) request.log.warn({ targets: stored.unscheduledTargetIds.length }, 'unblocked targets could not be handed to the scheduler');
        return finish(attempt, { accountId: stored.accountId });
      } catch (error) {
        if (error instanceof SocialError || error instanceof ClientProblem) return finish(attempt, { error: error.message });
        // Never the error itself: it may carry the code or a token in a URL.
        request.log.warn({ platform, error: error instanceof Error ? error.name : typeof error }, 'connecting an account failed');
        return finish(attempt, { error: CALLBACK_MESSAGES.unreachable(platform) });
      }
    });
  }

  /** The code for tokens, then whose account they are. */
  const connectWith = async (adapter: SocialPlatformAdapter, code: string, codeVerifier: string | null) => {
    const tokens = await adapter.oauth.exchangeCode({ code, redirectUri: redirectUri(adapter.platform), codeVerifier });
    const profile = await adapter.oauth.profile(tokens.accessToken);
    return { tokens, profile };
  };

  // Listing and disconnecting stay open to a plan without can_publish_post: a creator who lost
  // the plan must still see what is connected and be able to take Reelflow's access away.
  app.get('/api/accounts', { preHandler: requireAuth, config: { authIdentityOnly: true } }, async (request) => {
    const query = parseBody(listAccountsQuery, request.query);
    return listAccounts(db, currentAuth(request).user.id, { page: query.page, perPage: query.per_page, search: query.search });
  });

  app.post('/api/accounts/disconnect', { preHandler: requireAuth }, async (request, reply) => {
    const { id } = parseBody(disconnectAccountRequest, request.body);
    const userId = currentAuth(request).user.id;
    // Filled inside the transaction, used once it has committed (a replay revokes nothing).
    const toRevoke: { platform: SocialPlatform; sandbox: boolean; token: string }[] = [];
    const result = await runIdempotent(db, { userId, key: idempotencyKeyOf(request), method: 'POST', path: pathOf(request), body: request.body }, async (tx) => {
      const done = await disconnectAccount(tx, cipher, userId, id);
      toRevoke.length = 0;
      if (done.revokeToken) toRevoke.push({ platform: done.platform, sandbox: done.sandbox, token: done.revokeToken });
      return { status: 200, body: { message: 'Account disconnected.', id, failed_targets: done.failedTargetIds.length } };
    });
    // Best effort, without holding up the answer: the tokens are already gone from here, revoking
    // also takes the access away at the platform.
    for (const { platform, sandbox, token } of toRevoke) {
      const adapter = social[platform];
      if (!adapter || adapter.sandbox !== sandbox) continue;
      adapter.oauth.revoke(token).catch((error: unknown) => {
        request.log.info({ platform, error: error instanceof Error ? error.name : typeof error }, 'revoking a disconnected account failed');
      });
    }
    return sendResult(reply, result);
  });
}
