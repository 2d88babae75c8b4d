// Connecting social accounts: connect → the sandbox's consent form →
// callback → stored account → list, all through the app and the built-in YouTube sandbox (the
// real protocol: PKCE, single-use codes, refresh, revoke). Also the single-use expiring state,
// tokens encrypted at rest, token health, search and paging, disconnect, the plan's limit and
// permission, owner scoping, and the token service the engine uses (refresh, never losing a
// refresh token, one refresh at a time, reconnect blocking and unblocking targets).
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paginated } from '../../contract/http';
import type { UsageResponse } from '../../contract/plans';
import type { ConnectResponse, SandboxSimulation, SocialAccount, TargetStatus } from '../../contract/publishing';
import { PLATFORM_LABELS, SOCIAL_PLATFORMS } from '../../contract/publishing';
import { oauthStates, posts, postTargets, socialAccounts, users } from '../../server/db/schema';
import { createAccountTokens } from '../../server/domain/social/account-tokens';
import { storeConnectedAccount, tokenContext, tokenHealth } from '../../server/domain/social/accounts';
import { consumeState, OAUTH_STATE_TTL_MS, startConnect } from '../../server/domain/social/oauth-state';
import type { PublishScheduler } from '../../server/domain/social/types';
import { CONNECT_POPUP_SCRIPT_PATH } from '../../server/http/connect-popup';
import { CALLBACK_PATHS } from '../../server/http/routes/social-accounts';
import { createSocialProviders, type SocialSetup } from '../../server/providers/social';
import { SocialError, type OAuthTokens, type SocialPlatformAdapter } from '../../server/domain/ports/social';
import { submitConsent } from './fakes/youtube-sandbox-consent';
import { as, bodyOf, createTestApp, messageOf, uniqueEmail, type TestApp } from './helpers';

const DAY = 86_400_000;

