// The built-in YouTube sandbox: its consent page is a real form that redirects to the
// callback with a code and the state; the token endpoint checks PKCE and spends codes once; its
// channel page shows, as HTML and JSON, what an account published; SANDBOX_PLATFORMS=0 removes it.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxSimulation } from '../../contract/publishing';
import { createSocialProviders } from '../../server/providers/social';
import { createSandbox, SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET, type Sandbox } from '../../server/sandbox';
import type { ChannelView } from '../../server/sandbox/pages';
import { SocialError, type PublishResult, type SocialPlatformAdapter } from '../../server/domain/ports/social';
import { CHUNK_UNIT, createYoutubeAdapter } from '../../server/providers/social/youtube';
import { createTestApp, uniqueEmail, type TestApp } from './helpers';
import { freshState, memoryMedia, publishContext } from './fakes/youtube-publish-context';
import { connectSandboxAccount, connectState, formFields, pkcePair, SANDBOX_REDIRECT_PATH, submitConsent, type SandboxOwner } from './fakes/youtube-sandbox-consent';

const uniqueName = (label: string) => `${label} ${Math.random().toString(36).slice(2, 8)}`;
/** The Reelflow user the test's consents sign in as (a consent needs a state the app issued to a user). */
const sandboxOwner = async (t: TestApp): Promise<SandboxOwner> => ({ db: t.database.db, userId: (await t.client.register(uniqueEmail('sandbox'))).user.id });

