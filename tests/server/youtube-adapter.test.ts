// The YouTube adapter against a fake on a real socket that replays YouTube's documented answers
// (reference/platforms.md §1): the resumable upload resumes from 308 + Range, a publish cut off
// mid-upload resumes its saved session and the channel holds one video, 401s refresh once,
// invalid_grant means reconnect, every error lands in its class with a plain reason.
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SocialError, type PublishResult, type SocialPlatformAdapter } from '../../server/domain/ports/social';
import { CHUNK_UNIT, createYoutubeAdapter, secondsUntilPacificMidnight, youtubeError } from '../../server/providers/social/youtube';
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, googleError, QUOTA_EXCEEDED, startYoutubeFake, type YoutubeFake } from './fakes/youtube-fake';
import { freshState, memoryMedia, publishContext, rejection } from './fakes/youtube-publish-context';

const CONTENT = { caption: 'First line as title\nmore words', youtube: { title: 'My short', description: 'About it', tags: ['a', 'b'], privacy: 'unlisted' as const, made_for_kids: false, ai_disclosure: true, category_id: '22' } };

describe('YouTube adapter against the fake', () => {
  let fake: YoutubeFake;
  let youtube: SocialPlatformAdapter;

  beforeAll(async () => {
    fake = await startYoutubeFake();
    youtube = createYoutubeAdapter({
      clientId: FAKE_CLIENT_ID,
      clientSecret: FAKE_CLIENT_SECRET,
      endpoints: fake.endpoints,
      http: (url, init) => fetch(url, init),
      sandbox: false,
      chunkSize: CHUNK_UNIT,
      backoffMs: () => 5,
    });
  });
  afterAll(async () => fake.close());
  afterEach(() => {
    fake.accessTokensWorkOnce = false;
    fake.revoked = false;
    fake.rejectWith = null;
    fake.initFaults.length = 0;
    fake.putFaults.length = 0;
    fake.putChaos = null;
  });

  const videosOf = (sessionIds: Array<string | null>) => fake.videos.filter((video) => sessionIds.some((url) => url?.includes(video.sessionId)));
  const putsSince = (index: number) => fake.requests.slice(index).filter((request) => request.method === 'PUT');
  const initsSince = (index: number) => fake.requests.slice(index).filter((request) => request.method === 'POST' && request.path.startsWith('/upload/'));

  it('sends the video in 256 KiB chunks after saving the session, and resumes from the Range YouTube confirms', async () => {
    const media = memoryMedia(3 * CHUNK_UNIT + 1000);
    const tokens = fake.issueTokens();
    const state = freshState(tokens.accessToken);
    const start = fake.requests.length;
    // The first PUT is not stored at all (308 without Range: start over), the third only in part
    // (308 with a shorter Range): the adapter goes on from what YouTube confirms.
    let putsAtFirstSave = -1;
    const ctx = publishContext(youtube.oauth, state, tokens.refreshToken, {
      onSave: (_save, index) => {
        if (index !== 0) return;
        putsAtFirstSave = putsSince(start).length;
        fake.putFaults.push({ kind: 'store-less', bytes: 0 }, { kind: 'store-less', bytes: CHUNK_UNIT }, { kind: 'store-less', bytes: 1000 });
      },
    });
    const result = await youtube.publisher.publish(ctx, media, CONTENT);
    expect(putsAtFirstSave).toBe(0);
    expect(state.saves[0]).toEqual({ session: expect.stringContaining('upload_id=') as unknown, uploadedBytes: 0 });
    const [video] = videosOf([state.checkpoint.session]);
    expect(result).toEqual({ platformPostId: video!.id, url: `https://www.youtube.com/watch?v=${video!.id}` });
    expect(video!.sha256).toBe(media.sha256);
    expect(putsSince(start).map((put) => put.contentRange)).toEqual([
      `bytes 0-${CHUNK_UNIT - 1}/${media.size}`,
      `bytes 0-${CHUNK_UNIT - 1}/${media.size}`,
      `bytes ${CHUNK_UNIT}-${2 * CHUNK_UNIT - 1}/${media.size}`,
      `bytes ${CHUNK_UNIT + 1000}-${2 * CHUNK_UNIT + 999}/${media.size}`,
      `bytes ${2 * CHUNK_UNIT + 1000}-${media.size - 1}/${media.size}`,
    ]);
    expect(state.saves.map((save) => save.uploadedBytes)).toEqual([0, 0, CHUNK_UNIT, CHUNK_UNIT + 1000, 2 * CHUNK_UNIT + 1000]);
    const init = initsSince(start)[0]!;
    expect(init.path).toBe('/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status');
    expect(fake.sessions.get(new URL(state.checkpoint.session!).searchParams.get('upload_id')!)!.metadata).toEqual({
      snippet: { title: 'My short', description: 'About it', tags: ['a', 'b'], categoryId: '22' },
      status: { privacyStatus: 'unlisted', selfDeclaredMadeForKids: false, containsSyntheticMedia: true },
    });
  });

  it('a publish cut off mid-upload resumes its saved session with a probe: one video, no second session', async () => {
    const media = memoryMedia(4 * CHUNK_UNIT);
    const tokens = fake.issueTokens();
    const state = freshState(tokens.accessToken);
    const start = fake.requests.length;
    const crash = new AbortController();
    // The "worker" dies right after YouTube confirmed the second chunk.
    const first = youtube.publisher.publish(publishContext(youtube.oauth, state, tokens.refreshToken, { signal: crash.signal, onSave: (save) => save.uploadedBytes === 2 * CHUNK_UNIT && crash.abort(new Error('worker killed')) }), media, CONTENT);
    await expect(first).rejects.toThrow('worker killed');
    expect(state.uploadedBytes).toBe(2 * CHUNK_UNIT);
    const resumedAt = fake.requests.length;
    const result = await youtube.publisher.publish(publishContext(youtube.oauth, state, tokens.refreshToken), media, CONTENT);
    expect(putsSince(resumedAt)[0]!.contentRange).toBe(`bytes */${media.size}`);
    expect(putsSince(resumedAt)[1]!.contentRange).toBe(`bytes ${2 * CHUNK_UNIT}-${3 * CHUNK_UNIT - 1}/${media.size}`);
    expect(initsSince(start)).toHaveLength(1);
    const videos = videosOf([state.checkpoint.session]);
    expect(videos).toHaveLength(1);
    expect(videos[0]!.id).toBe(result.platformPostId);
    expect(videos[0]!.sha256).toBe(media.sha256);
  });

  it('a crash after the last byte reached YouTube: the resumed publish only probes and returns the video', async () => {
    const media = memoryMedia(CHUNK_UNIT + 10);
    const tokens = fake.issueTokens();
    const state = freshState(tokens.accessToken);
    const start = fake.requests.length;
    // The final chunk is stored but its answer never arrives, and every probe fails too: the
    // first publish gives up with 'retry' (as a crash would leave it).
    let put = 0;
    fake.putChaos = () => (++put >= 2 ? { kind: 'drop-after-store' } : null);
    const failed = await rejection(youtube.publisher.publish(publishContext(youtube.oauth, state, tokens.refreshToken), media, CONTENT));
    expect(failed.errorClass).toBe('retry');
    expect(fake.videos.filter((video) => state.checkpoint.session?.includes(video.sessionId))).toHaveLength(1);
    fake.putChaos = null;
    const resumedAt = fake.requests.length;
    const result = await youtube.publisher.publish(publishContext(youtube.oauth, state, tokens.refreshToken), media, CONTENT);
    expect(putsSince(resumedAt).map((request) => request.contentRange)).toEqual([`bytes */${media.size}`]);
    expect(initsSince(start)).toHaveLength(1);
    expect(videosOf([state.checkpoint.session])).toEqual([expect.objectContaining({ id: result.platformPostId }) as unknown]);
  });

  it('a connection dropped in the middle of a chunk: probe, then on from what YouTube kept', async () => {
    const media = memoryMedia(3 * CHUNK_UNIT);
    const tokens = fake.issueTokens();
    const state = freshState(tokens.accessToken);
    const start = fake.requests.length;
    fake.putFaults.push({ kind: 'drop-mid-chunk' }, { kind: 'status', status: 503, body: googleError(503, 'backendError', 'Backend Error') });
    const result = await youtube.publisher.publish(publishContext(youtube.oauth, state, tokens.refreshToken), media, CONTENT);
    const ranges = putsSince(start).map((request) => request.contentRange);
    expect(ranges.slice(0, 3)).toEqual([`bytes 0-${CHUNK_UNIT - 1}/${media.size}`, `bytes */${media.size}`, `bytes */${media.size}`]);
    const videos = videosOf([state.checkpoint.session]);
    expect(videos).toHaveLength(1);
    expect(videos[0]!.id).toBe(result.platformPostId);
    expect(videos[0]!.sha256).toBe(media.sha256);
  });

  it('flaky: half the PUTs fail (503 or dropped mid-chunk); publishing until done still makes exactly one video', async () => {
    const media = memoryMedia(6 * CHUNK_UNIT + 123);
    const tokens = fake.issueTokens();
    const state = freshState(tokens.accessToken);
    const start = fake.requests.length;
    // A fixed coin per PUT number: the run is the same every time.
    fake.putChaos = (n) => {
      const roll = createHash('sha256').update(`flaky:${n}`).digest()[0]! / 256;
      if (roll < 0.25) return { kind: 'status', status: 503, body: googleError(503, 'backendError', 'Backend Error') };
      if (roll < 0.5) return { kind: 'drop-mid-chunk' };
      return null;
    };
    let result: PublishResult | null = null;
    for (let attempt = 0; attempt < 30 && !result; attempt++) {
      try {
        result = await youtube.publisher.publish(publishContext(youtube.oauth, state, tokens.refreshToken), media, CONTENT);
      } catch (error) {
        expect(error).toBeInstanceOf(SocialError);
        expect((error as SocialError).errorClass).toBe('retry');
      }
    }
    if (!result) throw new Error('never published');
    // Faults did happen: far more PUTs than the 7 chunks.
    expect(putsSince(start).length).toBeGreaterThan(10);
    const videos = fake.videos.filter((video) => video.sha256 === media.sha256);
    expect(videos).toHaveLength(1);
    expect(videos[0]!.id).toBe(result.platformPostId);
  });

  it('an expired session (404) starts a new one when nothing was completed', async () => {
    const media = memoryMedia(2 * CHUNK_UNIT);
    const tokens = fake.issueTokens();
    const state = freshState(tokens.accessToken);
    const crash = new AbortController();
    await expect(
      youtube.publisher.publish(publishContext(youtube.oauth, state, tokens.refreshToken, { signal: crash.signal, onSave: (save) => save.uploadedBytes === CHUNK_UNIT && crash.abort(new Error('killed')) }), media, CONTENT),
    ).rejects.toThrow('killed');
    const oldSession = state.checkpoint.session!;
    fake.expireSession(new URL(oldSession).searchParams.get('upload_id')!);
    const result = await youtube.publisher.publish(publishContext(youtube.oauth, state, tokens.refreshToken), media, CONTENT);
    expect(state.checkpoint.session).not.toBe(oldSession);
    // Cleared first, then the new session saved before its first byte.
    const afterExpiry = state.saves.slice(state.saves.findIndex((save) => save.session === null));
    expect(afterExpiry[0]).toEqual({ session: null, uploadedBytes: 0 });
    expect(afterExpiry[1]).toEqual({ session: state.checkpoint.session, uploadedBytes: 0 });
    expect(fake.videos.filter((video) => video.sha256 === media.sha256)).toEqual([expect.objectContaining({ id: result.platformPostId }) as unknown]);
  });

  it('a session lost after the last byte was sent is not restarted (the video may exist)', async () => {
    const media = memoryMedia(CHUNK_UNIT);
    const tokens = fake.issueTokens();
    const state = freshState(tokens.accessToken);
    const start = fake.requests.length;
    fake.putChaos = (n, isProbe) => {
      if (!isProbe) return { kind: 'drop-after-store' };
      for (const session of fake.sessions.values()) if (state.checkpoint.session?.includes(session.id)) session.expired = true;
      return null;
    };
    const error = await rejection(youtube.publisher.publish(publishContext(youtube.oauth, state, tokens.refreshToken), media, CONTENT));
    expect(error.errorClass).toBe('policy');
    expect(initsSince(start)).toHaveLength(1);
  });

  it('expired access tokens: refreshes once per 401 and carries on', async () => {
    fake.accessTokensWorkOnce = true;
    const media = memoryMedia(2 * CHUNK_UNIT);
    const tokens = fake.issueTokens();
    const state = freshState(tokens.accessToken);
    // The stored token was already used once (by the connect's profile call).
    await youtube.oauth.profile(tokens.accessToken);
    const refreshesBefore = fake.refreshes;
    const result = await youtube.publisher.publish(publishContext(youtube.oauth, state, tokens.refreshToken), media, CONTENT);
    expect(state.refreshes).toBeGreaterThanOrEqual(1);
    expect(fake.refreshes - refreshesBefore).toBe(state.refreshes);
    expect(fake.videos.filter((video) => video.sha256 === media.sha256)).toEqual([expect.objectContaining({ id: result.platformPostId }) as unknown]);
    const ctx = publishContext(youtube.oauth, state, tokens.refreshToken);
    expect(await youtube.publisher.status(ctx, result.platformPostId)).toEqual({ state: 'processing' });
    expect(await youtube.publisher.status(ctx, result.platformPostId)).toEqual({ state: 'published', url: `https://www.youtube.com/watch?v=${result.platformPostId}` });
  });

  it("revoked: the refresh after a 401 answers invalid_grant and the publish ends in 'disconnect'", async () => {
    const tokens = fake.issueTokens();
    await youtube.oauth.profile(tokens.accessToken);
    fake.accessTokensWorkOnce = true;
    fake.revoked = true;
    const start = fake.requests.length;
    const error = await rejection(youtube.publisher.publish(publishContext(youtube.oauth, freshState(tokens.accessToken), tokens.refreshToken), memoryMedia(CHUNK_UNIT), CONTENT));
    expect(error).toMatchObject({ errorClass: 'disconnect', code: 'invalid_grant', status: 400 });
    expect(error.message).toMatch(/reconnect/i);
    expect(putsSince(start)).toHaveLength(0);
    await expect(youtube.oauth.refresh(tokens.refreshToken)).rejects.toMatchObject({ errorClass: 'disconnect' });
  });

  it('quota, rate and the other documented refusals land in their classes with plain reasons', async () => {
    const tokens = fake.issueTokens();
    const attempt = async () => rejection(youtube.publisher.publish(publishContext(youtube.oauth, freshState(tokens.accessToken), tokens.refreshToken), memoryMedia(CHUNK_UNIT), CONTENT));

    fake.initFaults.push({ kind: 'status', status: 403, body: QUOTA_EXCEEDED });
    const quota = await attempt();
    expect(quota).toMatchObject({ errorClass: 'quota', code: 'quotaExceeded', status: 403, message: "YouTube's daily upload quota is used up; it resets at midnight Pacific time." });
    expect(quota.retryAfterSeconds).toBeGreaterThan(0);
    expect(quota.retryAfterSeconds).toBeLessThanOrEqual(25 * 3600);

    const cases: Array<[number, unknown, string, string]> = [
      [403, googleError(403, 'rateLimitExceeded'), 'rate', 'rateLimitExceeded'],
      [429, googleError(429, 'userRateLimitExceeded'), 'rate', 'userRateLimitExceeded'],
      [400, googleError(400, 'uploadLimitExceeded', 'x', 'youtube.video'), 'quota', 'uploadLimitExceeded'],
      [400, googleError(400, 'invalidTitle', 'x', 'youtube.video'), 'bad', 'invalidTitle'],
      [400, googleError(400, 'invalidCategoryId', 'x', 'youtube.video'), 'bad', 'invalidCategoryId'],
      [403, googleError(403, 'forbidden'), 'disconnect', 'forbidden'],
      [403, googleError(403, 'insufficientPermissions'), 'disconnect', 'insufficientPermissions'],
      [401, googleError(401, 'youtubeSignupRequired'), 'policy', 'youtubeSignupRequired'],
      [403, googleError(403, 'authenticatedUserAccountSuspended'), 'policy', 'authenticatedUserAccountSuspended'],
    ];
    for (const [status, body, errorClass, code] of cases) {
      fake.initFaults.push({ kind: 'status', status, body });
      const error = await attempt();
      expect({ errorClass: error.errorClass, code: error.code }).toEqual({ errorClass, code });
      expect(error.message).not.toMatch(/http|undefined|\[object/i);
    }
    const upload24h = (fake.initFaults.push({ kind: 'status', status: 400, body: googleError(400, 'uploadLimitExceeded') }), await attempt());
    expect(upload24h.retryAfterSeconds).toBe(24 * 3600);

    // 5xx on the init is retried (bounded), then a 'retry'.
    for (let i = 0; i < 5; i++) fake.initFaults.push({ kind: 'status', status: 503, body: googleError(503, 'backendError') });
    const start = fake.requests.length;
    expect(await attempt()).toMatchObject({ errorClass: 'retry', status: 503 });
    expect(initsSince(start)).toHaveLength(5);
  });

  it('a video YouTube rejects after processing is failed with the plain reason (bad)', async () => {
    fake.rejectWith = 'duplicate';
    const tokens = fake.issueTokens();
    const state = freshState(tokens.accessToken);
    const result = await youtube.publisher.publish(publishContext(youtube.oauth, state, tokens.refreshToken), memoryMedia(CHUNK_UNIT), CONTENT);
    const ctx = publishContext(youtube.oauth, state, tokens.refreshToken);
    expect(await youtube.publisher.status(ctx, result.platformPostId)).toEqual({ state: 'processing' });
    const final = await youtube.publisher.status(ctx, result.platformPostId);
    expect(final.state).toBe('failed');
    if (final.state !== 'failed') return;
    expect(final.error).toMatchObject({ errorClass: 'bad', code: 'duplicate', message: 'YouTube rejected the video as a duplicate of one already on the channel.' });
    expect(await youtube.publisher.status(ctx, 'unknownvid1')).toMatchObject({ state: 'failed', error: { errorClass: 'bad' } });
  });

  it('profile and refresh speak Google OAuth', async () => {
    const tokens = fake.issueTokens();
    expect(await youtube.oauth.profile(tokens.accessToken)).toEqual({ platformAccountId: 'UCfakechannel000000000001', name: 'Fake Channel', handle: '@fakechannel', avatarUrl: 'https://yt3.example/a.jpg' });
    const refreshed = await youtube.oauth.refresh(tokens.refreshToken);
    expect(refreshed.refreshToken).toBeNull();
    expect(refreshed.scope).toContain('youtube.upload');
    const token = fake.requests.filter((request) => request.path === '/token').at(-1)!;
    expect(token.method).toBe('POST');
  });
});

describe('YouTube quota resets', () => {
  it('count down to the next midnight in Los Angeles, across daylight saving changes', () => {
    // 23:59 PST on 15 January = 07:59 UTC on the 16th.
    expect(secondsUntilPacificMidnight(new Date('2026-01-16T07:59:00Z'))).toBe(60);
    // 00:00:01 PDT on 1 July = 07:00:01 UTC: almost a whole day.
    expect(secondsUntilPacificMidnight(new Date('2026-07-01T07:00:01Z'))).toBe(24 * 3600 - 1);
    // 8 March 2026 (clocks go forward at 2 a.m.): 01:00 PST = 09:00 UTC; midnight is 07:00 UTC on the 9th.
    expect(secondsUntilPacificMidnight(new Date('2026-03-08T09:00:00Z'))).toBe(22 * 3600);
    const error = youtubeError(403, QUOTA_EXCEEDED, null, new Date('2026-01-16T07:59:00Z'));
    expect(error).toMatchObject({ errorClass: 'quota', retryAfterSeconds: 60 });
    expect(youtubeError(502, '<html>bad gateway</html>')).toMatchObject({ errorClass: 'retry', code: 'http_502' });
    expect(youtubeError(401, googleError(401, 'authError'))).toMatchObject({ errorClass: 'auth' });
  });
});