describe('connecting social accounts', () => {
  let t: TestApp;
  /** The same sandbox the app uses (its state is in the database), held by the test to check tokens. */
  let sandbox: SocialSetup;
  let youtube: SocialPlatformAdapter;
  const scheduled: { targetId: string; at: Date | null }[] = [];
  const scheduler: PublishScheduler = {
    schedule(targetId, at) {
      scheduled.push({ targetId, at });
      return Promise.resolve();
    },
  };

  const register = async (label: string, plan = 'creator') => {
    const registered = await t.client.register(uniqueEmail(label));
    await t.database.db.update(users).set({ plan }).where(eq(users.id, registered.user.id));
    return { token: registered.token, id: registered.user.id };
  };
  const accountsOf = async (token: string, query = '') => {
    const response = await t.client.get(`/api/accounts${query}`, as(token));
    expect(response.statusCode).toBe(200);
    return response.json<Paginated<SocialAccount>>();
  };
  const rowOf = async (id: string) => (await t.database.db.select().from(socialAccounts).where(eq(socialAccounts.id, id)))[0]!;
  const location = (response: LightMyRequestResponse) => new URL(String(response.headers.location), 'http://reelflow.test');

  /** The sandbox's consent form submitted like a browser: the callback address it redirects to. */
  async function consent(authorizationUrl: string, input: { accountName: string; simulate?: SandboxSimulation; decision?: 'allow' | 'deny' }) {
    const result = await submitConsent(t.app, authorizationUrl, { account_name: input.accountName, simulate: input.simulate ?? 'ok', ...(input.decision ? { decision: input.decision } : {}) });
    expect(result.submit.statusCode).toBe(302);
    return `${result.callback!.pathname}${result.callback!.search}`;
  }
  /** GET /api/youtube/connect, consent at the sandbox, then the callback as the browser follows it. */
  async function connect(token: string, input: { accountName: string; simulate?: SandboxSimulation }, query = '?path=/connect') {
    const started = await t.client.get(`/api/youtube/connect${query}`, as(token));
    expect(started.statusCode).toBe(200);
    const { url } = started.json<ConnectResponse>();
    // The callback is public: the browser carries no bearer token there.
    return t.app.inject({ method: 'GET', url: await consent(url, input) });
  }
  const storedTokens = async (id: string) => {
    const row = await rowOf(id);
    return { accessToken: t.services.tokenCipher.decrypt(row.accessTokenEnc!, tokenContext(id, 'access')), refreshToken: t.services.tokenCipher.decrypt(row.refreshTokenEnc!, tokenContext(id, 'refresh')) };
  };
  const connectedId = (response: LightMyRequestResponse) => {
    expect(response.statusCode).toBe(302);
    const back = location(response);
    expect(back.searchParams.get('connected')).toBe('youtube');
    return back.searchParams.get('account')!;
  };

  /** A post with one target on the account, straight in the database (composing is another part). */
  async function targetOn(userId: number, accountId: string, status: TargetStatus, extra: { platformPostId?: string; scheduledAt?: Date } = {}) {
    const postId = randomUUID();
    const targetId = randomUUID();
    await t.database.db.insert(posts).values({ id: postId, userId, status: status === 'draft' ? 'draft' : 'scheduled', scheduledAt: extra.scheduledAt ?? null });
    await t.database.db.insert(postTargets).values({ id: targetId, postId, userId, accountId, platform: 'youtube', accountName: 'x', status, platformPostId: extra.platformPostId ?? null });
    return { postId, targetId };
  }
  const targetRow = async (id: string) => (await t.database.db.select().from(postTargets).where(eq(postTargets.id, id)))[0]!;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_CONNECT: '1000 per minute' }, undefined, { publishScheduler: scheduler });
    sandbox = createSocialProviders(t.config, { db: t.database.db });
    youtube = sandbox.adapters.youtube!;
  });
  afterAll(async () => {
    await sandbox.close();
    await t.close();
  });

  it('connects through consent and the callback, stores the account with encrypted tokens and lists it', async () => {
    const user = await register('connect');
    const started = await t.client.get('/api/youtube/connect?path=/publish%3Fdraft%3D1', as(user.token));
    expect(started.statusCode).toBe(200);
    expect(started.headers['cache-control']).toBe('no-store');
    const body = started.json<ConnectResponse>();
    expect(body.sandbox).toBe(true);
    const consentUrl = new URL(body.url);
    expect(consentUrl.pathname).toBe('/sandbox/youtube/o/oauth2/v2/auth');
    expect(consentUrl.searchParams.get('access_type')).toBe('offline');
    expect(consentUrl.searchParams.get('redirect_uri')).toBe('http://reelflow.test/api/google/callback');
    expect(consentUrl.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const state = consentUrl.searchParams.get('state')!;
    expect(state.length).toBeGreaterThanOrEqual(43);
    // Only the hash of the state is stored.
    const stored = await t.database.db.select().from(oauthStates).where(eq(oauthStates.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.stateHash).not.toBe(state);
    expect(JSON.stringify(stored)).not.toContain(state);

    const callback = await t.app.inject({ method: 'GET', url: await consent(body.url, { accountName: 'Basil Daily' }) });
    expect(callback.statusCode).toBe(302);
    const back = location(callback);
    expect(back.pathname).toBe('/publish');
    expect(back.searchParams.get('draft')).toBe('1');
    expect(back.searchParams.get('connected')).toBe('youtube');
    const accountId = back.searchParams.get('account')!;

    const list = await accountsOf(user.token);
    expect(list).toMatchObject({ total: 1, current_page: 1, per_page: 10 });
    expect(list.data[0]).toMatchObject({ id: accountId, platform: 'youtube', name: 'Basil Daily', sandbox: true, health: 'ok', health_reason: null, blocked_targets: 0 });
    expect(list.data[0]!.handle).toMatch(/^@/);
    expect(Date.parse(list.data[0]!.token_expires_at!)).toBeGreaterThan(Date.now());

    // Encryption at rest: the stored values decrypt to tokens the sandbox accepts, and no column
    // of the table holds either of them.
    const row = await rowOf(accountId);
    const issued = await storedTokens(accountId);
    expect((await youtube.oauth.profile(issued.accessToken)).name).toBe('Basil Daily');
    const table = JSON.stringify(await t.database.db.select().from(socialAccounts));
    for (const plain of [issued.accessToken, issued.refreshToken]) {
      expect(plain.length).toBeGreaterThan(10);
      expect(table).not.toContain(plain);
    }
    expect(row.accessTokenEnc).toMatch(/^v1\./);
    expect(row.refreshTokenEnc).toMatch(/^v1\./);

    // The usage endpoint counts connected accounts.
    const usage = (await t.client.get('/api/user/usage', as(user.token))).json<UsageResponse>();
    expect(usage.data.find((entry) => entry.limit === 'social_accounts')).toEqual({ limit: 'social_accounts', used: 1, period_start: null, period_end: null });
  });

  it('uses a state once, only within 10 minutes, only for its platform, and checks PKCE', async () => {
    const user = await register('state');
    const started = (await t.client.get('/api/youtube/connect?path=/connect', as(user.token))).json<ConnectResponse>();
    const callback = await consent(started.url, { accountName: 'Once' });
    expect(connectedId(await t.app.inject({ method: 'GET', url: callback }))).toBeTruthy();
    const again = await t.app.inject({ method: 'GET', url: callback });
    expect(again.statusCode).toBe(302);
    expect(location(again).pathname).toBe('/connect');
    expect(location(again).searchParams.get('connect_error')).toBe('This connection link was already used. Start connecting again if the account is not listed.');

    // Expired: the state is older than 10 minutes.
    const late = (await t.client.get('/api/youtube/connect', as(user.token))).json<ConnectResponse>();
    const lateCallback = await consent(late.url, { accountName: 'Late' });
    const lateState = new URL(late.url).searchParams.get('state')!;
    await t.database.db
      .update(oauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthStates.userId, user.id));
    const expired = await t.app.inject({ method: 'GET', url: lateCallback });
    expect(location(expired).searchParams.get('connect_error')).toBe('This connection link expired after 10 minutes. Start connecting again.');
    expect(lateState).not.toBe(new URL(started.url).searchParams.get('state'));

    // Unknown or missing state: back to /connect with a plain reason, nothing stored.
    for (const url of ['/api/google/callback?code=abc&state=forged-state-that-is-long-enough', '/api/google/callback?code=abc', '/api/google/callback?state[]=x']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(302);
      expect(location(response).pathname).toBe('/connect');
      expect(location(response).searchParams.get('connect_error')).toBe('This connection link is not valid. Start connecting again from the Connect page.');
    }

    // PKCE: the exchange sends the verifier stored with the state, and the sandbox checks it
    // against the consent's S256 challenge — a different verifier is refused.
    const pkce = (await t.client.get('/api/youtube/connect', as(user.token))).json<ConnectResponse>();
    const pkceCallback = await consent(pkce.url, { accountName: 'Pkce' });
    await t.database.db
      .update(oauthStates)
      .set({ codeVerifier: 'x'.repeat(43) })
      .where(and(eq(oauthStates.userId, user.id), isNull(oauthStates.usedAt), gt(oauthStates.expiresAt, new Date())));
    const refused = await t.app.inject({ method: 'GET', url: pkceCallback });
    expect(location(refused).searchParams.get('connect_error')).toMatch(/YouTube/);
    expect(location(refused).searchParams.get('connected')).toBeNull();
    expect((await accountsOf(user.token)).data.map((account) => account.name)).toEqual(['Once']);
    expect(OAUTH_STATE_TTL_MS).toBe(600_000);

    // A state belongs to its platform: a YouTube state cannot finish another platform's callback.
    const own = await startConnect(t.database.db, { userId: user.id, platform: 'youtube', path: '/connect', popup: false, sandbox: true, pkce: false });
    expect(own.codeChallenge).toBeNull();
    expect(await consumeState(t.database.db, own.state, 'tiktok')).toEqual({ ok: false, reason: 'unknown', row: null });
    expect(await consumeState(t.database.db, own.state, 'youtube')).toMatchObject({ ok: true, row: { userId: user.id, path: '/connect', codeVerifier: null } });
  });

  it('sends a denial or a failed exchange back to the path with the reason in plain words', async () => {
    const user = await register('deny');
    const started = (await t.client.get('/api/youtube/connect?path=/calender', as(user.token))).json<ConnectResponse>();
    // "Cancel" on the sandbox's consent page: back with error=access_denied and the state.
    const denial = await consent(started.url, { accountName: 'Denied', decision: 'deny' });
    expect(new URL(denial, 'http://x').searchParams.get('error')).toBe('access_denied');
    const denied = await t.app.inject({ method: 'GET', url: denial });
    expect(location(denied).pathname).toBe('/calender');
    expect(location(denied).searchParams.get('connect_error')).toBe('You did not allow Reelflow to publish to your YouTube account.');

    const second = (await t.client.get('/api/youtube/connect?path=/calender', as(user.token))).json<ConnectResponse>();
    const secondState = new URL(second.url).searchParams.get('state')!;
    const badCode = await t.app.inject({ method: 'GET', url: `/api/google/callback?code=never-issued&scope=x&state=${encodeURIComponent(secondState)}` });
    expect(location(badCode).pathname).toBe('/calender');
    expect(location(badCode).searchParams.get('connect_error')).toBe('The YouTube sign-in expired or was already used. Connect again.');
    expect((await accountsOf(user.token)).total).toBe(0);
  });

  it('in popup mode answers a page that tells the opener (script from this origin) with a link back', async () => {
    const user = await register('popup');
    const response = await connect(user.token, { accountName: 'Popup Channel' }, '?path=/connect&popup=1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const html = response.body;
    expect(html).toContain('<title>Connected · Reelflow</title>');
    expect(html).toContain(`<script src="${CONNECT_POPUP_SCRIPT_PATH}" defer></script>`);
    expect(html).not.toMatch(/<script>/);
    const [, encoded] = /data-message="([^"]*)"/.exec(html)!;
    const message = JSON.parse(encoded!.replace(/&#34;/g, '"').replace(/&#39;/g, "'").replace(/&#38;/g, '&')) as Record<string, unknown>;
    const [account] = (await accountsOf(user.token)).data;
    expect(message).toEqual({ type: 'reelflow:connect', ok: true, platform: 'youtube', account_id: account!.id, error: null });
    expect(html).toContain(`href="/connect?connected=youtube&#38;account=${account!.id}"`);
    // The CSP of the page allows that script and no inline one.
    expect(String(response.headers['content-security-policy'])).toMatch(/script-src 'self'/);
    const script = await t.app.inject({ method: 'GET', url: CONNECT_POPUP_SCRIPT_PATH });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain('window.opener.postMessage(message, window.location.origin)');

    // A failure in popup mode is a page too, with the reason.
    const started = (await t.client.get('/api/youtube/connect?popup=1', as(user.token))).json<ConnectResponse>();
    const state = new URL(started.url).searchParams.get('state')!;
    const denied = await t.app.inject({ method: 'GET', url: `/api/google/callback?error=access_denied&state=${state}` });
    expect(denied.body).toContain('<title>Not connected · Reelflow</title>');
    expect(denied.body).toContain('You did not allow Reelflow to publish to your YouTube account.');
  });

  it('says which platforms are set up and which run on the sandbox, and validates the connect query', async () => {
    const user = await register('query');
    const platforms = await t.client.get('/api/social/platforms', as(user.token));
    expect(platforms.statusCode).toBe(200);
    expect(platforms.json()).toEqual({ data: SOCIAL_PLATFORMS.map((platform) => ({ platform, available: true, sandbox: true })) });
    expect((await t.client.get('/api/social/platforms')).statusCode).toBe(401);
    for (const query of ['?path=https://evil.example/', '?path=//evil.example', '?popup=yes', `?path=/${'x'.repeat(600)}`]) {
      expect((await t.client.get(`/api/youtube/connect${query}`, as(user.token))).statusCode).toBe(422);
    }
    expect((await t.client.get('/api/youtube/connect')).statusCode).toBe(401);
  });

  it('refuses a plan without can_publish_post (403), and the plan’s account limit counts connected accounts only', async () => {
    const free = await register('free', 'free');
    const refused = await t.client.get('/api/youtube/connect?path=/connect', as(free.token));
    expect(refused.statusCode).toBe(403);
    expect(messageOf(refused)).toBe('Your plan does not include publishing. Upgrade your plan to connect accounts and publish posts.');
    expect((await t.client.get('/api/social/platforms', as(free.token))).statusCode).toBe(403);

    const creator = await register('limit');
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push(connectedId(await connect(creator.token, { accountName: `Channel ${i}` })));
    // At the limit: a reconnect of a connected account still works (the callback checks exactly)…
    expect(connectedId(await connect(creator.token, { accountName: 'Channel 3' }))).toBe(ids[3]);
    // …a new account is refused there with the plan's wording.
    const eleventh = await connect(creator.token, { accountName: 'Channel 10' });
    expect(location(eleventh).searchParams.get('connect_error')).toBe('Your plan allows 10 connected accounts. Disconnect one or upgrade your plan to connect another.');
    expect((await accountsOf(creator.token)).total).toBe(10);
    // A disconnected account no longer counts.
    expect((await t.client.post('/api/accounts/disconnect', { id: ids[0] }, as(creator.token))).statusCode).toBe(200);
    expect(connectedId(await connect(creator.token, { accountName: 'Channel 10' }))).not.toBe(ids[0]);

    // The start itself is refused at the limit when no account of the platform could be reconnected.
    await t.database.db.update(users).set({ plan: 'free' }).where(eq(users.id, creator.id));
    expect((await t.client.get('/api/youtube/connect', as(creator.token))).statusCode).toBe(403);
  });

  it('searches by name, handle or platform and pages newest first', async () => {
    const user = await register('search');
    for (const name of ['Alpha Cooking', 'Beta Gardens', 'Gamma Cooking']) connectedId(await connect(user.token, { accountName: name }));
    expect((await accountsOf(user.token, '?search=cook')).data.map((a) => a.name)).toEqual(['Gamma Cooking', 'Alpha Cooking']);
    expect((await accountsOf(user.token, '?search=%40beta')).data.map((a) => a.name)).toEqual(['Beta Gardens']);
    expect((await accountsOf(user.token, '?search=youtube')).total).toBe(3);
    expect((await accountsOf(user.token, '?search=tiktok')).total).toBe(0);
    expect((await accountsOf(user.token, '?search=100%25')).total).toBe(0);
    const page2 = await accountsOf(user.token, '?per_page=2&page=2');
    expect(page2).toMatchObject({ total: 3, per_page: 2, current_page: 2, last_page: 2, from: 3, to: 3 });
    expect(page2.data.map((a) => a.name)).toEqual(['Alpha Cooking']);
    expect((await t.client.get('/api/accounts?per_page=0', as(user.token))).statusCode).toBe(422);
  });

  it('keeps the stored refresh token when a reconnect (or refresh) brings none', async () => {
    const user = await register('keep');
    const id = connectedId(await connect(user.token, { accountName: 'Keeper' }));
    const original = (await storedTokens(id)).refreshToken;
    const profile = { platformAccountId: (await rowOf(id)).platformAccountId, name: 'Keeper Renamed', handle: '@keeper', avatarUrl: null };
    const stored = await storeConnectedAccount(
      { db: t.database.db, cipher: t.services.tokenCipher, scheduler },
      { userId: user.id, platform: 'youtube', sandbox: true, profile, tokens: { accessToken: 'new-access', refreshToken: null, expiresAt: new Date(Date.now() + 3600_000), refreshExpiresAt: null, scope: null } },
    );
    expect(stored).toMatchObject({ accountId: id, added: false });
    const row = await rowOf(id);
    expect(row.name).toBe('Keeper Renamed');
    expect(t.services.tokenCipher.decrypt(row.refreshTokenEnc!, tokenContext(id, 'refresh'))).toBe(original);
    expect(t.services.tokenCipher.decrypt(row.accessTokenEnc!, tokenContext(id, 'access'))).toBe('new-access');
  });

  it('disconnects: wipes tokens, fails queued targets, revokes, and a reconnect revives the row', async () => {
    const user = await register('disconnect');
    const id = connectedId(await connect(user.token, { accountName: 'Leaving' }));
    const { refreshToken } = await storedTokens(id);
    const queued = await targetOn(user.id, id, 'scheduled');
    const blocked = await targetOn(user.id, id, 'blocked');
    const published = await targetOn(user.id, id, 'published', { platformPostId: 'yt-1' });
    const draft = await targetOn(user.id, id, 'draft');

    const response = await t.client.post('/api/accounts/disconnect', { id }, as(user.token, 'disconnect-1'));
    expect(response.statusCode).toBe(200);
    expect(bodyOf(response)).toEqual({ message: 'Account disconnected.', id, failed_targets: 2 });
    const replay = await t.client.post('/api/accounts/disconnect', { id }, as(user.token, 'disconnect-1'));
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    // Without the key, a second disconnect finds nothing connected.
    expect((await t.client.post('/api/accounts/disconnect', { id }, as(user.token))).statusCode).toBe(404);

    const row = await rowOf(id);
    expect(row).toMatchObject({ accessTokenEnc: null, refreshTokenEnc: null, tokenExpiresAt: null });
    expect(row.disconnectedAt).toBeInstanceOf(Date);
    for (const target of [queued, blocked]) {
      expect(await targetRow(target.targetId)).toMatchObject({ status: 'failed', error: 'The account was disconnected.', errorClass: 'disconnect' });
      expect((await t.database.db.select().from(posts).where(eq(posts.id, target.postId)))[0]!.status).toBe('failed');
    }
    expect((await targetRow(published.targetId)).status).toBe('published');
    expect((await targetRow(draft.targetId)).status).toBe('draft');
    // Revoked at the sandbox too (best effort, after the answer): the old refresh token is dead.
    await expect
      .poll(
        () =>
          youtube.oauth.refresh(refreshToken).then(
            () => 'works',
            (error: unknown) => (error instanceof SocialError ? error.errorClass : 'other'),
          ),
        { timeout: 10_000 },
      )
      .toBe('disconnect');
    expect((await accountsOf(user.token)).total).toBe(0);

    // Connecting the same channel again revives the same row.
    expect(connectedId(await connect(user.token, { accountName: 'Leaving' }))).toBe(id);
    expect((await rowOf(id)).disconnectedAt).toBeNull();
    expect((await t.client.post('/api/accounts/disconnect', { id: 'nope' }, as(user.token))).statusCode).toBe(422);
  });

  it('scopes accounts to their owner: another user can neither list, disconnect nor reconnect into them', async () => {
    const owner = await register('owner');
    const other = await register('other');
    const id = connectedId(await connect(owner.token, { accountName: 'Private' }));
    expect((await accountsOf(other.token)).total).toBe(0);
    const stolen = await t.client.post('/api/accounts/disconnect', { id }, as(other.token));
    expect(stolen.statusCode).toBe(404);
    expect(messageOf(stolen)).toBe('This account is not connected.');
    expect((await rowOf(id)).disconnectedAt).toBeNull();
    // The same name connected by another user is their own sandbox channel, on their own row.
    const theirs = connectedId(await connect(other.token, { accountName: 'Private' }));
    expect(theirs).not.toBe(id);
    // A state started by one user cannot be finished into another's session: it binds to its user.
    const started = (await t.client.get('/api/youtube/connect', as(other.token))).json<ConnectResponse>();
    const callback = await consent(started.url, { accountName: 'Other Only' });
    connectedId(await t.app.inject({ method: 'GET', url: callback, headers: { authorization: `Bearer ${owner.token}` } }));
    expect((await accountsOf(owner.token)).data.map((a) => a.name)).toEqual(['Private']);
    expect((await accountsOf(other.token)).data.map((a) => a.name).sort()).toEqual(['Other Only', 'Private']);
  });

  it('reports token health: ok, expiring (refresh token ends soon, or unused for months), reconnect', async () => {
    const user = await register('health');
    const id = connectedId(await connect(user.token, { accountName: 'Health' }));
    const now = new Date();
    const base = await rowOf(id);
    expect(tokenHealth(base, now)).toEqual({ health: 'ok', reason: null });
    const soon = tokenHealth({ ...base, refreshExpiresAt: new Date(now.getTime() + DAY) }, now);
    expect(soon.health).toBe('expiring');
    expect(soon.reason).toMatch(/within 2 days/);
    expect(tokenHealth({ ...base, refreshExpiresAt: new Date(now.getTime() + 3 * DAY) }, now).health).toBe('ok');
    expect(tokenHealth({ ...base, refreshExpiresAt: new Date(now.getTime() - 1) }, now).health).toBe('reconnect');
    const unused = { ...base, tokenExpiresAt: new Date(now.getTime() - DAY), lastRefreshedAt: new Date(now.getTime() - 151 * DAY) };
    expect(tokenHealth(unused, now).health).toBe('expiring');
    expect(tokenHealth(unused, now).reason).toMatch(/5 months/);
    expect(tokenHealth({ ...unused, lastRefreshedAt: new Date(now.getTime() - 149 * DAY) }, now).health).toBe('ok');
    expect(tokenHealth({ ...base, status: 'reconnect', statusReason: 'Gone.' }, now)).toEqual({ health: 'reconnect', reason: 'Gone.' });

    await t.database.db
      .update(socialAccounts)
      .set({ refreshExpiresAt: new Date(Date.now() + DAY) })
      .where(eq(socialAccounts.id, id));
    const [listed] = (await accountsOf(user.token)).data;
    expect(listed).toMatchObject({ health: 'expiring', health_reason: "YouTube's permission for this account ends within 2 days. Reconnect it to keep publishing." });
  });

  describe('the token service', () => {
    const tokens = (overrides: Partial<OAuthTokens> = {}): OAuthTokens => ({ accessToken: `access-${randomUUID()}`, refreshToken: null, expiresAt: new Date(Date.now() + 3600_000), refreshExpiresAt: null, scope: null, ...overrides });
    /** The service over the sandbox adapter, its refresh wrapped (counted, gated or replaced) when a test needs it. */
    const service = (refresh: (refreshToken: string) => Promise<OAuthTokens> = (refreshToken) => youtube.oauth.refresh(refreshToken)) => {
      const adapter: SocialPlatformAdapter = { ...youtube, oauth: { ...youtube.oauth, refresh } };
      return createAccountTokens({ db: t.database.db, cipher: t.services.tokenCipher, adapters: { youtube: adapter } });
    };
    const expire = (id: string, inMs = -1000) => t.database.db.update(socialAccounts).set({ tokenExpiresAt: new Date(Date.now() + inMs) }).where(eq(socialAccounts.id, id));

    it('returns the stored token while valid, refreshes at the sandbox when expired, within 60 s or forced, keeping the refresh token', async () => {
      const user = await register('tokens');
      const id = connectedId(await connect(user.token, { accountName: 'Tokens' }));
      const issued = await storedTokens(id);
      const seen: string[] = [];
      const tokensService = service((refreshToken) => {
        seen.push(refreshToken);
        return youtube.oauth.refresh(refreshToken);
      });
      expect(await tokensService.accessToken(id)).toBe(issued.accessToken);
      expect(seen).toEqual([]);
      await expire(id, 30_000);
      const refreshed = await tokensService.accessToken(id);
      expect(refreshed).not.toBe(issued.accessToken);
      expect(seen).toEqual([issued.refreshToken]);
      // The new token is one the sandbox accepts.
      expect((await youtube.oauth.profile(refreshed)).name).toBe('Tokens');
      expect(await tokensService.accessToken(id)).toBe(refreshed);
      const forced = await tokensService.accessToken(id, { forceRefresh: true });
      expect(forced).not.toBe(refreshed);
      expect(seen).toHaveLength(2);
      // The sandbox (like Google) sends no refresh token on a refresh: the stored one stays.
      expect(await storedTokens(id)).toEqual({ accessToken: forced, refreshToken: issued.refreshToken });
      const row = await rowOf(id);
      expect(row.lastRefreshedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(row.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 60_000);
    });

    it('stores a rotated refresh token (platforms that rotate them, e.g. TikTok)', async () => {
      const user = await register('rotate');
      const id = connectedId(await connect(user.token, { accountName: 'Rotating' }));
      await expire(id);
      await service(() => Promise.resolve(tokens({ refreshToken: 'rotated-refresh' }))).accessToken(id);
      expect((await storedTokens(id)).refreshToken).toBe('rotated-refresh');
    });

    it('refreshes an account once however many callers ask at the same moment', async () => {
      const user = await register('single');
      const id = connectedId(await connect(user.token, { accountName: 'Single Flight' }));
      await expire(id);
      let calls = 0;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const tokensService = service(async (refreshToken) => {
        calls += 1;
        await gate;
        return youtube.oauth.refresh(refreshToken);
      });
      const waiting = Array.from({ length: 5 }, () => tokensService.accessToken(id));
      await expect.poll(() => calls, { timeout: 10_000 }).toBe(1);
      release();
      const answers = await Promise.all(waiting);
      expect(new Set(answers).size).toBe(1);
      expect(calls).toBe(1);
      expect((await storedTokens(id)).accessToken).toBe(answers[0]);
    });

    it('a refresh the sandbox refuses ("revoked") marks the account "reconnect" and blocks its queued targets; a reconnect unblocks them', async () => {
      const user = await register('revoked');
      const id = connectedId(await connect(user.token, { accountName: 'Revoked Channel', simulate: 'revoked' }));
      const soon = new Date(Date.now() + 3600_000);
      const queued = await targetOn(user.id, id, 'scheduled', { scheduledAt: soon });
      const running = await targetOn(user.id, id, 'publishing');
      const accepted = await targetOn(user.id, id, 'publishing', { platformPostId: 'yt-held' });
      const draft = await targetOn(user.id, id, 'draft');
      await expire(id);
      const tokensService = service();
      const error = await tokensService.accessToken(id).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(SocialError);
      expect((error as SocialError).errorClass).toBe('disconnect');
      expect((error as SocialError).code).toBe('invalid_grant');
      expect((error as SocialError).message).toBe("YouTube no longer accepts Reelflow's access to Revoked Channel (it was revoked or has expired). Reconnect it to publish.");

      const row = await rowOf(id);
      expect(row.status).toBe('reconnect');
      for (const target of [queued, running]) {
        expect(await targetRow(target.targetId)).toMatchObject({ status: 'blocked', error: 'Reconnect Revoked Channel to publish.', errorClass: 'disconnect', errorCode: 'invalid_grant' });
      }
      expect((await targetRow(accepted.targetId)).status).toBe('publishing');
      expect((await targetRow(draft.targetId)).status).toBe('draft');
      const [listed] = (await accountsOf(user.token)).data;
      expect(listed).toMatchObject({ health: 'reconnect', blocked_targets: 2, health_reason: row.statusReason });
      // No refresh is tried again until the creator reconnects.
      let tried = 0;
      await expect(
        service(() => {
          tried += 1;
          return Promise.resolve(tokens());
        }).accessToken(id),
      ).rejects.toMatchObject({ errorClass: 'disconnect' });
      expect(tried).toBe(0);

      // The creator reconnects the same channel (now behaving): the row is revived, targets go back to the engine.
      scheduled.length = 0;
      expect(connectedId(await connect(user.token, { accountName: 'Revoked Channel', simulate: 'ok' }))).toBe(id);
      expect(await rowOf(id)).toMatchObject({ status: 'active', statusReason: null });
      for (const target of [queued, running]) expect(await targetRow(target.targetId)).toMatchObject({ status: 'scheduled', error: null, errorClass: null });
      expect(scheduled.map((entry) => entry.targetId).sort()).toEqual([queued.targetId, running.targetId].sort());
      expect(scheduled.find((entry) => entry.targetId === queued.targetId)!.at?.getTime()).toBe(soon.getTime());
      expect(scheduled.find((entry) => entry.targetId === running.targetId)!.at).toBeNull();
      expect((await accountsOf(user.token)).data[0]).toMatchObject({ health: 'ok', blocked_targets: 0 });
      await expire(id);
      expect((await youtube.oauth.profile(await service().accessToken(id))).name).toBe('Revoked Channel');
    });

    it('a passing failure (rate, outage) changes nothing; a disconnected account gets no token', async () => {
      const user = await register('transient');
      const id = connectedId(await connect(user.token, { accountName: 'Transient' }));
      const queued = await targetOn(user.id, id, 'scheduled');
      await expire(id);
      await expect(service(() => Promise.reject(new SocialError('YouTube is busy.', 'retry', 'backendError', 503))).accessToken(id)).rejects.toMatchObject({ errorClass: 'retry' });
      expect((await rowOf(id)).status).toBe('active');
      expect((await targetRow(queued.targetId)).status).toBe('scheduled');
      expect((await t.client.post('/api/accounts/disconnect', { id }, as(user.token))).statusCode).toBe(200);
      await expect(service().accessToken(id)).rejects.toMatchObject({ errorClass: 'disconnect', message: 'The account was disconnected.' });
      await expect(service().accessToken(randomUUID())).rejects.toMatchObject({ errorClass: 'disconnect' });
    });
  });

  it('never stores the plain state, code verifier excepted, and cleans old states', async () => {
    const user = await register('cleanup');
    await t.database.db.insert(oauthStates).values({ stateHash: 'old', userId: user.id, platform: 'youtube', path: '/connect', expiresAt: new Date(Date.now() - 2 * DAY) });
    await t.client.get('/api/youtube/connect', as(user.token));
    const rows = await t.database.db.select().from(oauthStates).where(and(eq(oauthStates.userId, user.id)));
    expect(rows.map((row) => row.stateHash)).not.toContain('old');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('connect rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_CONNECT: '2 per minute' });
  });
  afterAll(async () => t.close());

  it('answers 429 past RATE_LIMIT_CONNECT per user, other users unaffected', async () => {
    const first = await t.client.register(uniqueEmail('rate-a'));
    const second = await t.client.register(uniqueEmail('rate-b'));
    await t.database.db.update(users).set({ plan: 'creator' });
    for (let i = 0; i < 2; i++) expect((await t.client.get('/api/youtube/connect', as(first.token))).statusCode).toBe(200);
    const limited = await t.client.get('/api/youtube/connect', as(first.token));
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await t.client.get('/api/youtube/connect', as(second.token))).statusCode).toBe(200);
  });
});

