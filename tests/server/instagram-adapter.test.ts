// The Instagram adapter against a fake on a real socket that replays Instagram's documented
// answers (reference/platforms.md §3): Instagram Login (short → long-lived token, refresh), the
// REELS container lifecycle, the publishing limit, a worker killed after the container was made
// or right after media_publish still ends with exactly one post, and every documented code/subcode
// lands in its class.
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createInstagramAdapter, instagramError, INSTAGRAM_SCOPES } from '../../server/providers/social/instagram';
import { SocialError, type PublishContent, type SocialPlatformAdapter } from '../../server/domain/ports/social';
import { FAKE_IG_CLIENT_ID, FAKE_IG_CLIENT_SECRET, FAKE_IG_USER_ID, graphErrorBody, startInstagramFake, type InstagramFake } from './fakes/instagram-fake';
import { freshState, memoryMedia, publishContext } from './fakes/youtube-publish-context';

const REDIRECT_URI = 'https://reelflow.example.com/api/instagram/callback';
const VIDEO_URL = 'https://reelflow.example.com/media/users/1/videos/v/video.mp4?exp=1&sig=abc';

async function rejection(promise: Promise<unknown>): Promise<SocialError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof SocialError)) throw new Error(`expected a SocialError, got ${String(error)}`);
  return error;
}

const reel = (publicUrl: string | null = VIDEO_URL) => {
  const media = memoryMedia(4096);
  return publicUrl === null ? media : Object.assign(media, { publicUrl: () => publicUrl });
};

