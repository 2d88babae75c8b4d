// The built-in TikTok sandbox: a consent page titled "TikTok Sandbox" that redirects to
// the callback, Login Kit's token endpoint with PKCE and rotating refresh tokens, creator_info, the
// direct post in chunks, status/fetch — the TikTok adapter against it for every simulation — and
// the whole flow through the app: connect (consent → callback → account stored), the creator-info
// route (owner-scoped), a post through the engine published exactly once on the sandbox account.
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paginated } from '../../contract/http';
import type { ConnectResponse, Post, PostTarget, SandboxSimulation, SocialAccount, TiktokCreatorInfo } from '../../contract/publishing';
import { createSocialProviders } from '../../server/providers/social';
import { createSandbox, TIKTOK_SANDBOX_CLIENT_KEY, TIKTOK_SANDBOX_CLIENT_SECRET, type Sandbox } from '../../server/sandbox';
import type { ChannelView } from '../../server/sandbox/pages';
import { MAX_JSON_DEPTH } from '../../server/http/body-parser';
import { createTiktokAdapter, parseSession, type TiktokAdapter } from '../../server/providers/social/tiktok';
import { SocialError, type PublishResult } from '../../server/domain/ports/social';
import { freshState, memoryMedia, publishContext } from './fakes/youtube-publish-context';
import { connectSandboxAccount, connectState, pkcePair, submitConsent, type SandboxOwner } from './fakes/youtube-sandbox-consent';
import { ApiClient, as, createTestApp, uniqueEmail, type TestApp } from './helpers';
import { allowPublishing, seedAccount, seedVideo, VIDEO_BYTES } from './publishing-fixtures';

const uniqueName = (label: string) => `${label} ${Math.random().toString(36).slice(2, 8)}`;
const CHUNK = 32 * 1024;
const CONTENT = { caption: 'Sandbox caption #fyp', tiktok: { privacy_level: 'SELF_ONLY' as const, disable_comment: false, disable_duet: false, disable_stitch: true, brand_organic_toggle: false, brand_content_toggle: false, is_aigc: true } };
const WAIT = { timeout: 50_000, interval: 100 };
/** The one video the sandbox can pull: served at the app's media route by the sandbox's fetch. */
const PULLED = Buffer.from('pulled video bytes '.repeat(400));
const servePulled = (url: string) => Promise.resolve(new URL(url).pathname === '/media/pulled.mp4' ? new Response(PULLED, { headers: { 'content-type': 'video/mp4' } }) : new Response('', { status: 404 }));