describe('a platform this server has not set up', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No client ids in the test environment and no sandboxes: none of the platforms is available.
    t = await createTestApp({ SANDBOX_PLATFORMS: '0' });
  });
  afterAll(async () => t.close());

  it('answers 501 with what the administrator must do, on connect and on a callback', async () => {
    const registered = await t.client.register(uniqueEmail('unset'));
    await t.database.db.update(users).set({ plan: 'creator' }).where(eq(users.id, registered.user.id));
    // The connect screen knows before any click.
    expect((await t.client.get('/api/social/platforms', as(registered.token))).json()).toEqual({ data: SOCIAL_PLATFORMS.map((platform) => ({ platform, available: false, sandbox: false })) });
    for (const platform of SOCIAL_PLATFORMS) {
      const label = PLATFORM_LABELS[platform];
      const message = `${label} is not set up on this server. Ask its administrator to add ${label}'s app credentials.`;
      const connectResponse = await t.client.get(`/api/${platform}/connect?path=/connect`, as(registered.token));
      expect(connectResponse.statusCode).toBe(501);
      expect(bodyOf(connectResponse)).toEqual({ message });
      const callback = await t.app.inject({ method: 'GET', url: `${CALLBACK_PATHS[platform]}?code=x&state=y` });
      expect(callback.statusCode).toBe(302);
      expect(new URL(String(callback.headers.location), 'http://reelflow.test').searchParams.get('connect_error')).toBe(message);
    }
  });
});