describe('YouTube sandbox', () => {
  let t: TestApp;
  let youtube: SocialPlatformAdapter;
  let close: () => Promise<void>;
  let redirectUri: string;
  let owner: SandboxOwner;
  const newState = () => connectState(owner, 'youtube');

  beforeAll(async () => {
    t = await createTestApp({ SANDBOX_PROCESSING_SECONDS: '0' });
    const setup = createSocialProviders(t.config, { db: t.database.db });
    youtube = setup.adapters.youtube!;
    close = () => setup.close();
    redirectUri = `${t.config.appUrl}${SANDBOX_REDIRECT_PATH}`;
    owner = await sandboxOwner(t);
  });
  afterAll(async () => {
    await close();
    await t.close();
  });

  it('is the YouTube adapter when no client id is configured, labelled sandbox, on this app', () => {
    expect(youtube.sandbox).toBe(true);
    const url = new URL(youtube.oauth.authorizationUrl({ state: 's1', redirectUri, codeChallenge: null }));
    expect(`${url.origin}${url.pathname}`).toBe(`${t.config.appUrl}/sandbox/youtube/o/oauth2/v2/auth`);
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('prompt')).toBe('consent');
    expect(url.searchParams.get('scope')).toContain('youtube.upload');
  });

  it('shows an accessible consent form without scripts and redirects to the callback with code and state', async () => {
    const { challenge } = pkcePair();
    const state = await newState();
    const authorize = youtube.oauth.authorizationUrl({ state, redirectUri, codeChallenge: challenge });
    const consent = await submitConsent(t.app, authorize, { account_name: uniqueName('Form Channel'), simulate: 'ok' });
    expect(consent.page.statusCode).toBe(200);
    expect(consent.page.headers['content-type']).toContain('text/html');
    expect(consent.page.body).toContain('<title>YouTube Sandbox');
    expect(consent.page.body).toContain('<label for="account_name">');
    expect(consent.page.body).toContain('<select id="simulate" name="simulate"');
    for (const simulate of ['ok', 'flaky', 'expired', 'revoked', 'quota', 'reject']) expect(consent.page.body).toContain(`<option value="${simulate}"`);
    expect(consent.page.body).not.toContain('<script');
    expect(String(consent.page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(formFields(consent.page.body)).toMatchObject({ client_id: expect.any(String) as unknown, redirect_uri: redirectUri, state, code_challenge: challenge, code_challenge_method: 'S256' });
    expect(consent.submit.statusCode).toBe(302);
    expect(`${consent.callback!.origin}${consent.callback!.pathname}`).toBe(redirectUri);
    expect(consent.callback!.searchParams.get('state')).toBe(state);
    expect(consent.callback!.searchParams.get('code')).toMatch(/^4\/sbx-/);
    expect(consent.callback!.searchParams.get('scope')).toContain('youtube.upload');
  });

  it('exchanges the code once, only with the right PKCE verifier, and reads the channel', async () => {
    const { verifier, challenge } = pkcePair();
    const name = uniqueName('Pkce Channel');
    const consent = await submitConsent(t.app, youtube.oauth.authorizationUrl({ state: await newState(), redirectUri, codeChallenge: challenge }), { account_name: name, simulate: 'ok' });
    const code = consent.callback!.searchParams.get('code')!;
    await expect(youtube.oauth.exchangeCode({ code, redirectUri, codeVerifier: pkcePair().verifier })).rejects.toMatchObject({ errorClass: 'bad', code: 'invalid_grant' });
    // The failed attempt spent the code (single use), as a leaked code must not be retried.
    await expect(youtube.oauth.exchangeCode({ code, redirectUri, codeVerifier: verifier })).rejects.toBeInstanceOf(SocialError);

    const again = await submitConsent(t.app, youtube.oauth.authorizationUrl({ state: await newState(), redirectUri, codeChallenge: challenge }), { account_name: name, simulate: 'ok' });
    const secondCode = again.callback!.searchParams.get('code')!;
    const tokens = await youtube.oauth.exchangeCode({ code: secondCode, redirectUri, codeVerifier: verifier });
    expect(tokens.accessToken).toMatch(/^ya29\./);
    expect(tokens.refreshToken).not.toBeNull();
    expect(tokens.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 3000_000);
    await expect(youtube.oauth.exchangeCode({ code: secondCode, redirectUri, codeVerifier: verifier })).rejects.toMatchObject({ code: 'invalid_grant' });

    // Stored as sha256 only.
    const stored = async (value: string) => (await t.database.raw.query('SELECT kind FROM sandbox_tokens WHERE token_hash = $1', [value])).rows.map((row) => row.kind);
    expect(await stored(tokens.refreshToken!)).toEqual([]);
    expect(await stored(createHash('sha256').update(tokens.refreshToken!).digest('hex'))).toEqual(['refresh']);
    expect(await stored(createHash('sha256').update(tokens.accessToken).digest('hex'))).toEqual(['access']);

    const profile = await youtube.oauth.profile(tokens.accessToken);
    expect(profile).toMatchObject({ name, platformAccountId: expect.stringMatching(/^UC[\w-]{22}$/) as unknown, handle: expect.stringMatching(/^@pkcechannel/) as unknown });
    const avatar = await t.app.inject({ method: 'GET', url: new URL(profile.avatarUrl!).pathname, headers: { cookie: again.session } });
    expect(avatar.headers['content-type']).toContain('image/svg+xml');

    const refreshed = await youtube.oauth.refresh(tokens.refreshToken!);
    expect(refreshed.refreshToken).toBeNull();
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    // Same name, same channel.
    expect((await youtube.oauth.profile(refreshed.accessToken)).platformAccountId).toBe(profile.platformAccountId);

    await youtube.oauth.revoke(tokens.refreshToken!);
    await expect(youtube.oauth.refresh(tokens.refreshToken!)).rejects.toMatchObject({ errorClass: 'disconnect', code: 'invalid_grant' });
  });

  it("a 'revoked' account connects, then its refresh answers invalid_grant (disconnect)", async () => {
    const { tokens } = await connectSandboxAccount(t.app, youtube, t.config.appUrl, uniqueName('Revoked'), 'revoked', owner);
    await expect(youtube.oauth.refresh(tokens.refreshToken)).rejects.toMatchObject({ errorClass: 'disconnect', code: 'invalid_grant' });
  });

  it("an 'expired' account's access token works for one call (profile reads aside); a refresh brings a working one", async () => {
    const { tokens } = await connectSandboxAccount(t.app, youtube, t.config.appUrl, uniqueName('Expired'), 'expired', owner);
    // The connect's profile read does not count: a connect flow may read it more than once.
    await expect(youtube.oauth.profile(tokens.accessToken)).resolves.toMatchObject({ name: expect.stringContaining('Expired') as unknown });
    let refreshes = 0;
    const ctx = {
      accessToken: async (options?: { forceRefresh?: boolean }) => {
        if (!options?.forceRefresh) return tokens.accessToken;
        refreshes += 1;
        return (await youtube.oauth.refresh(tokens.refreshToken)).accessToken;
      },
    };
    await expect(youtube.publisher.status(ctx, 'novideo0001')).resolves.toMatchObject({ state: 'failed' });
    expect(refreshes).toBe(0);
    await expect(youtube.publisher.status(ctx, 'novideo0001')).resolves.toMatchObject({ state: 'failed' });
    expect(refreshes).toBe(1);
  });

  it('refuses forged or foreign consent submissions and foreign redirect addresses', async () => {
    const authorize = new URL(youtube.oauth.authorizationUrl({ state: await newState(), redirectUri, codeChallenge: null }));
    const page = await t.app.inject({ method: 'GET', url: `${authorize.pathname}${authorize.search}` });
    // No consent cookie: the form token proves nothing.
    const forged = await t.app.inject({
      method: 'POST',
      url: authorize.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...formFields(page.body), account_name: 'Forged', simulate: 'ok' }).toString(),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.headers.location).toBeUndefined();

    const foreign = new URL(authorize);
    foreign.searchParams.set('redirect_uri', 'https://evil.example/callback');
    const refused = await t.app.inject({ method: 'GET', url: `${foreign.pathname}${foreign.search}` });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('redirect_uri_mismatch');

    const empty = await submitConsent(t.app, authorize.toString(), { account_name: '   ', simulate: 'ok' });
    expect(empty.submit.statusCode).toBe(422);
    expect(empty.submit.body).toContain('aria-invalid="true"');

    const denied = await submitConsent(t.app, authorize.toString(), { account_name: 'Whoever', simulate: 'ok', decision: 'deny' });
    expect(denied.callback!.searchParams.get('error')).toBe('access_denied');
    expect(denied.callback!.searchParams.get('code')).toBeNull();
  });

  it('shows a channel as a page and as JSON', async () => {
    const name = uniqueName('Page <Channel>');
    const { profile, session } = await connectSandboxAccount(t.app, youtube, t.config.appUrl, name, 'ok', owner);
    // The consent left this browser signed in to the sandbox as the owner: their channels show.
    const cookie = { cookie: session };
    const html = await t.app.inject({ method: 'GET', url: `/sandbox/youtube/channel/${profile.platformAccountId}`, headers: cookie });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain('YouTube Sandbox');
    expect(html.body).toContain(name.replace('<', '&lt;').replace('>', '&gt;'));
    expect(html.body).not.toContain('<Channel>');
    expect(html.body).toContain('has not published anything yet');
    const json = await t.app.inject({ method: 'GET', url: `/sandbox/youtube/channel/${profile.platformAccountId}`, headers: { ...cookie, accept: 'application/json' } });
    expect(json.json()).toMatchObject({ id: profile.platformAccountId, name, sandbox: true, simulate: 'ok', videos: [] });
    const byHandle = await t.app.inject({ method: 'GET', url: `/sandbox/youtube/channel/${encodeURIComponent(profile.handle!)}?format=json`, headers: cookie });
    expect(byHandle.json()).toMatchObject({ id: profile.platformAccountId });
    const missing = await t.app.inject({ method: 'GET', url: '/sandbox/youtube/channel/UCnobody?format=json', headers: cookie });
    expect(missing.statusCode).toBe(404);
  });
});

