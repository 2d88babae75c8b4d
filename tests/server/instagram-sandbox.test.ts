// The built-in Instagram sandbox: Instagram Login's consent page, the short → long-lived
// token exchange and refresh, and — through the app — a creator connects a sandbox account,
// posts a finished video, and the app's own engine publishes it with the real Instagram adapter:
// the sandbox fetches the video from the app's signed media URL (its sha256 checked on the
// account page), the Reel is published exactly once, and the publishing limit is respected.
import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paginated } from '../../contract/http';
import type { ConnectResponse, Post, PostTarget, SandboxSimulation, SocialAccount } from '../../contract/publishing';
import { socialAccounts } from '../../server/db/schema';
import { sandboxPosts, sandboxUploads } from '../../server/db/schema-sandbox';
import { aiVideos } from '../../server/db/schema-videos';
import type { EngineTimings } from '../../server/domain/publishing/engine';
import type { InstagramAccountView } from '../../server/sandbox/instagram-pages';
import type { SocialPlatformAdapter } from '../../server/domain/ports/social';
import { connectState, formFields, submitConsent, type SandboxOwner } from './fakes/youtube-sandbox-consent';
import { ApiClient, as, createTestApp, uniqueEmail, type TestApp } from './helpers';
import { allowPublishing, seedVideo } from './publishing-fixtures';

