// The TikTok adapter against a fake on a real socket that replays TikTok's documented answers
// (reference/platforms.md §2): the chunk plan and ordered Content-Range PUTs (206/201), the
// checkpoint saved before the first byte, a publish cut off after it resumes from status/fetch
// without a second init (one post), rotating refresh tokens, the envelope rule, and every
// documented error in its class with a plain reason.
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TiktokOptions } from '../../contract/publishing';
import { SocialError, type PublishResult } from '../../server/domain/ports/social';
import { chunkPlan, createTiktokAdapter, parseSession, secondsUntilTomorrow, tiktokError, UNAUDITED_MESSAGE, type TiktokAdapter } from '../../server/providers/social/tiktok';
import { FAKE_CLIENT_KEY, FAKE_CLIENT_SECRET, startTiktokFake, tiktokEnvelope, type TiktokFake } from './fakes/tiktok-fake';
import { freshState, memoryMedia, publishContext, rejection } from './fakes/youtube-publish-context';

const CHUNK = 64 * 1024;
const OPTIONS: TiktokOptions = { privacy_level: 'MUTUAL_FOLLOW_FRIENDS', disable_comment: true, disable_duet: false, disable_stitch: false, brand_organic_toggle: false, brand_content_toggle: true, is_aigc: true };
const CONTENT = { caption: 'A caption with #tags', tiktok: OPTIONS };