describe('SANDBOX_PLATFORMS=0', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SANDBOX_PLATFORMS: '0' });
  });
  afterAll(async () => t.close());

  it('has no YouTube adapter and no sandbox routes', async () => {
    const setup = createSocialProviders(t.config, { db: t.database.db });
    expect(setup.adapters.youtube).toBeUndefined();
    for (const url of ['/sandbox/youtube/o/oauth2/v2/auth?client_id=x', '/sandbox/youtube/channel/UCabc', '/sandbox/youtube/youtube/v3/channels?part=snippet&mine=true']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'POST', url: '/sandbox/youtube/token', payload: 'grant_type=refresh_token', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode).toBe(404);
    expect(t.app.registeredRoutes.some((route) => route.url.startsWith('/sandbox/'))).toBe(false);
  });

  it('uses the real Google endpoints once a client id and secret are set', async () => {
    const { loadConfig } = await import('../../server/config');
    const config = loadConfig({ SANDBOX_PLATFORMS: '0', YOUTUBE_CLIENT_ID: 'id.apps.googleusercontent.com', YOUTUBE_CLIENT_SECRET: 'secret', APP_URL: 'https://app.example' });
    const setup = createSocialProviders(config, { db: t.database.db });
    const youtube = setup.adapters.youtube!;
    expect(youtube.sandbox).toBe(false);
    const url = new URL(youtube.oauth.authorizationUrl({ state: 's', redirectUri: 'https://app.example/api/google/callback', codeChallenge: 'c'.repeat(43) }));
    expect(`${url.origin}${url.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'id.apps.googleusercontent.com',
      response_type: 'code',
      access_type: 'offline',
      prompt: 'consent',
      code_challenge_method: 'S256',
      scope: 'https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly',
    });
    await setup.close();
  });
});

describe('the YouTube adapter against the sandbox', () => {
  let t: TestApp;
  let sandbox: Sandbox;
  let endpoints: Sandbox['clients']['youtube']['endpoints'];
  let youtube: SocialPlatformAdapter;

  let owner: SandboxOwner;
  /** The browser's sandbox session of the last consent: it shows every channel of the owner. */
  let session = '';

  beforeAll(async () => {
    t = await createTestApp();
    owner = await sandboxOwner(t);
    // The same sandbox the app builds, with small chunks, quick retries and a visible processing time.
    sandbox = createSandbox({ db: t.database.db, dataDir: t.config.dataDir, appUrl: t.config.appUrl, processingMs: 300, platforms: ['youtube'] });
    endpoints = sandbox.clients.youtube.endpoints;
    youtube = createYoutubeAdapter({ clientId: SANDBOX_CLIENT_ID, clientSecret: SANDBOX_CLIENT_SECRET, endpoints, http: sandbox.http, sandbox: true, chunkSize: CHUNK_UNIT, backoffMs: () => 5 });
  });
  afterAll(async () => {
    await sandbox.close();
    await t.close();
  });

  const connect = async (label: string, simulate: SandboxSimulation) => {
    const account = await connectSandboxAccount(t.app, youtube, t.config.appUrl, uniqueName(label), simulate, owner);
    session = account.session;
    return account;
  };
  const channel = async (id: string) => (await t.app.inject({ method: 'GET', url: `/sandbox/youtube/channel/${id}?format=json`, headers: { cookie: session } })).json<ChannelView>();
  const CONTENT = { caption: 'Sandbox caption', youtube: { title: 'Sandbox short', description: '', tags: [], privacy: 'public' as const, made_for_kids: false, ai_disclosure: true, category_id: '22' } };

  it('uploads in chunks, the channel shows the video (same bytes), processing then published', async () => {
    const { tokens, profile } = await connect('Ok', 'ok');
    const state = freshState(tokens.accessToken);
    const media = memoryMedia(2 * CHUNK_UNIT + 77);
    const result = await youtube.publisher.publish(publishContext(youtube.oauth, state, tokens.refreshToken), media, CONTENT);
    expect(state.saves.map((save) => save.uploadedBytes)).toEqual([0, CHUNK_UNIT, 2 * CHUNK_UNIT]);
    expect(result.url).toBe(`${t.config.appUrl}/sandbox/youtube/watch?v=${result.platformPostId}`);
    const view = await channel(profile.platformAccountId);
    expect(view.videos).toEqual([expect.objectContaining({ id: result.platformPostId, title: 'Sandbox short', sha256: media.sha256, size_bytes: media.size }) as unknown]);
    const ctx = publishContext(youtube.oauth, state, tokens.refreshToken);
    await expect.poll(async () => (await youtube.publisher.status(ctx, result.platformPostId)).state, { timeout: 20_000 }).toBe('published');
    const watch = await t.app.inject({ method: 'GET', url: new URL(result.url!).pathname + new URL(result.url!).search, headers: { cookie: session } });
    expect(watch.statusCode).toBe(302);
    expect(watch.headers.location).toBe(`/sandbox/youtube/channel/${profile.platformAccountId}#video-${result.platformPostId}`);
    const page = await t.app.inject({ method: 'GET', url: `/sandbox/youtube/channel/${profile.platformAccountId}`, headers: { cookie: session } });
    expect(page.body).toContain('Sandbox short');
  });

  it('a publish killed mid-upload resumes the saved session: the channel holds exactly one video', async () => {
    const { tokens, profile } = await connect('Crash', 'ok');
    const state = freshState(tokens.accessToken);
    const media = memoryMedia(3 * CHUNK_UNIT);
    const crash = new AbortController();
    await expect(
      youtube.publisher.publish(publishContext(youtube.oauth, state, tokens.refreshToken, { signal: crash.signal, onSave: (save) => save.uploadedBytes === CHUNK_UNIT && crash.abort(new Error('killed')) }), media, CONTENT),
    ).rejects.toThrow('killed');
    const session = state.checkpoint.session;
    const result = await youtube.publisher.publish(publishContext(youtube.oauth, state, tokens.refreshToken), media, CONTENT);
    expect(state.checkpoint.session).toBe(session);
    // Publishing again with the finished session only probes: still one video.
    const again = await youtube.publisher.publish(publishContext(youtube.oauth, state, tokens.refreshToken), media, CONTENT);
    expect(again.platformPostId).toBe(result.platformPostId);
    expect((await channel(profile.platformAccountId)).videos).toEqual([expect.objectContaining({ id: result.platformPostId, sha256: media.sha256 }) as unknown]);
  });

  it('flaky: publishing until it succeeds still leaves exactly one video', async () => {
    const { tokens, profile } = await connect('Flaky', 'flaky');
    const state = freshState(tokens.accessToken);
    // 17 chunks: with half the PUTs failing, some fail in every run (all passing: 1 in 131,072).
    const media = memoryMedia(16 * CHUNK_UNIT + 5);
    let result: PublishResult | null = null;
    for (let attempt = 0; attempt < 40 && !result; attempt++) {
      try {
        result = await youtube.publisher.publish(publishContext(youtube.oauth, state, tokens.refreshToken), media, CONTENT);
      } catch (error) {
        // What the engine would retry later, with the same saved session.
        expect(error).toMatchObject({ errorClass: 'retry' });
      }
    }
    if (!result) throw new Error('never published');
    const uploadId = new URL(state.checkpoint.session!).searchParams.get('upload_id');
    const { rows } = await t.database.raw.query('SELECT requests FROM sandbox_uploads WHERE id = $1', [uploadId]);
    expect(Number(rows[0]!.requests)).toBeGreaterThan(17);
    expect((await channel(profile.platformAccountId)).videos).toEqual([expect.objectContaining({ id: result.platformPostId, sha256: media.sha256 }) as unknown]);
  });

  it('expired: each 401 is refreshed once and the publish carries on', async () => {
    const { tokens, profile } = await connect('Expiring', 'expired');
    const state = freshState(tokens.accessToken);
    // The stored token's one use goes to the upload's init; each status poll after it needs a refresh.
    const result = await youtube.publisher.publish(publishContext(youtube.oauth, state, tokens.refreshToken), memoryMedia(CHUNK_UNIT + 1), CONTENT);
    await expect.poll(async () => (await youtube.publisher.status(publishContext(youtube.oauth, state, tokens.refreshToken), result.platformPostId)).state, { timeout: 20_000 }).toBe('published');
    expect(state.refreshes).toBeGreaterThanOrEqual(1);
    // A second post with the last (spent) token: its init is refused once, refreshed, and goes on.
    const second = { ...freshState(state.accessToken), refreshes: state.refreshes };
    await youtube.publisher.publish(publishContext(youtube.oauth, second, tokens.refreshToken), memoryMedia(CHUNK_UNIT), CONTENT);
    expect(second.refreshes).toBe(state.refreshes + 1);
    expect((await channel(profile.platformAccountId)).videos).toHaveLength(2);
  });

  it("revoked: the publish ends in 'disconnect' and nothing is uploaded", async () => {
    const { tokens, profile } = await connect('Revoked', 'revoked');
    const error = await youtube.publisher.publish(publishContext(youtube.oauth, freshState(tokens.accessToken), tokens.refreshToken), memoryMedia(CHUNK_UNIT), CONTENT).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ errorClass: 'disconnect', code: 'invalid_grant' });
    expect((await channel(profile.platformAccountId)).videos).toEqual([]);
  });

  it("quota: the init answers 403 quotaExceeded, class 'quota' until midnight Pacific", async () => {
    const { tokens, profile } = await connect('Quota', 'quota');
    const error = await youtube.publisher.publish(publishContext(youtube.oauth, freshState(tokens.accessToken), tokens.refreshToken), memoryMedia(CHUNK_UNIT), CONTENT).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SocialError);
    expect(error).toMatchObject({ errorClass: 'quota', code: 'quotaExceeded', status: 403 });
    expect((error as SocialError).retryAfterSeconds).toBeGreaterThan(0);
    expect((await channel(profile.platformAccountId)).videos).toEqual([]);
  });

  it("reject: uploaded, then processing ends rejected — failed with class 'bad' and the plain reason", async () => {
    const { tokens, profile } = await connect('Reject', 'reject');
    const state = freshState(tokens.accessToken);
    const result = await youtube.publisher.publish(publishContext(youtube.oauth, state, tokens.refreshToken), memoryMedia(CHUNK_UNIT), CONTENT);
    const ctx = publishContext(youtube.oauth, state, tokens.refreshToken);
    await expect.poll(async () => (await youtube.publisher.status(ctx, result.platformPostId)).state, { timeout: 20_000 }).toBe('failed');
    const final = await youtube.publisher.status(ctx, result.platformPostId);
    expect(final).toMatchObject({ state: 'failed', error: { errorClass: 'bad', code: 'inappropriate', message: 'YouTube rejected the video as inappropriate content.' } });
    expect((await channel(profile.platformAccountId)).videos).toEqual([expect.objectContaining({ upload_status: 'rejected', status_reason: 'inappropriate' }) as unknown]);
  });

  it('takes what googleapis sends: a multipart insert (resource then media) and repeated part= parameters', async () => {
    const { tokens, profile } = await connect('Googleapis', 'ok');
    const media = memoryMedia(3000);
    const boundary = 'googleapis-boundary-1';
    const resource = JSON.stringify({ snippet: { title: 'Multipart short', categoryId: '22' }, status: { privacyStatus: 'unlisted' } });
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n${resource}\r\n--${boundary}\r\nContent-Type: video/mp4\r\n\r\n`),
      media.bytes,
      Buffer.from(`\r\n--${boundary}--`),
    ]);
    const insert = await sandbox.http(`${endpoints.uploadBase}/videos?part=snippet&part=status&uploadType=multipart`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': `multipart/related; boundary=${boundary}` },
      body,
    });
    expect(insert.status).toBe(200);
    const video = (await insert.json()) as { id: string; snippet: { title: string }; status: { privacyStatus: string } };
    expect(video).toMatchObject({ snippet: { title: 'Multipart short' }, status: { privacyStatus: 'unlisted' } });
    expect((await channel(profile.platformAccountId)).videos).toEqual([expect.objectContaining({ id: video.id, sha256: media.sha256, size_bytes: media.size }) as unknown]);
    const list = await sandbox.http(`${endpoints.apiBase}/videos?part=status&part=processingDetails&id=${video.id}&fields=items(id,status,processingDetails)`, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { items: unknown[] }).items).toEqual([expect.objectContaining({ id: video.id, status: expect.objectContaining({ uploadStatus: expect.any(String) as unknown }) as unknown, processingDetails: expect.any(Object) as unknown }) as unknown]);
  });

  it('speaks the upload protocol: bad metadata is invalidTitle, a probe of an unknown session is 404', async () => {
    const { tokens } = await connect('Protocol', 'ok');
    const init = await sandbox.http(`${endpoints.uploadBase}/videos?uploadType=resumable&part=snippet,status`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json; charset=UTF-8', 'x-upload-content-length': '10' },
      body: JSON.stringify({ snippet: { title: 'a <b>' }, status: { privacyStatus: 'public' } }),
    });
    expect(init.status).toBe(400);
    expect(await init.json()).toMatchObject({ error: { code: 400, errors: [{ reason: 'invalidTitle' }] } });
    const probe = await sandbox.http(`${endpoints.uploadBase}/videos?uploadType=resumable&upload_id=nosuchsession`, { method: 'PUT', headers: { 'content-range': 'bytes */10' } });
    expect(probe.status).toBe(404);
  });
});
