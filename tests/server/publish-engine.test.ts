// The publish engine: runTarget against a scripted platform. Exactly one
// upload per target across retries, crashes and concurrent runs; error classes lead to the right
// states (retry with backoff, quota waits for its reset, bad/policy fail at once, a revoked
// account blocks all its queued targets); the post's status follows its targets.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Post, TargetStatus } from '../../contract/publishing';
import { posts, postTargets, socialAccounts } from '../../server/db/schema';
import { DEFAULT_TIMINGS, INTERRUPTED_MESSAGE, releaseCrashedPublishes, runTarget, type PublishEngineDeps } from '../../server/domain/publishing/engine';
import { derivePostStatus } from '../../server/domain/publishing/status';
import { reconnectMessage, unblockAccountTargets } from '../../server/domain/publishing/targets';
import { SocialError } from '../../server/domain/ports/social';
import { as, createTestApp, type TestApp } from './helpers';
import { allowPublishing, FakeAccountTokens, RecordingScheduler, ScriptedAdapter, seedAccount, seedVideo, VIDEO_BYTES } from './publishing-fixtures';

describe('publish engine', () => {
  let t: TestApp;
  let token: string;
  let userId: number;
  let videoId: string;
  const scheduler = new RecordingScheduler();
  const tokens = new FakeAccountTokens(() => t.database.db);
  let clock = Date.now();

  beforeAll(async () => {
    t = await createTestApp({}, undefined, { publishScheduler: scheduler, accountTokens: tokens });
    const registered = await t.client.register('engine@example.com');
    token = registered.token;
    userId = registered.user.id;
    await allowPublishing(t.database.db, userId);
    ({ id: videoId } = await seedVideo(t.database.db, t.services.publishEngine.storage, userId, { title: 'Octopus <facts>' }));
  });
  afterAll(async () => t.close());

  const deps = (adapter: ScriptedAdapter): PublishEngineDeps => ({
    db: t.database.db,
    adapters: { youtube: adapter },
    tokens,
    storage: t.services.publishEngine.storage,
    scheduler,
    now: () => new Date(clock),
    random: () => 1,
    timings: { pollIntervalMs: 15_000, maxPolls: 3 },
  });
  const post = async (accountIds: string[]) => {
    const response = await t.client.post('/api/create/post', { video_id: videoId, account_ids: accountIds, caption: 'Three hearts' }, as(token));
    expect(response.statusCode, response.body).toBe(202);
    // The engine's clock never lags the wall clock the post was created by.
    clock = Math.max(clock, Date.now() + 1);
    return response.json<Post>();
  };
  const targetRow = async (id: string) => (await t.database.db.select().from(postTargets).where(eq(postTargets.id, id)))[0]!;
  const postStatus = async (id: string) => (await t.database.db.select({ status: posts.status }).from(posts).where(eq(posts.id, id)))[0]!.status;
  /** Moves the engine's clock past the target's next attempt. */
  const advanceTo = async (id: string) => {
    const next = (await targetRow(id)).nextAttemptAt;
    if (next) clock = Math.max(clock, next.getTime() + 1);
  };

  it('uploads once, records the platform id at once, polls until published and derives the post status', async () => {
    const adapter = new ScriptedAdapter();
    adapter.processingPolls = 1;
    const accountId = await seedAccount(t.database.db, userId, { name: 'Happy channel' });
    const created = await post([accountId]);
    const targetId = created.targets[0]!.id;
    expect(scheduler.lastFor(targetId)).toEqual({ targetId, at: null });

    expect(await runTarget(deps(adapter), targetId)).toBe('processing');
    const uploaded = await targetRow(targetId);
    expect(uploaded).toMatchObject({ status: 'publishing', attempts: 1, platformPostId: 'post-1', uploadedBytes: VIDEO_BYTES.length });
    expect(uploaded.uploadSession).toMatch(/^session-/);
    expect(await postStatus(created.id)).toBe('publishing');
    // The bytes on the platform are the stored video's, with the title defaulted from the video.
    const onPlatform = adapter.posts.get('post-1')!;
    expect(onPlatform.bytes.equals(VIDEO_BYTES)).toBe(true);
    expect(onPlatform.title).toBe('Octopus facts');
    expect(onPlatform.caption).toBe('Three hearts');
    expect(adapter.tokensSeen).toEqual([`token-for-${accountId}`]);
    expect(scheduler.lastFor(targetId)!.at!.getTime()).toBe(clock + 15_000);

    clock += 15_001;
    expect(await runTarget(deps(adapter), targetId)).toBe('processing');
    clock += 15_001;
    expect(await runTarget(deps(adapter), targetId)).toBe('published');
    const done = await targetRow(targetId);
    expect(done).toMatchObject({ status: 'published', url: 'https://scripted.invalid/watch/post-1' });
    expect(done.publishedAt).not.toBeNull();
    expect(await postStatus(created.id)).toBe('published');
    // Finished: another run does nothing, and nothing was uploaded twice.
    expect(await runTarget(deps(adapter), targetId)).toBe('done');
    expect(adapter.uploadsStarted).toBe(1);
  });

  it('a post scheduled a minute ahead keeps its time and is published at it, not before', async () => {
    const adapter = new ScriptedAdapter();
    adapter.processingPolls = 0;
    const accountId = await seedAccount(t.database.db, userId, { name: 'Punctual channel' });
    clock = Math.max(clock, Date.now());
    const at = new Date(clock + 60_000);
    const response = await t.client.post('/api/create/post', { video_id: videoId, account_ids: [accountId], caption: 'On the minute', scheduled_at: at.toISOString() }, as(token));
    expect(response.statusCode, response.body).toBe(202);
    const created = response.json<Post>();
    expect(created.scheduled_at).toBe(at.toISOString());
    const targetId = created.targets[0]!.id;
    expect(scheduler.lastFor(targetId)).toEqual({ targetId, at });
    expect((await targetRow(targetId)).nextAttemptAt).toEqual(at);

    // Woken before its time (at once, or half a minute on): nothing is uploaded.
    expect(await runTarget(deps(adapter), targetId)).toBe('not-due');
    clock += 30_000;
    expect(await runTarget(deps(adapter), targetId)).toBe('not-due');
    expect(adapter.uploadsStarted).toBe(0);
    expect(await targetRow(targetId)).toMatchObject({ status: 'scheduled', attempts: 0 });

    clock = at.getTime();
    expect(await runTarget(deps(adapter), targetId)).toBe('processing');
    expect(adapter.uploadsStarted).toBe(1);
    const [stored] = await t.database.db.select({ scheduledAt: posts.scheduledAt }).from(posts).where(eq(posts.id, created.id));
    expect(stored!.scheduledAt).toEqual(at);
  });

  it('backs off on transient errors and resumes the same session: one upload across retries', async () => {
    const adapter = new ScriptedAdapter();
    adapter.processingPolls = 0;
    const accountId = await seedAccount(t.database.db, userId, { name: 'Flaky channel' });
    const targetId = (await post([accountId])).targets[0]!.id;
    adapter.failNext = [
      { at: 'midway', error: new SocialError('YouTube had a temporary problem.', 'retry', 'backendError', 503) },
      { at: 'start', error: new SocialError('Too many requests.', 'rate', 'rateLimitExceeded', 429, 120) },
    ];
    const before = clock;
    expect(await runTarget(deps(adapter), targetId)).toBe('retry');
    let row = await targetRow(targetId);
    expect(row).toMatchObject({ status: 'scheduled', attempts: 1, error: 'YouTube had a temporary problem.', errorCode: 'backendError', errorClass: 'retry' });
    // random() = 1: the full first backoff (30 s).
    expect(row.nextAttemptAt!.getTime()).toBe(before + 30_000);
    expect(scheduler.lastFor(targetId)!.at!.getTime()).toBe(before + 30_000);
    // Woken early (a second schedule): nothing happens but a re-queue for its time.
    expect(await runTarget(deps(adapter), targetId)).toBe('not-due');

    await advanceTo(targetId);
    const second = clock;
    expect(await runTarget(deps(adapter), targetId)).toBe('retry');
    row = await targetRow(targetId);
    // Retry-After (120 s) beats the second backoff (60 s).
    expect(row).toMatchObject({ attempts: 2, errorClass: 'rate' });
    expect(row.nextAttemptAt!.getTime()).toBe(second + 120_000);

    await advanceTo(targetId);
    expect(await runTarget(deps(adapter), targetId)).toBe('processing');
    clock += 15_001;
    expect(await runTarget(deps(adapter), targetId)).toBe('published');
    expect(adapter.uploadsStarted).toBe(1);
    expect(adapter.posts.size).toBe(1);
    expect([...adapter.posts.values()][0]!.bytes.equals(VIDEO_BYTES)).toBe(true);
    expect(await targetRow(targetId)).toMatchObject({ status: 'published', attempts: 3, error: null });
  });

  it('a crash after the session was saved resumes that session after the restart: the platform holds one video', async () => {
    const adapter = new ScriptedAdapter();
    adapter.processingPolls = 0;
    const accountId = await seedAccount(t.database.db, userId, { name: 'Crashing channel' });
    const targetId = (await post([accountId])).targets[0]!.id;
    adapter.failNext = [{ at: 'checkpoint', error: 'hang' }];
    // The run "dies" right after saving its checkpoint (it never settles).
    void runTarget(deps(adapter), targetId);
    await expect.poll(async () => (await targetRow(targetId)).uploadSession, { timeout: 20_000 }).toMatch(/^session-/);
    expect(await targetRow(targetId)).toMatchObject({ status: 'publishing', attempts: 1 });
    // While the claim is fresh, a second run does not touch the upload.
    expect(await runTarget(deps(adapter), targetId)).toBe('busy');
    expect(adapter.publishCalls).toBe(1);

    // Restart: the embedded database's single process releases the dead claim.
    await releaseCrashedPublishes(t.database.db);
    expect(await runTarget(deps(adapter), targetId)).toBe('processing');
    expect(adapter.uploadsStarted).toBe(1);
    expect(adapter.sessions.size).toBe(1);
    expect(adapter.posts.size).toBe(1);
    expect([...adapter.posts.values()][0]!.bytes.equals(VIDEO_BYTES)).toBe(true);
    expect(await targetRow(targetId)).toMatchObject({ attempts: 2, platformPostId: 'post-1' });
  });

  it('an unknown error mid-upload is an interruption: retried through the saved session, never a second upload', async () => {
    const adapter = new ScriptedAdapter();
    adapter.processingPolls = 0;
    const accountId = await seedAccount(t.database.db, userId, { name: 'Dropped channel' });
    const targetId = (await post([accountId])).targets[0]!.id;
    adapter.failNext = [{ at: 'midway', error: new TypeError('fetch failed: socket hang up') }];
    expect(await runTarget(deps(adapter), targetId)).toBe('retry');
    expect(await targetRow(targetId)).toMatchObject({ status: 'scheduled', error: INTERRUPTED_MESSAGE, errorCode: 'interrupted', errorClass: 'retry' });
    await advanceTo(targetId);
    expect(await runTarget(deps(adapter), targetId)).toBe('processing');
    expect(adapter.uploadsStarted).toBe(1);
  });

  it('a stale claim (its run died on another worker) may be taken over; a fresh one may not', async () => {
    const adapter = new ScriptedAdapter();
    adapter.failNext = [{ at: 'checkpoint', error: 'hang' }];
    const accountId = await seedAccount(t.database.db, userId, { name: 'Stale channel' });
    const targetId = (await post([accountId])).targets[0]!.id;
    void runTarget(deps(adapter), targetId);
    await expect.poll(async () => (await targetRow(targetId)).uploadSession, { timeout: 20_000 }).toMatch(/^session-/);
    expect(await runTarget(deps(adapter), targetId)).toBe('busy');
    expect(scheduler.lastFor(targetId)!.at!.getTime()).toBe(clock + DEFAULT_TIMINGS.staleClaimMs);
    clock += DEFAULT_TIMINGS.staleClaimMs + 1_000;
    expect(await runTarget(deps(adapter), targetId)).toBe('processing');
    expect(adapter.uploadsStarted).toBe(1);
  });

  it('a live run keeps its claim fresh on a timer while the platform answers nothing, so it is not taken for a dead one', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const adapter = new ScriptedAdapter();
      let open!: () => void;
      adapter.uploadGate = new Promise((resolve) => (open = resolve));
      const accountId = await seedAccount(t.database.db, userId, { name: 'Silent platform channel' });
      const targetId = (await post([accountId])).targets[0]!.id;
      const claimedAt = clock;
      const live = runTarget(deps(adapter), targetId);
      await expect.poll(async () => (await targetRow(targetId)).uploadSession, { timeout: 20_000 }).toMatch(/^session-/);
      // A minute without a word from the platform (no progress): longer than a claim stays fresh.
      for (let beat = 0; beat < 4; beat++) {
        clock += 15_000;
        await vi.advanceTimersByTimeAsync(15_000);
        await expect.poll(async () => (await targetRow(targetId)).startedAt?.getTime(), { timeout: 5_000 }).toBe(clock);
      }
      expect(clock - claimedAt).toBeGreaterThan(DEFAULT_TIMINGS.staleClaimMs);
      expect(await runTarget(deps(adapter), targetId)).toBe('busy');
      open();
      expect(await live).toBe('processing');
      expect(adapter.uploadsStarted).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a slow run whose claim was taken over changes nothing when it finally fails', async () => {
    const adapter = new ScriptedAdapter();
    let open!: () => void;
    adapter.uploadGate = new Promise((resolve) => (open = resolve));
    const accountId = await seedAccount(t.database.db, userId, { name: 'Slow worker channel' });
    const targetId = (await post([accountId])).targets[0]!.id;
    const slow = runTarget(deps(adapter), targetId);
    await expect.poll(() => adapter.sessions.size, { timeout: 20_000 }).toBe(1);
    await expect.poll(async () => (await targetRow(targetId)).uploadSession, { timeout: 20_000 }).toMatch(/^session-/);
    // Its first chunk is in, so it waits at the gate (clearing the gate before that lets it pass).
    await expect.poll(() => [...adapter.sessions.values()][0]!.receivedBytes, { timeout: 20_000 }).toBeGreaterThan(0);
    // Its heartbeat goes stale; another worker takes over and finishes the same session.
    adapter.uploadGate = null;
    clock += 11 * 60_000;
    expect(await runTarget(deps(adapter), targetId)).toBe('processing');
    // The slow run wakes up into an error: its write is fenced off by the newer claim.
    adapter.failNext = [{ at: 'midway', error: new SocialError('Late failure.', 'retry', 'backendError', 503) }];
    open();
    expect(await slow).toBe('retry');
    expect(await targetRow(targetId)).toMatchObject({ status: 'publishing', attempts: 2, platformPostId: 'post-1', error: null });
    expect(adapter.uploadsStarted).toBe(1);
  });

  it('two runs of one target at the same time upload once', async () => {
    const adapter = new ScriptedAdapter();
    let open!: () => void;
    adapter.uploadGate = new Promise((resolve) => (open = resolve));
    const accountId = await seedAccount(t.database.db, userId, { name: 'Busy channel' });
    const targetId = (await post([accountId])).targets[0]!.id;
    // Either run may reach the claim first (two queries race), so neither is named the winner.
    const runs = [runTarget(deps(adapter), targetId), runTarget(deps(adapter), targetId)];
    const settled: string[] = [];
    for (const run of runs) void run.then((outcome) => settled.push(outcome));
    await expect.poll(() => adapter.uploadsStarted, { timeout: 20_000 }).toBe(1);
    // The loser gives up while the winner is still held mid-upload.
    await expect.poll(() => settled, { timeout: 20_000 }).toEqual(['busy']);
    open();
    expect((await Promise.all(runs)).sort()).toEqual(['busy', 'processing']);
    expect(adapter.uploadsStarted).toBe(1);
    expect(adapter.publishCalls).toBe(1);
  });

  it('gives up after the fifth failed attempt, with the last reason', async () => {
    const adapter = new ScriptedAdapter();
    const accountId = await seedAccount(t.database.db, userId, { name: 'Broken channel' });
    const created = await post([accountId]);
    const targetId = created.targets[0]!.id;
    const outcomes: string[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      adapter.failNext = [{ at: 'start', error: new SocialError(`Server error ${attempt}.`, 'retry', 'backendError', 500) }];
      await advanceTo(targetId);
      outcomes.push(await runTarget(deps(adapter), targetId));
    }
    expect(outcomes).toEqual(['retry', 'retry', 'retry', 'retry', 'failed']);
    const row = await targetRow(targetId);
    expect(row).toMatchObject({ status: 'failed', attempts: 5, error: 'Server error 5.', errorCode: 'backendError', errorClass: 'retry', nextAttemptAt: null });
    expect(row.failedAt).not.toBeNull();
    expect(await postStatus(created.id)).toBe('failed');
  });

  it('bad and policy errors fail at once', async () => {
    for (const errorClass of ['bad', 'policy'] as const) {
      const adapter = new ScriptedAdapter();
      const accountId = await seedAccount(t.database.db, userId, { name: `${errorClass} channel` });
      const targetId = (await post([accountId])).targets[0]!.id;
      adapter.failNext = [{ at: 'start', error: new SocialError(`Refused (${errorClass}).`, errorClass, 'invalidMetadata', 400) }];
      expect(await runTarget(deps(adapter), targetId)).toBe('failed');
      expect(await targetRow(targetId)).toMatchObject({ status: 'failed', attempts: 1, errorClass, errorCode: 'invalidMetadata', error: `Refused (${errorClass}).` });
    }
  });

  it('a quota error waits for the reset (an attempt, not a failure)', async () => {
    const adapter = new ScriptedAdapter();
    const accountId = await seedAccount(t.database.db, userId, { name: 'Quota channel' });
    const targetId = (await post([accountId])).targets[0]!.id;
    adapter.failNext = [{ at: 'start', error: new SocialError('The daily upload quota is used up.', 'quota', 'quotaExceeded', 403, 7 * 3600) }];
    const at = clock;
    expect(await runTarget(deps(adapter), targetId)).toBe('retry');
    const row = await targetRow(targetId);
    expect(row).toMatchObject({ status: 'scheduled', attempts: 1, errorClass: 'quota', errorCode: 'quotaExceeded' });
    expect(row.nextAttemptAt!.getTime()).toBe(at + 7 * 3600_000);
    expect(scheduler.lastFor(targetId)!.at!.getTime()).toBe(at + 7 * 3600_000);
    await advanceTo(targetId);
    expect(await runTarget(deps(adapter), targetId)).toBe('processing');
  });

  it('a revoked account blocks every queued target of it with one reason; reconnecting frees them', async () => {
    const adapter = new ScriptedAdapter();
    const accountId = await seedAccount(t.database.db, userId, { name: 'Revoked channel' });
    const otherAccount = await seedAccount(t.database.db, userId, { name: 'Fine channel' });
    const first = await post([accountId]);
    const second = await post([accountId, otherAccount]);
    tokens.revoked.add(accountId);
    expect(await runTarget(deps(adapter), first.targets[0]!.id)).toBe('blocked');
    const secondTargetOfAccount = second.targets.find((target) => target.account_id === accountId)!.id;
    for (const id of [first.targets[0]!.id, secondTargetOfAccount]) {
      expect(await targetRow(id)).toMatchObject({ status: 'blocked', error: reconnectMessage('Revoked channel'), errorClass: 'disconnect' });
    }
    expect((await targetRow(second.targets.find((target) => target.account_id === otherAccount)!.id)).status).toBe('scheduled');
    expect(adapter.uploadsStarted).toBe(0);
    // A run of a blocked target, or of any target of an account needing reconnection, uploads nothing.
    expect(await runTarget(deps(adapter), secondTargetOfAccount)).toBe('done');
    expect(await postStatus(first.id)).toBe('scheduled');

    tokens.revoked.delete(accountId);
    await t.database.db.update(socialAccounts).set({ status: 'active' }).where(eq(socialAccounts.id, accountId));
    const queued = await unblockAccountTargets(t.database.db, accountId);
    expect(queued.map((entry) => entry.targetId).sort()).toEqual([first.targets[0]!.id, secondTargetOfAccount].sort());
    expect(await runTarget(deps(adapter), first.targets[0]!.id)).toBe('processing');
  });

  it('an account already marked for reconnection blocks a target without calling the platform', async () => {
    const adapter = new ScriptedAdapter();
    const accountId = await seedAccount(t.database.db, userId, { name: 'Marked channel' });
    const targetId = (await post([accountId])).targets[0]!.id;
    await t.database.db.update(socialAccounts).set({ status: 'reconnect' }).where(eq(socialAccounts.id, accountId));
    expect(await runTarget(deps(adapter), targetId)).toBe('blocked');
    expect(adapter.publishCalls).toBe(0);
    expect(await targetRow(targetId)).toMatchObject({ status: 'blocked', attempts: 0 });
  });

  it('a post whose targets end differently is partially published; processing that fails is a failure', async () => {
    const adapter = new ScriptedAdapter();
    adapter.processingPolls = 0;
    const good = await seedAccount(t.database.db, userId, { name: 'A good channel' });
    const bad = await seedAccount(t.database.db, userId, { name: 'B rejecting channel' });
    const created = await post([good, bad]);
    const [goodTarget, badTarget] = [created.targets.find((x) => x.account_id === good)!.id, created.targets.find((x) => x.account_id === bad)!.id];
    expect(await runTarget(deps(adapter), goodTarget)).toBe('processing');
    adapter.processingOutcome = new SocialError('YouTube rejected the video.', 'bad', 'uploadRejected');
    expect(await runTarget(deps(adapter), badTarget)).toBe('processing');
    clock += 15_001;
    expect(await runTarget(deps(adapter), goodTarget)).toBe('published');
    expect(await postStatus(created.id)).toBe('publishing');
    expect(await runTarget(deps(adapter), badTarget)).toBe('failed');
    expect(await targetRow(badTarget)).toMatchObject({ status: 'failed', errorCode: 'uploadRejected', platformPostId: 'post-2' });
    expect(await postStatus(created.id)).toBe('partially_published');
  });

  it('processing that never ends fails after the polls; rescheduling it polls again without a new upload', async () => {
    const adapter = new ScriptedAdapter();
    adapter.processingPolls = 100;
    const accountId = await seedAccount(t.database.db, userId, { name: 'Slow channel' });
    const created = await post([accountId]);
    const targetId = created.targets[0]!.id;
    expect(await runTarget(deps(adapter), targetId)).toBe('processing');
    const outcomes: string[] = [];
    for (let poll = 0; poll < 3; poll++) {
      clock += 15_001;
      outcomes.push(await runTarget(deps(adapter), targetId));
    }
    expect(outcomes).toEqual(['processing', 'processing', 'failed']);
    expect(await targetRow(targetId)).toMatchObject({ status: 'failed', errorCode: 'processing_timeout' });

    adapter.posts.get('post-1')!.pollsLeft = 0;
    const response = await t.client.post('/api/reschedule/failed-jobs', { id: targetId }, as(token));
    expect(response.statusCode, response.body).toBe(202);
    expect(await runTarget(deps(adapter), targetId)).toBe('published');
    expect(adapter.uploadsStarted).toBe(1);
  });

  it('derives a post status from its targets', () => {
    const cases: [TargetStatus[], string][] = [
      [['published', 'published'], 'published'],
      [['published', 'failed'], 'partially_published'],
      [['publishing', 'scheduled'], 'publishing'],
      [['published', 'scheduled'], 'publishing'],
      [['failed', 'failed'], 'failed'],
      [['failed', 'scheduled'], 'scheduled'],
      [['blocked'], 'scheduled'],
      [['draft', 'draft'], 'draft'],
      [[], 'draft'],
    ];
    for (const [statuses, expected] of cases) expect(derivePostStatus(statuses), statuses.join()).toBe(expected);
  });
});
