// Connecting social accounts (issue 9, acceptance 1): connect → consent → callback → stored
// account → list, the single-use expiring state with PKCE, tokens encrypted at rest, token health,
// search and paging, disconnect, the plan's limit and permission, owner scoping, and the token
// service the engine uses (refresh, never losing a refresh token, reconnect blocking targets).
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paginated } from '../../contract/http';
import type { UsageResponse } from '../../contract/plans';
import type { ConnectResponse, SocialAccount, TargetStatus } from '../../contract/publishing';
import { oauthStates, posts, postTargets, socialAccounts, users } from '../../server/db/schema';
import { createAccountTokens } from '../../server/domain/social/account-tokens';
import { storeConnectedAccount, tokenContext, tokenHealth } from '../../server/domain/social/accounts';
import { consumeState, OAUTH_STATE_TTL_MS, startConnect } from '../../server/domain/social/oauth-state';
import type { PublishScheduler } from '../../server/domain/social/types';
import { CONNECT_POPUP_SCRIPT_PATH } from '../../server/http/connect-popup';
import { SocialError, type OAuthTokens, type SocialPlatformAdapter } from '../../server/providers/social/types';
import { as, bodyOf, createTestApp, messageOf, uniqueEmail, type TestApp } from './helpers';
import { fakeYoutube, type FakeYoutube } from './fakes/social-oauth';

const DAY = 86_400_000;