describe('TikTok adapter against the fake', () => {
  let fake: TiktokFake;
  let tiktok: TiktokAdapter;

  beforeAll(async () => {
    fake = await startTiktokFake();
    fake.minChunkBytes = CHUNK;
    tiktok = createTiktokAdapter({ clientKey: FAKE_CLIENT_KEY, clientSecret: FAKE_CLIENT_SECRET, endpoints: fake.endpoints, http: (url, init) => fetch(url, init), sandbox: false, chunkSize: CHUNK, backoffMs: () => 5 });
  });
  afterAll(async () => fake.close());
  afterEach(() => {
    fake.accessTokensWorkOnce = false;
    fake.revoked = false;
    fake.failWith = null;
    fake.initFaults.length = 0;
    fake.apiFaults.length = 0;
    fake.putFaults.length = 0;
    fake.putChaos = null;
  });

  const since = (index: number) => fake.requests.slice(index);
  const inits = (index: number) => since(index).filter((request) => request.path === '/v2/post/publish/video/init/');
  const puts = (index: number) => since(index).filter((request) => request.method === 'PUT');
  const postsOf = (publishId: string) => fake.posts.filter((post) => post.publishId === publishId);

  it('plans chunks by TikTok’s rule: floor(size / chunk), the last absorbs the remainder, a small file goes whole', () => {
    expect(chunkPlan(3 * CHUNK + 1000, CHUNK)).toEqual({ videoSize: 3 * CHUNK + 1000, chunkSize: CHUNK, totalChunkCount: 3 });
    expect(chunkPlan(CHUNK - 1, CHUNK)).toEqual({ videoSize: CHUNK - 1, chunkSize: CHUNK - 1, totalChunkCount: 1 });
    expect(chunkPlan(2 * CHUNK, CHUNK).totalChunkCount).toBe(2);
  });

  it('inits with the post info and plan, saves the checkpoint before the first byte, PUTs the chunks in order (206, then 201)', async () => {
    const media = memoryMedia(3 * CHUNK + 1000);
    const tokens = fake.issueTokens();
    const state = freshState(tokens.accessToken);
    const start = fake.requests.length;
    let putsAtFirstSave = -1;
    const ctx = publishContext(tiktok.oauth, state, tokens.refreshToken, {
      onSave: (_save, index) => {
        if (index === 0) putsAtFirstSave = puts(start).length;
      },
    });
    const result = await tiktok.publisher.publish(ctx, media, CONTENT);
    expect(putsAtFirstSave).toBe(0);
    const session = parseSession(state.saves[0]!.session)!;
    expect(session).toMatchObject({ publish_id: result.platformPostId, video_size: media.size, chunk_size: CHUNK, total_chunk_count: 3 });
    expect(result.platformPostId).toMatch(/^v_pub_file~v2-1\./);
    expect(puts(start).map((request) => request.contentRange)).toEqual([`bytes 0-${CHUNK - 1}/${media.size}`, `bytes ${CHUNK}-${2 * CHUNK - 1}/${media.size}`, `bytes ${2 * CHUNK}-${media.size - 1}/${media.size}`]);
    expect(state.saves.map((save) => save.uploadedBytes)).toEqual([0, CHUNK, 2 * CHUNK, media.size]);
    const upload = [...fake.uploads.values()].find((item) => item.publishId === result.platformPostId)!;
    expect(upload.postInfo).toEqual({ title: CONTENT.caption, privacy_level: 'MUTUAL_FOLLOW_FRIENDS', disable_duet: false, disable_comment: true, disable_stitch: false, brand_content_toggle: true, brand_organic_toggle: false, is_aigc: true });
    expect(postsOf(result.platformPostId)).toHaveLength(1);
    expect(postsOf(result.platformPostId)[0]!.sha256).toBe(media.sha256);

    // Status: PROCESSING_UPLOAD first, then PUBLISH_COMPLETE with the post's address.
    await expect(tiktok.publisher.status(ctx, result.platformPostId)).resolves.toEqual({ state: 'processing' });
    const done = await tiktok.publisher.status(ctx, result.platformPostId);
    expect(done).toEqual({ state: 'published', url: `https://www.tiktok.test/@fake.creator/video/${postsOf(result.platformPostId)[0]!.id}` });
  });

  it('sends a file smaller than one chunk whole', async () => {
    const media = memoryMedia(CHUNK - 10);
    const tokens = fake.issueTokens();
    const start = fake.requests.length;
    const result = await tiktok.publisher.publish(publishContext(tiktok.oauth, freshState(tokens.accessToken), tokens.refreshToken), media, CONTENT);
    expect(puts(start).map((request) => request.contentRange)).toEqual([`bytes 0-${media.size - 1}/${media.size}`]);
    expect(postsOf(result.platformPostId)).toHaveLength(1);
  });

  it('a crash after the checkpoint resumes from status/fetch: no second init, exactly one post', async () => {
    const media = memoryMedia(4 * CHUNK + 5);
    const tokens = fake.issueTokens();
    const state = freshState(tokens.accessToken);
    const start = fake.requests.length;
    // The process dies right after the second chunk is confirmed and checkpointed.
    const crash = publishContext(tiktok.oauth, state, tokens.refreshToken, {
      onSave: (save) => {
        if (save.uploadedBytes === 2 * CHUNK) throw new Error('worker killed');
      },
    });
    await expect(tiktok.publisher.publish(crash, media, CONTENT)).rejects.toThrow('worker killed');
    const session = parseSession(state.checkpoint.session)!;
    expect(fake.uploads.get(new URL(session.upload_url).searchParams.get('upload_id')!)!.stored).toBe(2 * CHUNK);

    const result = await tiktok.publisher.publish(publishContext(tiktok.oauth, state, tokens.refreshToken), media, CONTENT);
    expect(result.platformPostId).toBe(session.publish_id);
    expect(inits(start)).toHaveLength(1);
    // Resumed at the third chunk: two PUTs before the crash, two after.
    expect(puts(start).map((request) => request.contentRange!.split('/')[0])).toEqual([`bytes 0-${CHUNK - 1}`, `bytes ${CHUNK}-${2 * CHUNK - 1}`, `bytes ${2 * CHUNK}-${3 * CHUNK - 1}`, `bytes ${3 * CHUNK}-${media.size - 1}`]);
    expect(postsOf(session.publish_id)).toHaveLength(1);
    expect(postsOf(session.publish_id)[0]!.sha256).toBe(media.sha256);
  });

  it('a crash after the last chunk reached TikTok: the resumed publish only asks the status and returns the publish_id', async () => {
    const media = memoryMedia(2 * CHUNK + 7);
    const tokens = fake.issueTokens();
    const state = freshState(tokens.accessToken);
    const start = fake.requests.length;
    // The final chunk is stored but its answer never arrives, and the worker dies waiting.
    fake.putChaos = (index) => (index === 1 ? 'drop-after-store' : null);
    const controller = new AbortController();
    const first = tiktok.publisher.publish(publishContext(tiktok.oauth, state, tokens.refreshToken, { signal: controller.signal }), media, CONTENT);
    await expect.poll(() => fake.posts.some((post) => post.publishId === parseSession(state.checkpoint.session)?.publish_id), { timeout: 20_000 }).toBe(true);
    controller.abort(new Error('worker killed'));
    await first.catch(() => undefined);
    fake.putChaos = null;
    const putsBefore = puts(start).length;
    const result = await tiktok.publisher.publish(publishContext(tiktok.oauth, state, tokens.refreshToken), media, CONTENT);
    expect(result.platformPostId).toBe(parseSession(state.checkpoint.session)!.publish_id);
    expect(puts(start).length).toBe(putsBefore);
    expect(inits(start)).toHaveLength(1);
    expect(postsOf(result.platformPostId)).toHaveLength(1);
  });

  it('flaky: 5xx and answers lost after storing; publishing until done makes exactly one post', async () => {
    const media = memoryMedia(5 * CHUNK + 3);
    const tokens = fake.issueTokens();
    const state = freshState(tokens.accessToken);
    const start = fake.requests.length;
    fake.putChaos = (index) => (index % 3 === 0 ? { status: 503, body: tiktokEnvelope('internal_error', 'Something went wrong') } : index % 3 === 1 ? 'drop-after-store' : null);
    let result: PublishResult | null = null;
    for (let attempt = 0; attempt < 10 && !result; attempt++) {
      result = await tiktok.publisher.publish(publishContext(tiktok.oauth, state, tokens.refreshToken), media, CONTENT).catch((error: unknown) => {
        if (!(error instanceof SocialError) || error.errorClass !== 'retry') throw error;
        return null;
      });
    }
    expect(result).not.toBeNull();
    expect(inits(start)).toHaveLength(1);
    expect(postsOf(result!.platformPostId)).toHaveLength(1);
    expect(postsOf(result!.platformPostId)[0]!.sha256).toBe(media.sha256);
  });

  it('expired access tokens: refreshes once per 401 with the rotated refresh token and carries on', async () => {
    fake.accessTokensWorkOnce = true;
    const media = memoryMedia(CHUNK * 2);
    const tokens = fake.issueTokens();
    const state = freshState(tokens.accessToken);
    const result = await tiktok.publisher.publish(publishContext(tiktok.oauth, state, tokens.refreshToken), media, CONTENT);
    expect(postsOf(result.platformPostId)).toHaveLength(1);
    // Each call below needs a fresh token (poll, poll, creator_info for the link): three refreshes,
    // each spending the refresh token the one before it returned — a reused one would be refused.
    const before = state.refreshes;
    const ctx = publishContext(tiktok.oauth, state, tokens.refreshToken);
    await expect(tiktok.publisher.status(ctx, result.platformPostId)).resolves.toEqual({ state: 'processing' });
    await expect(tiktok.publisher.status(ctx, result.platformPostId)).resolves.toMatchObject({ state: 'published', url: expect.stringContaining('/@fake.creator/video/') as unknown });
    expect(state.refreshes).toBe(before + 3);
  });

  it("revoked: the refresh after a 401 answers invalid_grant and the publish ends in 'disconnect'", async () => {
    const tokens = fake.issueTokens();
    fake.revoked = true;
    fake.apiFaults.push({ status: 401, body: tiktokEnvelope('access_token_invalid') });
    const error = await rejection(tiktok.publisher.publish(publishContext(tiktok.oauth, freshState(tokens.accessToken), tokens.refreshToken), memoryMedia(100), CONTENT));
    expect(error).toMatchObject({ errorClass: 'disconnect', code: 'invalid_grant' });
  });

  it('the envelope rule: an HTTP 200 whose error.code is not "ok" is a failure', async () => {
    const tokens = fake.issueTokens();
    fake.initFaults.push({ status: 200, body: tiktokEnvelope('spam_risk_too_many_posts') });
    const error = await rejection(tiktok.publisher.publish(publishContext(tiktok.oauth, freshState(tokens.accessToken), tokens.refreshToken), memoryMedia(100), CONTENT));
    expect(error).toMatchObject({ errorClass: 'quota', code: 'spam_risk_too_many_posts' });
  });

  it('the documented refusals land in their classes with plain reasons', async () => {
    const tokens = fake.issueTokens();
    const publish = () => rejection(tiktok.publisher.publish(publishContext(tiktok.oauth, freshState(tokens.accessToken), tokens.refreshToken), memoryMedia(100), CONTENT));
    const cases: Array<[number, string, string]> = [
      [403, 'spam_risk_too_many_posts', 'quota'],
      [403, 'unaudited_client_can_only_post_to_private_accounts', 'policy'],
      [403, 'privacy_level_option_mismatch', 'bad'],
      [400, 'invalid_params', 'bad'],
      [401, 'scope_not_authorized', 'disconnect'],
      [429, 'rate_limit_exceeded', 'rate'],
      [500, 'internal_error', 'retry'],
      [403, 'spam_risk_user_banned_from_posting', 'policy'],
    ];
    for (const [status, code, errorClass] of cases) {
      fake.initFaults.push({ status, body: tiktokEnvelope(code) });
      const error = await publish();
      expect({ code: error.code, errorClass: error.errorClass }).toEqual({ code, errorClass });
      expect(error.message).not.toContain(code);
    }
    fake.initFaults.push({ status: 403, body: tiktokEnvelope('unaudited_client_can_only_post_to_private_accounts') });
    expect((await publish()).message).toBe(UNAUDITED_MESSAGE);
    const now = new Date('2030-05-01T22:00:00Z');
    expect(tiktokError(403, tiktokEnvelope('spam_risk_too_many_posts'), null, now).retryAfterSeconds).toBe(secondsUntilTomorrow(now));
    expect(secondsUntilTomorrow(now)).toBe(2 * 3600);
    expect(tiktokError(502, 'Bad gateway').errorClass).toBe('retry');
    expect(tiktokError(429, tiktokEnvelope('rate_limit_exceeded'), new Headers({ 'retry-after': '17' })).retryAfterSeconds).toBe(17);
  });

  it('a post TikTok fails after the upload is failed with the plain reason (file_format_check_failed → bad)', async () => {
    fake.failWith = 'file_format_check_failed';
    const tokens = fake.issueTokens();
    const ctx = publishContext(tiktok.oauth, freshState(tokens.accessToken), tokens.refreshToken);
    const result = await tiktok.publisher.publish(ctx, memoryMedia(100), CONTENT);
    await expect(tiktok.publisher.status(ctx, result.platformPostId)).resolves.toEqual({ state: 'processing' });
    const status = await tiktok.publisher.status(ctx, result.platformPostId);
    expect(status.state).toBe('failed');
    if (status.state === 'failed') {
      expect(status.error).toMatchObject({ errorClass: 'bad', code: 'file_format_check_failed' });
      expect(status.error.message).toMatch(/file format/);
    }
  });

  it('speaks Login Kit v2: client_key, comma-separated scopes, PKCE; refresh tokens rotate; profile and creator info', async () => {
    const verifier = 'v'.repeat(50);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const url = new URL(tiktok.oauth.authorizationUrl({ state: 'st', redirectUri: 'https://app.test/api/tiktok/callback', codeChallenge: challenge }));
    expect(Object.fromEntries(url.searchParams)).toEqual({ client_key: FAKE_CLIENT_KEY, response_type: 'code', scope: 'user.info.basic,video.publish,video.upload', redirect_uri: 'https://app.test/api/tiktok/callback', state: 'st', code_challenge: challenge, code_challenge_method: 'S256' });
    await expect(tiktok.oauth.exchangeCode({ code: fake.issueCode(challenge), redirectUri: 'x', codeVerifier: 'w'.repeat(50) })).rejects.toMatchObject({ errorClass: 'bad', code: 'invalid_grant' });
    const tokens = await tiktok.oauth.exchangeCode({ code: fake.issueCode(challenge), redirectUri: 'x', codeVerifier: verifier });
    expect(tokens.refreshToken).toMatch(/^rft\./);
    const refreshed = await tiktok.oauth.refresh(tokens.refreshToken!);
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
    expect(refreshed.refreshExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 100 * 86400_000);
    // The old refresh token died with the rotation (TikTok answers that with HTTP 200 and a flat error).
    await expect(tiktok.oauth.refresh(tokens.refreshToken!)).rejects.toMatchObject({ errorClass: 'disconnect', code: 'invalid_grant' });
    await expect(tiktok.oauth.profile(refreshed.accessToken)).resolves.toEqual({ platformAccountId: 'open-fake-1', name: 'Fake Creator', handle: null, avatarUrl: 'https://example.test/avatar.jpg' });
    await expect(tiktok.creatorInfo({ accessToken: () => Promise.resolve(refreshed.accessToken) })).resolves.toMatchObject({ privacy_level_options: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'], duet_disabled: true, max_video_post_duration_sec: 300, creator_nickname: 'Fake Creator' });
    await tiktok.oauth.revoke(refreshed.accessToken);
    await expect(tiktok.oauth.profile(refreshed.accessToken)).rejects.toMatchObject({ errorClass: 'auth' });
  });
});