describe('TikTok sandbox', { timeout: 60_000 }, () => {
  let t: TestApp;
  let sandbox: Sandbox;
  /** The app's own adapter (config chunk size) and one with small chunks against the same sandbox. */
  let appAdapter: TiktokAdapter;
  let tiktok: TiktokAdapter;
  let redirectUri: string;
  /** The Reelflow user the consents outside the app's connect route sign in as. */
  let owner: SandboxOwner;
  /** The browser's sandbox session of the last consent: it shows that user's accounts. */
  let session = '';
  const newState = () => connectState(owner, 'tiktok');

  beforeAll(async () => {
    t = await createTestApp({ SANDBOX_PROCESSING_SECONDS: '0.2', RATE_LIMIT_CONNECT: '1000 per minute' }, undefined, { publishTimings: { backoffBaseMs: 100, backoffMaxMs: 1_000, pollIntervalMs: 100, maxPolls: 300 } });
    appAdapter = t.services.publishEngine.adapters.tiktok as TiktokAdapter;
    sandbox = createSandbox({ db: t.database.db, dataDir: t.config.dataDir, appUrl: t.config.appUrl, processingMs: 0, platforms: ['tiktok'], fetch: servePulled });
    tiktok = createTiktokAdapter({ clientKey: TIKTOK_SANDBOX_CLIENT_KEY, clientSecret: TIKTOK_SANDBOX_CLIENT_SECRET, endpoints: sandbox.clients.tiktok.endpoints, http: sandbox.http, sandbox: true, chunkSize: CHUNK, backoffMs: () => 5 });
    redirectUri = `${t.config.appUrl}/api/tiktok/callback`;
    owner = { db: t.database.db, userId: (await t.client.register(uniqueEmail('tiktok-sandbox'))).user.id };
  });
  afterAll(async () => {
    await sandbox.close();
    await t.close();
  });

  const connect = async (name: string, simulate: SandboxSimulation) => {
    const account = await connectSandboxAccount(t.app, tiktok, t.config.appUrl, name, simulate, owner);
    session = account.session;
    return account;
  };
  const channel = async (openId: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/sandbox/tiktok/channel/${encodeURIComponent(openId)}?format=json`, headers: { cookie: session } });
    expect(response.statusCode).toBe(200);
    return response.json<ChannelView>();
  };
  /** Publishes, retrying 'retry' failures as the engine would, and polls the status to its end. */
  async function publishToEnd(account: Awaited<ReturnType<typeof connect>>, size: number) {
    const media = memoryMedia(size);
    const state = freshState(account.tokens.accessToken);
    let result: PublishResult | null = null;
    for (let attempt = 0; attempt < 10 && !result; attempt++) {
      result = await tiktok.publisher.publish(publishContext(tiktok.oauth, state, account.tokens.refreshToken), media, CONTENT).catch((error: unknown) => {
        if (error instanceof SocialError && error.errorClass === 'retry') return null;
        throw error;
      });
    }
    return { media, state, result: result! };
  }

  it('is the TikTok adapter when no client key is configured, labelled sandbox, on this app', () => {
    expect(appAdapter.sandbox).toBe(true);
    const url = new URL(appAdapter.oauth.authorizationUrl({ state: 's1', redirectUri, codeChallenge: null }));
    expect(`${url.origin}${url.pathname}`).toBe(`${t.config.appUrl}/sandbox/tiktok/v2/auth/authorize/`);
    expect(url.searchParams.get('client_key')).toBe(TIKTOK_SANDBOX_CLIENT_KEY);
    expect(url.searchParams.get('scope')).toBe('user.info.basic,video.publish,video.upload');
    const off = createSocialProviders({ ...t.config, social: { ...t.config.social, sandbox: { ...t.config.social.sandbox, enabled: false } } }, { db: t.database.db });
    expect(off.adapters.tiktok).toBeUndefined();
  });

  it('shows a consent form titled "TikTok Sandbox" without scripts, and checks PKCE once per code', async () => {
    const { verifier, challenge } = pkcePair();
    const state = await newState();
    const consent = await submitConsent(t.app, tiktok.oauth.authorizationUrl({ state, redirectUri, codeChallenge: challenge }), { account_name: uniqueName('Form Account'), simulate: 'ok' });
    expect(consent.page.statusCode).toBe(200);
    expect(consent.page.body).toContain('<title>TikTok Sandbox');
    expect(consent.page.body).toContain('name="client_key"');
    for (const simulate of ['ok', 'flaky', 'expired', 'revoked', 'quota', 'reject']) expect(consent.page.body).toContain(`<option value="${simulate}"`);
    expect(consent.page.body).not.toContain('<script');
    expect(consent.submit.statusCode).toBe(302);
    expect(consent.callback!.searchParams.get('state')).toBe(state);
    const code = consent.callback!.searchParams.get('code')!;
    await expect(tiktok.oauth.exchangeCode({ code, redirectUri, codeVerifier: pkcePair().verifier })).rejects.toMatchObject({ errorClass: 'bad', code: 'invalid_grant' });
    await expect(tiktok.oauth.exchangeCode({ code, redirectUri, codeVerifier: verifier })).rejects.toMatchObject({ code: 'invalid_grant' });

    const denied = await submitConsent(t.app, tiktok.oauth.authorizationUrl({ state: await newState(), redirectUri, codeChallenge: challenge }), { account_name: 'x', simulate: 'ok', decision: 'deny' });
    expect(denied.callback!.searchParams.get('error')).toBe('access_denied');
  });

  it('refuses a JSON body nested deeper than the app allows, at once, as a 400', async () => {
    for (const body of [`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`, `${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`]) {
      const started = Date.now();
      const response = await t.app.inject({ method: 'POST', url: '/sandbox/tiktok/v2/post/publish/creator_info/query/', headers: { 'content-type': 'application/json' }, payload: body });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'invalid_params' } });
      expect(Date.now() - started).toBeLessThan(5_000);
    }
  });

  it('rotates refresh tokens: each refresh answers a new one and the old one is refused', async () => {
    const account = await connect(uniqueName('Rotating'), 'ok');
    expect(account.profile.platformAccountId).toMatch(/^-000/);
    const first = await tiktok.oauth.refresh(account.tokens.refreshToken);
    expect(first.refreshToken).toMatch(/^rft\./);
    expect(first.refreshToken).not.toBe(account.tokens.refreshToken);
    expect(first.refreshExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 170 * 86400_000);
    await expect(tiktok.oauth.refresh(account.tokens.refreshToken)).rejects.toMatchObject({ errorClass: 'disconnect', code: 'invalid_grant' });
    await expect(tiktok.oauth.refresh(first.refreshToken!)).resolves.toMatchObject({ accessToken: expect.stringMatching(/^act\./) as unknown });
  });

  it('ok: the direct post in chunks, processing, then PUBLISH_COMPLETE with a link to the post', async () => {
    const account = await connect(uniqueName('Ok Account'), 'ok');
    const info = await tiktok.creatorInfo({ accessToken: () => Promise.resolve(account.tokens.accessToken) });
    expect(info).toMatchObject({ privacy_level_options: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'], comment_disabled: false, max_video_post_duration_sec: 600, creator_nickname: account.profile.name });
    const { media, state, result } = await publishToEnd(account, 3 * CHUNK + 17);
    expect(parseSession(state.saves[0]!.session)).toMatchObject({ total_chunk_count: 3, chunk_size: CHUNK });
    const ctx = publishContext(tiktok.oauth, state, account.tokens.refreshToken);
    const status = await tiktok.publisher.status(ctx, result.platformPostId);
    expect(status.state).toBe('published');
    const view = await channel(account.profile.platformAccountId);
    expect(view.videos).toEqual([expect.objectContaining({ title: CONTENT.caption, privacy: 'SELF_ONLY', upload_status: 'processed', size_bytes: media.size, sha256: media.sha256 })]);
    if (status.state === 'published') {
      expect(status.url).toBe(view.videos[0]!.url);
      const page = await t.app.inject({ method: 'GET', url: new URL(status.url!).pathname });
      expect(page.statusCode).toBe(302);
    }
    const html = await t.app.inject({ method: 'GET', url: `/sandbox/tiktok/channel/${encodeURIComponent(account.profile.platformAccountId)}`, headers: { cookie: session } });
    expect(html.body).toContain('TikTok Sandbox</title>');
  });

  it('PULL_FROM_URL: TikTok pulls the video from a verified prefix (this app), refuses any other as url_ownership_unverified', async () => {
    const { tokens, profile } = await connect(uniqueName('Pull'), 'ok');
    const init = (videoUrl: string) =>
      sandbox.http(`${sandbox.clients.tiktok.endpoints.apiBase}/v2/post/publish/video/init/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json; charset=UTF-8' },
        body: JSON.stringify({ post_info: { title: 'Pulled post', privacy_level: 'SELF_ONLY' }, source_info: { source: 'PULL_FROM_URL', video_url: videoUrl } }),
      });
    const foreign = await init('https://elsewhere.example/video.mp4');
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ error: { code: 'url_ownership_unverified' } });
    const pulled = await init(`${t.config.appUrl}/media/pulled.mp4`);
    expect(pulled.status).toBe(200);
    const { data } = (await pulled.json()) as { data: { publish_id: string; upload_url?: string } };
    expect(data.publish_id).toMatch(/^v_pub_url~v2-1\./);
    expect(data.upload_url).toBeUndefined();
    const ctx = { accessToken: () => Promise.resolve(tokens.accessToken) };
    await expect.poll(async () => (await tiktok.publisher.status(ctx, data.publish_id)).state, WAIT).toBe('published');
    const sha = createHash('sha256').update(PULLED).digest('hex');
    expect((await channel(profile.platformAccountId)).videos).toEqual([expect.objectContaining({ title: 'Pulled post', sha256: sha, size_bytes: PULLED.length }) as unknown]);
  });

  it('flaky: exactly one post, one init', async () => {
    const account = await connect(uniqueName('Flaky Account'), 'flaky');
    const { media, result } = await publishToEnd(account, 8 * CHUNK + 3);
    expect(result).not.toBeNull();
    const view = await channel(account.profile.platformAccountId);
    expect(view.videos).toEqual([expect.objectContaining({ sha256: media.sha256 })]);
  });

  it('expired: tokens work once, refreshes (rotating) carry the post through', async () => {
    const account = await connect(uniqueName('Expired Account'), 'expired');
    const { media, state, result } = await publishToEnd(account, 2 * CHUNK);
    // The init spent the first token; the status polls each need a refreshed one.
    const ctx = publishContext(tiktok.oauth, state, account.tokens.refreshToken);
    await expect.poll(async () => (await tiktok.publisher.status(ctx, result.platformPostId)).state, WAIT).toBe('published');
    expect(state.refreshes).toBeGreaterThan(1);
    expect((await channel(account.profile.platformAccountId)).videos).toEqual([expect.objectContaining({ sha256: media.sha256 })]);
  });

  it('revoked, quota and reject end in their classes with plain reasons', async () => {
    const revoked = await connect(uniqueName('Revoked Account'), 'revoked');
    const revokedError = await tiktok.publisher.publish(publishContext(tiktok.oauth, freshState(revoked.tokens.accessToken), revoked.tokens.refreshToken), memoryMedia(100), CONTENT).catch((error: unknown) => error);
    expect(revokedError).toMatchObject({ errorClass: 'disconnect', code: 'invalid_grant' });

    const quota = await connect(uniqueName('Quota Account'), 'quota');
    const quotaError = await tiktok.publisher.publish(publishContext(tiktok.oauth, freshState(quota.tokens.accessToken), quota.tokens.refreshToken), memoryMedia(100), CONTENT).catch((error: unknown) => error);
    expect(quotaError).toMatchObject({ errorClass: 'quota', code: 'spam_risk_too_many_posts' });
    expect((quotaError as SocialError).retryAfterSeconds).toBeGreaterThan(0);

    const reject = await connect(uniqueName('Reject Account'), 'reject');
    const { state, result } = await publishToEnd(reject, 100);
    const status = await tiktok.publisher.status(publishContext(tiktok.oauth, state, reject.tokens.refreshToken), result.platformPostId);
    expect(status).toMatchObject({ state: 'failed', error: { errorClass: 'bad', code: 'file_format_check_failed' } });
  });

  describe('through the app', () => {
    async function creator(label: string) {
      const client = new ApiClient(t.app);
      const registered = await client.register(uniqueEmail(label));
      await allowPublishing(t.database.db, registered.user.id);
      return { client, token: registered.token, id: registered.user.id };
    }

    it('connects through the callback, answers creator info to the owner only, and publishes a post exactly once', async () => {
      const owner = await creator('tiktok-owner');
      const started = await owner.client.get('/api/tiktok/connect?path=/connect', as(owner.token));
      expect(started.statusCode).toBe(200);
      const { url, sandbox: isSandbox } = started.json<ConnectResponse>();
      expect(isSandbox).toBe(true);
      const name = uniqueName('App Account');
      const consent = await submitConsent(t.app, url, { account_name: name, simulate: 'ok' });
      expect(consent.callback!.pathname).toBe('/api/tiktok/callback');
      // This browser is now signed in to the sandbox as the owner: the account page below is theirs to see.
      session = consent.session;
      const callback = await t.app.inject({ method: 'GET', url: `${consent.callback!.pathname}${consent.callback!.search}` });
      const back = new URL(String(callback.headers.location), 'http://reelflow.test');
      expect(back.searchParams.get('connected')).toBe('tiktok');
      const accountId = back.searchParams.get('account')!;
      const accounts = (await owner.client.get('/api/accounts', as(owner.token))).json<Paginated<SocialAccount>>().data;
      expect(accounts).toEqual([expect.objectContaining({ id: accountId, platform: 'tiktok', name, sandbox: true, health: 'ok' })]);

      // Creator info: the owner gets it; another user, a YouTube account, or a bad id do not.
      const info = await owner.client.get(`/api/tiktok/creator-info?account_id=${accountId}`, as(owner.token));
      expect(info.statusCode).toBe(200);
      expect(info.json<{ data: TiktokCreatorInfo }>().data).toMatchObject({ account_id: accountId, privacy_level_options: expect.arrayContaining(['SELF_ONLY']) as unknown, nickname: name, max_video_post_duration_sec: 600 });
      const stranger = await creator('tiktok-stranger');
      expect((await stranger.client.get(`/api/tiktok/creator-info?account_id=${accountId}`, as(stranger.token))).statusCode).toBe(404);
      const youtubeAccount = await seedAccount(t.database.db, owner.id, { platform: 'youtube', sandbox: true });
      expect((await owner.client.get(`/api/tiktok/creator-info?account_id=${youtubeAccount}`, as(owner.token))).statusCode).toBe(404);
      expect((await owner.client.get('/api/tiktok/creator-info?account_id=nope', as(owner.token))).statusCode).toBe(422);
      expect((await owner.client.get(`/api/tiktok/creator-info?account_id=${accountId}`)).statusCode).toBe(401);

      // A TikTok target needs a privacy level.
      const video = await seedVideo(t.database.db, t.services.publishEngine.storage, owner.id, { title: 'TikTok video' });
      const missing = await owner.client.post('/api/create/post', { video_id: video.id, account_ids: [accountId], caption: 'no privacy' }, as(owner.token));
      expect(missing.statusCode).toBe(422);
      expect(missing.json<{ errors: Record<string, string[]> }>().errors['options.tiktok.privacy_level']).toEqual(['Choose who can see the TikTok post.']);

      const created = await owner.client.post('/api/create/post', { id: randomUUID(), video_id: video.id, account_ids: [accountId], caption: 'Through the engine', options: { tiktok: { privacy_level: 'SELF_ONLY' } } }, as(owner.token));
      expect(created.statusCode, created.body).toBe(202);
      const postId = created.json<Post>().id;
      const target = async (): Promise<PostTarget> => {
        const posts = (await owner.client.get('/api/get/posts', as(owner.token))).json<Paginated<Post>>().data;
        return posts.find((post) => post.id === postId)!.targets[0]!;
      };
      await expect.poll(async () => (await target()).status, WAIT).toBe('published');
      const done = await target();
      expect(done.platform_post_id).toMatch(/^v_pub_file~v2-1\./);
      // The link leads to the sandbox account's post; the account holds exactly this one video.
      const { videos } = await channelOfTarget(done);
      expect(videos).toEqual([expect.objectContaining({ title: 'Through the engine', privacy: 'SELF_ONLY', upload_status: 'processed', sha256: createHash('sha256').update(VIDEO_BYTES).digest('hex') })]);
      expect(done.url).toBe(videos[0]!.url);
    });

    /** The sandbox account a published target's link points at. */
    async function channelOfTarget(target: PostTarget): Promise<ChannelView> {
      const profile = new URL(target.url!).pathname.split('/')[3]!;
      return channel(decodeURIComponent(profile));
    }
  });
});