describe('connecting social accounts', () => {
  let t: TestApp;
  let youtube: FakeYoutube;
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

  /** GET /api/youtube/connect, consent at the platform, then the callback as the browser follows it. */
  async function connect(token: string, consent: { accountName: string; simulate?: string }, query = '?path=/connect') {
    const started = await t.client.get(`/api/youtube/connect${query}`, as(token));
    expect(started.statusCode).toBe(200);
    const { url } = started.json<ConnectResponse>();
    const callback = await youtube.consent(url, consent);
    // The callback is public: the browser carries no bearer token there.
    return t.app.inject({ method: 'GET', url: callback });
  }
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
    youtube = fakeYoutube();
    t = await createTestApp({ RATE_LIMIT_CONNECT: '1000 per minute' }, undefined, { social: { youtube: youtube.adapter }, publishScheduler: scheduler });
  });
  afterAll(async () => t.close());

  it('connects through consent and the callback, stores the account with encrypted tokens and lists it', async () => {
    const user = await register('connect');
    const started = await t.client.get('/api/youtube/connect?path=/publish%3Fdraft%3D1', as(user.token));
    expect(started.statusCode).toBe(200);
    expect(started.headers['cache-control']).toBe('no-store');
    const body = started.json<ConnectResponse>();
    expect(body.sandbox).toBe(youtube.adapter.sandbox);
    const consentUrl = new URL(body.url);
    expect(consentUrl.searchParams.get('redirect_uri')).toBe('http://reelflow.test/api/google/callback');
    expect(consentUrl.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const state = consentUrl.searchParams.get('state')!;
    expect(state.length).toBeGreaterThanOrEqual(43);
    // Only the hash of the state is stored.
    const stored = await t.database.db.select().from(oauthStates).where(eq(oauthStates.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.stateHash).not.toBe(state);
    expect(JSON.stringify(stored)).not.toContain(state);

    const callback = await t.app.inject({ method: 'GET', url: await youtube.consent(body.url, { accountName: 'Basil Daily' }) });
    expect(callback.statusCode).toBe(302);
    const back = location(callback);
    expect(back.pathname).toBe('/publish');
    expect(back.searchParams.get('draft')).toBe('1');
    expect(back.searchParams.get('connected')).toBe('youtube');
    const accountId = back.searchParams.get('account')!;

    const list = await accountsOf(user.token);
    expect(list).toMatchObject({ total: 1, current_page: 1, per_page: 10 });
    expect(list.data[0]).toMatchObject({ id: accountId, platform: 'youtube', name: 'Basil Daily', sandbox: youtube.adapter.sandbox, health: 'ok', health_reason: null, blocked_targets: 0 });

    // Encryption at rest: neither column holds the token, and both decrypt to what the platform issued.
    const row = await rowOf(accountId);
    const issued = youtube.issuedFor('Basil Daily');
    expect(row.accessTokenEnc).not.toContain(issued.accessToken);
    expect(row.refreshTokenEnc).not.toContain(issued.refreshToken);
    expect(JSON.stringify(await t.database.db.select().from(socialAccounts))).not.toContain(issued.refreshToken);
    expect(t.app.tokenCipher.decrypt(row.refreshTokenEnc!, tokenContext(accountId, 'refresh'))).toBe(issued.refreshToken);
    expect(t.app.tokenCipher.decrypt(row.accessTokenEnc!, tokenContext(accountId, 'access'))).toBe(issued.accessToken);

    // The usage endpoint counts connected accounts.
    const usage = (await t.client.get('/api/user/usage', as(user.token))).json<UsageResponse>();
    expect(usage.data.find((entry) => entry.limit === 'social_accounts')).toEqual({ limit: 'social_accounts', used: 1, period_start: null, period_end: null });
  });

  it('uses a state once, only within 10 minutes, only for its platform, and checks PKCE', async () => {
    const user = await register('state');
    const started = (await t.client.get('/api/youtube/connect?path=/connect', as(user.token))).json<ConnectResponse>();
    const callback = await youtube.consent(started.url, { accountName: 'Once' });
    expect(connectedId(await t.app.inject({ method: 'GET', url: callback }))).toBeTruthy();
    const again = await t.app.inject({ method: 'GET', url: callback });
    expect(again.statusCode).toBe(302);
    expect(location(again).pathname).toBe('/connect');
    expect(location(again).searchParams.get('connect_error')).toBe('This connection link was already used. Start connecting again if the account is not listed.');

    // Expired: the state is older than 10 minutes.
    const late = (await t.client.get('/api/youtube/connect', as(user.token))).json<ConnectResponse>();
    const lateCallback = await youtube.consent(late.url, { accountName: 'Late' });
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

    // PKCE: the platform gets the verifier whose S256 challenge was in the consent URL.
    const pkce = (await t.client.get('/api/youtube/connect', as(user.token))).json<ConnectResponse>();
    const pkceCallback = await youtube.consent(pkce.url, { accountName: 'Pkce' });
    youtube.tamperVerifier = true;
    try {
      const refused = await t.app.inject({ method: 'GET', url: pkceCallback });
      expect(location(refused).searchParams.get('connect_error')).toMatch(/YouTube/);
      expect(location(refused).searchParams.get('connected')).toBeNull();
    } finally {
      youtube.tamperVerifier = false;
    }
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
    const state = new URL(started.url).searchParams.get('state')!;
    const denied = await t.app.inject({ method: 'GET', url: `/api/google/callback?error=access_denied&state=${encodeURIComponent(state)}` });
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

  it('answers TikTok and Instagram with "not yet", and validates the connect query', async () => {
    const user = await register('soon');
    for (const [platform, label] of [
      ['tiktok', 'TikTok'],
      ['instagram', 'Instagram'],
    ] as const) {
      const connectResponse = await t.client.get(`/api/${platform}/connect?path=/connect`, as(user.token));
      expect(connectResponse.statusCode).toBe(501);
      expect(bodyOf(connectResponse)).toEqual({ message: `${label} publishing arrives in the next update.` });
      const callback = await t.app.inject({ method: 'GET', url: `/api/${platform}/callback?code=x&state=y` });
      expect(callback.statusCode).toBe(302);
      expect(location(callback).searchParams.get('connect_error')).toBe(`${label} publishing arrives in the next update.`);
    }
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
    const original = youtube.issuedFor('Keeper').refreshToken;
    const profile = { platformAccountId: youtube.channelId('Keeper'), name: 'Keeper Renamed', handle: '@keeper', avatarUrl: null };
    const stored = await storeConnectedAccount(
      { db: t.database.db, cipher: t.app.tokenCipher, scheduler },
      { userId: user.id, platform: 'youtube', sandbox: youtube.adapter.sandbox, profile, tokens: { accessToken: 'new-access', refreshToken: null, expiresAt: new Date(Date.now() + 3600_000), refreshExpiresAt: null, scope: null } },
    );
    expect(stored).toMatchObject({ accountId: id, added: false });
    const row = await rowOf(id);
    expect(row.name).toBe('Keeper Renamed');
    expect(t.app.tokenCipher.decrypt(row.refreshTokenEnc!, tokenContext(id, 'refresh'))).toBe(original);
    expect(t.app.tokenCipher.decrypt(row.accessTokenEnc!, tokenContext(id, 'access'))).toBe('new-access');
  });

  it('disconnects: wipes tokens, fails queued targets, revokes, and a reconnect revives the row', async () => {
    const user = await register('disconnect');
    const id = connectedId(await connect(user.token, { accountName: 'Leaving' }));
    const refreshToken = youtube.issuedFor('Leaving').refreshToken;
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
    await expect.poll(() => youtube.revoked.includes(refreshToken), { timeout: 10_000 }).toBe(true);
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
    // The same channel connected by another user is their own row.
    const theirs = connectedId(await connect(other.token, { accountName: 'Private' }));
    expect(theirs).not.toBe(id);
    // A state started by one user cannot be finished into another's session: it binds to its user.
    const started = (await t.client.get('/api/youtube/connect', as(other.token))).json<ConnectResponse>();
    const callback = await youtube.consent(started.url, { accountName: 'Other Only' });
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
    const service = (refresh: (refreshToken: string) => Promise<OAuthTokens>) => {
      const adapter: SocialPlatformAdapter = { ...youtube.adapter, oauth: { ...youtube.adapter.oauth, refresh } };
      return createAccountTokens({ db: t.database.db, cipher: t.app.tokenCipher, adapters: { youtube: adapter } });
    };
    const expire = (id: string, inMs = -1000) => t.database.db.update(socialAccounts).set({ tokenExpiresAt: new Date(Date.now() + inMs) }).where(eq(socialAccounts.id, id));

    it('returns the stored token while valid, refreshes when expired, within 60 s or forced, keeping the refresh token', async () => {
      const user = await register('tokens');
      const id = connectedId(await connect(user.token, { accountName: 'Tokens' }));
      const issued = youtube.issuedFor('Tokens');
      const seen: string[] = [];
      const tokensService = service((refreshToken) => {
        seen.push(refreshToken);
        return Promise.resolve(tokens());
      });
      expect(await tokensService.accessToken(id)).toBe(issued.accessToken);
      expect(seen).toEqual([]);
      await expire(id, 30_000);
      const refreshed = await tokensService.accessToken(id);
      expect(refreshed).not.toBe(issued.accessToken);
      expect(seen).toEqual([issued.refreshToken]);
      expect(await tokensService.accessToken(id)).toBe(refreshed);
      const forced = await tokensService.accessToken(id, { forceRefresh: true });
      expect(forced).not.toBe(refreshed);
      expect(seen).toHaveLength(2);
      const row = await rowOf(id);
      expect(t.app.tokenCipher.decrypt(row.refreshTokenEnc!, tokenContext(id, 'refresh'))).toBe(issued.refreshToken);
      expect(t.app.tokenCipher.decrypt(row.accessTokenEnc!, tokenContext(id, 'access'))).toBe(forced);
      expect(row.lastRefreshedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    });

    it('stores a rotated refresh token', async () => {
      const user = await register('rotate');
      const id = connectedId(await connect(user.token, { accountName: 'Rotating' }));
      await expire(id);
      await service(() => Promise.resolve(tokens({ refreshToken: 'rotated-refresh' }))).accessToken(id);
      expect(t.app.tokenCipher.decrypt((await rowOf(id)).refreshTokenEnc!, tokenContext(id, 'refresh'))).toBe('rotated-refresh');
    });

    it('refreshes an account once however many callers ask at the same moment', async () => {
      const user = await register('single');
      const id = connectedId(await connect(user.token, { accountName: 'Single Flight' }));
      await expire(id);
      let calls = 0;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const tokensService = service(async () => {
        calls += 1;
        await gate;
        return tokens({ accessToken: `fresh-${calls}` });
      });
      const waiting = Array.from({ length: 5 }, () => tokensService.accessToken(id));
      await expect.poll(() => calls, { timeout: 10_000 }).toBe(1);
      release();
      expect(await Promise.all(waiting)).toEqual(Array(5).fill('fresh-1'));
      expect(calls).toBe(1);
    });

    it('a refresh refused for good marks the account "reconnect" and blocks its queued targets; a reconnect unblocks them', async () => {
      const user = await register('revoked');
      const id = connectedId(await connect(user.token, { accountName: 'Revoked Channel' }));
      const soon = new Date(Date.now() + 3600_000);
      const queued = await targetOn(user.id, id, 'scheduled', { scheduledAt: soon });
      const running = await targetOn(user.id, id, 'publishing');
      const accepted = await targetOn(user.id, id, 'publishing', { platformPostId: 'yt-held' });
      await expire(id);
      const tokensService = service(() => Promise.reject(new SocialError('Token has been expired or revoked.', 'disconnect', 'invalid_grant', 400)));
      const error = await tokensService.accessToken(id).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(SocialError);
      expect((error as SocialError).errorClass).toBe('disconnect');
      expect((error as SocialError).message).toBe("YouTube no longer accepts Reelflow's access to Revoked Channel (it was revoked or has expired). Reconnect it to publish.");

      const row = await rowOf(id);
      expect(row.status).toBe('reconnect');
      for (const target of [queued, running]) {
        expect(await targetRow(target.targetId)).toMatchObject({ status: 'blocked', error: 'Reconnect Revoked Channel to publish.', errorClass: 'disconnect', errorCode: 'invalid_grant' });
      }
      expect((await targetRow(accepted.targetId)).status).toBe('publishing');
      const [listed] = (await accountsOf(user.token)).data;
      expect(listed).toMatchObject({ health: 'reconnect', blocked_targets: 2, health_reason: row.statusReason });
      // No refresh is tried again until the creator reconnects.
      await expect(tokensService.accessToken(id)).rejects.toMatchObject({ errorClass: 'disconnect' });

      scheduled.length = 0;
      expect(connectedId(await connect(user.token, { accountName: 'Revoked Channel' }))).toBe(id);
      expect(await rowOf(id)).toMatchObject({ status: 'active', statusReason: null });
      for (const target of [queued, running]) expect(await targetRow(target.targetId)).toMatchObject({ status: 'scheduled', error: null, errorClass: null });
      expect(scheduled.map((entry) => entry.targetId).sort()).toEqual([queued.targetId, running.targetId].sort());
      expect(scheduled.find((entry) => entry.targetId === queued.targetId)!.at?.getTime()).toBe(soon.getTime());
      expect(scheduled.find((entry) => entry.targetId === running.targetId)!.at).toBeNull();
      expect((await accountsOf(user.token)).data[0]).toMatchObject({ health: 'ok', blocked_targets: 0 });
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
      await expect(service(() => Promise.resolve(tokens())).accessToken(id)).rejects.toMatchObject({ errorClass: 'disconnect', message: 'The account was disconnected.' });
      await expect(service(() => Promise.resolve(tokens())).accessToken(randomUUID())).rejects.toMatchObject({ errorClass: 'disconnect' });
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
    t = await createTestApp({ RATE_LIMIT_CONNECT: '2 per minute' }, undefined, { social: { youtube: fakeYoutube().adapter } });
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