const ENV = { RATE_LIMIT_CONNECT: '1000 per minute', SANDBOX_PROCESSING_SECONDS: '0.3' };
const TIMINGS: Partial<EngineTimings> = { backoffBaseMs: 100, backoffMaxMs: 1_000, pollIntervalMs: 100, maxPolls: 300 };
const WAIT = { timeout: 50_000, interval: 100 };
const uniqueName = (label: string) => `${label} ${Math.random().toString(36).slice(2, 8)}`;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('Instagram sandbox', { timeout: 60_000 }, () => {
  let t: TestApp;
  let instagram: SocialPlatformAdapter;
  let redirectUri: string;
  /** The Reelflow user the consents outside the app's connect route sign in as. */
  let owner: SandboxOwner;
  const settled = () => t.jobs.drain({ withinMs: 10_000 });

  beforeAll(async () => {
    t = await createTestApp(ENV, undefined, { publishTimings: TIMINGS });
    instagram = t.services.publishEngine.adapters.instagram!;
    redirectUri = `${t.config.appUrl}/api/instagram/callback`;
    owner = { db: t.database.db, userId: (await t.client.register(uniqueEmail('instagram-sandbox'))).user.id };
  });
  afterAll(async () => {
    await t.close();
  });

  async function consentCode(name: string, simulate: SandboxSimulation, state?: string) {
    state ??= await connectState(owner, 'instagram');
    const consent = await submitConsent(t.app, instagram.oauth.authorizationUrl({ state, redirectUri, codeChallenge: null }), { account_name: name, simulate });
    const code = consent.callback?.searchParams.get('code');
    if (!code) throw new Error(`no code: ${consent.submit.statusCode} ${consent.submit.body.slice(0, 200)}`);
    return { consent, code };
  }

  it('is the Instagram adapter when no client id is configured, labelled sandbox, with an accessible consent page', async () => {
    expect(instagram.sandbox).toBe(true);
    const state = await connectState(owner, 'instagram');
    const url = new URL(instagram.oauth.authorizationUrl({ state, redirectUri, codeChallenge: 'c'.repeat(43) }));
    expect(`${url.origin}${url.pathname}`).toBe(`${t.config.appUrl}/sandbox/instagram/oauth/authorize`);
    expect(url.searchParams.get('scope')).toBe('instagram_business_basic,instagram_business_content_publish');
    expect(url.searchParams.has('code_challenge')).toBe(false);
    const { consent } = await consentCode(uniqueName('Form Account'), 'ok', state);
    expect(consent.page.statusCode).toBe(200);
    expect(consent.page.body).toContain('<title>Instagram Sandbox');
    expect(consent.page.body).toContain('<label for="account_name">');
    for (const simulate of ['ok', 'flaky', 'expired', 'revoked', 'quota', 'reject']) expect(consent.page.body).toContain(`<option value="${simulate}"`);
    expect(consent.page.body).not.toContain('<script');
    expect(formFields(consent.page.body)).toMatchObject({ redirect_uri: redirectUri, state });
    expect(`${consent.callback!.origin}${consent.callback!.pathname}`).toBe(redirectUri);
    expect(consent.callback!.searchParams.get('state')).toBe(state);
    // Another site as redirect_uri: an error page, no redirect.
    const foreign = await t.app.inject({ method: 'GET', url: `/sandbox/instagram/oauth/authorize?client_id=${url.searchParams.get('client_id')}&redirect_uri=${encodeURIComponent('https://evil.example/cb')}&response_type=code` });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.headers.location).toBeUndefined();
  });

  it('code → short-lived (wrapped in data[]) → 60-day token, once; refresh gives a new one; revoked cannot refresh', async () => {
    const name = uniqueName('Token Account');
    const { code } = await consentCode(name, 'ok');
    const tokens = await instagram.oauth.exchangeCode({ code, redirectUri, codeVerifier: null });
    expect(tokens.refreshToken).toBe(tokens.accessToken);
    expect(tokens.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 59 * 86_400_000);
    await expect(instagram.oauth.exchangeCode({ code, redirectUri, codeVerifier: null })).rejects.toMatchObject({ errorClass: 'bad' });
    const profile = await instagram.oauth.profile(tokens.accessToken);
    expect(profile).toMatchObject({ name, handle: expect.stringMatching(/^@tokenaccount/) as unknown });
    const refreshed = await instagram.oauth.refresh(tokens.refreshToken!);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect((await instagram.oauth.profile(refreshed.accessToken)).platformAccountId).toBe(profile.platformAccountId);

    const revoked = await consentCode(uniqueName('Revoked Account'), 'revoked');
    const revokedTokens = await instagram.oauth.exchangeCode({ code: revoked.code, redirectUri, codeVerifier: null });
    await expect(instagram.oauth.refresh(revokedTokens.refreshToken!)).rejects.toMatchObject({ errorClass: 'disconnect', code: '190/460' });
  });

  it('takes the resumable upload as Meta documents it: a container with upload_type=resumable, the bytes to its uri with OAuth, offset and file_size', async () => {
    const { code, consent } = await consentCode(uniqueName('Resumable Account'), 'ok');
    const tokens = await instagram.oauth.exchangeCode({ code, redirectUri, codeVerifier: null });
    const userId = (await instagram.oauth.profile(tokens.accessToken)).platformAccountId;
    const graph = `/sandbox/instagram/v22.0`;
    const created = await t.app.inject({ method: 'POST', url: `${graph}/${userId}/media?upload_type=resumable&media_type=REELS&caption=Resumable%20reel&access_token=${tokens.accessToken}` });
    expect(created.statusCode).toBe(200);
    const { id, uri } = created.json<{ id: string; uri: string }>();
    expect(uri).toBe(`${t.config.appUrl}/sandbox/instagram/ig-api-upload/v22.0/${id}`);
    const status = async () => (await t.app.inject({ method: 'GET', url: `${graph}/${id}?fields=status_code&access_token=${tokens.accessToken}` })).json<{ status_code: string }>().status_code;
    expect(await status()).toBe('IN_PROGRESS');
    const video = Buffer.from('resumable reel bytes '.repeat(500));
    // As Meta's curl example sends it: --data-binary, so a form content type over raw bytes.
    const upload = await t.app.inject({
      method: 'POST',
      url: new URL(uri).pathname,
      headers: { authorization: `OAuth ${tokens.accessToken}`, offset: '0', file_size: String(video.length), 'content-type': 'application/x-www-form-urlencoded' },
      payload: video,
    });
    expect(upload.statusCode).toBe(200);
    expect(upload.json()).toEqual({ success: true, message: 'Upload successful.' });
    await expect.poll(status, { timeout: 10_000 }).toBe('FINISHED');
    const published = await t.app.inject({ method: 'POST', url: `${graph}/${userId}/media_publish?creation_id=${id}&access_token=${tokens.accessToken}` });
    expect(published.statusCode).toBe(200);
    const reels = (await accountPage(consent.session, userId)).reels;
    expect(reels).toEqual([expect.objectContaining({ caption: 'Resumable reel', container_id: id, sha256: sha256(video), size_bytes: video.length }) as unknown]);
  });

  /** A creator who connected an Instagram sandbox account through the app's routes, with a finished video. */
  async function creatorWithAccount(label: string, simulate: SandboxSimulation) {
    const client = new ApiClient(t.app);
    const registered = await client.register(uniqueEmail(label.toLowerCase().replace(/[^a-z0-9]+/g, '-')));
    await allowPublishing(t.database.db, registered.user.id);
    const token = registered.token;
    const started = await client.get('/api/instagram/connect?path=/connect', as(token));
    expect(started.statusCode).toBe(200);
    const { url, sandbox } = started.json<ConnectResponse>();
    expect(sandbox).toBe(true);
    const accountName = uniqueName(label);
    const consent = await submitConsent(t.app, url, { account_name: accountName, simulate });
    const callback = await t.app.inject({ method: 'GET', url: `${consent.callback!.pathname}${consent.callback!.search}` });
    expect(callback.statusCode).toBe(302);
    const back = new URL(String(callback.headers.location), 'http://reelflow.test');
    expect(back.searchParams.get('connect_error')).toBeNull();
    expect(back.searchParams.get('connected')).toBe('instagram');
    const accountId = back.searchParams.get('account')!;
    const video = await seedVideo(t.database.db, t.services.publishEngine.storage, registered.user.id, { title: `${label} video` });
    const bytes = Buffer.from(`${label}: the bytes of a small finished video `.repeat(200));
    await t.services.publishEngine.storage.putBuffer(video.videoKey, bytes, 'video/mp4');
    // The consent left this browser signed in to the sandbox as the creator: their account page shows.
    return { client, token, accountId, accountName, videoId: video.id, bytes, session: consent.session };
  }

  const listAccount = async (client: ApiClient, token: string, id: string) =>
    (await client.get('/api/accounts?per_page=100', as(token))).json<Paginated<SocialAccount>>().data.find((account) => account.id === id)!;
  const targetOf = async (client: ApiClient, token: string, postId: string): Promise<PostTarget> => {
    const posts = (await client.get('/api/get/posts?per_page=100', as(token))).json<Paginated<Post>>().data;
    return posts.find((post) => post.id === postId)!.targets[0]!;
  };
  const accountPage = async (session: string, platformAccountId: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/sandbox/instagram/channel/${platformAccountId}?format=json`, headers: { cookie: session } });
    expect(response.statusCode).toBe(200);
    return response.json<InstagramAccountView>();
  };
  const platformIdOf = async (accountId: string) => (await t.database.db.select().from(socialAccounts).where(eq(socialAccounts.id, accountId)))[0]!.platformAccountId;

  it('ok: connect through the app, post through the engine, published exactly once on the sandbox account', async () => {
    const { client, token, accountId, accountName, videoId, bytes, session } = await creatorWithAccount('IG OK', 'ok');
    expect(await listAccount(client, token, accountId)).toMatchObject({ platform: 'instagram', name: accountName, sandbox: true, health: 'ok' });
    const body = { id: randomUUID(), video_id: videoId, account_ids: [accountId], caption: 'Octopus facts #reels', options: { instagram: { share_to_feed: false, thumb_offset_ms: 1200 } } };
    const created = await client.post('/api/create/post', body, as(token, randomUUID()));
    expect(created.statusCode, created.body).toBe(202);

    await expect.poll(async () => (await targetOf(client, token, body.id)).status, WAIT).toBe('published');
    await settled();
    const target = await targetOf(client, token, body.id);
    expect(target).toMatchObject({ status: 'published', attempts: 1, error: null, sandbox: true });
    expect(target.url).toBe(`${t.config.appUrl}/sandbox/instagram/reel/${target.platform_post_id}`);

    const platformId = await platformIdOf(accountId);
    const page = await accountPage(session, platformId);
    expect(page.reels).toEqual([
      expect.objectContaining({ id: target.platform_post_id, caption: 'Octopus facts #reels', share_to_feed: false, thumb_offset_ms: 1200, size_bytes: bytes.length, sha256: sha256(bytes) }),
    ]);
    expect(await t.database.db.select().from(sandboxUploads).where(eq(sandboxUploads.accountId, platformId))).toHaveLength(1);
    const html = await t.app.inject({ method: 'GET', url: `/sandbox/instagram/channel/${platformId}`, headers: { cookie: session } });
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain('Octopus facts #reels');
    const permalink = await t.app.inject({ method: 'GET', url: new URL(target.url!).pathname, headers: { cookie: session } });
    expect(String(permalink.headers.location)).toContain(`#reel-${target.platform_post_id}`);
  });

  it('flaky: transient errors and dropped answers about half the time, the Reel still goes out exactly once', async () => {
    const { client, token, accountId, videoId } = await creatorWithAccount('IG Flaky', 'flaky');
    const postId = randomUUID();
    expect((await client.post('/api/create/post', { id: postId, video_id: videoId, account_ids: [accountId], caption: 'Flaky but once' }, as(token))).statusCode).toBe(202);
    await expect.poll(async () => (await targetOf(client, token, postId)).status, WAIT).toBe('published');
    await settled();
    const platformId = await platformIdOf(accountId);
    const reels = await t.database.db.select().from(sandboxPosts).where(eq(sandboxPosts.accountId, platformId));
    expect(reels).toHaveLength(1);
    expect(reels[0]!.id).toBe((await targetOf(client, token, postId)).platform_post_id);
  });

  it('expired: every token works once, refreshed on 190/463, the post goes out', async () => {
    const { client, token, accountId, videoId, session } = await creatorWithAccount('IG Expired', 'expired');
    const postId = randomUUID();
    expect((await client.post('/api/create/post', { id: postId, video_id: videoId, account_ids: [accountId], caption: 'Fresh token please' }, as(token))).statusCode).toBe(202);
    await expect.poll(async () => (await targetOf(client, token, postId)).status, WAIT).toBe('published');
    expect((await accountPage(session, await platformIdOf(accountId))).reels.map((reel) => reel.caption)).toEqual(['Fresh token please']);
  });

  it('quota: the publishing limit read from the sandbox is respected — nothing created, the post waits for the window', async () => {
    const { client, token, accountId, videoId, session } = await creatorWithAccount('IG Quota', 'quota');
    const postId = randomUUID();
    expect((await client.post('/api/create/post', { id: postId, video_id: videoId, account_ids: [accountId], caption: 'Over the limit' }, as(token))).statusCode).toBe(202);
    await expect.poll(async () => (await targetOf(client, token, postId)).error_class, WAIT).toBe('quota');
    const target = await targetOf(client, token, postId);
    expect(target.status).not.toBe('published');
    expect(target.error).toContain('publishing limit');
    expect(new Date(target.next_attempt_at!).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    const platformId = await platformIdOf(accountId);
    expect(await t.database.db.select().from(sandboxUploads).where(eq(sandboxUploads.accountId, platformId))).toHaveLength(0);
    expect((await accountPage(session, platformId)).reels).toHaveLength(0);
  });

  it('refuses a post whose video Instagram would refuse (shorter than 3 s, longer than 15 min, over the size limit)', async () => {
    const { client, token, accountId, videoId } = await creatorWithAccount('IG Rules', 'ok');
    const attempt = () => client.post('/api/create/post', { video_id: videoId, account_ids: [accountId], caption: 'Too short' }, as(token));
    const cases: Array<[{ duration: number; sizeBytes: number }, string]> = [
      [{ duration: 2, sizeBytes: 1000 }, 'Instagram: use a video of at least 3 s (this one is 2 s).'],
      [{ duration: 16 * 60, sizeBytes: 1000 }, 'Instagram: use a video of at most 15 min (this one is 16 min).'],
      [{ duration: 30, sizeBytes: 400_000_000 }, 'Instagram: use a smaller file: at most 300 MB (this one is 382 MB).'],
    ];
    for (const [facts, message] of cases) {
      await t.database.db.update(aiVideos).set(facts).where(eq(aiVideos.id, videoId));
      const refused = await attempt();
      expect(refused.statusCode).toBe(422);
      expect(refused.json<{ errors: Record<string, string[]> }>().errors.video_id).toEqual([message]);
    }
    await t.database.db.update(aiVideos).set({ duration: 30, sizeBytes: 1000 }).where(eq(aiVideos.id, videoId));
    const cover = await client.post('/api/create/post', { video_id: videoId, account_ids: [accountId], caption: 'Late cover', options: { instagram: { thumb_offset_ms: 31_000 } } }, as(token));
    expect(cover.statusCode).toBe(422);
    expect(cover.json<{ errors: Record<string, string[]> }>().errors['options.instagram.thumb_offset_ms']).toEqual(['Instagram: pick a cover moment within the video (at most 30 s).']);
  });

  it('reject: the container fails with 2207026, the post fails with a plain reason and nothing is published', async () => {
    const { client, token, accountId, videoId, session } = await creatorWithAccount('IG Reject', 'reject');
    const postId = randomUUID();
    expect((await client.post('/api/create/post', { id: postId, video_id: videoId, account_ids: [accountId], caption: 'Rejected' }, as(token))).statusCode).toBe(202);
    await expect.poll(async () => (await targetOf(client, token, postId)).status, WAIT).toBe('failed');
    const target = await targetOf(client, token, postId);
    expect(target).toMatchObject({ error_class: 'bad', error_code: '2207026' });
    expect(target.error).toContain('format');
    expect((await accountPage(session, await platformIdOf(accountId))).reels).toHaveLength(0);
  });
});