describe('Instagram adapter against the fake', () => {
  let fake: InstagramFake;
  let instagram: SocialPlatformAdapter;
  let captionCount = 0;
  const content = (extra: Partial<PublishContent> = {}): PublishContent => ({ caption: `Reel number ${++captionCount} #reels`, instagram: { share_to_feed: false, thumb_offset_ms: 1500 }, ...extra });

  beforeAll(async () => {
    fake = await startInstagramFake();
    instagram = createInstagramAdapter({
      clientId: FAKE_IG_CLIENT_ID,
      clientSecret: FAKE_IG_CLIENT_SECRET,
      endpoints: fake.endpoints,
      http: (url, init) => fetch(url, init),
      sandbox: false,
      pollIntervalMs: 5,
      backoffMs: () => 5,
    });
  });
  afterAll(async () => fake.close());
  afterEach(() => {
    fake.nextFates.length = 0;
    fake.faults.length = 0;
    fake.onPublished = null;
    fake.chaos = null;
    fake.quota = { total: 100, usage: null };
    fake.wrapShortLived = false;
    fake.accessTokensWorkOnce = false;
    fake.revoked = false;
  });

  const since = (index: number, method: string, pattern: RegExp) => fake.requests.slice(index).filter((request) => request.method === method && pattern.test(request.path));
  const connected = () => {
    const token = fake.issueToken();
    return { state: freshState(token), token };
  };

  it('asks for the two business scopes, comma-separated, with the state and no PKCE', () => {
    const url = new URL(instagram.oauth.authorizationUrl({ state: 'st-1', redirectUri: REDIRECT_URI, codeChallenge: 'x'.repeat(43) }));
    expect(`${url.origin}${url.pathname}`).toBe(fake.endpoints.authorizeUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({ client_id: FAKE_IG_CLIENT_ID, redirect_uri: REDIRECT_URI, response_type: 'code', scope: INSTAGRAM_SCOPES.join(','), state: 'st-1' });
    expect(INSTAGRAM_SCOPES).toEqual(['instagram_business_basic', 'instagram_business_content_publish']);
  });

  it.each([false, true])('exchanges the code for a short-lived token (wrapped in data[]: %s) and at once for a 60-day one', async (wrapped) => {
    fake.wrapShortLived = wrapped;
    const start = fake.requests.length;
    const tokens = await instagram.oauth.exchangeCode({ code: fake.issueCode(), redirectUri: REDIRECT_URI, codeVerifier: 'ignored' });
    expect(since(start, 'POST', /^\/oauth\/access_token$/)[0]!.params).toMatchObject({ client_id: FAKE_IG_CLIENT_ID, client_secret: FAKE_IG_CLIENT_SECRET, grant_type: 'authorization_code', redirect_uri: REDIRECT_URI });
    expect(since(start, 'GET', /^\/access_token$/)[0]!.params).toMatchObject({ grant_type: 'ig_exchange_token', client_secret: FAKE_IG_CLIENT_SECRET });
    // The long-lived token is both: Instagram refreshes the token itself.
    expect(tokens.refreshToken).toBe(tokens.accessToken);
    expect(tokens.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 59 * 86_400_000);
    expect(tokens.refreshExpiresAt).toEqual(tokens.expiresAt);
    expect(tokens.scope).toBe('instagram_business_basic,instagram_business_content_publish');
    expect(await instagram.oauth.profile(tokens.accessToken)).toEqual({ platformAccountId: FAKE_IG_USER_ID, name: 'Fake Creator', handle: '@fake.creator', avatarUrl: 'https://cdn.example.test/p.jpg' });
    // A spent code is the sign-in's problem, not the account's.
    await expect(instagram.oauth.exchangeCode({ code: 'spent', redirectUri: REDIRECT_URI, codeVerifier: null })).rejects.toMatchObject({ errorClass: 'bad' });
  });

  it('refreshes with ig_refresh_token into a new 60-day token; a revoked or expired one means reconnect', async () => {
    const token = fake.issueToken();
    const refreshed = await instagram.oauth.refresh(token);
    expect(refreshed.accessToken).not.toBe(token);
    expect(refreshed.refreshToken).toBe(refreshed.accessToken);
    expect(refreshed.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 59 * 86_400_000);
    await expect(instagram.oauth.refresh('IGAAunknown')).rejects.toMatchObject({ errorClass: 'disconnect', code: '190/463' });
    fake.revoked = true;
    await expect(instagram.oauth.refresh(refreshed.accessToken)).rejects.toMatchObject({ errorClass: 'disconnect', code: '190/460' });
    await expect(instagram.oauth.revoke(token)).resolves.toBeUndefined();
  });

  it('refuses to connect or publish for real when APP_URL is not a public https address', async () => {
    await expect(instagram.oauth.exchangeCode({ code: fake.issueCode(), redirectUri: 'http://localhost:3000/api/instagram/callback', codeVerifier: null })).rejects.toMatchObject({
      errorClass: 'policy',
      code: 'app_url_not_public',
    });
    const { state, token } = connected();
    const start = fake.requests.length;
    const error = await rejection(instagram.publisher.publish(publishContext(instagram.oauth, state, token), reel('http://localhost:3000/media/x.mp4?sig=1'), content()));
    expect(error).toMatchObject({ errorClass: 'policy', code: 'app_url_not_public' });
    expect(error.message).toContain('APP_URL');
    expect(since(start, 'POST', /\/media$/)).toHaveLength(0);
  });

  it('checks the limit, creates a REELS container, saves it before publishing, polls and publishes once', async () => {
    const { state, token } = connected();
    const start = fake.requests.length;
    fake.nextFates.push({ inProgressPolls: 2, end: { code: 'FINISHED' } });
    let publishesAtSave = -1;
    const body = content();
    const ctx = publishContext(instagram.oauth, state, token, { onSave: () => (publishesAtSave = since(start, 'POST', /media_publish$/).length) });
    const result = await instagram.publisher.publish(ctx, reel(), body);

    const order = fake.requests.slice(start).map((request) => `${request.method} ${request.path.replace(FAKE_IG_USER_ID, '{user}').replace(/\/\d{17}$/, '/{container}')}`);
    expect(order).toEqual([
      'GET /v22.0/me',
      'GET /v22.0/{user}/content_publishing_limit',
      'POST /v22.0/{user}/media',
      'GET /v22.0/{container}',
      'GET /v22.0/{container}',
      'GET /v22.0/{container}',
      'POST /v22.0/{user}/media_publish',
    ]);
    const container = [...fake.containers.values()].find((item) => item.id === state.checkpoint.session)!;
    expect(state.saves).toEqual([{ session: container.id, uploadedBytes: 0 }]);
    expect(publishesAtSave).toBe(0);
    expect(container.params).toMatchObject({ media_type: 'REELS', video_url: VIDEO_URL, caption: body.caption, share_to_feed: 'false', thumb_offset: '1500' });
    expect(since(start, 'GET', /content_publishing_limit$/)[0]!.params.fields).toBe('config,quota_usage');
    expect(since(start, 'GET', /\/\d{17}$/)[0]!.params.fields).toBe('status_code,status');
    const posted = fake.media.filter((media) => media.containerId === container.id);
    expect(posted).toHaveLength(1);
    expect(result).toEqual({ platformPostId: posted[0]!.id, url: null });
    expect(since(start, 'POST', /media_publish$/)[0]!.params.creation_id).toBe(container.id);

    await expect(instagram.publisher.status({ accessToken: () => Promise.resolve(token) }, result.platformPostId)).resolves.toEqual({
      state: 'published',
      url: `https://www.instagram.com/reel/${result.platformPostId}/`,
    });
    await expect(instagram.publisher.status({ accessToken: () => Promise.resolve(token) }, '18000000000000000')).resolves.toMatchObject({ state: 'failed', error: { errorClass: 'bad' } });
  });

  it('a worker killed after the container was created resumes that container: one container, one post', async () => {
    const { state, token } = connected();
    const start = fake.requests.length;
    const crash = new AbortController();
    const first = instagram.publisher.publish(publishContext(instagram.oauth, state, token, { signal: crash.signal, onSave: () => crash.abort(new Error('worker killed')) }), reel(), content());
    await expect(first).rejects.toThrow('worker killed');
    expect(state.checkpoint.session).toMatch(/^\d{17}$/);
    const resumed = fake.requests.length;
    const body = content();
    const result = await instagram.publisher.publish(publishContext(instagram.oauth, state, token), reel(), body);
    expect(since(start, 'POST', /\/media$/)).toHaveLength(1);
    expect(since(resumed, 'GET', /content_publishing_limit$/)).toHaveLength(0);
    const posted = fake.media.filter((media) => media.containerId === state.checkpoint.session);
    expect(posted.map((media) => media.id)).toEqual([result.platformPostId]);
  });

  it('a worker killed right after media_publish went through: the resumed publish finds the post and never publishes again', async () => {
    const { state, token } = connected();
    const crash = new AbortController();
    const body = content();
    fake.faults.push({ method: 'POST', path: /media_publish$/, kind: 'drop-after' });
    fake.onPublished = () => crash.abort(new Error('worker killed'));
    await expect(instagram.publisher.publish(publishContext(instagram.oauth, state, token, { signal: crash.signal }), reel(), body)).rejects.toThrow('worker killed');
    expect(fake.media.filter((media) => media.containerId === state.checkpoint.session)).toHaveLength(1);
    fake.onPublished = null;

    const resumed = fake.requests.length;
    const result = await instagram.publisher.publish(publishContext(instagram.oauth, state, token), reel(), body);
    expect(since(resumed, 'POST', /media_publish$/)).toHaveLength(0);
    expect(since(resumed, 'POST', /\/media$/)).toHaveLength(0);
    const posted = fake.media.filter((media) => media.containerId === state.checkpoint.session);
    expect(posted.map((media) => media.id)).toEqual([result.platformPostId]);
  });

  it('a lost media_publish answer in the same run: the container says PUBLISHED, the post is looked up, not sent twice', async () => {
    const { state, token } = connected();
    const start = fake.requests.length;
    fake.faults.push({ method: 'POST', path: /media_publish$/, kind: 'drop-after' });
    const result = await instagram.publisher.publish(publishContext(instagram.oauth, state, token), reel(), content());
    expect(since(start, 'POST', /media_publish$/)).toHaveLength(1);
    expect(fake.media.filter((media) => media.containerId === state.checkpoint.session).map((media) => media.id)).toEqual([result.platformPostId]);
  });

  it('flaky: transient errors (codes 1 and 2, is_transient) on half the requests, still exactly one post', async () => {
    const { state, token } = connected();
    // A fixed coin per request of this test (sha256 of its number): about half fail, the same ones every run.
    let request = 0;
    fake.chaos = () => createHash('sha256').update(`flaky:${request++}`).digest()[0]! < 128;
    const start = fake.requests.length;
    const result = await instagram.publisher.publish(publishContext(instagram.oauth, state, token), reel(), content());
    expect(fake.requests.length - start).toBeGreaterThan(8);
    expect(fake.media.filter((media) => media.id === result.platformPostId)).toHaveLength(1);
    expect(fake.media.filter((media) => media.containerId === state.checkpoint.session)).toHaveLength(1);
  });

  it('expired (190/463): each token works once, every call refreshes once and goes on', async () => {
    const { state, token } = connected();
    fake.accessTokensWorkOnce = true;
    const result = await instagram.publisher.publish(publishContext(instagram.oauth, state, token), reel(), content());
    expect(state.refreshes).toBeGreaterThan(1);
    expect(fake.media.some((media) => media.id === result.platformPostId)).toBe(true);
  });

  it('revoked (190/460): the refresh fails, the publish ends in disconnect before any container', async () => {
    const { state, token } = connected();
    fake.revoked = true;
    const start = fake.requests.length;
    const error = await rejection(instagram.publisher.publish(publishContext(instagram.oauth, state, token), reel(), content()));
    expect(error).toMatchObject({ errorClass: 'disconnect', code: '190/460' });
    expect(since(start, 'POST', /\/media$/)).toHaveLength(0);
  });

  it('quota: at the publishing limit nothing is created; the wait is the rolling window', async () => {
    const { state, token } = connected();
    fake.quota = { total: 50, usage: 50 };
    const start = fake.requests.length;
    const error = await rejection(instagram.publisher.publish(publishContext(instagram.oauth, state, token), reel(), content()));
    expect(error).toMatchObject({ errorClass: 'quota', code: 'publishing_limit', retryAfterSeconds: 86_400 });
    expect(error.message).toContain('50 posts');
    expect(since(start, 'POST', /\/media$/)).toHaveLength(0);
    expect(state.saves).toHaveLength(0);
  });

  it('quota from media_publish (9/2207042) is class quota too', async () => {
    const { state, token } = connected();
    fake.faults.push({ method: 'POST', path: /media_publish$/, kind: 'answer', status: 400, body: graphErrorBody(9, 2207042) });
    const error = await rejection(instagram.publisher.publish(publishContext(instagram.oauth, state, token), reel(), content()));
    expect(error).toMatchObject({ errorClass: 'quota', code: '9/2207042', retryAfterSeconds: 86_400 });
  });

  it('reject: a container in ERROR with 2207026 (unsupported format) is bad, with a plain reason, and not retried', async () => {
    const { state, token } = connected();
    fake.nextFates.push({ inProgressPolls: 0, end: { code: 'ERROR', subcode: 2207026 } });
    const start = fake.requests.length;
    const error = await rejection(instagram.publisher.publish(publishContext(instagram.oauth, state, token), reel(), content()));
    expect(error).toMatchObject({ errorClass: 'bad', code: '2207026' });
    expect(error.message).toContain('format');
    expect(since(start, 'POST', /\/media$/)).toHaveLength(1);
  });

  it.each([
    { end: { code: 'ERROR' as const, subcode: 2207003 }, label: 'ERROR 2207003 (download timeout)' },
    { end: { code: 'EXPIRED' as const }, label: 'EXPIRED' },
    { end: { code: 'ERROR' as const, subcode: 2207082 }, label: 'ERROR 2207082 (once)' },
  ])('$label: a new container (the old one was never published), then one post', async ({ end }) => {
    const { state, token } = connected();
    fake.nextFates.push({ inProgressPolls: 0, end });
    const start = fake.requests.length;
    const result = await instagram.publisher.publish(publishContext(instagram.oauth, state, token), reel(), content());
    const created = since(start, 'POST', /\/media$/);
    expect(created).toHaveLength(2);
    expect(state.saves.map((save) => save.session === null)).toEqual([false, true, false]);
    expect(fake.media.filter((media) => media.id === result.platformPostId)).toHaveLength(1);
  });

  it('2207082 twice in a row gives up as bad', async () => {
    const { state, token } = connected();
    fake.nextFates.push({ inProgressPolls: 0, end: { code: 'ERROR', subcode: 2207082 } }, { inProgressPolls: 0, end: { code: 'ERROR', subcode: 2207082 } });
    await expect(instagram.publisher.publish(publishContext(instagram.oauth, state, token), reel(), content())).rejects.toMatchObject({ errorClass: 'bad', code: '2207082' });
  });

  it('a container still IN_PROGRESS after the polls of one call hands back to the engine (retry) and is resumed later', async () => {
    const slow = createInstagramAdapter({ clientId: FAKE_IG_CLIENT_ID, clientSecret: FAKE_IG_CLIENT_SECRET, endpoints: fake.endpoints, http: (url, init) => fetch(url, init), sandbox: false, pollIntervalMs: 5, maxPolls: 2 });
    const { state, token } = connected();
    fake.nextFates.push({ inProgressPolls: 3, end: { code: 'FINISHED' } });
    await expect(slow.publisher.publish(publishContext(slow.oauth, state, token), reel(), content())).rejects.toMatchObject({ errorClass: 'retry', code: 'container_in_progress' });
    const result = await slow.publisher.publish(publishContext(slow.oauth, state, token), reel(), content());
    expect(fake.containers.get(state.checkpoint.session!)!.mediaId).toBe(result.platformPostId);
  });

  it.each([
    [190, 463, false, 'auth'],
    [190, 460, false, 'disconnect'],
    [190, 458, false, 'disconnect'],
    [102, undefined, false, 'disconnect'],
    [10, undefined, false, 'disconnect'],
    [200, undefined, false, 'disconnect'],
    [4, undefined, false, 'rate'],
    [17, undefined, false, 'rate'],
    [32, undefined, false, 'rate'],
    [613, undefined, false, 'rate'],
    [9, 2207042, false, 'quota'],
    [4, 2207051, false, 'policy'],
    [-2, 2207003, false, 'retry'],
    [-2, 2207020, false, 'retry'],
    [-1, 2207001, false, 'retry'],
    [-1, 2207032, false, 'retry'],
    [-1, 2207053, false, 'retry'],
    [9004, 2207026, false, 'bad'],
    [1, undefined, false, 'retry'],
    [2, undefined, false, 'retry'],
    [12345, undefined, true, 'retry'],
    [100, undefined, false, 'bad'],
  ] as const)('code %s / subcode %s (transient %s) is class %s', (code, subcode, transient, errorClass) => {
    const error = instagramError(400, graphErrorBody(code, subcode, transient));
    expect(error.errorClass).toBe(errorClass);
    expect(error.code).toBe(subcode === undefined ? String(code) : `${code}/${subcode}`);
    expect(error.message).not.toMatch(/undefined|null/);
  });
});
